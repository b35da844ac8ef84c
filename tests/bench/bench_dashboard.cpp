// SPDX-License-Identifier: GPL-3.0-or-later
// bench_dashboard: timings for scripts/bench.d/dashboard (not a test).
//   bench_dashboard measure RUNS [naive|snapshot|full|all] median / p95 of repeated runs
//                      snapshot = the refresh without the breakdown by destination / type (the usual
//                      one while many messages wait), full = with it
//   bench_dashboard poll SECONDS [naive|snapshot]        polls at 1 Hz (monitor-cost runs)
//   bench_dashboard explain 1 [snapshot|full]                        EXPLAIN (ANALYZE, BUFFERS) of the snapshot:
//                                                        where its time goes, node by node
//   bench_dashboard sql 1 [snapshot|full]                            prints the snapshot's SQL ($1, $2: see params())
// OM_BENCH_PROFILE=FILE measures that profile instead of the built-in app_outbox.
// Connects through the PG* environment, as the application's Monitor lane does (read-only).
#include "core/dashboard/rarecountcheck.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/dashboard/snapshotquery.h"
#include "core/profile/schemaprofile.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QThread>
#include <algorithm>
#include <cstdio>

using namespace om;

namespace {

// The seed's four monitoring queries (seed 000, 監視SQL), PostgreSQL syntax, one round trip each.
const char *const kNaive[] = {
    "SELECT status, COUNT(*) AS cnt FROM app_outbox GROUP BY status ORDER BY status",
    "SELECT MIN(created_at) AS oldest_pending_at, COUNT(*) AS pending_count FROM app_outbox WHERE status = 'PENDING'",
    "SELECT outbox_id, message_key, event_type, retry_count, max_retry_count, last_error_code, "
    "SUBSTR(last_error_msg, 1, 200) AS last_error_msg FROM app_outbox WHERE status IN ('PENDING','FAILED') "
    "AND retry_count >= GREATEST(max_retry_count - 1, 1) ORDER BY updated_at DESC",
    "SELECT outbox_id, message_key, locked_by, locked_at FROM app_outbox WHERE status = 'PROCESSING' "
    "AND locked_at < now() - INTERVAL '30 minutes' ORDER BY locked_at"};

double runNaive(PgSession &s) {
    QElapsedTimer t;
    t.start();
    for (const char *sql : kNaive)
        s.query(QLatin1String(sql));
    return t.nsecsElapsed() / 1e6;
}

/// One refresh as SnapshotPoller sends it: with the frequencies of the refresh before.
double runSnapshot(PgSession &s, SnapshotQuery &q, bool withBreakdown) {
    QElapsedTimer t;
    t.start();
    q.setKnownFrequencies(q.run(s, withBreakdown).frequencies);
    return t.nsecsElapsed() / 1e6;
}

/// As SnapshotPoller decides: the breakdown with every refresh while few wait, otherwise every 30 s.
struct BreakdownCadence {
    QElapsedTimer since;
    qint64 lastWaiting = 0;
    bool due() const {
        return SnapshotPoller::breakdownDueAfter(since.isValid() ? since.elapsed() : -1, lastWaiting,
                                                 limits::kBreakdownEveryMs);
    }
};

double quantile(QList<double> v, double q) {
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.at(qMin(int(v.size()) - 1, int(q * (v.size() - 1) + 0.5)));
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("om.*.debug=false")); // no SQL echo in timings
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: bench_dashboard measure RUNS [naive|snapshot|full|all] | poll SECONDS [naive|snapshot] | explain 1\n");
        return 2;
    }
    const QString mode = args.at(1);
    const int n = args.at(2).toInt();
    const QString what = args.value(3, mode == QLatin1String("poll") ? QStringLiteral("snapshot") : QStringLiteral("all"));
    PgSession::Options o;
    o.applicationName = QStringLiteral("bench_dashboard");
    o.statementTimeoutMs = 60000;
    o.readOnly = true;
    o.serialPlans = true; // as the Monitor lane (Gateway): no parallel workers, no JIT for small index reads
    o.noJit = true;
    PgSession session(o);
    // The seed's queries get the server's defaults (parallel workers, JIT): their whole-table
    // scans are what those are for, so the comparison does not handicap them.
    PgSession::Options naiveOptions = o;
    naiveOptions.serialPlans = naiveOptions.noJit = false;
    PgSession naiveSession(naiveOptions);
    // OM_BENCH_PROFILE: a profile file to measure instead of the built-in app_outbox (scripts/bench states).
    const QString profileFile = qEnvironmentVariable("OM_BENCH_PROFILE");
    ProfileError profileError;
    const std::optional<SchemaProfile> profile = profileFile.isEmpty() ? SchemaProfile::builtIn(QStringLiteral("app_outbox"))
                                                                       : SchemaProfile::fromFile(profileFile, &profileError);
    if (!profile) {
        std::fprintf(stderr, "bench_dashboard: %s\n", qPrintable(profileError.format()));
        return 2;
    }
    SnapshotQuery query(*profile);
    try {
        session.open();
        naiveSession.open();
        // As SnapshotPoller on each new connection: the rare terminal states an index counts
        // (CANCELLED with the kit) are counted exactly, the others estimated.
        query.setIndexedTerminalStates(RareCountCheck(*profile).indexServedStates(session));
        std::fprintf(stderr, "bench_dashboard: counted through an index: %s\n", qPrintable(query.indexedTerminalStates().join(QLatin1Char(','))));
        if (mode == QLatin1String("sql")) {
            std::printf("%s\n", qPrintable(query.sql(what != QLatin1String("snapshot"))));
        } else if (mode == QLatin1String("explain")) {
            for (const QVariantList &row : session.query(QLatin1String("EXPLAIN (ANALYZE, BUFFERS) ") + query.sql(what != QLatin1String("snapshot")), query.params()).rows)
                std::printf("%s\n", qPrintable(row.value(0).toString()));
        } else if (mode == QLatin1String("measure")) {
            for (const QString &kind : {QStringLiteral("naive"), QStringLiteral("snapshot"), QStringLiteral("full")}) {
                if (what != QLatin1String("all") && what != kind)
                    continue;
                const bool naive = kind == QLatin1String("naive");
                const bool full = kind == QLatin1String("full");
                auto once = [&] { return naive ? runNaive(naiveSession) : runSnapshot(session, query, full); };
                once(); // warm-up: plans, caches
                QList<double> ms;
                for (int i = 0; i < n; ++i)
                    ms << once();
                std::printf("%s_ms=%.2f %s_p95_ms=%.2f %s_runs=%d\n", qPrintable(kind), quantile(ms, 0.5), qPrintable(kind),
                            quantile(ms, 0.95), qPrintable(kind), n);
            }
        } else {
            // 1 Hz, never overlapping (as SnapshotPoller): sleep the rest of the second. The seed's
            // queries are polled as a naive monitor would: every second, however long they take.
            QElapsedTimer total;
            total.start();
            QList<double> ms;
            BreakdownCadence cadence;
            while (total.elapsed() < qint64(n) * 1000) {
                double d = 0;
                if (what == QLatin1String("naive")) {
                    d = runNaive(naiveSession);
                } else {
                    QElapsedTimer t;
                    t.start();
                    const bool withBreakdown = cadence.due();
                    const Snapshot snap = query.run(session, withBreakdown);
                    query.setKnownFrequencies(snap.frequencies); // as SnapshotPoller
                    cadence.lastWaiting = snap.waiting;
                    if (withBreakdown)
                        cadence.since.start();
                    d = t.nsecsElapsed() / 1e6;
                }
                ms << d;
                // As SnapshotPoller: the next one after the interval, or later when this one was slow.
                const int delay = what == QLatin1String("naive") ? 1000 : SnapshotPoller::nextDelayMs(1000, qint64(d));
                QThread::msleep(qMax<qint64>(0, delay - qint64(d)));
            }
            // Duty: the share of the wall-clock time the monitor kept a server backend busy (an
            // upper bound of its CPU there). Unlike the producer's throughput it is not swayed
            // by other work on a shared machine.
            double busy = 0;
            for (double d : ms)
                busy += d;
            std::printf("poll_%s_ms=%.2f poll_%s_p95_ms=%.2f polls=%lld poll_%s_busy_pct=%.2f\n", qPrintable(what),
                        quantile(ms, 0.5), qPrintable(what), quantile(ms, 0.95), qint64(ms.size()), qPrintable(what),
                        busy / double(total.elapsed()) * 100.0);
        }
    } catch (const PgError &e) {
        std::fprintf(stderr, "bench_dashboard: %s\n", qPrintable(e.message));
        return 1;
    }
    std::fflush(stdout);
    return 0;
}
