#include "core/purge/purgefunctionsql.h"
#include "core/sql/statesql.h"
#include "core/sql/kitnames.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"

namespace om {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }
QString ident(const QString &s) { return sql::quoteIdentifier(s); }

// Arguments in order; the runner binds them as $n..$n+8 (PurgeFunctionSql::callSql).
const char *const kArguments[][2] = {
    {"p_action_id", "uuid"},   {"p_states", "text[]"},    {"p_older_than_days", "integer"},
    {"p_batch_size", "integer"}, {"p_reason", "text"},    {"p_ticket", "text"},
    {"p_os_user", "text"},     {"p_client_host", "text"}, {"p_app_version", "text"}};

} // namespace

PurgeFunctionSql::PurgeFunctionSql(SchemaProfile profile) : m_profile(std::move(profile)) {}

QString PurgeFunctionSql::functionName() const {
    return kit::prefixedName(QStringLiteral("outbox_monitor_purge_"), m_profile.table); // one per table
}

QString PurgeFunctionSql::qualifiedFunction() const {
    return ident(m_profile.schema) + QLatin1Char('.') + ident(functionName());
}

QString PurgeFunctionSql::signature() const {
    QStringList types;
    for (const auto &arg : kArguments)
        types << QLatin1String(arg[1]);
    return qualifiedFunction() + QLatin1Char('(') + types.join(QLatin1Char(',')) + QLatin1Char(')');
}

bool PurgeFunctionSql::installs() const {
    return m_profile.hasPurge() && !m_profile.audit.column(QStringLiteral("actionId")).isEmpty();
}

QString PurgeFunctionSql::callSql(int n) const {
    return QStringLiteral("SELECT %1($%2::uuid, $%3::text[], $%4::int, $%5::int, $%6::text, $%7::text,"
                          " $%8::text, $%9::text, $%10::text)")
        .arg(qualifiedFunction()).arg(n).arg(n + 1).arg(n + 2).arg(n + 3).arg(n + 4).arg(n + 5).arg(n + 6)
        .arg(n + 7).arg(n + 8);
}

QString PurgeFunctionSql::stateGuard() const {
    // The profile's purge states as literals (so a partial index on them can serve), narrowed to
    // those the caller named; the caller's list was checked against the same states first.
    return sql::statesPredicate(m_profile, m_profile.purge.states) + QLatin1String(" AND ") + sql::stateExpression(m_profile)
           + QLatin1String(" = ANY (p_states)");
}

QString PurgeFunctionSql::auditInsert() const {
    // The same columns as an action's audit row (ActionFunctionSql::auditInsert): who and when
    // from the server, the workstation fields as the caller's word.
    const AuditDef &au = m_profile.audit;
    QStringList cols, values;
    auto add = [&](const char *logical, const QString &value) {
        if (au.columns.contains(QLatin1String(logical))) {
            cols << ident(au.column(QLatin1String(logical)));
            values << value;
        }
    };
    add("messageId", m_profile.types.auditMessageId == m_profile.types.id
                         ? QStringLiteral("om_id")
                         : QStringLiteral("om_id::") + sqlTypeName(m_profile.types.auditMessageId));
    add("action", lit(m_profile.purge.auditName));
    add("reason", QStringLiteral("v_reason"));
    add("ticket", QStringLiteral("v_ticket"));
    add("oldStatus", QStringLiteral("om_old"));
    add("newStatus", lit(purgedStatus()));
    add("changedBy", QStringLiteral("session_user"));
    add("changedAt", QStringLiteral("now()"));
    add("osUser", QStringLiteral("nullif(p_os_user, '')"));
    add("host", QStringLiteral("nullif(p_client_host, '')"));
    add("appVersion", QStringLiteral("nullif(p_app_version, '')"));
    add("actionId", QStringLiteral("p_action_id"));
    return QStringLiteral("INSERT INTO %1 (%2) SELECT %3 FROM om_deleted")
        .arg(m_profile.qualifiedAuditTable(), cols.join(QLatin1String(", ")), values.join(QLatin1String(", ")));
}

