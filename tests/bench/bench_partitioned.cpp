// SPDX-License-Identifier: GPL-3.0-or-later
// bench_partitioned: timings for scripts/bench.d/partitioned (not a test).
//   bench_partitioned kit PROFILE               prints the profile's admin kit (to apply with psql -1)
//   bench_partitioned snapshot RUNS PROFILE     median of the dashboard's snapshot (as the Monitor lane
//                                               sends it while many messages wait): snapshot_ms=X
//   bench_partitioned compare RUNS PROFILE PLAIN the same for two profiles in five rounds, each RUNS
//                                               of one then of the other, the median round of each
//                                               (a neighbour's burst slows one round, not one table):
//                                               snapshot_ms=X one_table_ms=Y
//   bench_partitioned pages RUNS PROFILE DEPTH  the Triage list (All, newest first): median of its first
//                                               page and of the keyset page DEPTH rows deep:
//                                               first_page_ms=A deep_page_ms=B
//   bench_partitioned estimate PROFILE          the estimated terminal states against count(*): the
//                                               largest error in percent, estimate_err_pct=E
//   bench_partitioned sql 1 PROFILE             prints the snapshot's SQL ($1, $2, $3: see SnapshotQuery::params())
//   bench_partitioned explain 1 PROFILE         EXPLAIN (ANALYZE, BUFFERS) of the snapshot: where its
//                                               time goes (planning included), node by node
// Connects through the PG* environment, as the application's Monitor lane does (read-only).
#include "benchtiming.h"
#include "core/adminkit/kitsql.h"
#include "core/dashboard/rarecountcheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/statesql.h"
#include "core/triage/listquery.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <cstdio>

using namespace om;

