// SPDX-License-Identifier: GPL-3.0-or-later
// bench_pooler: the dashboard's snapshot and Triage's first page, three ways, for scripts/bench.d/pooler
// (not a test):   bench_pooler RUNS DIRECT_CONNINFO POOLED_CONNINFO
//   direct   the program's own server connection: session settings, statements prepared by name
//   pooled   through PgBouncer in transaction mode: each statement in BEGIN … COMMIT with its
//            settings SET LOCAL, unnamed statements (what the program does behind any pooler)
//   unnamed  the pooled way on the direct connection: what the per-transaction settings and unnamed
//            statements cost without the pooler's hop
// Prints the medians in one line:
//   pooler: direct_ms=… pooled_ms=… unnamed_ms=… ratio=… unnamed_ratio=… runs=…
// (ratio = pooled / direct, unnamed_ratio = unnamed / direct; each measure is a snapshot plus a first page).
#include "benchtiming.h"
#include "core/dashboard/snapshotquery.h"
#include "core/profile/schemaprofile.h"
#include "core/triage/listquery.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <cstdio>
#include <memory>

using namespace om;

namespace {

std::unique_ptr<PgSession> monitorSession(const QString &connInfo, PoolSetting pooling) {
    PgSession::Options o;
    o.connInfo = connInfo;
    o.applicationName = QStringLiteral("bench_pooler");
    o.pooling = pooling;
    o.serialPlans = true; // as the Monitor lane
    o.noJit = true;
    auto s = std::make_unique<PgSession>(o);
    s->open();
    return s;
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("om.*.debug=false"));
    const QStringList args = app.arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: bench_pooler RUNS DIRECT_CONNINFO POOLED_CONNINFO\n");
        return 2;
    }
    const int runs = qMax(1, args.at(1).toInt());
    const SchemaProfile profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
    const SnapshotQuery snapshot(profile);
    const ListQuery list(profile);
    try {
        auto direct = monitorSession(args.at(2), PoolSetting::Auto);
        auto pooled = monitorSession(args.at(3), PoolSetting::Auto);
        auto unnamed = monitorSession(args.at(2), PoolSetting::Transaction);
        if (direct->linkFacts().mode != PoolMode::Own || pooled->linkFacts().mode != PoolMode::Transaction) {
            std::fprintf(stderr, "bench_pooler: the direct connection is not direct or the pooled one not pooled\n");
            return 1;
        }
        // Interleaved, so that a noisy moment of the shared machine falls on all three alike.
        struct Times {
            QList<double> snapshot, page;
        };
        Times d, p, u;
        const auto measure = [&](PgSession &s, Times &t) {
            t.snapshot << bench::timeMs([&] { snapshot.run(s, true); });
            t.page << bench::timeMs([&] { list.fetchPage(s, PageRequest()); });
        };
        Times warm;
        for (PgSession *s : {direct.get(), pooled.get(), unnamed.get()})
            measure(*s, warm); // plans, caches
        for (int i = 0; i < runs; ++i) {
            measure(*direct, d);
            measure(*pooled, p);
            measure(*unnamed, u);
        }
        const auto total = [](const Times &t) { return bench::median(t.snapshot) + bench::median(t.page); };
        const double dm = total(d), pm = total(p), um = total(u);
        std::printf("pooler: direct_ms=%.2f pooled_ms=%.2f unnamed_ms=%.2f ratio=%.2f unnamed_ratio=%.2f runs=%d\n", dm, pm, um,
                    dm > 0 ? pm / dm : 0, dm > 0 ? um / dm : 0, runs);
        std::printf("pooler: snapshot direct_ms=%.2f pooled_ms=%.2f unnamed_ms=%.2f; first page direct_ms=%.2f pooled_ms=%.2f unnamed_ms=%.2f\n",
                    bench::median(d.snapshot), bench::median(p.snapshot), bench::median(u.snapshot), bench::median(d.page),
                    bench::median(p.page), bench::median(u.page));
    } catch (const PgError &e) {
        std::fprintf(stderr, "bench_pooler: %s\n", qPrintable(e.message));
        return 1;
    }
    return 0;
}
