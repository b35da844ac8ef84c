// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/purge/purgefunctionsql.h"
#include "core/sql/statesql.h"
#include "core/kit/auditedfunctionsql.h"
#include "core/kit/auditinsert.h"
#include "core/sql/kitnames.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"

namespace om {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }

// Arguments in order; the runner binds them as $n..$n+8 (PurgeFunctionSql::callSql).
const char *const kArguments[][2] = {
    {"p_action_id", "uuid"},
    {"p_states", "text[]"},
    {"p_older_than_days", "integer"},
    {"p_batch_size", "integer"},
    {"p_reason", "text"},
    {"p_ticket", "text"},
    {"p_os_user", "text"},
    {"p_client_host", "text"},
    {"p_app_version", "text"},
};

} // namespace

PurgeFunctionSql::PurgeFunctionSql(SchemaProfile profile) : m_profile(std::move(profile)) {}

QString PurgeFunctionSql::functionName() const {
    return kit::prefixedName(QStringLiteral("outbox_monitor_purge_"), m_profile.table); // one per table
}

QString PurgeFunctionSql::qualifiedFunction() const { return declaration().qualifiedName(); }

QString PurgeFunctionSql::signature() const { return declaration().signature(); }

bool PurgeFunctionSql::installs() const {
    return m_profile.hasPurge() && !m_profile.audit.column(QStringLiteral("actionId")).isEmpty();
}

QString PurgeFunctionSql::callSql(int n) const {
    return QStringLiteral("SELECT %1($%2::uuid, $%3::text[], $%4::int, $%5::int, $%6::text, $%7::text,"
                          " $%8::text, $%9::text, $%10::text)")
        .arg(qualifiedFunction())
        .arg(n)
        .arg(n + 1)
        .arg(n + 2)
        .arg(n + 3)
        .arg(n + 4)
        .arg(n + 5)
        .arg(n + 6)
        .arg(n + 7)
        .arg(n + 8);
}

QString PurgeFunctionSql::stateGuard() const {
    // The profile's purge states as literals (so a partial index on them can serve), narrowed to
    // those the caller named; the caller's list was checked against the same states first. The
    // state as text: a status column of an enum type has no = with text[] (the call failed).
    return sql::statesPredicate(m_profile, m_profile.purge.states) + QLatin1String(" AND (") + sql::stateExpression(m_profile)
           + QLatin1String(")::text = ANY (p_states)");
}

QString PurgeFunctionSql::checks() const {
    QStringList allowed;
    for (const QString &s : m_profile.purge.states)
        allowed << lit(s);
    return QStringLiteral(
               "    IF p_older_than_days IS NULL OR p_older_than_days < 1 THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a purge needs a retention of at least 1 day' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    IF p_batch_size IS NULL OR p_batch_size < 1 OR p_batch_size > %1 THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a purge batch is 1 to %1 rows' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    IF p_states IS NULL OR cardinality(p_states) = 0 THEN\n"
               "        RAISE EXCEPTION 'outbox monitor: a purge must name the finished states it deletes' USING ERRCODE = 'invalid_parameter_value';\n"
               "    END IF;\n"
               "    FOREACH v_state IN ARRAY p_states LOOP\n"
               "        IF v_state IS NULL OR NOT (v_state = ANY (ARRAY[%2]::text[])) THEN\n"
               "            RAISE EXCEPTION 'outbox monitor: % is not a finished state this profile may purge (only %)', v_state, %3\n"
               "                  USING ERRCODE = 'invalid_parameter_value';\n"
               "        END IF;\n"
               "    END LOOP;\n")
        .arg(QString::number(kMaxBatchSize), allowed.join(QLatin1String(", ")), lit(m_profile.purge.states.join(QLatin1String(", "))));
}

QString PurgeFunctionSql::body() const {
    const QString id = m_profile.col(QStringLiteral("id"));
    const QString age = sql::timeCompare(m_profile, m_profile.purge.sinceColumn, QStringLiteral("<"),
                                         QStringLiteral("now() - make_interval(days => p_older_than_days)"));
    // The batch's rows are locked SKIP LOCKED (a worker's row is left for a later batch, never
    // waited on) and deleted in one statement with their audit rows: never a row gone without its
    // audit row, never an audit row for a row that stayed. No NOTIFY: a purge changes no open
    // message, so no window's counts of open work move.
    return QStringLiteral(
               "    WITH om_target AS (\n"
               "        SELECT %1 AS om_id FROM %2\n"
               "         WHERE %3\n"
               "           AND %4\n"
               "         LIMIT p_batch_size\n"
               "           FOR UPDATE SKIP LOCKED\n"
               "    ), om_deleted AS (\n"
               "        DELETE FROM %2 AS om_d USING om_target\n"
               "         WHERE om_d.%1 = om_target.om_id\n"
               "        RETURNING om_target.om_id, %5 AS om_old\n"
               "    ), om_audit AS (\n"
               "        %6\n"
               "    )\n"
               "    SELECT count(*) INTO v_deleted FROM om_deleted;\n"
               "    RETURN v_deleted;\n")
        .arg(id, m_profile.qualifiedStorageTable(), stateGuard(), age, sql::stateExpression(m_profile),
             kit::auditInsertSql(m_profile, {QStringLiteral("om_deleted"), m_profile.purge.auditName, purgedStatus()}));
}

kit::AuditedFunction PurgeFunctionSql::declaration() const {
    kit::AuditedFunction f = kit::AuditedFunction::ofTable(m_profile, QStringLiteral("purge function"), functionName());
    for (const auto &arg : kArguments)
        f.arguments << kit::SqlVariable{QLatin1String(arg[0]), QLatin1String(arg[1])};
    f.returns = QStringLiteral("bigint");
    f.writes = QStringLiteral("deletes");
    return f; // no warning when it is missing: a table without one has no purge
}

kit::AuditedFunction PurgeFunctionSql::function() const {
    kit::AuditedFunction f = declaration();
    f.variables = {{QStringLiteral("v_state"), QStringLiteral("text")}, {QStringLiteral("v_deleted"), QStringLiteral("bigint := 0")}};
    if (!m_profile.hasPurge()) {
        f.notInstalled = QStringLiteral("no \"purge\" in the profile, or a read-only profile: nothing to install");
        return f;
    }
    if (!installs()) {
        f.notInstalled = QStringLiteral("the profile maps no audit.columns.actionId: not generated");
        return f;
    }
    f.checks = checks();
    f.body = body();
    return f;
}

QString PurgeFunctionSql::installSql() const {
    return kit::functionInstallSql(function());
}

QString PurgeFunctionSql::kitFile(const QList<SchemaProfile> &profiles) {
    QString out = QStringLiteral(
        "-- Admin kit: the purge functions, the only way operators delete finished messages: every\n"
        "-- delete is made and audited by the database in one statement, never by the program's own DELETE.\n"
        "--\n"
        "-- GENERATED from the built-in profiles' \"purge\" sections (resources/profiles/*.json) by\n"
        "-- om::PurgeFunctionSql (app/core/purge/) through om::kit::AuditedFunction (app/core/kit/); do not\n"
        "-- edit by hand: tests/unit/tst_purgekit fails when this file and the generator differ, and\n"
        "-- OM_REGENERATE_KIT=1 build/tests/tst_purgekit rewrites it.\n"
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
