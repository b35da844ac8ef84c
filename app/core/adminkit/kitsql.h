// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/kit/kitgrants.h"
#include "core/profile/schemaprofile.h"

#include <QString>
#include <QStringList>

namespace om {

/// The admin kit for one table, generated from its profile alone (`outbox-monitor --print-kit`):
/// plain SQL that a DBA applies in one transaction (`psql -v ON_ERROR_STOP=1 -1 -f`, or any libpq
/// client as one script). In order:
///   1. a check that the table and every mapped column (and those of an existing audit table)
///      exist: otherwise it RAISEs naming what is missing, and the transaction leaves nothing;
///   2. the monitoring indexes (kit::monitoringIndexes), each with why it exists;
///   3. the audit table when it does not exist yet (the profile's, or for a profile without
///      "audit" the kit's own `outbox_monitor.<table>_audit` with text message ids), with its
///      append-only triggers;
///   4. the action function (ActionFunctionSql) when the profile declares actions;
///   5. the purge function (PurgeFunctionSql) when the profile declares a purge;
///   6. the two group roles and this table's privileges (kit::grantsSql);
///   7. only when asked for (setReadPolicy), a row-level security policy that lets both roles read
///      every row (kit::readPolicySql).
/// It never creates or alters the monitored table beyond indexes. Idempotent: applied again it
/// changes nothing.
class KitSql {
public:
    explicit KitSql(SchemaProfile profile, kit::KitRoles roles = {});

    /// "" when the kit can be written; otherwise why not, in one translated sentence (a role name
    /// PostgreSQL cannot take, a profile text that contains the kit's own dollar-quote tags).
    QString refusal() const;
    /// The whole kit (call only when refusal() is empty).
    QString script() const;
    /// Adds the optional read policy (section 7).
    void setReadPolicy(bool on) { m_readPolicy = on; }
    /// True when the profile declares actions and the kit installs their function.
    bool installsFunction() const;

    /// Idempotent DDL of the audit table the kit uses for `profile` (its own audit table, or the
    /// kit's for a profile without one): schema, table, lookup indexes. Plain SQL, no triggers or
    /// privileges (what tests of other tables need to have an audit table).
    static QString auditTable(const SchemaProfile &profile);
    /// Why `name` cannot be a role name ("" when it can).
    static QString roleNameProblem(const QString &name);

private:
    QString header() const;
    QString storageCheck() const;
    QString columnCheck() const;
    QString indexSection() const;
    QString flowIndexSection() const;
    QString auditSection() const;
    QString vacuumNote() const;
    QStringList profileTexts() const;

    SchemaProfile m_profile; ///< as given
    SchemaProfile m_kit;     ///< with the audit table the kit installs (kit::withKitAudit)
    kit::KitRoles m_roles;
    bool m_readPolicy = false;
};

} // namespace om
