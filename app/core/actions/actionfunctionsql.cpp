// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/actions/actionfunctionsql.h"
#include "core/sql/statesql.h"
#include "core/kit/auditedfunctionsql.h"
#include "core/kit/auditinsert.h"
#include "core/sql/kitnames.h"
#include "core/sql/sqltext.h"
#include "core/sql/textsql.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"

namespace om {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }
QString ident(const QString &s) { return sql::quoteIdentifier(s); }

// Arguments of every generated function, in order. The runner binds them as $n..$n+8. "ids"
// stands for an array of the table's id type (bigint[], uuid[], text[], ...).
const char *const kArguments[][2] = {
    {"p_action", "text"},
    {"p_action_id", "uuid"},
    {"p_ids", "ids"},
    {"p_reason", "text"},
    {"p_ticket", "text"},
    {"p_stuck_timeout_minutes", "integer"},
    {"p_os_user", "text"},
    {"p_client_host", "text"},
    {"p_app_version", "text"},
};

QString argumentType(const char *type, IdType idType) {
    return qstrcmp(type, "ids") == 0 ? sqlTypeName(idType) + QLatin1String("[]") : QLatin1String(type);
}

} // namespace

ActionFunctionSql::ActionFunctionSql(SchemaProfile profile) : m_profile(std::move(profile)) {}

QString ActionFunctionSql::functionName() const {
    // At most 63 bytes, and one function per table however long its name (sql/kitnames).
    return kit::prefixedName(QStringLiteral("outbox_monitor_action_"), m_profile.table);
}

QString ActionFunctionSql::qualifiedFunction() const { return declaration().qualifiedName(); }

QString ActionFunctionSql::signature() const { return declaration().signature(); }

QString ActionFunctionSql::callSql(const QString &idsExpr, int n) const {
    // Casts name the argument types, so that the one function is found whatever libpq sends.
    return QStringLiteral("SELECT om_id FROM %1($%2::text, $%3::uuid, %4, $%5::text, $%6::text, $%7::int,"
                          " $%8::text, $%9::text, $%10::text) AS om_id")
        .arg(qualifiedFunction())
        .arg(n)
        .arg(n + 1)
        .arg(idsExpr)
        .arg(n + 2)
        .arg(n + 3)
        .arg(n + 4)
        .arg(n + 5)
        .arg(n + 6)
        .arg(n + 7);
}

QString ActionFunctionSql::newStateValue(const ActionDef &a) const {
    const StateDef *to = m_profile.state(a.to);
    return to && !to->statusValue().isEmpty() ? to->statusValue() : a.to;
}

QString ActionFunctionSql::setList(const ActionDef &a) const {
    QStringList sets;
    const StateDef *to = m_profile.state(a.to);
    // A single-condition target is reached by the update itself; any other target is reached by
    // the action's own "set" (the profile parser refused actions whose set cannot reach it).
    if (const QString v = to->statusValue(); !v.isEmpty())
        sets << m_profile.col(QStringLiteral("status")) + QLatin1String(" = ") + lit(v);
    else if (to->reachedImplicitly())
        sets << m_profile.col(to->when.first().column)
                    + (to->when.first().op == StateCondition::Op::IsNull ? QStringLiteral(" = NULL")
                                                                         : QLatin1String(" = ") + sql::timeNow(m_profile, to->when.first().column));
    for (const SetClause &c : a.set) {
        const QString column = m_profile.col(c.column);
        switch (c.kind) {
        case SetClause::Kind::Now: sets << column + QLatin1String(" = ") + sql::timeNow(m_profile, c.column); break;
        case SetClause::Kind::Null: sets << column + QLatin1String(" = NULL"); break;
        case SetClause::Kind::Text:
            // A text written into an error message of another type (jsonb, bytea, ...) is stored so
            // that the program reads it back; the bare literal was refused at run time.
            sets << column + QLatin1String(" = ")
                        + (c.column == QLatin1String("errorMessage") ? sql::errorValue(m_profile, lit(c.text)) : lit(c.text));
            break;
        case SetClause::Kind::Bool: sets << column + (c.flag ? QLatin1String(" = true") : QLatin1String(" = false")); break;
        case SetClause::Kind::Number: sets << column + QLatin1String(" = ") + c.text; break; // the parser's own digits
        }
    }
    return sets.join(QLatin1String(", "));
}

