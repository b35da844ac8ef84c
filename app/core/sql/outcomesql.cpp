// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/outcomesql.h"
#include "core/sql/statesql.h"
#include "core/sql/auditsql.h"
#include "core/sql/flowsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/textsql.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"

namespace om::sql {
namespace {

QString a(const SchemaProfile &p, const char *logical) { return auditColumn(p, QLatin1String(logical)); }

/// Names of the states of one role, as SQL literals ("" when none).
QString roleLiterals(const SchemaProfile &p, const QString &role) {
    QStringList out;
    for (const StateDef &s : p.states)
        if (s.role == role)
            out << quoteLiteral(s.name);
    return out.join(QLatin1String(", "));
}

/// The message's error as shown: the code where the profile maps one, else the text's first line.
/// None once the message is done: libraries leave a retried message's last error in place when
/// it is then sent, and "SENT · HTTP_404" would say that it failed.
QString errorExpression(const SchemaProfile &p) {
    QString error;
    if (p.has(QStringLiteral("errorCode")))
        error = QStringLiteral("nullif(%1::text, '')").arg(p.col(QStringLiteral("errorCode")));
    else if (p.has(QStringLiteral("errorMessage")))
        error = QStringLiteral("nullif(left(split_part(%1, E'\\n', 1), 120), '')").arg(errorText(p));
    else
        return QStringLiteral("NULL::text");
    QStringList done;
    for (const StateDef &s : p.states)
        if (s.role == QLatin1String("done"))
            done << s.name;
    return done.isEmpty() ? error : QStringLiteral("CASE WHEN %1 THEN NULL ELSE %2 END").arg(sql::statesPredicate(p, done), error);
}

/// True for a row in a stuck state past the timeout (`minutesParam`), false without stuck states.
QString stuckExpression(const SchemaProfile &p, const QString &minutesParam) {
    if (p.stuckStates.isEmpty() || p.stuckSince.isEmpty() || !p.has(p.stuckSince))
        return QStringLiteral("false");
    return QStringLiteral("(%1 AND %2)").arg(sql::statesPredicate(p, p.stuckStates), pastStuckTimeout(p, minutesParam + QLatin1String("::int")));
}

/// A message not in the table may have been moved to the archive by the library's maintenance:
/// found there (om_found 2), it is in the state the profile's rules read from the archive's own
/// columns (or, for an archive without them, the archive's one state), with its finished time.
/// Looked up only for the messages the table no longer has, by the archive's id.
QString archivedJoin(const SchemaProfile &p, const QString &cast, const QString &finished) {
    if (!p.hasArchive())
        return QStringLiteral(" LEFT JOIN LATERAL (SELECT NULL::int AS om_found, NULL::text AS om_state, NULL::timestamptz AS om_fin) r ON true");
    const QString state = p.archive.keepsState() ? sql::stateExpression(p) : quoteLiteral(p.archive.state);
    return QStringLiteral(" LEFT JOIN LATERAL (SELECT 2 AS om_found, %1::text AS om_state, %2 AS om_fin FROM %3 "
                          "WHERE n.om_found IS NULL AND %4 = %5 LIMIT 1) r ON true")
        .arg(state, finished, p.qualifiedArchiveTable(), p.col(QStringLiteral("id")), cast);
}

/// The CTEs `acted` (each action's distinct messages and when the action first touched them,
/// through the action-id index) and `moved` (each such message now: found, state, stuck, finished
/// time, error). The message columns are read inside a LATERAL subquery over the table alone,
/// so that a profile's unqualified column names cannot collide with the audit side's. The key and
/// the age only for `listColumns` (a list of messages): the outcome counts read 10,000 rows and
/// each expression left out is 10,000 evaluations fewer.
QString movedCtes(const SchemaProfile &p, const QString &actionCondition, const QString &stuckMinutesParam, bool listColumns) {
    const QString aid = a(p, "actionId");
    const QString mid = a(p, "messageId");
    const QString cast = p.types.auditMessageId == p.types.id ? QStringLiteral("x.om_mid")
                                                              : QStringLiteral("(x.om_mid)::%1").arg(sqlTypeName(p.types.id));
    // The finished time as the flow chart reads it (finishedAt, the done state's own column, or
    // the last update): "sent within 3 min" and the chart then agree.
    const QString finishedAt = flowSources(p).finishedAt;
    const QString finished = finishedAt.isEmpty() ? QStringLiteral("NULL::timestamptz") : timeValue(p, finishedAt);
    return QStringLiteral(
               "WITH acted AS (SELECT %1::text AS om_action, %2 AS om_mid, min(%3) AS om_at FROM %4 a "
               "WHERE %5 AND %2 IS NOT NULL GROUP BY 1, 2), "
               "moved AS (SELECT x.om_action, x.om_mid, x.om_at, coalesce(n.om_found, r.om_found, 0) AS om_found, "
               "coalesce(n.om_state::text, r.om_state) AS om_state, "
               "coalesce(n.om_stuck, false) AS om_stuck, coalesce(n.om_fin, r.om_fin) AS om_fin, n.om_err, n.om_key, n.om_age FROM acted x "
               "LEFT JOIN LATERAL (SELECT 1 AS om_found, %6 AS om_state, %7 AS om_stuck, %8 AS om_fin, %9 AS om_err, "
               "%10 AS om_key, %11 AS om_age FROM %12 WHERE %13 = %14) n ON true%15) ")
        .arg(aid, mid, a(p, "changedAt"), p.qualifiedAuditTable(), actionCondition, sql::stateExpression(p),
             stuckExpression(p, stuckMinutesParam), finished, errorExpression(p),
             listColumns ? sql::keyText(p) : QStringLiteral("NULL::text"),
             listColumns && p.has(QStringLiteral("updatedAt")) ? ageSeconds(p, QStringLiteral("updatedAt")) : QStringLiteral("NULL::float8"),
             p.qualifiedTable(), p.col(QStringLiteral("id")), cast)
        .arg(archivedJoin(p, cast, finished));
}

} // namespace

Statement actionHeaders(const SchemaProfile &p, const AuditFilter &filter, int recentSeconds, int limit) {
    AuditFilter f = filter;
    f.keyText.clear(); // the key lives in the message table, which this statement does not join
    Statement s;
    QString where = auditWhere(p, f, s.params);
    const QString aid = a(p, "actionId");
    const QString at = a(p, "changedAt");
    if (recentSeconds > 0)
        where += QStringLiteral(" AND %1 >= now() - make_interval(secs => %2::int)")
                     .arg(at, param(s.params, QString::number(recentSeconds)));
    const QString limitParam = param(s.params, QString::number(limit));
    s.text = QStringLiteral("SELECT %1::text, min(%2), min(%3), min(%4), min(%5), min(%6), "
                            "extract(epoch from min(%7))::float8, count(DISTINCT %8) FROM %9 a "
                            "WHERE %1 IS NOT NULL AND %10 GROUP BY %1 ORDER BY min(%7) DESC, 1 LIMIT %11::int")
                 .arg(aid, a(p, "action"), a(p, "changedBy"), a(p, "osUser"), a(p, "host"), a(p, "ticket"), at,
                      a(p, "messageId"), p.qualifiedAuditTable(), where, limitParam);
    return s;
}

Statement actionOutcomes(const SchemaProfile &p, const QStringList &actionIds, int stuckTimeoutMinutes) {
    Statement s;
    // Each id is a uuid QUuid printed: no quoting needed inside the array literal, but quote anyway.
    QStringList quoted;
    for (const QString &id : actionIds)
        quoted << QLatin1Char('"') + QString(id).remove(QLatin1Char('"')).remove(QLatin1Char('\\')) + QLatin1Char('"');
    const QString ids = param(s.params, QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}'));
    const QString minutes = param(s.params, QString::number(stuckTimeoutMinutes));
    const QString failed = roleLiterals(p, QStringLiteral("failed"));
    s.text = movedCtes(p, QStringLiteral("%1 = ANY(%2::uuid[])").arg(a(p, "actionId"), ids), minutes, false)
             + QStringLiteral(
                   "SELECT 's', om_action, om_found, om_state, count(*), count(*) FILTER (WHERE om_stuck), "
                   "extract(epoch from min(om_at))::float8, "
                   "extract(epoch from max(om_fin - om_at) FILTER (WHERE om_fin >= om_at))::float8, NULL::text "
                   "FROM moved GROUP BY om_action, om_found, om_state "
                   "UNION ALL SELECT * FROM (SELECT DISTINCT ON (om_action) 'e', om_action, 1, NULL::text, count(*), 0::bigint, "
                   "NULL::float8, NULL::float8, om_err FROM moved WHERE %1 AND om_err IS NOT NULL "
                   "GROUP BY om_action, om_err ORDER BY om_action, count(*) DESC, om_err) e")
                   .arg(failed.isEmpty() ? QStringLiteral("false") : QStringLiteral("om_state IN (%1)").arg(failed));
    return s;
}

Statement actionIdColumnExists(const SchemaProfile &p) {
    return {QStringLiteral("SELECT (EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2 "
                           "AND attnum > 0 AND NOT attisdropped))::int"),
            {p.qualifiedAuditTable(), p.audit.column(QStringLiteral("actionId"))}};
}

Statement actionMessages(const SchemaProfile &p, const QString &actionId, int limit) {
    Statement s;
    const QString id = param(s.params, actionId);
    const QString limitParam = param(s.params, QString::number(limit));
    // The list shows no stuck flag: its timeout does not matter here.
    s.text = movedCtes(p, QStringLiteral("%1 = %2::uuid").arg(a(p, "actionId"), id), QStringLiteral("0"), true)
             + QStringLiteral("SELECT om_mid::text, om_key, om_state, om_found, om_err, om_age FROM moved "
                              "ORDER BY om_mid LIMIT %1::int")
                   .arg(limitParam);
    return s;
}

} // namespace om::sql
