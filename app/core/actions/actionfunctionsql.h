// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/kit/auditedfunction.h"
#include "core/profile/schemaprofile.h"

#include <QList>
#include <QString>

namespace om {

/// The admin kit's action function for one profile, generated from the profile alone (its table,
/// columns, states and actions): the only way an operator changes messages. SECURITY DEFINER with
/// a fixed search_path, owned by the role that installs the kit (the tables' owner), it locks the
/// requested rows `FOR UPDATE SKIP LOCKED`, changes only those still in the action's `from` states
/// (and past the stuck timeout, server clock), writes one audit row per changed row from the
/// UPDATE's own RETURNING — `changed_by` = session_user, `changed_at` = now(), the caller's action
/// id — and queues the NOTIFY that is delivered on commit. Table and column names are fixed when
/// the function is generated; the caller names only an action of the profile, never a table.
///
/// kit/action_functions.sql holds installSql() of the three built-in profiles (tst_actionkit
/// checks that the file is what this class generates).
class ActionFunctionSql {
public:
    explicit ActionFunctionSql(SchemaProfile profile);

    /// Unquoted name of the profile's function: outbox_monitor_action_<table>.
    QString functionName() const;
    /// Schema-qualified, quoted name.
    QString qualifiedFunction() const;
    /// regprocedure text (schema.name(argument types)), for to_regprocedure / has_function_privilege.
    QString signature() const;
    /// The audit column that carries the action id ("" when the profile maps none).
    QString actionIdColumn() const { return m_profile.audit.column(QStringLiteral("actionId")); }

    /// The function as the kit generates, installs and grants it (kit/auditedfunction).
    kit::AuditedFunction function() const;
    /// Idempotent SQL for this profile: the audit table's action-id column and index, and the
    /// function, EXECUTE revoked from PUBLIC. Skips itself when the table or audit table is absent.
    QString installSql() const;
    /// The kit file for several profiles, with its explanatory header.
    static QString kitFile(const QList<SchemaProfile> &profiles);

    /// The call the runner sends: `SELECT om_id FROM fn($1 ... $9) AS om_id`, with `idsExpr` the
    /// bigint[] expression of the candidate ids (a bound array or an ARRAY(subquery)).
    QString callSql(const QString &idsExpr, int firstParam) const;

private:
    /// The function without its checks and body: enough for its name and signature.
    kit::AuditedFunction declaration() const;
    QString checks() const;
    QString body() const;
    QString actionBranch(const QString &kind, const ActionDef &a) const;
    QString setList(const ActionDef &a) const;
    QString newStateValue(const ActionDef &a) const;

    SchemaProfile m_profile;
};

} // namespace om
