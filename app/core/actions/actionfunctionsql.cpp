#include "core/actions/actionfunctionsql.h"
#include "core/sql/statesql.h"
#include "core/sql/kitnames.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"
#include "pg/pgsession.h"

namespace om {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }
QString ident(const QString &s) { return sql::quoteIdentifier(s); }

// Arguments of every generated function, in order. The runner binds them as $n..$n+8. "ids"
// stands for an array of the table's id type (bigint[], uuid[], text[], ...).
const char *const kArguments[][2] = {
    {"p_action", "text"}, {"p_action_id", "uuid"}, {"p_ids", "ids"}, {"p_reason", "text"},
    {"p_ticket", "text"}, {"p_stuck_timeout_minutes", "integer"}, {"p_os_user", "text"},
    {"p_client_host", "text"}, {"p_app_version", "text"}};

QString argumentType(const char *type, IdType idType) {
    return qstrcmp(type, "ids") == 0 ? sqlTypeName(idType) + QLatin1String("[]") : QLatin1String(type);
}

} // namespace

ActionFunctionSql::ActionFunctionSql(SchemaProfile profile) : m_profile(std::move(profile)) {}

QString ActionFunctionSql::functionName() const {
    // At most 63 bytes, and one function per table however long its name (kit/kitnames).
    return kit::prefixedName(QStringLiteral("outbox_monitor_action_"), m_profile.table);
}

QString ActionFunctionSql::qualifiedFunction() const {
    return ident(m_profile.schema) + QLatin1Char('.') + ident(functionName());
}

QString ActionFunctionSql::signature() const {
    QStringList types;
    for (const auto &arg : kArguments)
        types << argumentType(arg[1], m_profile.types.id);
    return qualifiedFunction() + QLatin1Char('(') + types.join(QLatin1Char(',')) + QLatin1Char(')');
}

QString ActionFunctionSql::callSql(const QString &idsExpr, int n) const {
    // Casts name the argument types, so that the one function is found whatever libpq sends.
    return QStringLiteral("SELECT om_id FROM %1($%2::text, $%3::uuid, %4, $%5::text, $%6::text, $%7::int,"
                          " $%8::text, $%9::text, $%10::text) AS om_id")
        .arg(qualifiedFunction()).arg(n).arg(n + 1).arg(idsExpr).arg(n + 2).arg(n + 3).arg(n + 4).arg(n + 5)
        .arg(n + 6).arg(n + 7);
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
        case SetClause::Kind::Text: sets << column + QLatin1String(" = ") + lit(c.text); break;
        case SetClause::Kind::Bool: sets << column + (c.flag ? QLatin1String(" = true") : QLatin1String(" = false")); break;
        }
    }
    return sets.join(QLatin1String(", "));
}

QString ActionFunctionSql::auditInsert(const ActionDef &a) const {
    // Who and when come from the server (session_user is the login role, also inside SECURITY
    // DEFINER); the workstation fields are the caller's word and are stored as such.
    const AuditDef &au = m_profile.audit;
    QStringList cols, values;
    auto add = [&](const char *logical, const QString &value) {
        if (au.columns.contains(QLatin1String(logical))) {
            cols << ident(au.column(QLatin1String(logical)));
            values << value;
        }
    };
    // A text audit column (the kit's own audit table) holds any id type as the server prints it.
    add("messageId", m_profile.types.auditMessageId == m_profile.types.id
                         ? QStringLiteral("om_id")
                         : QStringLiteral("om_id::") + sqlTypeName(m_profile.types.auditMessageId));
    add("action", lit(a.auditName));
    add("reason", QStringLiteral("v_reason"));
    add("ticket", QStringLiteral("v_ticket"));
    add("oldStatus", QStringLiteral("om_old"));
    add("newStatus", lit(newStateValue(a)));
    add("changedBy", QStringLiteral("session_user"));
    add("changedAt", QStringLiteral("now()"));
    add("osUser", QStringLiteral("nullif(p_os_user, '')"));
    add("host", QStringLiteral("nullif(p_client_host, '')"));
    add("appVersion", QStringLiteral("nullif(p_app_version, '')"));
    add("actionId", QStringLiteral("p_action_id"));
    return QStringLiteral("INSERT INTO %1 (%2) SELECT %3 FROM om_changed")
        .arg(m_profile.qualifiedAuditTable(), cols.join(QLatin1String(", ")), values.join(QLatin1String(", ")));
}

QString ActionFunctionSql::actionBranch(const QString &kind, const ActionDef &a) const {
    const QString table = m_profile.qualifiedTable();
    const QString id = m_profile.col(QStringLiteral("id"));
    QString guard = sql::statesPredicate(m_profile, a.from);
    QString check;
    if (a.pastStuckTimeout) {
        // Server clock: a row is stuck when the database says so, whatever the workstation thinks.
        guard += QLatin1String(" AND ") + sql::timeCompare(m_profile, m_profile.stuckSince, QStringLiteral("<"),
                                                          QStringLiteral("now() - make_interval(mins => p_stuck_timeout_minutes)"));
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
                                  lit(kind)) + check;
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
               "        SELECT om_changed.om_id FROM om_changed ORDER BY 1;\n"
               "        GET DIAGNOSTICS v_changed = ROW_COUNT;\n"
               "        v_audit_name := %8;\n")
        .arg(head, id, sql::stateExpression(m_profile), table, guard, setList(a), auditInsert(a), lit(a.auditName));
}

