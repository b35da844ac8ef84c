#include "core/sql/headsql.h"
#include "core/sql/listsql.h"
#include "core/sql/sqltext.h"

namespace om::sql {
namespace {

QString openPredicate(const SchemaProfile &p) {
    QStringList open;
    for (const StateDef &s : p.states)
        if (!s.terminal)
            open << s.name;
    return p.statesPredicate(open);
}

/// One SELECT per kind of bad head, each written like the partial index that serves it (the
/// snapshot's stuck and failed counts use the same predicates).
QStringList candidateBranches(const SchemaProfile &p) {
    const QString head = QStringLiteral("SELECT %1 AS om_hid, %2 AS om_hkey, %3 AS om_hcreated, %4 AS om_why FROM %5 WHERE ")
                             .arg(p.col(QStringLiteral("id")), p.col(p.orderingKey), p.col(QStringLiteral("createdAt")),
                                  QStringLiteral("%1"), p.qualifiedTable());
    QStringList out;
    if (!p.failedStates.isEmpty())
        out << head.arg(1) + p.statesPredicate(p.failedStates);
    if (!p.stuckStates.isEmpty())
        out << head.arg(2) + QStringLiteral("%1 AND %2 < now() - make_interval(mins => $1::int)")
                                 .arg(p.statesPredicate(p.stuckStates), p.col(p.stuckSince));
    // Retrying: waiting again after a failure and not yet due (its next run in the future). One
    // that is due is the workers' to take, as after a manual retry (next run = now).
    if (p.has(QStringLiteral("retries")) && !p.waitingStates.isEmpty()) {
        QString retrying = QStringLiteral("%1 AND %2 > 0").arg(p.statesPredicate(p.waitingStates), p.col(QStringLiteral("retries")));
        if (p.has(QStringLiteral("nextRun")))
            retrying += QStringLiteral(" AND %1 > now()").arg(p.col(QStringLiteral("nextRun")));
        out << head.arg(3) + retrying;
    }
    if (out.isEmpty()) // nothing can block: an empty set of the same shape
        out << head.arg(1) + QLatin1String("false");
    return out;
}

/// `(o.created, o.id) op (h.om_hcreated, h.om_hid)` for the same key: one range of the ordering index.
QString sameKey(const SchemaProfile &p, const QString &h, const char *op) {
    return QStringLiteral("%1 AND o.%2 = %3.om_hkey AND (o.%4, o.%5) %6 (%3.om_hcreated, %3.om_hid)")
        .arg(openPredicate(p), p.col(p.orderingKey), h, p.col(QStringLiteral("createdAt")), p.col(QStringLiteral("id")),
             QLatin1String(op));
}

} // namespace

QString blockedCtes(const SchemaProfile &p) {
    const QString t = p.qualifiedTable();
    // A row can be a candidate twice (batch_work_item's RETRY_WAIT is waiting and failed): the
    // first reason counts. Its open predicate inside the probes names the table's columns bare;
    // they resolve to `o`, the only relation there with real column names.
    return QStringLiteral(
               "hol_cand AS (SELECT DISTINCT ON (om_hid) * FROM (%1) c ORDER BY om_hid, om_why), "
               "hol_heads AS MATERIALIZED (SELECT c.* FROM hol_cand c WHERE NOT EXISTS (SELECT 1 FROM %2 o WHERE %3)), "
               "hol_behind AS MATERIALIZED (SELECT h.om_hid, b.n AS om_behind, b.oldest AS om_oldest FROM hol_heads h "
               "CROSS JOIN LATERAL (SELECT count(*) AS n, min(o.%4) AS oldest FROM %2 o WHERE %5) b)")
        .arg(candidateBranches(p).join(QLatin1String(" UNION ALL ")), t, sameKey(p, QStringLiteral("c"), "<"),
             p.col(QStringLiteral("createdAt")), sameKey(p, QStringLiteral("h"), ">"));
}

Statement blockedHeads(const SchemaProfile &p, int stuckTimeoutMinutes, int limit) {
    QStringList cols = messageColumns(p, QStringLiteral("createdAt"), QStringLiteral("id"));
    cols << QStringLiteral("h.om_hkey::text AS om_key") << QStringLiteral("h.om_why") << QStringLiteral("b.om_behind")
         << QStringLiteral("extract(epoch from now() - b.om_oldest)::float8 AS om_oldest_age");
    return {QStringLiteral("WITH %1 SELECT %2 FROM hol_heads h JOIN hol_behind b ON b.om_hid = h.om_hid "
                           "JOIN %3 ON %4 = h.om_hid ORDER BY b.om_behind DESC, b.om_oldest NULLS LAST, h.om_hcreated, h.om_hid LIMIT $2")
                .arg(blockedCtes(p), cols.join(QLatin1String(", ")), p.qualifiedTable(), p.col(QStringLiteral("id"))),
            {stuckTimeoutMinutes, limit}};
}

QString orderingIndexPresent(const SchemaProfile &p) {
    // Any valid index that starts with (key, created time): the probes then read one range each.
    return QStringLiteral("EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = %1::regclass AND i.indisvalid "
                          "AND i.indkey[0] = (SELECT attnum FROM pg_attribute WHERE attrelid = i.indrelid AND attname = %2) "
                          "AND i.indkey[1] = (SELECT attnum FROM pg_attribute WHERE attrelid = i.indrelid AND attname = %3))")
        .arg(quoteLiteral(p.qualifiedTable()), quoteLiteral(p.column(p.orderingKey)), quoteLiteral(p.column(QStringLiteral("createdAt"))));
}

QString blockedTotalsColumns(const SchemaProfile &p) {
    // Without the index every probe would read all the open rows of the table: the refresh then
    // leaves the totals out (NULL) and says which index is missing, rather than grow with the backlog.
    // The CTEs are evaluated only when read, so the CASE keeps them from running.
    return QStringLiteral("%1 AS hol_indexed, "
                          "CASE WHEN %1 THEN (SELECT count(*) FROM hol_heads) END AS hol_heads, "
                          "CASE WHEN %1 THEN (SELECT coalesce(sum(om_behind), 0)::bigint FROM hol_behind) END AS hol_behind")
        .arg(orderingIndexPresent(p));
}

QString orderingIndex(const SchemaProfile &p) {
    return QStringLiteral("CREATE INDEX ON %1 (%2, %3, %4) WHERE %5")
        .arg(p.qualifiedTable(), p.col(p.orderingKey), p.col(QStringLiteral("createdAt")), p.col(QStringLiteral("id")),
             openPredicate(p));
}

} // namespace om::sql