QString PurgeFunctionSql::functionBody() const {
    QStringList args;
    for (const auto &arg : kArguments)
        args << QStringLiteral("%1 %2").arg(QLatin1String(arg[0]), QLatin1String(arg[1]));
    QStringList allowed;
    for (const QString &s : m_profile.purge.states)
        allowed << lit(s);
    const QString id = m_profile.col(QStringLiteral("id"));
    const QString age = sql::timeCompare(m_profile, m_profile.purge.sinceColumn, QStringLiteral("<"),
                                         QStringLiteral("now() - make_interval(days => p_older_than_days)"));
    // The batch's rows are locked SKIP LOCKED (a worker's row is left for a later batch, never
    // waited on) and deleted in one statement with their audit rows: never a row gone without its
    // audit row, never an audit row for a row that stayed. No NOTIFY: a purge changes no open
    // message, so no window's counts of open work move.
    return QStringLiteral(
               "CREATE OR REPLACE FUNCTION %1(\n    %2)\n"
               "RETURNS bigint\n"
               "LANGUAGE plpgsql VOLATILE SECURITY DEFINER\n"
               "SET search_path = pg_catalog, pg_temp\n"
               "AS $om_fn$\n"
               "DECLARE\n"
               "    v_reason  text := btrim(p_reason);\n"
               "    v_ticket  text := nullif(btrim(p_ticket), '');\n"
               "    v_state   text;\n"
               "    v_deleted bigint := 0;\n"
               "BEGIN\n"
               "    IF p_action_id IS NULL THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: an action id is required' USING ERRCODE = 'null_value_not_allowed';\n"
               "    END IF;\n"
               "    IF v_reason IS NULL OR v_reason = '' THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a reason is required' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    IF p_older_than_days IS NULL OR p_older_than_days < 1 THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a purge needs a retention of at least 1 day' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    IF p_batch_size IS NULL OR p_batch_size < 1 OR p_batch_size > %3 THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a purge batch is 1 to %3 rows' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    IF p_states IS NULL OR cardinality(p_states) = 0 THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a purge must name the finished states it deletes' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    FOREACH v_state IN ARRAY p_states LOOP\n"
               "        IF v_state IS NULL OR NOT (v_state = ANY (ARRAY[%4]::text[])) THEN\n"
               "            RAISE EXCEPTION 'outbox monitor: % is not a finished state this profile may purge (only %)', v_state, %5\n"
               "                  USING ERRCODE = 'invalid_parameter_value';\n"
               "        END IF;\n"
               "    END LOOP;\n"
               "    WITH om_target AS (\n"
               "        SELECT %6 AS om_id FROM %7\n"
               "         WHERE %8\n"
               "           AND %9\n"
               "         LIMIT p_batch_size\n"
               "           FOR UPDATE SKIP LOCKED\n"
               "    ), om_deleted AS (\n"
               "        DELETE FROM %7 AS om_d USING om_target\n"
               "         WHERE om_d.%6 = om_target.om_id\n"
               "        RETURNING om_target.om_id, %10 AS om_old\n"
               "    ), om_audit AS (\n"
               "        %11\n"
               "    )\n"
               "    SELECT count(*) INTO v_deleted FROM om_deleted;\n"
               "    RETURN v_deleted;\n"
               "END\n"
               "$om_fn$")
        .arg(qualifiedFunction(), args.join(QLatin1String(",\n    ")), QString::number(kMaxBatchSize), allowed.join(QLatin1String(", ")),
             lit(m_profile.purge.states.join(QLatin1String(", "))), id, m_profile.qualifiedTable(), stateGuard(), age,
             sql::stateExpression(m_profile), auditInsert());
}