QString ActionFunctionSql::functionBody() const {
    QStringList args;
    for (const auto &arg : kArguments)
        args << QStringLiteral("%1 %2").arg(QLatin1String(arg[0]), argumentType(arg[1], m_profile.types.id));
    QString branches;
    for (auto it = m_profile.actions.cbegin(); it != m_profile.actions.cend(); ++it)
        branches += actionBranch(it.key(), it.value());
    const QString actionIdCol = ident(actionIdColumn());
    return QStringLiteral(
               "CREATE OR REPLACE FUNCTION %1(\n    %2)\n"
               "RETURNS SETOF %8\n"
               "LANGUAGE plpgsql VOLATILE SECURITY DEFINER\n"
               "SET search_path = pg_catalog, pg_temp\n"
               "AS $om_fn$\n"
               "DECLARE\n"
               "    v_reason     text := btrim(p_reason);\n"
               "    v_ticket     text := nullif(btrim(p_ticket), '');\n"
               "    v_changed    bigint := 0;\n"
               "    v_audit_name text;\n"
               "BEGIN\n"
               "    IF p_action_id IS NULL THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';\n"
               "    END IF;\n"
               "    IF v_reason IS NULL OR v_reason = '' THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               // One action id names one transaction's changes: the re-check after a lost COMMIT
               // acknowledgement counts on it.
               "    IF EXISTS (SELECT 1 FROM %3 WHERE %4 = p_action_id) THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: action id % has been used already', p_action_id\n"
               "              USING ERRCODE = 'unique_violation';\n"
               "    END IF;\n"
               "%5"
               "    ELSE\n"
               "        RAISE EXCEPTION 'outbox monitor: profile %6 has no action %', p_action\n"
               "              USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    IF v_changed > 0 THEN\n"
               // Queued now, delivered to every listening window only if this transaction commits.
               "        PERFORM pg_notify('outbox_monitor', json_build_object(\n"
               "            'profile', %7::text, 'action', p_action, 'auditName', v_audit_name, 'count', v_changed,\n"
               "            'user', session_user::text, 'osUser', p_os_user, 'host', p_client_host,\n"
               "            'actionId', p_action_id)::text);\n"
               "    END IF;\n"
               "END\n"
               "$om_fn$")
        .arg(qualifiedFunction(), args.join(QLatin1String(",\n    ")), m_profile.qualifiedAuditTable(), actionIdCol,
             branches, QString(m_profile.id).replace(QLatin1Char('\''), QLatin1String("''")).replace(QLatin1Char('%'), QString()),
             lit(m_profile.id), sqlTypeName(m_profile.types.id));
}

QString ActionFunctionSql::installSql() const {
    // Names inside a comment: a line break in one must not end the comment (kit::commentText).
    const QString header = kit::commentText(QStringLiteral("-- profile %1: %2, audit %3, function %4")
                                                .arg(m_profile.id, m_profile.qualifiedTable(), m_profile.qualifiedAuditTable(), signature()))
                           + QLatin1Char('\n');
    if (m_profile.actions.isEmpty())
        return header + QStringLiteral("-- (no actions: nothing to install)\n");
    if (actionIdColumn().isEmpty())
        return header + QStringLiteral("-- (the profile maps no audit.columns.actionId: not generated)\n");
    const QString body = functionBody();
    // A profile's text constants end up inside dollar quotes: refuse one that would close them.
    for (const char *tag : {"$om_fn$", "$om_def$", "$om_kit$"})
        if (body.count(QLatin1String(tag)) > (QLatin1String(tag) == QLatin1String("$om_fn$") ? 2 : 0))
            return header + QStringLiteral("-- (a text constant of the profile contains %1: not generated)\n").arg(QLatin1String(tag));
    const QString audit = m_profile.qualifiedAuditTable();
    const QString index = ident(kit::objectName(QStringLiteral("ix_") + m_profile.audit.table, QStringLiteral("action_id")));
    return header + QStringLiteral(
               "DO $om_kit$\n"
               "BEGIN\n"
               "    IF to_regclass(%1) IS NULL OR to_regclass(%2) IS NULL THEN\n"
               "        RAISE NOTICE 'outbox monitor kit: %3 or %4 does not exist, skipped';\n"
               "        RETURN;\n"
               "    END IF;\n"
               "    EXECUTE %5;\n"
               "    EXECUTE %6;\n"
               "    EXECUTE $om_def$\n%7\n$om_def$;\n"
               // SECURITY DEFINER: only the kit's operator role may call it (roles.sql grants it).
               "    EXECUTE %8;\n"
               "END\n"
               "$om_kit$;\n")
        .arg(lit(m_profile.qualifiedTable()), lit(audit), QString(m_profile.table).replace(QLatin1Char('\''), QString()),
             QString(m_profile.audit.table).replace(QLatin1Char('\''), QString()),
             lit(QStringLiteral("ALTER TABLE %1 ADD COLUMN IF NOT EXISTS %2 uuid").arg(audit, ident(actionIdColumn()))),
             lit(QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2 (%3) WHERE %3 IS NOT NULL")
                     .arg(index, audit, ident(actionIdColumn()))),
             body, lit(QStringLiteral("REVOKE ALL ON FUNCTION %1 FROM PUBLIC").arg(signature())));
}

QString ActionFunctionSql::kitFile(const QList<SchemaProfile> &profiles) {
    QString out = QStringLiteral(
        "-- Admin kit: the action functions, the only way operators change messages (issue #12).\n"
        "--\n"
        "-- GENERATED from the built-in profiles (resources/profiles/*.json) by om::ActionFunctionSql (app/core/actions/);\n"
        "-- do not edit by hand: tests/unit/tst_actionkit fails when this file and the generator differ,\n"
        "-- and OM_REGENERATE_KIT=1 build/tst_actionkit rewrites it.\n"
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
