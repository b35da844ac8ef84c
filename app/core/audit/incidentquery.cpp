#include "core/audit/incidentquery.h"
#include "core/audit/auditfilter.h"
#include "core/dashboard/snapshotquery.h"
#include "pg/pgsession.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace om {

namespace {
QDateTime fromEpoch(const QVariant &v) {
    return v.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(qint64(v.toDouble() * 1000.0 + 0.5), Qt::UTC);
}
QString str(const QVariant &v) { return v.isNull() ? QString() : v.toString(); }
QString iso(const QDateTime &t) { return t.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")) + QLatin1String("+00"); }
} // namespace

int IncidentQuery::bucketSecondsFor(qint64 rangeSeconds) {
    static const int steps[] = {60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86400};
    const qint64 wanted = rangeSeconds / 48;
    for (int s : steps)
        if (s >= wanted)
            return s;
    return int(qMin<qint64>((wanted + 86399) / 86400 * 86400, 365LL * 86400));
}

IncidentData IncidentQuery::run(PgSession &session, const QDateTime &from, const QDateTime &to, const QString &ticket) const {
    const SchemaProfile &p = m_profile;
    IncidentData d;
    d.from = from.toUTC();
    d.to = to.toUTC();
    d.ticket = ticket;
    d.bucketSeconds = bucketSecondsFor(from.secsTo(to));

    AuditFilter f;
    f.from = from;
    f.to = to;
    f.ticket = ticket;
    QVariantList params;
    const QString where = buildAuditWhere(p, f, params);
    auto c = [&p](const char *logical) { return auditColumn(p, QLatin1String(logical)); };
    const QString from_ = QStringLiteral("FROM %1 a LEFT JOIN %2 m ON m.%3 = %4 WHERE %5")
                              .arg(p.qualifiedAuditTable(), p.qualifiedTable(), p.col(QStringLiteral("id")), c("messageId"), where);

    PgResult r = session.query(QStringLiteral("SELECT count(*), count(DISTINCT %1), extract(epoch from now())::float8 ")
                                   .arg(c("messageId")) + from_, params);
    d.auditRows = r.rows.value(0).value(0).toLongLong();
    d.messagesTouched = r.rows.value(0).value(1).toLongLong();
    d.serverNow = fromEpoch(r.rows.value(0).value(2));

    // Groups, each with its three most frequent reasons (as a JSON array, one round trip).
    const QString osAtHost = QStringLiteral("concat_ws('@', %1, %2)").arg(c("osUser"), c("host"));
    r = session.query(QStringLiteral(
        "WITH x AS (SELECT %1 AS action, %2 AS db_user, %3 AS os_at, %4 AS ticket, %5 AS mid, %6 AS at, %7 AS reason %8) "
        "SELECT action, db_user, os_at, ticket, count(*), count(DISTINCT mid), extract(epoch from min(at))::float8, "
        "extract(epoch from max(at))::float8, "
        "(SELECT json_agg(reason) FROM (SELECT y.reason FROM x y WHERE y.action IS NOT DISTINCT FROM x.action "
        "  AND y.db_user IS NOT DISTINCT FROM x.db_user AND y.os_at IS NOT DISTINCT FROM x.os_at "
        "  AND y.ticket IS NOT DISTINCT FROM x.ticket AND y.reason IS NOT NULL "
        "  GROUP BY y.reason ORDER BY count(*) DESC, y.reason LIMIT 3) z)::text "
        "FROM x GROUP BY action, db_user, os_at, ticket ORDER BY count(*) DESC, action LIMIT 100")
        .arg(c("action"), c("changedBy"), osAtHost, c("ticket"), c("messageId"), c("changedAt"), c("reason"), from_), params);
    for (const QVariantList &v : r.rows) {
        ActionGroup g{str(v[0]), str(v[1]), str(v[2]), str(v[3]), v[4].toLongLong(), v[5].toLongLong(),
                      fromEpoch(v[6]), fromEpoch(v[7]), {}};
        for (const QJsonValue &reason : QJsonDocument::fromJson(str(v[8]).toUtf8()).array())
            g.reasons << reason.toString();
        d.groups << g;
    }

    // Timeline: date_bin aligns buckets to the range's start.
    QVariantList tp = params;
    tp << QStringLiteral("%1 seconds").arg(d.bucketSeconds) << iso(d.from);
    r = session.query(QStringLiteral("SELECT extract(epoch from date_bin($%1::interval, %2, $%3::timestamptz))::float8 AS b, "
                                     "coalesce(%4, '') AS action, count(*) %5 GROUP BY 1, 2 ORDER BY 1, 2")
                          .arg(QString::number(tp.size() - 1), c("changedAt"), QString::number(tp.size()), c("action"), from_),
                      tp);
    for (const QVariantList &v : r.rows)
        d.timeline << TimelinePoint{fromEpoch(v[0]), str(v[1]), v[2].toLongLong()};

    // The end state: the live dashboard numbers and the messages still stuck or failed.
    d.end = SnapshotQuery(p).run(session);
    const QString key = p.has(QStringLiteral("key")) ? p.col(QStringLiteral("key")) : QStringLiteral("NULL::text");
    const QString err = p.has(QStringLiteral("errorMessage")) ? p.col(QStringLiteral("errorMessage")) : QStringLiteral("NULL::text");
    auto list = [&](const QStringList &states, const QString &since, bool pastTimeout) {
        QList<OpenMessage> out;
        if (states.isEmpty() || since.isEmpty() || !p.has(since))
            return out;
        QVariantList lp{QString::number(m_listLimit)};
        QString cond = p.statesPredicate(states);
        if (pastTimeout) {
            lp << QString::number(p.stuckTimeoutMinutes);
            cond += QStringLiteral(" AND %1 < now() - make_interval(mins => $2::int)").arg(p.col(since));
        }
        const PgResult lr = session.query(
            QStringLiteral("SELECT %1::text, %2, %3, extract(epoch from now() - %4)::float8, %5 FROM %6 WHERE %7 ORDER BY %4 LIMIT $1::int")
                .arg(p.col(QStringLiteral("id")), key, p.stateExpression(), p.col(since), err, p.qualifiedTable(), cond),
            lp);
        for (const QVariantList &v : lr.rows)
            out << OpenMessage{v[0].toLongLong(), str(v[1]), str(v[2]), str(v[4]), v[3].toDouble()};
        return out;
    };
    d.stuck = list(p.stuckStates, p.stuckSince, true);
    const QString failedSince = p.has(QStringLiteral("updatedAt")) ? QStringLiteral("updatedAt") : QStringLiteral("createdAt");
    d.failed = list(p.failedStates, failedSince, false);
    for (const QString &s : p.failedStates)
        d.failedTotal += d.end.count(s);
    return d;
}

} // namespace om
