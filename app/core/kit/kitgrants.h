// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/kit/auditedfunction.h"
#include "core/profile/schemaprofile.h"

#include <QList>
#include <QString>

namespace om::kit {

/// The two group roles of the kit and the names a DBA gives them.
struct KitRoles {
    QString auditor = QStringLiteral("outbox_auditor");
    QString operatorRole = QStringLiteral("outbox_operator");
    /// Each name read from a setting when one is set (outbox_monitor.auditor_role,
    /// outbox_monitor.operator_role), the names above otherwise: how the checked-in kit files take
    /// them, from `SET` or install.sql's psql variables.
    bool fromSettings = false;
};

/// One table as the kit grants on it.
struct TableGrants {
    SchemaProfile withAudit;          ///< the table and its audit table
    QList<AuditedFunction> functions; ///< its kit functions (those not installed are left out)
};

/// One idempotent DO block: both roles created when missing (NOLOGIN); for each table that exists,
/// SELECT and nothing else for both roles on it, on its audit table and on the table its keys' locks
/// live in, when the profile names one (every other privilege
/// revoked, the audit id's sequence included: operators never write audit rows themselves) and
/// EXECUTE on its kit functions for the operator only (revoked from PUBLIC and the auditor),
/// refused when the operator role can become a function's owner. A function that does not exist
/// is skipped, with its AuditedFunction::whenMissing as a warning.
QString grantsSql(const QList<TableGrants> &tables, const KitRoles &roles);

/// The name of the kit's optional read policy.
inline constexpr char kReadPolicyName[] = "outbox_monitor_read";

/// One idempotent DO block, only on request (--print-kit --read-policy): a permissive policy
/// kReadPolicyName FOR SELECT TO both roles USING (true) on every table the window reads
/// (SchemaProfile::readTables: the table, or a view's base table, its archive, lock table, lookups and
/// audit table; each
/// when it exists and has no policy of that name yet). Under row-level security it lets the
/// monitor read every row, whatever the other permissive policies allow; it grants no writing,
/// a restrictive policy still narrows it, and on a table without row-level security it does
/// nothing until that is enabled. Run after grantsSql(), which creates the roles.
QString readPolicySql(const SchemaProfile &withAudit, const KitRoles &roles);

} // namespace om::kit