namespace {

PgSession::Options monitorLane() {
    PgSession::Options o;
    o.applicationName = QStringLiteral("bench_partitioned");
    o.statementTimeoutMs = 600000;
    o.readOnly = true;
    o.serialPlans = true; // as the Monitor lane (Gateway): no parallel workers, no JIT
    o.noJit = true;
    return o;
}

SnapshotQuery snapshotQuery(const SchemaProfile &p, PgSession &s) {
    SnapshotQuery q(p);
    // As SnapshotPoller on each new connection: rare terminal states an index serves are counted;
    // and on each refresh, with the frequencies of the refresh before (one untimed refresh here).
    q.setIndexedTerminalStates(RareCountCheck(p).indexServedStates(s));
    q.setKnownFrequencies(q.run(s, false).frequencies);
    return q;
}

void pages(PgSession &s, const SchemaProfile &p, int runs, qint64 depth) {
    const ListQuery list(p);
    PageRequest first;
    first.sort = ListSort::defaultFor(first.filter.view);
    // The cursor DEPTH rows down, found once and untimed (the list itself never uses OFFSET).
    const QVariant id = s.query(QStringLiteral("SELECT %1 FROM %2 ORDER BY 1 DESC OFFSET %3 LIMIT 1")
                                    .arg(p.col(QStringLiteral("id")), p.qualifiedTable())
                                    .arg(depth - 1))
                            .scalar();
    PageRequest deep = first;
    deep.hasCursor = true;
    deep.cursorId = MessageId::fromVariant(id);
    const double firstMs = bench::median(bench::repeat(runs, [&] { list.fetchPage(s, first); }));
    const double deepMs = bench::median(bench::repeat(runs, [&] { list.fetchPage(s, deep); }));
    std::printf("first_page_ms=%.2f deep_page_ms=%.2f\n", firstMs, deepMs);
}

void estimate(PgSession &s, const SchemaProfile &p) {
    const Snapshot snap = snapshotQuery(p, s).run(s, false);
    double worst = 0;
    for (const StateCount &c : snap.states) {
        if (!c.estimated)
            continue;
        const qint64 truth =
            s.query(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), sql::statesPredicate(p, {c.name}))).scalar().toLongLong();
        const double err = truth > 0 ? qAbs(double(c.count - truth)) / double(truth) * 100.0 : (c.count > 0 ? 100.0 : 0.0);
        std::fprintf(stderr, "bench_partitioned: %s estimated %lld, counted %lld (%.3f %%)\n", qPrintable(c.name), c.count, truth, err);
        worst = qMax(worst, err);
    }
    std::printf("estimate_err_pct=%.3f\n", worst);
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("om.*.debug=false")); // no SQL echo in timings
    const QStringList args = app.arguments();
    const QString mode = args.value(1);
    const QString file = mode == QLatin1String("kit") || mode == QLatin1String("estimate") ? args.value(2) : args.value(3);

    ProfileError error;
    const std::optional<SchemaProfile> profile = SchemaProfile::fromFile(file, &error);
    const std::optional<SchemaProfile> plain =
        mode == QLatin1String("compare") ? SchemaProfile::fromFile(args.value(4), &error) : std::optional<SchemaProfile>();
    if (!profile || (mode == QLatin1String("compare") && !plain)) {
        std::fprintf(stderr, "usage: bench_partitioned kit PROFILE | snapshot RUNS PROFILE | compare RUNS PROFILE PLAIN | pages RUNS PROFILE DEPTH | "
                             "estimate PROFILE\n%s\n",
                     qPrintable(error.format()));
        return 2;
    }
    if (mode == QLatin1String("kit")) {
        std::printf("%s", qPrintable(KitSql(*profile).script()));
        return 0;
    }
    PgSession session(monitorLane());
    try {
        session.open();
        const int runs = args.value(2).toInt();
        if (mode == QLatin1String("snapshot")) {
            const SnapshotQuery q = snapshotQuery(*profile, session);
            std::printf("snapshot_ms=%.2f\n", bench::median(bench::repeat(runs, [&] { q.run(session, false); })));
        } else if (mode == QLatin1String("compare")) {
            PgSession other(monitorLane());
            other.open();
            const SnapshotQuery q = snapshotQuery(*profile, session);
            const SnapshotQuery one = snapshotQuery(*plain, other);
            // Past the server's first five runs of a prepared statement (planned for their values),
            // as a window that has been open a while: the plan kept for the statement.
            for (int i = 0; i < 6; ++i) {
                q.run(session, false);
                one.run(other, false);
            }
            // Five rounds, each RUNS of one table and then RUNS of the other (each warm in its own
            // turn), and the middle round's figure of each: a neighbour's burst lands in a round,
            // not on one table's whole measure.
            QList<double> ms, oneMs;
            for (int round = 0; round < 5; ++round) {
                ms << bench::median(bench::repeat(runs, [&] { q.run(session, false); }));
                oneMs << bench::median(bench::repeat(runs, [&] { one.run(other, false); }));
            }
            std::printf("snapshot_ms=%.2f one_table_ms=%.2f\n", bench::median(ms), bench::median(oneMs));
        } else if (mode == QLatin1String("pages")) {
            pages(session, *profile, runs, args.value(4).toLongLong());
        } else if (mode == QLatin1String("sql")) {
            std::printf("%s\n", qPrintable(snapshotQuery(*profile, session).statement(false).text));
        } else if (mode == QLatin1String("explain")) {
            const sql::Statement st = snapshotQuery(*profile, session).statement(false);
            for (const QVariantList &row : session.query(QLatin1String("EXPLAIN (ANALYZE, BUFFERS) ") + st.text, st.params).rows)
                std::printf("%s\n", qPrintable(row.value(0).toString()));
        } else if (mode == QLatin1String("estimate")) {
            estimate(session, *profile);
        } else {
            std::fprintf(stderr, "bench_partitioned: unknown mode %s\n", qPrintable(mode));
            return 2;
        }
    } catch (const PgError &e) {
        std::fprintf(stderr, "bench_partitioned: %s\n", qPrintable(e.message));
        return 1;
    }
    std::fflush(stdout);
    return 0;
}
