// SPDX-License-Identifier: GPL-3.0-or-later
// bench_insight: timings for scripts/bench.d/insight (not a test).
//   bench_insight ddl brin|btree   prints the flow indexes of app_outbox (core/sql/flowsql), one a line
//   bench_insight drop brin|btree  prints their DROP INDEX statements
//   bench_insight measure RUNS     the flow's statements as the dashboard sends them: a 24-hour and a
//                                  7-day backfill (the buckets FlowPoller uses for those windows), the
//                                  newest minutes of a later refresh, and the naive date_trunc query
//                                  over 7 days; prints medians in one line
//   bench_insight explain 7d|minute|naive  EXPLAIN (ANALYZE, BUFFERS) of one of them
//   bench_insight groups …         failure groups (bench_groups.cpp)
// Connects through the PG* environment, as the Monitor lane does (read-only, serial plans, no JIT).
#include "bench_groups.h"
#include "core/flow/flowpoller.h"
#include "core/flow/flowquery.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/flowbucketsql.h"
#include "core/sql/flowsql.h"
#include "pg/pgsession.h"
#include "benchtiming.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <algorithm>
#include <cstdio>
#include <functional>

using namespace om;
using namespace om::bench;

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("om.*.debug=false"));
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: bench_insight ddl|drop brin|btree | measure RUNS | explain 7d|minute|naive\n");
        return 2;
    }
    if (args.at(1) == QLatin1String("groups"))
        return benchGroups(args); // bench_groups.cpp: failure groups
    const SchemaProfile profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
    const QString mode = args.at(1);
    if (mode == QLatin1String("ddl") || mode == QLatin1String("drop")) {
        const auto kind = args.at(2) == QLatin1String("btree") ? sql::FlowIndexKind::BTree : sql::FlowIndexKind::Brin;
        for (const QString &ddl : sql::flowIndexes(profile, kind))
            std::printf("%s;\n", qPrintable(mode == QLatin1String("ddl")
                                                ? ddl
                                                : QStringLiteral("DROP INDEX IF EXISTS %1").arg(ddl.section(QLatin1Char(' '), 5, 5))));
        return 0;
    }
    PgSession::Options o;
    o.applicationName = QStringLiteral("bench_insight");
    o.statementTimeoutMs = 300000;
    o.readOnly = true;
    o.serialPlans = true;
    o.noJit = true;
    PgSession session(o);
    PgSession::Options naiveOptions = o;
    naiveOptions.serialPlans = naiveOptions.noJit = false; // the naive query as one would run it: parallel
    PgSession naive(naiveOptions);
    try {
        session.open();
        naive.open();
        // As FlowPoller does: bucket by bucket where a B-tree serves every series.
        const bool byBucket = FlowQuery::bucketCountsServed(session, profile);
        const FlowQuery query(profile, byBucket);
        const qint64 now = FlowQuery::serverNowS(session);
        auto backfill = [&](qint64 windowS) {
            const int w = flowBucketSeconds(windowS);
            // The whole window in one statement: what the backfill's chunks (FlowPoller::asksFor)
            // cost together.
            return query.counts(session, flowFloor(now - windowS, w), flowFloor(now, w) + w, w).size();
        };
        // A later refresh: the store holds everything up to the current minute.
        auto minute = [&] {
            const qint64 n = FlowQuery::serverNowS(session);
            const FlowPoller::Ask a = FlowPoller::asksFor(n, 3600, 60, n - 7200, flowFloor(n, 60) + 60).first();
            return query.counts(session, a.fromS, a.toS, 60).size();
        };
        const qint64 from7d = flowFloor(now - 7 * 86400, 60);
        const sql::Statement naive7d = sql::flowCountsNaive(profile, from7d, flowFloor(now, 60) + 60);
        if (mode == QLatin1String("explain")) {
            const auto counts = byBucket ? sql::flowCountsByBucket : sql::flowCounts;
            sql::Statement st = args.at(2) == QLatin1String("naive")    ? naive7d
                                : args.at(2) == QLatin1String("minute") ? counts(profile, flowFloor(now, 60) - 120, flowFloor(now, 60) + 60, 60)
                                                                        : counts(profile, flowFloor(now - 7 * 86400, 900), flowFloor(now, 900) + 900, 900);
            st.text = QStringLiteral("EXPLAIN (ANALYZE, BUFFERS) ") + st.text;
            for (const QVariantList &row : (args.at(2) == QLatin1String("naive") ? naive : session).query(st.text, st.params).rows)
                std::printf("%s\n", qPrintable(row.value(0).toString()));
            return 0;
        }
        const int runs = qMax(1, args.at(2).toInt());
        qsizetype buckets7d = 0;
        const double first7d = timeMs([&] { buckets7d = backfill(7 * 86400); });
        QList<double> b24, b7, m, nv;
        for (int i = 0; i < runs; ++i) {
            b24 << timeMs([&] { backfill(86400); });
            b7 << timeMs([&] { backfill(7 * 86400); });
        }
        for (int i = 0; i < runs * 5; ++i)
            m << timeMs([&] { minute(); });
        // The longest the Monitor lane is held by the backfill: one chunk of kMaxChunkS, 15-min buckets.
        QList<double> chunk;
        for (int i = 0; i < runs; ++i)
            chunk << timeMs([&] { query.counts(session, flowFloor(now - FlowPoller::kMaxChunkS, 900), flowFloor(now, 900) + 900, 900); });
        for (int i = 0; i < qMax(1, runs / 3); ++i)
            nv << timeMs([&] { naive.query(naive7d.text, naive7d.params); });
        std::printf("backfill_24h_ms=%.1f backfill_7d_first_ms=%.1f backfill_7d_ms=%.1f backfill_7d_naive_ms=%.1f minute_ms=%.2f"
                    " chunk_ms=%.1f buckets_7d=%lld by_bucket=%d\n",
                    median(b24), first7d, median(b7), median(nv), median(m), median(chunk), qint64(buckets7d), int(byBucket));
    } catch (const PgError &e) {
        std::fprintf(stderr, "bench_insight: %s\n", qPrintable(e.message));
        return 1;
    }
    return 0;
}