QString ActionFunctionSql::actionBranch(const QString &kind, const ActionDef &a) const {
    const QString table = m_profile.qualifiedStorageTable(); // a view's rows are changed in its base table
    const QString id = m_profile.col(QStringLiteral("id"));
    QString guard = sql::statesPredicate(m_profile, a.from);
    QString check;
    if (a.pastStuckTimeout) {
        // Server clock: a row is stuck when the database says so, whatever the workstation thinks.
        guard += QLatin1String(" AND ") + sql::pastStuckTimeout(m_profile, QStringLiteral("p_stuck_timeout_minutes"));
        check = QStringLiteral(
            "        IF p_stuck_timeout_minutes IS NULL OR p_stuck_timeout_minutes < 1 THEN\n"
            "            RAISE EXCEPTION 'outbox monitor: % needs a stuck timeout of at least 1 minute', p_action\n"
            "                  USING ERRCODE = 'invalid_parameter_value';\n"
            "        END IF;\n");
    }
    // One primary-key probe per requested id (the LATERAL subquery with its own FOR UPDATE runs
    // once per id); SKIP LOCKED leaves a worker's row out at once instead of waiting for it. Under
    // READ COMMITTED the locking read re-checks the guard on the newest row version, so a row a
    // worker moved on after the operator looked is not overwritten. The audit rows come from the
    // UPDATE's own RETURNING: never a row that did not change, never a change without its row.
    const QString head = QStringLiteral("    %1 p_action = %2 THEN\n")
                             .arg(kind == m_profile.actions.firstKey() ? QStringLiteral("IF") : QStringLiteral("ELSIF"),
                                  lit(kind))
                         + check;
    return QStringLiteral(
               "%1"
               "        RETURN QUERY\n"
               "        WITH om_target AS (\n"
               "            SELECT om_t.om_id, om_t.om_old\n"
               "              FROM (SELECT DISTINCT unnest(p_ids) AS om_req) AS om_r\n"
               "             CROSS JOIN LATERAL (SELECT %2 AS om_id, %3 AS om_old FROM %4\n"
               "                                  WHERE %2 = om_r.om_req AND %5\n"
               "                                  FOR UPDATE SKIP LOCKED) AS om_t\n"
               "        ), om_changed AS (\n"
               "            UPDATE %4 AS om_u SET %6\n"
               "              FROM om_target WHERE om_u.%2 = om_target.om_id\n"
               "            RETURNING om_target.om_id, om_target.om_old\n"
               "        ), om_audit AS (\n"
               "            %7\n"
               "        )\n"
               "        SELECT om_changed.om_id::%9 FROM om_changed ORDER BY 1;\n"
               "        GET DIAGNOSTICS v_changed = ROW_COUNT;\n"
               "        v_audit_name := %8;\n")
        .arg(head, id, sql::stateExpression(m_profile), table, guard, setList(a),
             kit::auditInsertSql(m_profile, {QStringLiteral("om_changed"), a.auditName, newStateValue(a)}), lit(a.auditName),
             // As the function returns it: the check lets "types" say bigint for an integer column and
             // varchar for a text one (and back), and RETURN QUERY refuses a column of another type
             // ("structure of query does not match function result type") after the rows changed.
             sqlTypeName(m_profile.types.id));
}

QString ActionFunctionSql::checks() const {
    // One action id names one transaction's changes: the re-check after a lost COMMIT
    // acknowledgement counts on it.
    return QStringLiteral(
               "    IF EXISTS (SELECT 1 FROM %1 WHERE %2 = p_action_id) THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: action id % has been used already', p_action_id\n"
               "              USING ERRCODE = 'unique_violation';\n"
               "    END IF;\n")
        .arg(m_profile.qualifiedAuditTable(), ident(actionIdColumn()));
}

QString ActionFunctionSql::body() const {
    QString branches;
    for (auto it = m_profile.actions.cbegin(); it != m_profile.actions.cend(); ++it)
        branches += actionBranch(it.key(), it.value());
    return QStringLiteral(
               "%1"
               "    ELSE\n"
               "        RAISE EXCEPTION 'outbox monitor: profile %2 has no action %', p_action\n"
               "              USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    IF v_changed > 0 THEN\n"
               // Queued now, delivered to every listening window only if this transaction commits.
               "        PERFORM pg_notify('outbox_monitor', json_build_object(\n"
               "            'profile', %3::text, 'action', p_action, 'auditName', v_audit_name, 'count', v_changed,\n"
               "            'user', session_user::text, 'osUser', p_os_user, 'host', p_client_host,\n"
               "            'actionId', p_action_id)::text);\n"
               "    END IF;\n")
        .arg(branches, QString(m_profile.id).replace(QLatin1Char('\''), QLatin1String("''")).replace(QLatin1Char('%'), QString()),
             lit(m_profile.id));
}

