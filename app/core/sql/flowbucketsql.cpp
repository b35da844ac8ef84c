// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/flowbucketsql.h"
#include "core/sql/timesql.h"

namespace om::sql {
namespace {

/// The series' rows whose time is in [lo, hi) (timestamptz expressions).
QString seriesWhere(const SchemaProfile &p, const FlowTableSeries &s, const QString &lo, const QString &hi) {
    QString where = timeCompare(p, s.logical, QStringLiteral(">="), lo) + QStringLiteral(" AND ")
                    + timeCompare(p, s.logical, QStringLiteral("<"), hi);
    return s.predicate.isEmpty() ? where : s.predicate + QStringLiteral(" AND ") + where;
}

} // namespace

Statement flowCountsByBucket(const SchemaProfile &p, qint64 fromS, qint64 toS, int bucketS) {
    const QString table = p.qualifiedTable();
    QStringList counts{QStringLiteral("0::bigint"), QStringLiteral("0::bigint"), QStringLiteral("0::bigint")};
    for (const FlowTableSeries &s : flowTableSeries(p))
        counts[s.slot] = QStringLiteral("(SELECT count(*) FROM %1 WHERE %2)")
                             .arg(table, seriesWhere(p, s, QStringLiteral("r.lo"), QStringLiteral("r.hi")));
    // The buckets aligned to the epoch as flowCounts' (date_bin with the epoch as origin), the
    // first and last cut to the range.
    const QString width = QStringLiteral("($3::int * interval '1 second')");
    // OFFSET 0 keeps the counts in a subquery of their own: pulled up into the outer query, each
    // count would run twice, once for the sums and once more for the HAVING.
    QString perBucket = QStringLiteral(
                            "(SELECT extract(epoch from r.b)::bigint AS t, %1 AS c, %2 AS f, %3 AS x FROM ("
                            "SELECT g AS b, greatest(g, to_timestamp($1::bigint)) AS lo, least(g + %4, to_timestamp($2::bigint)) AS hi"
                            " FROM generate_series(date_bin(%4, to_timestamp($1::bigint), timestamptz 'epoch'),"
                            " to_timestamp($2::bigint) - interval '1 microsecond', %4) g) r OFFSET 0)")
                            .arg(counts[0], counts[1], counts[2], width);
    if (flowSources(p).failedFromAudit)
        perBucket += QStringLiteral(" UNION ALL ") + flowAuditFailedBranch(p);
    if (p.hasArchive())
        perBucket += QStringLiteral(" UNION ALL ") + flowArchiveBranches(p);
    Statement st;
    st.text = QStringLiteral("SELECT t AS bucket_s, sum(c)::bigint AS created, sum(f)::bigint AS finished, sum(x)::bigint AS failed"
                             " FROM (%1) u GROUP BY t HAVING sum(c) + sum(f) + sum(x) > 0 ORDER BY t")
                  .arg(perBucket);
    st.params = {fromS, toS, bucketS};
    return st;
}

Statement flowSeriesRangeCount(const SchemaProfile &p, const FlowTableSeries &s) {
    return {QStringLiteral("SELECT count(*) FROM %1 WHERE %2")
                .arg(p.qualifiedTable(), seriesWhere(p, s, QStringLiteral("to_timestamp($1::bigint)"), QStringLiteral("to_timestamp($2::bigint)"))),
            {}};
}

} // namespace om::sql
