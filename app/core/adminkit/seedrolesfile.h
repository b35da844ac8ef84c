// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om::adminkit {

/// The text of resources/sql/kit/roles.sql (install.sql applies it after the functions): the
/// two group roles and, for each seed table that exists, the privileges kit::grantsSql gives
/// (the same block `outbox-monitor --print-kit` writes for one table), with EXECUTE on its
/// action and purge functions. The role names are read from the settings
/// outbox_monitor.auditor_role and outbox_monitor.operator_role when set.
/// tests/unit/tst_kitfiles fails when the file differs, and OM_REGENERATE_KIT=1 rewrites it.
QString seedRolesFile();

} // namespace om::adminkit
