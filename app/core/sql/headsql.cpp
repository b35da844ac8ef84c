#include "core/sql/headsql.h"
#include "core/sql/listsql.h"
#include "core/sql/sqltext.h"

namespace om::sql {
namespace {

/// Stuck rows (oldest first) the head-of-line check looks at, at most: past it, heads among the
/// newer stuck rows are not found (candidateBranches says why the stuck rows are bounded).
constexpr int kMaxHeadCandidates = 100000;

QString openPredicate(const SchemaProfile &p) {
    QStringList open;
    for (const StateDef &s : p.states)
        if (!s.terminal)
            open << s.name;
    return p.statesPredicate(open);
}

QStringList minus(QStringList states, const QStringList &others) {
    for (const QString &o : others)
        states.removeAll(o);
    return states;
}

/// One SELECT per kind of bad head, each written like the partial index that serves it (the
/// snapshot's stuck and failed counts use the same predicates). The kinds are told apart by state
/// so that no row is a candidate twice: a failed state is failing whatever else it is; a stuck
/// state is judged by the stuck rule only.
QStringList candidateBranches(const SchemaProfile &p) {
    const QString head = QStringLiteral("SELECT %1 AS om_hid, %2 AS om_hkey, %3 AS om_hcreated, %4 AS om_why FROM %5 WHERE ")
                             .arg(p.col(QStringLiteral("id")), p.col(p.orderingKey), p.col(QStringLiteral("createdAt")),
                                  QStringLiteral("%1"), p.qualifiedTable());
    QStringList out;
    if (!p.failedStates.isEmpty())
        out << head.arg(1) + p.statesPredicate(p.failedStates);
    if (const QStringList stuck = minus(p.stuckStates, p.failedStates); !stuck.isEmpty())
        // Ids only, in the order of the stuck index and bounded, then each row's key by its id: the
        // planner takes the open rows' time column as independent of their state and expects a
        // tenth of the table where an outbox has a few old rows (measured: 182,000 expected, 1,541
        // found); asked for the key as well, it read the whole ordering index and sorted it. The
        // ids alone are one range of the (since, id) index, read index-only; the LIMIT 1 keeps the
        // planner from turning the lookup by id into a hash join over the whole table.
        out << QStringLiteral("SELECT s.om_hid, k.om_hkey, k.om_hcreated, 2 AS om_why FROM (SELECT %1 AS om_hid FROM %2 "
                              "WHERE %3 AND %4 < now() - make_interval(mins => $1::int) ORDER BY %4 LIMIT %5) s "
                              "CROSS JOIN LATERAL (SELECT %6 AS om_hkey, %7 AS om_hcreated FROM %2 WHERE %1 = s.om_hid LIMIT 1) k")
                   .arg(p.col(QStringLiteral("id")), p.qualifiedTable(), p.statesPredicate(stuck), p.col(p.stuckSince))
                   .arg(kMaxHeadCandidates)
                   .arg(p.col(p.orderingKey), p.col(QStringLiteral("createdAt")));
    // Retrying: waiting again after a failure and not yet due (its next run in the future). One
    // that is due is the workers' to take, as after a manual retry (next run = now).
    const QStringList waiting = minus(minus(p.waitingStates, p.failedStates), p.stuckStates);
    if (p.has(QStringLiteral("retries")) && !waiting.isEmpty()) {
        QString retrying = QStringLiteral("%1 AND %2 > 0").arg(p.statesPredicate(waiting), p.col(QStringLiteral("retries")));
        if (p.has(QStringLiteral("nextRun")))
            retrying += QStringLiteral(" AND %1 > now()").arg(p.col(QStringLiteral("nextRun")));
        out << head.arg(3) + retrying;
    }
    if (out.isEmpty()) // nothing can block: an empty set of the same shape
        out << head.arg(1) + QLatin1String("false");
    return out;
}

/// The open rows of the same key before (op "<") or after (">") the candidate, as one range of
/// the ordering index. The key leads the row comparison on purpose: `(created, id) op (...)` alone
/// also matches the kit's (created_at, id) index of the waiting rows, and the planner took that one
/// for the rows behind a head, reading every open row newer than it for each head (16.6 s at
/// 1,000,000 open rows in scripts/bench profiles, against 0.8 s for DISTINCT ON).
QString sameKey(const SchemaProfile &p, const QString &h, const char *op) {
    return QStringLiteral("%1 AND o.%2 = %3.om_hkey AND (o.%2, o.%4, o.%5) %6 (%3.om_hkey, %3.om_hcreated, %3.om_hid)")
        .arg(openPredicate(p), p.col(p.orderingKey), h, p.col(QStringLiteral("createdAt")), p.col(QStringLiteral("id")),
             QLatin1String(op));
}

} // namespace

QString blockedCtes(const SchemaProfile &p) {
    const QString t = p.qualifiedTable();
    // Each candidate and each head is probed by a LATERAL subquery with LIMIT: one index range per
    // row by construction, whatever the planner expects of the candidates (see above). The open
    // predicate inside the probes names the table's columns bare; they resolve to `o`, the only
    // relation there with real column names.
    return QStringLiteral(
               "hol_cand AS MATERIALIZED (%1), "
               "hol_heads AS MATERIALIZED (SELECT c.* FROM hol_cand c "
               "LEFT JOIN LATERAL (SELECT true AS earlier FROM %2 o WHERE %3 LIMIT 1) e ON true WHERE e.earlier IS NULL), "
               "hol_behind AS MATERIALIZED (SELECT h.om_hid, b.n AS om_behind, b.oldest AS om_oldest FROM hol_heads h "
               "CROSS JOIN LATERAL (SELECT count(*) AS n, min(o.%4) AS oldest FROM %2 o WHERE %5) b)")
        .arg(candidateBranches(p).join(QLatin1String(" UNION ALL ")), t, sameKey(p, QStringLiteral("c"), "<"),
             p.col(QStringLiteral("createdAt")), sameKey(p, QStringLiteral("h"), ">"));
}

Statement blockedHeads(const SchemaProfile &p, int stuckTimeoutMinutes, int limit) {
    QStringList cols = messageColumns(p, QStringLiteral("createdAt"), QStringLiteral("id"));
    cols << QStringLiteral("w.om_hkey::text AS om_key") << QStringLiteral("w.om_why") << QStringLiteral("w.om_behind")
         << QStringLiteral("extract(epoch from now() - w.om_oldest)::float8 AS om_oldest_age");
    // The worst `limit` first, then their rows one by one (LATERAL): never a join of the whole table.
    const QString order = QStringLiteral("om_behind DESC, om_oldest NULLS LAST, om_hcreated, om_hid");
    return {QStringLiteral("WITH %1 SELECT %2 FROM (SELECT h.*, b.om_behind, b.om_oldest FROM hol_heads h "
                           "JOIN hol_behind b ON b.om_hid = h.om_hid ORDER BY %5 LIMIT $2) w "
                           "CROSS JOIN LATERAL (SELECT * FROM %3 WHERE %4 = w.om_hid LIMIT 1) m ORDER BY %6")
                .arg(blockedCtes(p), cols.join(QLatin1String(", ")), p.qualifiedTable(), p.col(QStringLiteral("id")), order,
                     QStringLiteral("w.om_behind DESC, w.om_oldest NULLS LAST, w.om_hcreated, w.om_hid")),
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
