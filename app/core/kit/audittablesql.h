// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>
#include <QStringList>

namespace om::kit {

/// The profile as the kit installs it: unchanged when it names an audit table; otherwise with
/// the kit's own audit table, `outbox_monitor.<table>_audit`, its message ids as text (any id
/// type fits) and the kit's column names.
SchemaProfile withKitAudit(SchemaProfile profile);

/// The "audit" section a profile must carry to use the audit table of withKitAudit(), as JSON
/// (for a profile that has none).
QString auditSectionJson(const SchemaProfile &withAudit);

/// Idempotent statements that create the profile's audit table when it does not exist (its
/// schema, the table with every mapped column, its lookup indexes), in order. Plain SQL.
QStringList auditTableStatements(const SchemaProfile &withAudit);

/// The append-only triggers of the audit table (as kit/append_only_audit.sql makes them, the
/// trigger function in the audit table's schema): UPDATE, DELETE and TRUNCATE refused to every
/// role, the owner included, also under session_replication_role = replica. Idempotent: a trigger
/// that is there is left as it is.
QString appendOnlyTriggers(const SchemaProfile &withAudit);

} // namespace om::kit
