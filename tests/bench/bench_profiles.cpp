// SPDX-License-Identifier: GPL-3.0-or-later
// bench_profiles: timings for scripts/bench.d/profiles (not a test).
//   bench_profiles measure RUNS   the blocked heads of the ordered outbox (outbox profile, ordering
//                                 key aggregate_id) as the Blocked keys view asks for them, against
//                                 the naive DISTINCT ON (key) over the table, medians of RUNS; the
//                                 dashboard snapshot with and without its head-of-line columns
//   bench_profiles explain 1      EXPLAIN (ANALYZE, BUFFERS) of the blocked heads statement
// Connects through the PG* environment. Prints
//   hol: rows=… pending=… keys=… heads_ms=… heads_naive_ms=… ratio=… heads_naive_with_kit_index_ms=… ratio_with_kit_index=…
//   hol: blocked_keys=… blocked_behind=… naive_agrees=yes|no snapshot_ms=… snapshot_without_hol_ms=…
#include "core/dashboard/snapshotquery.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/headsql.h"
#include "core/triage/blockedkeys.h"
#include "link/limits.h"
#include "pg/pgsession.h"
#include "benchtiming.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QSet>
#include <algorithm>
#include <cstdio>
#include <functional>

using namespace om;
using namespace om::bench;

namespace {

constexpr int kTimeoutMinutes = 30;

// What someone without the view would write: every key's head from the whole table of open
// rows (DISTINCT ON ... ORDER BY key, created_at), its waiting rows counted per key, the stuck
// heads kept. The same answer as sql::blockedHeads for this table (checked below).
const char *const kNaive =
    "WITH heads AS (SELECT DISTINCT ON (aggregate_id) id, aggregate_id, created_at FROM outbox "
    "WHERE published_at IS NULL ORDER BY aggregate_id, created_at, id), "
    "per_key AS (SELECT aggregate_id, count(*) AS n FROM outbox WHERE published_at IS NULL GROUP BY aggregate_id) "
    "SELECT h.id, p.n - 1 AS behind FROM heads h JOIN per_key p USING (aggregate_id) "
    "WHERE h.created_at < now() - make_interval(mins => $1::int) ORDER BY behind DESC, h.id LIMIT $2";

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("om.*.debug=false"));
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: bench_profiles measure RUNS | explain 1\n");
        return 2;
    }
    const int runs = qMax(1, args.at(2).toInt());
    PgSession::Options o;
    o.applicationName = QStringLiteral("bench_profiles");
    o.statementTimeoutMs = 300000;
    o.readOnly = true;
    PgSession session(o); // as the Browse lane, which runs the view's query: the server's defaults
    const SchemaProfile profile = *SchemaProfile::builtIn(QStringLiteral("outbox"));
    const BlockedKeysQuery heads(profile, kTimeoutMinutes);
    try {
        session.open();
        if (args.at(1) == QLatin1String("explain")) {
            const sql::Statement st = sql::blockedHeads(profile, kTimeoutMinutes, limits::kMaxBlockedKeys + 1);
            for (const QVariantList &row : session.query(QLatin1String("EXPLAIN (ANALYZE, BUFFERS) ") + st.text, st.params).rows)
                std::printf("%s\n", qPrintable(row.value(0).toString()));
            return 0;
        }
        const QVariantList sizes = session.query(QStringLiteral(
                                                     "SELECT (SELECT count(*) FROM outbox), count(*), count(DISTINCT aggregate_id) FROM outbox WHERE published_at IS NULL"))
                                       .rows.first();
        BlockedKeys result;
        const QList<double> ours = repeat(runs, [&] { result = heads.run(session, limits::kMaxBlockedKeys); });
        // The naive form as the issue states it: over the table, without the view's index (a
        // DISTINCT ON over the open rows is otherwise served by the kit's ordering index, which
        // someone without the view would not have). The index is dropped inside a transaction that
        // is rolled back, so it is back for the next statement. Same settings as the view (no
        // JIT: compiling took 1.5 s of a 2 s naive run), warm-up first, median of several.
        PgSession::Options wo = o;
        wo.readOnly = false;
        PgSession writer(wo);
        writer.open();
        writer.query(QStringLiteral("SET jit = off"));
        PgResult naive;
        const int naiveRuns = qMax(3, runs / 3);
        const QList<double> theirs = repeatTimed(naiveRuns, [&] {
            writer.query(QStringLiteral("BEGIN"));
            writer.query(QStringLiteral("DROP INDEX ix_outbox_open_by_key"));
            const double ms = timeMs([&] { naive = writer.query(QLatin1String(kNaive), {kTimeoutMinutes, limits::kMaxBlockedKeys}); });
            writer.query(QStringLiteral("ROLLBACK"));
            return ms;
        });
        PgResult naiveIndexed;
        const QList<double> theirsIndexed = repeatTimed(naiveRuns, [&] {
            naiveIndexed = writer.query(QLatin1String(kNaive), {kTimeoutMinutes, limits::kMaxBlockedKeys});
            return -1.0;
        });
        // Same heads and counts from both (up to the limit, both worst first by rows behind).
        QSet<QString> a, b, c;
        qint64 behind = 0;
        for (const BlockedKey &k : result.keys) {
            a << QStringLiteral("%1/%2").arg(k.head.id.text()).arg(k.behind);
            behind += k.behind;
        }
        for (const QVariantList &r : naive.rows)
            b << QStringLiteral("%1/%2").arg(r.at(0).toString(), r.at(1).toString());
        for (const QVariantList &r : naiveIndexed.rows)
            c << QStringLiteral("%1/%2").arg(r.at(0).toString(), r.at(1).toString());
        SchemaProfile unordered = profile;
        unordered.orderingKey.clear();
        const SnapshotQuery withHol(profile, kTimeoutMinutes), without(unordered, kTimeoutMinutes);
        PgSession::Options mo = o; // the Monitor lane's settings, as bench_dashboard
        mo.serialPlans = mo.noJit = true;
        PgSession monitor(mo);
        monitor.open();
        Snapshot snap;
        const QList<double> snapMs = repeat(runs, [&] { snap = withHol.run(monitor, false); });
        const QList<double> plainMs = repeat(runs, [&] { without.run(monitor, false); });
        const double h = median(ours), n = median(theirs), ni = median(theirsIndexed);
        std::printf("hol: rows=%s pending=%s keys=%s heads_ms=%.2f heads_naive_ms=%.2f ratio=%.0f "
                    "heads_naive_with_kit_index_ms=%.2f ratio_with_kit_index=%.1f\n",
                    qPrintable(sizes.at(0).toString()), qPrintable(sizes.at(1).toString()), qPrintable(sizes.at(2).toString()), h, n,
                    h > 0 ? n / h : 0.0, ni, h > 0 ? ni / h : 0.0);
        std::printf("hol: blocked_keys=%lld%s blocked_behind=%lld tile_heads=%lld tile_behind=%lld naive_agrees=%s "
                    "snapshot_ms=%.2f snapshot_without_hol_ms=%.2f runs=%d\n",
                    qint64(result.keys.size()), result.truncated ? "+" : "", behind, snap.blockedHeads.value_or(-1),
                    snap.blockedBehind.value_or(-1), a == b && a == c ? "yes" : "no", median(snapMs), median(plainMs), runs);
    } catch (const PgError &e) {
        std::fprintf(stderr, "bench_profiles: %s\n", qPrintable(e.message));
        return 1;
    }
    return 0;
}
