// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace om::kit {

/// One argument or local variable of a kit function.
struct SqlVariable {
    QString name;
    QString type; ///< the SQL type; for a local variable also its initial value ("bigint := 0")
};

/// An audited kit function of one table: SECURITY DEFINER PL/pgSQL with a fixed search_path, the
/// only way an operator changes or deletes the table's rows, which writes their audit rows in the
/// same statement (its body uses kit::auditInsertSql). The value holds what is particular to one
/// function; kit/auditedfunctionsql writes what every audited function shares (the reason, ticket
/// and action id checks, the install wrapper, EXECUTE revoked from PUBLIC) and kit/kitgrants its
/// EXECUTE grant. The actions and the purge describe their functions with it.
struct AuditedFunction {
    QString kind;       ///< how the kit's comments name it: "function", "purge function"
    QString profileId;  ///< the profile it was generated from
    QString schema;     ///< the table's schema, where the function lives
    QString name;       ///< unquoted, at most 63 bytes (kit::prefixedName)
    QString table;      ///< the table it changes, schema-qualified and quoted
    QString auditTable; ///< the audit table it writes, schema-qualified and quoted
    /// In call order; among them those the audit rows read: p_action_id, p_reason, p_ticket,
    /// p_os_user, p_client_host, p_app_version.
    QList<SqlVariable> arguments;
    QString returns;              ///< "SETOF bigint", "bigint", ...
    QList<SqlVariable> variables; ///< declared after v_reason and v_ticket
    QString checks;               ///< its own argument checks (indented PL/pgSQL), after the shared ones
    QString body;                 ///< what it does after the checks (indented PL/pgSQL)
    QStringList setUp;            ///< plain SQL run before the function is created (the audit column it needs)
    QString writes;               ///< what it does to rows, for the grant's refusal: "changes", "deletes"
    QString whenMissing;          ///< the grant's warning when the function is absent ("" when that is normal)
    QString notInstalled;         ///< why the kit has no such function for the profile ("" when it has one)

    /// A function of `profile`'s table named `name` (unquoted): kind, profile, schema and tables
    /// filled in, the rest left to the caller.
    static AuditedFunction ofTable(const SchemaProfile &profile, const QString &kind, const QString &name);

    /// Schema-qualified, quoted name.
    QString qualifiedName() const;
    /// regprocedure text (schema.name(argument types)), for to_regprocedure, GRANT and REVOKE.
    QString signature() const;
    /// True when the kit installs it.
    bool installs() const { return notInstalled.isEmpty(); }
};

} // namespace om::kit
