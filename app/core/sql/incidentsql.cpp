// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/incidentsql.h"
#include "core/sql/statesql.h"
#include "core/common/timeconv.h"
#include "core/sql/auditsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/textsql.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"

namespace om::sql {
namespace {
QString column(const SchemaProfile &p, const char *logical) { return auditColumn(p, QLatin1String(logical)); }
} // namespace

Statement serverNow() { return {QStringLiteral("SELECT extract(epoch from now())::float8"), {}}; }

Statement incidentTotals(const SchemaProfile &p, const AuditFilter &filter) {
    Statement s;
    const QString from = auditFrom(p, filter, s.params);
    s.text = QStringLiteral("SELECT count(*), count(DISTINCT %1), extract(epoch from now())::float8 ")
                 .arg(column(p, "messageId"))
             + from;
    return s;
}

Statement incidentGroups(const SchemaProfile &p, const AuditFilter &filter, int limit) {
    Statement s;
    const QString from = auditFrom(p, filter, s.params);
    const QString osAtHost = QStringLiteral("concat_ws('@', %1, %2)").arg(column(p, "osUser"), column(p, "host"));
    // Each group with its three most frequent reasons (as a JSON array: one round trip).
    s.text = QStringLiteral(
                 "WITH x AS (SELECT %1 AS action, %2 AS db_user, %3 AS os_at, %4 AS ticket, %5 AS mid, %6 AS at, %7 AS reason %8) "
                 "SELECT action, db_user, os_at, ticket, count(*), count(DISTINCT mid), extract(epoch from min(at))::float8, "
                 "extract(epoch from max(at))::float8, "
                 "(SELECT json_agg(reason) FROM (SELECT y.reason FROM x y WHERE y.action IS NOT DISTINCT FROM x.action "
                 "  AND y.db_user IS NOT DISTINCT FROM x.db_user AND y.os_at IS NOT DISTINCT FROM x.os_at "
                 "  AND y.ticket IS NOT DISTINCT FROM x.ticket AND y.reason IS NOT NULL "
                 "  GROUP BY y.reason ORDER BY count(*) DESC, y.reason LIMIT 3) z)::text "
                 "FROM x GROUP BY action, db_user, os_at, ticket ORDER BY count(*) DESC, action LIMIT %9")
                 .arg(column(p, "action"), column(p, "changedBy"), osAtHost, column(p, "ticket"), column(p, "messageId"),
                      column(p, "changedAt"), column(p, "reason"), from, QString::number(limit));
    return s;
}

Statement incidentTimeline(const SchemaProfile &p, const AuditFilter &filter, int bucketSeconds, const QDateTime &origin) {
    Statement s;
    const QString from = auditFrom(p, filter, s.params);
    // date_bin aligns the buckets to the range's start.
    const QString width = param(s.params, QStringLiteral("%1 seconds").arg(bucketSeconds));
    const QString start = param(s.params, isoUtc(origin));
    s.text = QStringLiteral("SELECT extract(epoch from date_bin(%1::interval, %2, %3::timestamptz))::float8 AS b, "
                            "coalesce(%4, '') AS action, count(*) %5 GROUP BY 1, 2 ORDER BY 1, 2")
                 .arg(width, column(p, "changedAt"), start, column(p, "action"), from);
    return s;
}

Statement openMessages(const SchemaProfile &p, const QStringList &states, const QString &sinceLogical,
                       int pastTimeoutMinutes, int limit) {
    const QString key = sql::keyText(p);
    const QString err = errorText(p);
    const QString since = p.col(sinceLogical);
    Statement s;
    const QString limitParam = param(s.params, QString::number(limit));
    QString cond = sql::statesPredicate(p, states);
    // Past the stuck timeout: only the stuck list asks (its since column is the profile's).
    if (pastTimeoutMinutes > 0)
        cond += QLatin1String(" AND ") + pastStuckTimeout(p, param(s.params, QString::number(pastTimeoutMinutes)) + QLatin1String("::int"));
    s.text = QStringLiteral("SELECT %1::text, %2, %3, %4, %5 FROM %6 WHERE %7 ORDER BY %8 LIMIT %9::int")
                 .arg(p.col(QStringLiteral("id")), key, sql::stateExpression(p), ageSeconds(p, sinceLogical), err, p.qualifiedTable(),
                      cond, since, limitParam);
    return s;
}

Statement messagesInRange(const SchemaProfile &p, const QStringList &states, const QString &sinceLogical,
                          const QDateTime &from, const QDateTime &to, int limit) {
    const QString since = p.col(sinceLogical);
    Statement s;
    const QString fromParam = param(s.params, isoUtc(from));
    const QString toParam = param(s.params, isoUtc(to));
    const QString limitParam = param(s.params, QString::number(limit));
    // count(*) OVER () is computed before LIMIT: the total rides along with the rows shown.
    const QString inRange = timeCompare(p, sinceLogical, QStringLiteral(">="), fromParam + QLatin1String("::timestamptz"))
                            + QLatin1String(" AND ")
                            + timeCompare(p, sinceLogical, QStringLiteral("<"), toParam + QLatin1String("::timestamptz"));
    s.text = QStringLiteral("SELECT %1::text, %2, %3, %4, %5, %6, count(*) OVER () FROM %7 "
                            "WHERE %8 AND %9 ORDER BY %10, %1 LIMIT %11::int")
                 .arg(p.col(QStringLiteral("id")), sql::keyText(p), sql::stateExpression(p), ageSeconds(p, sinceLogical), errorText(p),
                      epochSeconds(p, sinceLogical), p.qualifiedTable(), sql::statesPredicate(p, states), inRange)
                 .arg(since, limitParam);
    return s;
}

} // namespace om::sql
