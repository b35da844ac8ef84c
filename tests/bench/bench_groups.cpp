// SPDX-License-Identifier: GPL-3.0-or-later
// bench_insight groups …: the failure groups' part of scripts/bench insight.
//   bench_insight groups ddl           prints the kit's fingerprint function and app_outbox's
//                                      failure-group index (core/sql/fingerprintsql, failuregroupsql)
//   bench_insight groups measure RUNS  the groups as the dashboard reads them (FailureGroupQuery),
//                                      median of RUNS, and the naive GROUP BY of the regex chain over
//                                      every failed row (sql::failureGroupsNaive) once; one line:
//                                      groups_ms=… groups_naive_ms=… groups_rows=… groups=…
//   bench_insight groups explain       EXPLAIN (ANALYZE, BUFFERS) of the dashboard's statement
// Connects through the PG* environment as the Monitor lane does (read-only, serial plans, no JIT).
#include "bench_groups.h"
#include "benchtiming.h"
#include "core/groups/failuregroupquery.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/failuregroupsql.h"
#include "core/sql/fingerprintsql.h"
#include "pg/pgsession.h"

#include <algorithm>
#include <cstdio>

using namespace om;

int benchGroups(const QStringList &args) {
    const SchemaProfile profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
    const QString what = args.value(2);
    if (what == QLatin1String("ddl")) {
        std::printf("%s%s;\n%s;\n", qPrintable(sql::fingerprintFunctionSql()), qPrintable(sql::failureGroupIndex(profile)),
                    qPrintable(sql::failureGroupLongIndex(profile)));
        return 0;
    }
    PgSession::Options o;
    o.applicationName = QStringLiteral("bench_insight");
    o.statementTimeoutMs = 600000;
    o.readOnly = true;
    o.serialPlans = true;
    o.noJit = true;
    PgSession session(o);
    try {
        session.open();
        if (what == QLatin1String("explain")) {
            const sql::Statement st = sql::failureGroups(profile, FailureGroupQuery::kMaxGroups + 1);
            for (const QVariantList &row : session.query(QStringLiteral("EXPLAIN (ANALYZE, BUFFERS) ") + st.text, st.params).rows)
                std::printf("%s\n", qPrintable(row.value(0).toString()));
            return 0;
        }
        const int runs = qMax(1, args.value(3).toInt());
        const FailureGroupQuery query(profile);
        QList<double> ms;
        FailureGroups groups;
        for (int i = 0; i < runs; ++i)
            ms << bench::timeMs([&] { groups = query.read(session); });
        qint64 rows = 0;
        for (const FailureGroup &g : std::as_const(groups.groups))
            rows += g.messages;
        const sql::Statement naive = sql::failureGroupsNaive(profile, FailureGroupQuery::kMaxGroups + 1);
        qsizetype naiveGroups = 0;
        const double naiveMs = bench::timeMs([&] { naiveGroups = session.query(naive.text, naive.params).rows.size(); });
        std::printf("groups_ms=%.1f groups_naive_ms=%.1f groups_rows=%lld groups=%lld naive_groups=%lld\n", bench::median(ms),
                    naiveMs, rows, qint64(groups.groups.size()), qint64(naiveGroups));
    } catch (const PgError &e) {
        std::fprintf(stderr, "bench_insight groups: %s\n", qPrintable(e.message));
        return 1;
    }
    return 0;
}
