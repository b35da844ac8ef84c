// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/sql/statement.h"

namespace om::sql {

/// The statements about the limits the server itself sets for this login (core/connection/
/// ServerLimits reads them). Managed servers (RDS, Cloud SQL, Azure) often give an ordinary role a
/// statement_timeout of its own with ALTER ROLE … SET or ALTER DATABASE … SET.

/// One row about the setting `name` (e.g. statement_timeout): its value in this session now and
/// the server's own value for this login (pg_settings.setting and reset_val, in the setting's
/// unit), where that own value is set — "role in database", "role", "database", "all roles"
/// (pg_db_role_setting, with the server's precedence) or NULL (the configuration file,
/// ALTER SYSTEM, the provider's parameter group or the connection's options) — and the login's
/// role and database. pg_settings and pg_db_role_setting are readable by every role.
Statement serverSetting(const QString &name);

/// `SET LOCAL statement_timeout` to `ms`, or to the server's own value for this login when that
/// is smaller: a statement that bounds itself never raises the limit the server set. One value:
/// the limit that now applies, in ms.
Statement setLocalStatementTimeout(int ms);

} // namespace om::sql
