// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/headsql.h"
#include "core/sql/statesql.h"
#include "core/sql/snapshotsql.h"
#include "core/sql/listsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"

namespace om::sql {
namespace {

/// Stuck rows (oldest first) the head-of-line check looks at, at most: past it, heads among the
/// newer stuck rows are not found (candidateBranches says why the stuck rows are bounded).
constexpr int kMaxHeadCandidates = 100000;

/// Rows the library would order within their key, whatever their state: a key (NULL is no key)
/// and not marked as unordered. Columns bare, as in every predicate here (see blockedCtes).
QString orderedRow(const SchemaProfile &p) {
    // Where NULL is one more key ("nullKey": "oneLine"), a row of no key is in that line.
    QString out = p.headOfLine.nullKeyIsOneLine ? QStringLiteral("true") : QStringLiteral("%1 IS NOT NULL").arg(p.col(p.orderingKey));
    const QList<StateCondition> &unordered = p.headOfLine.unordered;
    if (unordered.isEmpty())
        return out;
    QStringList all;
    for (const StateCondition &c : unordered)
        all << sql::condition(p, c);
    // IS NOT TRUE: a row whose flag is NULL is not marked, so it is ordered.
    return out + QStringLiteral(" AND (%1) IS NOT TRUE").arg(all.join(QLatin1String(" AND ")));
}

QStringList terminalStates(const SchemaProfile &p) {
    QStringList out;
    for (const StateDef &s : p.states)
        if (s.terminal)
            out << s.name;
    return out;
}

QStringList minus(QStringList states, const QStringList &others) {
    for (const QString &o : others)
        states.removeAll(o);
    return states;
}

/// A row in its key's line: an open, ordered row of a state the poller does not skip.
QString linePredicate(const SchemaProfile &p) {
    const QStringList states = minus(p.openStates(), p.headOfLine.skipped);
    if (states.isEmpty())
        return QStringLiteral("false");
    return sql::statesPredicate(p, states) + QStringLiteral(" AND ") + orderedRow(p);
}

/// The states a head of kind `states` blocks in: not finished, not skipped, and among the
/// profile's blocking states where it names them.
QStringList blockingOnly(const SchemaProfile &p, const QStringList &states) {
    QStringList out;
    for (const QString &s : minus(states, terminalStates(p)))
        if (!p.headOfLine.skipped.contains(s) && (p.headOfLine.blocking.isEmpty() || p.headOfLine.blocking.contains(s)))
            out << s;
    return out;
}

/// The columns a key's rows are taken by before the id: the profile's pick order, else the
/// created time.
QList<PickColumn> pickColumns(const SchemaProfile &p) {
    if (!p.headOfLine.pickOrder.isEmpty())
        return p.headOfLine.pickOrder;
    return {PickColumn{QStringLiteral("createdAt"), false}};
}

/// A row in one of the states that make it its key's only running row (false without the rule).
/// Bare columns: it is read inside the probes, where they resolve to the table's row.
QString activeRow(const SchemaProfile &p) {
    if (p.headOfLine.atMostOneActive.isEmpty())
        return QStringLiteral("false");
    return QStringLiteral("coalesce(%1, false)").arg(sql::statesPredicate(p, p.headOfLine.atMostOneActive));
}

/// What every candidate carries: its id, key and created time, and where the key has its own
/// order (HeadOfLineRule::hasOwnOrder), whether it is active and its pick-order values, so that
/// the earliest candidate of a key and the rows before it are found by that order.
QString headColumns(const SchemaProfile &p) {
    QString out = QStringLiteral("%1 AS om_hid, %2 AS om_hkey, %3 AS om_hcreated")
                      .arg(p.col(QStringLiteral("id")), p.col(p.orderingKey), p.col(QStringLiteral("createdAt")));
    if (!p.headOfLine.hasOwnOrder())
        return out;
    out += QStringLiteral(", %1 AS om_hactive").arg(activeRow(p));
    const QList<PickColumn> cols = pickColumns(p);
    for (int i = 0; i < cols.size(); ++i)
        out += QStringLiteral(", %1 AS om_s%2").arg(p.col(cols.at(i).column)).arg(i);
    return out;
}

/// ORDER BY of the candidates (om_ columns) in the key's order, the key first.
QString candidateOrder(const SchemaProfile &p) {
    if (!p.headOfLine.hasOwnOrder())
        return QStringLiteral("om_hkey, om_hcreated, om_hid");
    QStringList out{QStringLiteral("om_hkey"), QStringLiteral("om_hactive DESC")};
    const QList<PickColumn> cols = pickColumns(p);
    for (int i = 0; i < cols.size(); ++i)
        out << QStringLiteral("om_s%1%2").arg(i).arg(cols.at(i).descending ? QStringLiteral(" DESC") : QString());
    return out.join(QLatin1String(", ")) + QStringLiteral(", om_hid");
}

/// ORDER BY of the table's rows `o` of one key in the key's order: the row first is its head.
QString rowOrder(const SchemaProfile &p) {
    const QString id = QStringLiteral("o.") + p.col(QStringLiteral("id"));
    QStringList out{QStringLiteral("o.") + p.col(p.orderingKey)};
    if (!p.headOfLine.atMostOneActive.isEmpty())
        out << QStringLiteral("%1 DESC").arg(activeRow(p));
    for (const PickColumn &c : pickColumns(p))
        out << QStringLiteral("o.%1%2").arg(p.col(c.column), c.descending ? QStringLiteral(" DESC") : QString());
    return out.join(QLatin1String(", ")) + QStringLiteral(", ") + id;
}

/// The table's row `o` has the key of the head `h` (NULL = NULL where NULL is one line).
QString sameKeyAs(const SchemaProfile &p, const QString &h) {
    const QString key = QStringLiteral("o.") + p.col(p.orderingKey);
    if (!p.headOfLine.nullKeyIsOneLine)
        return QStringLiteral("%1 = %2.om_hkey").arg(key, h);
    return QStringLiteral("(%1 = %2.om_hkey OR (%1 IS NULL AND %2.om_hkey IS NULL))").arg(key, h);
}

/// The row `o` comes before the head `h` in the key's order: an active row before any other, then
/// column by column as ORDER BY sorts them (NULL last ascending, first descending), then the id.
QString rowBefore(const SchemaProfile &p, const QString &h) {
    QString out = QStringLiteral("o.%1 < %2.om_hid").arg(p.col(QStringLiteral("id")), h);
    const QList<PickColumn> cols = pickColumns(p);
    for (int i = int(cols.size()) - 1; i >= 0; --i) {
        const QString c = QStringLiteral("o.") + p.col(cols.at(i).column), v = QStringLiteral("%1.om_s%2").arg(h).arg(i);
        const QString before = cols.at(i).descending ? QStringLiteral("(%1 > %2 OR (%1 IS NULL AND %2 IS NOT NULL))")
                                                     : QStringLiteral("(%1 < %2 OR (%1 IS NOT NULL AND %2 IS NULL))");
        out = QStringLiteral("(%1 OR (%2 IS NOT DISTINCT FROM %3 AND %4))").arg(before.arg(c, v), c, v, out);
    }
    if (p.headOfLine.atMostOneActive.isEmpty())
        return out;
    return QStringLiteral("((%1 AND NOT %2.om_hactive) OR ((%1) = %2.om_hactive AND %3))").arg(activeRow(p), h, out);
}

/// The lock table's row `q` is held, where the table names its holder by any id ("holder"): a
/// row whose holder is NULL is free whatever its times say. Otherwise each test below implies it.
QString lockHeld(const KeyLockTable &l) {
    if (l.holder.isEmpty())
        return QStringLiteral("true");
    return QStringLiteral("q.%1 IS NOT NULL").arg(quoteIdentifier(l.holder));
}

/// Keys whose lock in the lock table is held by a holder that is gone (4: its server process is
/// no longer connected), held longer than the library's lock timeout or else the stuck timeout (5)
/// or by a holder whose heartbeat is older than the library's limit (6), each with the key's head:
/// the row the library will take first once the lock is free. The lock table has a row per key,
/// not per message, so it is read whole; each held key costs one probe of the ordering index.
QString lockBranch(const SchemaProfile &p) {
    const KeyLockTable &l = p.headOfLine.lock;
    const QString table = l.qualifiedTable();
    QStringList dead;
    QString gone = QStringLiteral("false"), stale = QStringLiteral("false");
    if (!l.holderPid.isEmpty()) {
        // A standby lists only its own processes: there every holder would look gone, so the
        // process test is left to the primary and the age tests alone apply.
        gone = QStringLiteral("(q.%1 IS NOT NULL AND NOT pg_is_in_recovery() AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid::text = q.%1::text))")
                   .arg(quoteIdentifier(l.holderPid));
        dead << gone;
    }
    if (!l.heartbeatAt.isEmpty()) {
        // A held lock with no heartbeat yet is judged by its time alone.
        stale = QStringLiteral("q.%1 < now() - make_interval(secs => %2)").arg(quoteIdentifier(l.heartbeatAt)).arg(l.heartbeatTimeoutSeconds);
        dead << stale;
    }
    if (!l.lockedAt.isEmpty())
        dead << (l.lockTimeoutSeconds > 0
                     ? QStringLiteral("q.%1 < now() - make_interval(secs => %2)").arg(quoteIdentifier(l.lockedAt)).arg(l.lockTimeoutSeconds)
                     : QStringLiteral("q.%1 < now() - make_interval(mins => $1::int)").arg(quoteIdentifier(l.lockedAt)));
    return QStringLiteral("SELECT h.*, CASE WHEN %1 THEN 4 WHEN %2 THEN 6 ELSE 5 END AS om_why FROM %3 q CROSS JOIN LATERAL "
                          "(SELECT %4 FROM %5 o WHERE %6 AND o.%7 = q.%8 ORDER BY %9 LIMIT 1) h WHERE %10 AND (%11)")
        .arg(gone, stale, table, headColumns(p), p.qualifiedTable(), linePredicate(p), p.col(p.orderingKey), quoteIdentifier(l.key),
             rowOrder(p))
        .arg(lockHeld(l), dead.join(QLatin1String(" OR ")));
}

/// One SELECT per kind of bad head, each written like the partial index that serves it (the
/// snapshot's stuck and failed counts use the same predicates). The kinds are told apart by state
/// so that no row is a candidate twice: a failed state is failing whatever else it is; a stuck
/// state is judged by the stuck rule only.
QStringList candidateBranches(const SchemaProfile &p) {
    const QString head = QStringLiteral("SELECT %1, %2 AS om_why FROM %3 WHERE ").arg(headColumns(p), QStringLiteral("%1"), p.qualifiedTable());
    const QString ordered = QStringLiteral(" AND ") + orderedRow(p);
    QStringList out;
    // Rows in a line only (a failed state marked terminal is finished: nothing waits behind it;
    // a skipped one is passed over), which blockedCtes relies on when it probes only each key's
    // earliest candidate.
    if (const QStringList failed = blockingOnly(p, p.failedStates); !failed.isEmpty())
        out << head.arg(1) + sql::statesPredicate(p, failed) + ordered;
    if (const QStringList stuck = blockingOnly(p, minus(p.stuckStates, p.failedStates)); !stuck.isEmpty())
        // In the order of the stuck index and bounded: the planner takes the open rows' time column
        // as independent of their state and expects a tenth of the table where an outbox has a few
        // old rows (measured: 182,000 expected, 1,541 found). The snapshot index of an ordered
        // profile carries the key (snapshotIndex), so this is one index-only range; looking each
        // row's key up by id instead read ~4 heap and index pages per stuck row (31,000 buffers
        // for 7,800 stuck rows at 10M rows, most of the 356 ms the view took).
        out << QStringLiteral("SELECT * FROM (SELECT %1, 2 AS om_why FROM %2 WHERE %3 AND %4 ORDER BY %5 LIMIT %6) s")
                   .arg(headColumns(p), p.qualifiedTable(), sql::statesPredicate(p, stuck) + ordered,
                        pastStuckTimeout(p, QStringLiteral("$1::int")), p.col(p.stuckSince))
                   .arg(kMaxHeadCandidates);
    // Retrying: waiting again after a failure and not yet due (its next run in the future). One
    // that is due is the workers' to take, as after a manual retry (next run = now).
    const QStringList waiting = blockingOnly(p, minus(minus(p.waitingStates, p.failedStates), p.stuckStates));
    if (p.has(QStringLiteral("retries")) && !waiting.isEmpty()) {
        QString retrying =
            QStringLiteral("%1 AND %2 > 0").arg(sql::statesPredicate(p, waiting), p.col(QStringLiteral("retries"))) + ordered;
        if (p.has(QStringLiteral("nextRun")))
            retrying += QStringLiteral(" AND %1 > now()").arg(p.col(QStringLiteral("nextRun")));
        out << head.arg(3) + retrying;
    }
    if (!p.headOfLine.lock.isEmpty())
        out << lockBranch(p);
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
    // A key with its own order: the rows before the head by that order, or every other row of the
    // key after it (the head has none before it). One range of the key in the ordering index.
    if (p.headOfLine.hasOwnOrder())
        return QStringLiteral("%1 AND %2 AND %3").arg(linePredicate(p), sameKeyAs(p, h),
                                                     qstrcmp(op, "<") == 0 ? rowBefore(p, h)
                                                                           : QStringLiteral("o.%1 <> %2.om_hid").arg(p.col(QStringLiteral("id")), h));
    return QStringLiteral("%1 AND o.%2 = %3.om_hkey AND (o.%2, o.%4, o.%5) %6 (%3.om_hkey, %3.om_hcreated, %3.om_hid)")
        .arg(linePredicate(p), p.col(p.orderingKey), h, p.col(QStringLiteral("createdAt")), p.col(QStringLiteral("id")),
             QLatin1String(op));
}

/// Whether each listed key's lock is held at all, and by whom (om_lock_held, om_lock_holder), for
/// a head that blocks by itself while its lock is also held: an action on the head leaves the lock
/// where it is. Returns the join and adds the columns; "" without a lock table.
QString keyLockColumns(const SchemaProfile &p, QStringList *cols) {
    const KeyLockTable &l = p.headOfLine.lock;
    if (l.isEmpty())
        return {};
    const QString holder = !l.holder.isEmpty() ? l.holder : l.holderPid;
    const QString held = !holder.isEmpty() ? holder : !l.lockedAt.isEmpty() ? l.lockedAt : l.heartbeatAt;
    *cols << QStringLiteral("lk.om_lock_held") << QStringLiteral("lk.om_lock_holder");
    return QStringLiteral("LEFT JOIN LATERAL (SELECT q.%1 IS NOT NULL AS om_lock_held, %2 AS om_lock_holder FROM %3 q "
                          "WHERE q.%4 = w.om_hkey LIMIT 1) lk ON true ")
        .arg(quoteIdentifier(held), holder.isEmpty() ? QStringLiteral("NULL::text") : QStringLiteral("q.%1::text").arg(quoteIdentifier(holder)),
             l.qualifiedTable(), quoteIdentifier(l.key));
}

} // namespace

QString blockedCtes(const SchemaProfile &p) {
    const QString t = p.qualifiedTable();
    // Only a key's earliest candidate can be its head (the head is the key's earliest open row, and
    // every candidate is an open row of a bad state), so one probe per key, not per candidate: a
    // stuck key has all its old rows stuck behind the head (7,800 candidates, 1,000 keys at 10M rows).
    // Each such candidate and each head is probed by a LATERAL subquery with LIMIT: one index range
    // per row by construction, whatever the planner expects of the candidates (see above). The open
    // predicate inside the probes names the table's columns bare; they resolve to `o`, the only
    // relation there with real column names.
    return QStringLiteral(
               "hol_cand AS MATERIALIZED (%1), "
               "hol_heads AS MATERIALIZED (SELECT c.* FROM (SELECT DISTINCT ON (om_hkey) * FROM hol_cand "
               "ORDER BY %6, om_why) c "
               "LEFT JOIN LATERAL (SELECT true AS earlier FROM %2 o WHERE %3 LIMIT 1) e ON true WHERE e.earlier IS NULL), "
               "hol_behind AS MATERIALIZED (SELECT h.*, b.n AS om_behind, b.oldest AS om_oldest FROM hol_heads h "
               "CROSS JOIN LATERAL (SELECT count(*) AS n, min(o.%4) AS oldest FROM %2 o WHERE %5) b)")
        .arg(candidateBranches(p).join(QLatin1String(" UNION ALL ")), t, sameKey(p, QStringLiteral("c"), "<"),
             p.col(QStringLiteral("createdAt")), sameKey(p, QStringLiteral("h"), ">"), candidateOrder(p));
}

Statement blockedHeads(const SchemaProfile &p, int stuckTimeoutMinutes, int limit) {
    QStringList cols = messageColumns(p, QStringLiteral("createdAt"), QStringLiteral("id"));
    cols << QStringLiteral("w.om_hkey::text AS om_key") << QStringLiteral("w.om_why") << QStringLiteral("w.om_behind")
         << QStringLiteral("extract(epoch from now() - w.om_oldest)::float8 AS om_oldest_age");
    // The worst `limit` first, then their rows one by one (LATERAL): never a join of the whole table.
    // hol_behind carries the heads' columns: joined back to hol_heads, the planner (which expects
    // one head) compared every head with every other (1,000 heads: 260 ms of a 720 ms run).
    const QString order = QStringLiteral("om_behind DESC, om_oldest NULLS LAST, om_hcreated, om_hid");
    // hol_timeout gives $1 its type where no branch reads it (no stuck state, no lock table):
    // PostgreSQL refuses a parameter it cannot type.
    const QString lock = keyLockColumns(p, &cols);
    return {QStringLiteral("WITH hol_timeout AS (SELECT $1::int AS minutes), %1 SELECT %2 FROM (SELECT * FROM hol_behind ORDER BY %5 LIMIT $2) w "
                           "CROSS JOIN LATERAL (SELECT * FROM %3 WHERE %4 = w.om_hid LIMIT 1) m %7ORDER BY %6")
                .arg(blockedCtes(p), cols.join(QLatin1String(", ")), p.qualifiedTable(), p.col(QStringLiteral("id")), order,
                     QStringLiteral("w.om_behind DESC, w.om_oldest NULLS LAST, w.om_hcreated, w.om_hid"), lock),
            {stuckTimeoutMinutes, limit}};
}

QString orderingIndexPresent(const SchemaProfile &p) {
    // Any valid index that starts with (key, created time): the probes then read one range each.
    return QStringLiteral("EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = %1::regclass AND i.indisvalid "
                          "AND i.indkey[0] = (SELECT attnum FROM pg_attribute WHERE attrelid = i.indrelid AND attname = %2) "
                          "AND i.indkey[1] = (SELECT attnum FROM pg_attribute WHERE attrelid = i.indrelid AND attname = %3))")
        .arg(quoteLiteral(p.qualifiedStorageTable()), quoteLiteral(p.column(p.orderingKey)), quoteLiteral(p.column(QStringLiteral("createdAt"))));
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
    // Not linePredicate(): an index predicate may hold only immutable tests, so conditions on
    // now() (a lock that runs out) are left out; the probes' own predicate still implies it.
    const QString where = indexPredicate(p, p.openStates());
    const QString sql = QStringLiteral("CREATE INDEX ON %1 (%2, %3, %4)")
                            .arg(p.qualifiedStorageTable(), p.col(p.orderingKey), p.col(QStringLiteral("createdAt")), p.col(QStringLiteral("id")));
    return where.isEmpty() ? sql : sql + QStringLiteral(" WHERE ") + where;
}

} // namespace om::sql
