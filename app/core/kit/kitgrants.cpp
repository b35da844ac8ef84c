#include "core/kit/kitgrants.h"
#include "core/actions/actionfunctionsql.h"
#include "core/sql/sqltext.h"

namespace om::kit {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }

/// SELECT and nothing else for both roles on one table (and USAGE on its schema).
QString selectOnly(const QString &schema, const QString &qualifiedTable) {
    return QStringLiteral(
               "    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', %1, v_auditor, v_operator);\n"
               "    EXECUTE format('REVOKE ALL ON TABLE %s FROM %I, %I', %2, v_auditor, v_operator);\n"
               "    EXECUTE format('GRANT SELECT ON TABLE %s TO %I, %I', %2, v_auditor, v_operator);\n")
        .arg(lit(schema), lit(qualifiedTable));
}

} // namespace

QString grantsSql(const SchemaProfile &p, const KitRoles &roles, bool withFunction) {
    QString body = selectOnly(p.schema, p.qualifiedTable()) + selectOnly(p.audit.schema, p.qualifiedAuditTable());
    if (const QString auditId = p.audit.column(QStringLiteral("auditId")); !auditId.isEmpty())
        // Operators never insert audit rows themselves: the function does, with its owner's rights.
        body += QStringLiteral(
                    "    v_seq := pg_get_serial_sequence(%1, %2);\n"
                    "    IF v_seq IS NOT NULL THEN\n"
                    "        EXECUTE format('REVOKE ALL ON SEQUENCE %s FROM %I, %I', v_seq, v_auditor, v_operator);\n"
                    "    END IF;\n")
                    .arg(lit(p.qualifiedAuditTable()), lit(auditId));
    if (withFunction)
        body += QStringLiteral(
                    "    v_fn := to_regprocedure(%1);\n"
                    "    SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;\n"
                    // SECURITY DEFINER runs as the owner: an operator who can become the owner could
                    // change rows without an audit row.
                    "    IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN\n"
                    "        RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its changes would escape the audit',\n"
                    "                        v_operator, v_owner, v_fn\n"
                    "              USING ERRCODE = 'insufficient_privilege',\n"
                    "                    HINT = 'Apply the kit as the tables'' owner, a role operators are not members of.';\n"
                    "    END IF;\n"
                    "    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);\n"
                    "    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);\n")
                    .arg(lit(ActionFunctionSql(p).signature()));
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
        .arg(lit(roles.auditor), lit(roles.operatorRole), body);
}

} // namespace om::kit