kit::AuditedFunction ActionFunctionSql::declaration() const {
    kit::AuditedFunction f = kit::AuditedFunction::ofTable(m_profile, QStringLiteral("function"), functionName());
    for (const auto &arg : kArguments)
        f.arguments << kit::SqlVariable{QLatin1String(arg[0]), argumentType(arg[1], m_profile.types.id)};
    f.returns = QStringLiteral("SETOF ") + sqlTypeName(m_profile.types.id);
    f.writes = QStringLiteral("changes");
    f.whenMissing = QStringLiteral("operators cannot change this table's messages");
    return f;
}

kit::AuditedFunction ActionFunctionSql::function() const {
    kit::AuditedFunction f = declaration();
    f.variables = {{QStringLiteral("v_changed"), QStringLiteral("bigint := 0")}, {QStringLiteral("v_audit_name"), QStringLiteral("text")}};
    if (m_profile.actions.isEmpty()) {
        f.notInstalled = QStringLiteral("no actions: nothing to install");
        return f;
    }
    if (actionIdColumn().isEmpty()) {
        f.notInstalled = QStringLiteral("the profile maps no audit.columns.actionId: not generated");
        return f;
    }
    f.checks = checks();
    f.body = body();
    // The re-check after a lost COMMIT acknowledgement finds an action's audit rows by its id.
    const QString audit = m_profile.qualifiedAuditTable();
    const QString index = ident(kit::objectName(QStringLiteral("ix_") + m_profile.audit.table, QStringLiteral("action_id")));
    f.setUp = {QStringLiteral("ALTER TABLE %1 ADD COLUMN IF NOT EXISTS %2 uuid").arg(audit, ident(actionIdColumn())),
               QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2 (%3) WHERE %3 IS NOT NULL").arg(index, audit, ident(actionIdColumn()))};
    return f;
}

QString ActionFunctionSql::installSql() const {
    return kit::functionInstallSql(function());
}

QString ActionFunctionSql::kitFile(const QList<SchemaProfile> &profiles) {
    QString out = QStringLiteral(
        "-- Admin kit: the action functions, the only way operators change messages: every change is\n"
        "-- made and audited by the database in one statement, never by the program's own UPDATE.\n"
        "--\n"
        "-- GENERATED from the built-in profiles (resources/profiles/*.json) by om::ActionFunctionSql (app/core/actions/)\n"
        "-- through om::kit::AuditedFunction (app/core/kit/); do not edit by hand: tests/unit/tst_actionkit fails when\n"
        "-- this file and the generator differ, and OM_REGENERATE_KIT=1 build/tests/tst_actionkit rewrites it.\n"
        "--\n"
        "-- One function per table, outbox_monitor_action_<table>(action, action_id, ids, reason, ticket,\n"
        "-- stuck_timeout_minutes, os_user, client_host, app_version) RETURNS SETOF bigint (the changed ids;\n"
        "-- a profile whose \"types\" give its id another type takes and returns that type instead).\n"
        "-- In one statement it locks the requested rows FOR UPDATE SKIP LOCKED, changes those still in the\n"
        "-- action's `from` states (recover stuck: also past the timeout by the server clock), writes one\n"
        "-- audit row per changed row with changed_by = session_user, changed_at = now() and the caller's\n"
        "-- action id, and queues NOTIFY outbox_monitor (delivered only on commit). Table and column names\n"
        "-- are fixed here; the caller chooses only an action of the profile, never a table.\n"
        "--\n"
        "-- SECURITY DEFINER with search_path = pg_catalog, pg_temp and every name schema-qualified: the\n"
        "-- functions run with their owner's rights, the role that applies this file (normally the\n"
        "-- tables' owner). Operators must not be able to become that role; roles.sql checks it, revokes\n"
        "-- their direct UPDATE on the tables and INSERT on the audit tables, and grants EXECUTE on these\n"
        "-- functions only. Apply after the tables exist and before roles.sql; tables that do not exist\n"
        "-- are skipped. Idempotent. Also adds the audit tables' action_id column and its partial index.\n\n");
    for (const SchemaProfile &p : profiles)
        out += ActionFunctionSql(p).installSql() + QLatin1Char('\n');
    return out;
}

} // namespace om
