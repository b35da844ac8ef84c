// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/kitgrants.h"
#include "core/sql/sqltext.h"

namespace om::kit {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }

/// The initial value of a role variable: the name, or the setting's value when one is set.
QString roleValue(const QString &name, const char *setting, bool fromSettings) {
    if (!fromSettings)
        return lit(name);
    return QStringLiteral("coalesce(nullif(current_setting('outbox_monitor.%1', true), ''), %2)").arg(QLatin1String(setting), lit(name));
}

/// `body` indented one more step and run only when `qualified` exists.
QString whenExists(const QString &qualified, const QString &body) {
    QString indented;
    for (const QString &line : body.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        indented += QStringLiteral("    ") + line + QLatin1Char('\n');
    return QStringLiteral("    IF to_regclass(%1) IS NOT NULL THEN\n%2    END IF;\n").arg(lit(qualified), indented);
}

/// SELECT and nothing else for both roles on one table (and USAGE on its schema).
QString selectOnly(const QString &schema, const QString &qualifiedTable) {
    return QStringLiteral(
               "    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', %1, v_auditor, v_operator);\n"
               "    EXECUTE format('REVOKE ALL ON TABLE %s FROM %I, %I', %2, v_auditor, v_operator);\n"
               "    EXECUTE format('GRANT SELECT ON TABLE %s TO %I, %I', %2, v_auditor, v_operator);\n")
        .arg(lit(schema), lit(qualifiedTable));
}

QString auditIdSequence(const SchemaProfile &p) {
    const QString auditId = p.audit.column(QStringLiteral("auditId"));
    if (auditId.isEmpty())
        return {};
    // Operators never insert audit rows themselves: the functions do, with their owner's rights.
    return QStringLiteral(
               "    v_seq := pg_get_serial_sequence(%1, %2);\n"
               "    IF v_seq IS NOT NULL THEN\n"
               "        EXECUTE format('REVOKE ALL ON SEQUENCE %s FROM %I, %I', v_seq, v_auditor, v_operator);\n"
               "    END IF;\n")
        .arg(lit(p.qualifiedAuditTable()), lit(auditId));
}

QString executeForOperator(const AuditedFunction &f) {
    // An absent function is skipped: said when the table is expected to have one.
    const QString absent = f.whenMissing.isEmpty()
                               ? QStringLiteral("    IF v_fn IS NOT NULL THEN\n")
                               : QStringLiteral("    IF v_fn IS NULL THEN\n"
                                                "        RAISE WARNING 'outbox monitor kit: % does not exist (apply its kit first): %',\n"
                                                "                      %1, %2;\n"
                                                "    ELSE\n")
                                     .arg(lit(f.signature()), lit(f.whenMissing));
    return QStringLiteral(
               "    v_fn := to_regprocedure(%1);\n"
               "%2"
               "        SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;\n"
               // SECURITY DEFINER runs as the owner: an operator who can become the owner could
               // change or delete rows without an audit row.
               "        IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN\n"
               "            RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its %3 would escape the audit',\n"
               "                            v_operator, v_owner, v_fn\n"
               "                  USING ERRCODE = 'insufficient_privilege',\n"
               "                        HINT = 'Apply the kit as the tables'' owner, a role operators are not members of.';\n"
               "        END IF;\n"
               "        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);\n"
               "        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);\n"
               "    END IF;\n")
        .arg(lit(f.signature()), absent, f.writes);
}

QString tableGrants(const TableGrants &t) {
    const SchemaProfile &p = t.withAudit;
    QString onTable = selectOnly(p.schema, p.qualifiedTable());
    for (const AuditedFunction &f : t.functions)
        if (f.installs())
            onTable += executeForOperator(f);
    QString out = whenExists(p.qualifiedTable(), onTable)
                  + whenExists(p.qualifiedAuditTable(), selectOnly(p.audit.schema, p.qualifiedAuditTable()) + auditIdSequence(p));
    // The table a key's lock lives in (ordering.lock): the Blocked keys view reads it.
    if (const KeyLockTable &lock = p.headOfLine.lock; !lock.isEmpty()) {
        out += whenExists(lock.qualifiedTable(), selectOnly(lock.schema, lock.qualifiedTable()));
    }
    // The archive finished rows are moved to: the counts, the flow and the outcomes read it.
    if (p.hasArchive())
        out += whenExists(p.qualifiedArchiveTable(), selectOnly(p.archive.schema, p.qualifiedArchiveTable()));
    // The names of type or destination ids: every list and breakdown reads them.
    for (const LookupDef &l : p.lookups)
        out += whenExists(l.qualifiedTable(), selectOnly(l.schema, l.qualifiedTable()));
    return out;
}

} // namespace

QString grantsSql(const QList<TableGrants> &tables, const KitRoles &roles) {
    QString body;
    for (const TableGrants &t : tables)
        body += tableGrants(t);
    return QStringLiteral(
               "DO $om_kit$\n"
               "DECLARE\n"
               "    v_auditor  text := %1;\n"
               "    v_operator text := %2;\n"
               "    v_role     text;\n"
               "    v_seq      text;\n"
               "    v_fn       regprocedure;\n"
               "    v_owner    name;\n"
               "BEGIN\n"
               // Roles are cluster-wide: another database's kit may create them at the same moment.
               "    FOREACH v_role IN ARRAY ARRAY[v_auditor, v_operator] LOOP\n"
               "        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = v_role) THEN\n"
               "            BEGIN\n"
               "                EXECUTE format('CREATE ROLE %I NOLOGIN', v_role);\n"
               "            EXCEPTION WHEN duplicate_object OR unique_violation THEN\n"
               "                NULL;\n"
               "            END;\n"
               "        END IF;\n"
               "    END LOOP;\n"
               "%3"
               "END\n"
               "$om_kit$;\n")
        .arg(roleValue(roles.auditor, "auditor_role", roles.fromSettings), roleValue(roles.operatorRole, "operator_role", roles.fromSettings),
             body);
}

QString readPolicySql(const SchemaProfile &withAudit, const KitRoles &roles) {
    QString body;
    // Every table the window reads (the archive, the lock table, the lookups, the audit table),
    // not the profile's alone: a policy missing on one of them hides its rows all the same. A
    // view takes no policy; its base table does. On a table without row security the policy
    // does nothing until it is enabled.
    QStringList tables;
    for (const ReadTable &t : withAudit.readTables())
        if (t.use != ReadTable::Use::Table || withAudit.baseTable.isEmpty())
            tables << t.name;
    for (const QString &t : std::as_const(tables))
        body += QStringLiteral(
                    "    IF to_regclass(%1) IS NOT NULL AND NOT EXISTS (\n"
                    "            SELECT 1 FROM pg_policy WHERE polrelid = to_regclass(%1) AND polname = %2) THEN\n"
                    "        EXECUTE format('CREATE POLICY %I ON %s AS PERMISSIVE FOR SELECT TO %I, %I USING (true)', %2, %1, v_auditor, v_operator);\n"
                    "    END IF;\n")
                    .arg(lit(t), lit(QLatin1String(kReadPolicyName)));
    return QStringLiteral(
               "DO $om_kit$\n"
               "DECLARE\n"
               "    v_auditor  text := %1;\n"
               "    v_operator text := %2;\n"
               "BEGIN\n"
               "%3"
               "END\n"
               "$om_kit$;\n")
        .arg(roleValue(roles.auditor, "auditor_role", roles.fromSettings), roleValue(roles.operatorRole, "operator_role", roles.fromSettings),
             body);
}

} // namespace om::kit