QString PurgeFunctionSql::installSql() const {
    const QString header = kit::commentText(QStringLiteral("-- profile %1: %2, audit %3, purge function %4")
                                                .arg(m_profile.id, m_profile.qualifiedTable(), m_profile.qualifiedAuditTable(), signature()))
                           + QLatin1Char('\n');
    if (!m_profile.hasPurge())
        return header + QStringLiteral("-- (no \"purge\" in the profile, or a read-only profile: nothing to install)\n");
    if (!installs())
        return header + QStringLiteral("-- (the profile maps no audit.columns.actionId: not generated)\n");
    const QString body = functionBody();
    for (const char *tag : {"$om_fn$", "$om_def$", "$om_kit$"})
        if (body.count(QLatin1String(tag)) > (QLatin1String(tag) == QLatin1String("$om_fn$") ? 2 : 0))
            return header + QStringLiteral("-- (a text constant of the profile contains %1: not generated)\n").arg(QLatin1String(tag));
    return header + QStringLiteral(
               "DO $om_kit$\n"
               "BEGIN\n"
               "    IF to_regclass(%1) IS NULL OR to_regclass(%2) IS NULL THEN\n"
               "        RAISE NOTICE 'outbox monitor kit: %3 or %4 does not exist, skipped';\n"
               "        RETURN;\n"
               "    END IF;\n"
               "    EXECUTE $om_def$\n%5\n$om_def$;\n"
               // SECURITY DEFINER: only the kit's operator role may call it (roles.sql grants it).
               "    EXECUTE %6;\n"
               "END\n"
               "$om_kit$;\n")
        .arg(lit(m_profile.qualifiedTable()), lit(m_profile.qualifiedAuditTable()),
             QString(m_profile.table).replace(QLatin1Char('\''), QString()),
             QString(m_profile.audit.table).replace(QLatin1Char('\''), QString()), body,
             lit(QStringLiteral("REVOKE ALL ON FUNCTION %1 FROM PUBLIC").arg(signature())));
}

QString PurgeFunctionSql::grantSql(const kit::KitRoles &roles) const {
    if (!installs())
        return {};
    return QStringLiteral(
               "DO $om_kit$\n"
               "DECLARE\n"
               "    v_auditor  text := %1;\n"
               "    v_operator text := %2;\n"
               "    v_fn       regprocedure := to_regprocedure(%3);\n"
               "    v_owner    name;\n"
               "BEGIN\n"
               "    IF v_fn IS NULL THEN\n"
               "        RETURN;\n"
               "    END IF;\n"
               "    SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;\n"
               // SECURITY DEFINER runs as the owner: an operator who can become the owner could
               // delete rows without an audit row.
               "    IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN\n"
               "        RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its deletes would escape the audit',\n"
               "                        v_operator, v_owner, v_fn\n"
               "              USING ERRCODE = 'insufficient_privilege';\n"
               "    END IF;\n"
               "    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);\n"
               "    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);\n"
               "END\n"
               "$om_kit$;\n")
        .arg(lit(roles.auditor), lit(roles.operatorRole), lit(signature()));
}

QString PurgeFunctionSql::kitFile(const QList<SchemaProfile> &profiles) {
    QString out = QStringLiteral(
        "-- Admin kit: the purge functions, the only way operators delete finished messages (issue #15).\n"
        "--\n"
        "-- GENERATED from the built-in profiles' \"purge\" sections (resources/profiles/*.json) by\n"
        "-- om::PurgeFunctionSql (app/core/purge/); do not edit by hand: tests/unit/tst_purgekit fails when\n"
        "-- this file and the generator differ, and OM_REGENERATE_KIT=1 build/tst_purgekit rewrites it.\n"
        "--\n"
        "-- One function per table, outbox_monitor_purge_<table>(action_id, states, older_than_days,\n"
        "-- batch_size, reason, ticket, os_user, client_host, app_version) RETURNS bigint (rows deleted).\n"
        "-- One call is one batch: it deletes at most batch_size rows in the named finished states whose\n"
        "-- age (the profile's purge.sinceColumn, server clock) exceeds older_than_days, skipping rows a\n"
        "-- worker holds locked, and writes one audit row per deleted row (new status PURGED, changed_by =\n"
        "-- session_user, the caller's action id). A state that is not one of the profile's purge states\n"
        "-- (an open state above all) is refused. The program calls it once per transaction until a batch\n"
        "-- comes back short or the operator cancels.\n"
        "--\n"
        "-- SECURITY DEFINER, owned by the role that applies this file (the tables' owner); roles.sql\n"
        "-- grants EXECUTE to the operator role only. Apply after the tables exist and before roles.sql.\n"
        "-- Idempotent.\n\n");
    for (const SchemaProfile &p : profiles)
        out += PurgeFunctionSql(p).installSql() + QLatin1Char('\n');
    return out;
}

} // namespace om
