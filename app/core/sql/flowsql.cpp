// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/flowsql.h"
#include "core/sql/statesql.h"
#include "core/sql/kitnames.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"

namespace om::sql {
namespace {

const QString kFinishedAt = QStringLiteral("finishedAt");
const QString kFailedAt = QStringLiteral("failedAt");
const QString kUpdatedAt = QStringLiteral("updatedAt");

QStringList statesOfRole(const SchemaProfile &p, const QString &role) {
    QStringList out;
    for (const StateDef &s : p.states)
        if (s.role == role)
            out << s.name;
    return out;
}

/// The failed states of the profile's "failed" view, or of role failed when the view is empty.
QStringList failedStates(const SchemaProfile &p) {
    return p.failedStates.isEmpty() ? statesOfRole(p, QStringLiteral("failed")) : p.failedStates;
}

/// The done state's own time column: `{"notNull": "publishedAt"}` (seed 004's outbox).
QString doneNotNullColumn(const SchemaProfile &p) {
    for (const StateDef &s : p.states)
        if (s.role == QLatin1String("done"))
            for (const StateCondition &c : s.when)
                if (c.op == StateCondition::Op::NotNull)
                    return c.column;
    return {};
}

/// A series' bucket: what the rows are grouped by, and its start in epoch seconds (bigint, read
/// once per group). $3 = the bucket width in seconds.
struct Bucket {
    QString key;
    QString startS;
};

/// A timestamptz value's bucket: date_bin is integer arithmetic on the stored microseconds, where
/// floor(extract(epoch …) / w) builds a numeric for every row (extract returns numeric since
/// PostgreSQL 14) — that conversion was most of a 7-day backfill's time.
Bucket binnedTime(const QString &timestamptz) {
    const QString key = QStringLiteral("date_bin($3::int * interval '1 second', %1, timestamptz 'epoch')").arg(timestamptz);
    return {key, QStringLiteral("extract(epoch from %1)::bigint").arg(key)};
}

Bucket bucketOf(const SchemaProfile &p, const QString &logical) {
    switch (p.types.time(logical)) {
    case TimeType::TimestampTz:
    case TimeType::Timestamp: return binnedTime(timeValue(p, logical));
    case TimeType::EpochSeconds:
    case TimeType::EpochMillis: break;
    }
    // Epoch numbers: float arithmetic on the number itself is cheap already.
    const QString key = QStringLiteral("(floor(%1 / $3::int) * $3::int)::bigint").arg(epochSeconds(p, logical));
    return {key, key};
}

QString range(const SchemaProfile &p, const QString &logical) {
    return timeCompare(p, logical, QStringLiteral(">="), QStringLiteral("to_timestamp($1::bigint)")) + QStringLiteral(" AND ")
           + timeCompare(p, logical, QStringLiteral("<"), QStringLiteral("to_timestamp($2::bigint)"));
}

/// One branch of the UNION: counts of one series per bucket, its count in column `slot` (0..2).
QString branch(const Bucket &bucket, const QString &from, const QString &where, int slot) {
    QStringList counts{QStringLiteral("0::bigint"), QStringLiteral("0::bigint"), QStringLiteral("0::bigint")};
    counts[slot] = QStringLiteral("count(*)");
    return QStringLiteral("SELECT %1 AS t, %2 AS c, %3 AS f, %4 AS x FROM %5 WHERE %6 GROUP BY %7")
        .arg(bucket.startS, counts[0], counts[1], counts[2], from, where, bucket.key);
}

QString auditFailedCondition(const SchemaProfile &p, const QString &alias) {
    QStringList values;
    for (const QString &name : failedStates(p))
        values << quoteLiteral(p.state(name)->statusValue());
    return QStringLiteral("%1.%2 IN (%3)").arg(alias, quoteIdentifier(p.audit.column(QStringLiteral("newStatus"))), values.join(QStringLiteral(", ")));
}

/// ix_<table>_flow_<what>, cut to PostgreSQL's 63 bytes as the kit cuts every name it makes.
QString indexName(const QString &table, const QString &what) {
    return kit::objectName(QStringLiteral("ix_") + table, QStringLiteral("flow_") + what);
}

} // namespace

FlowSources flowSources(const SchemaProfile &p) {
    FlowSources s;
    const QString notNull = doneNotNullColumn(p);
    if (!statesOfRole(p, QStringLiteral("done")).isEmpty())
        s.finishedAt = p.has(kFinishedAt) ? kFinishedAt : !notNull.isEmpty() ? notNull
                                                      : p.has(kUpdatedAt)    ? kUpdatedAt
                                                                             : QString();
    const QStringList failed = failedStates(p);
    if (failed.isEmpty())
        return s;
    bool plainStatuses = true;
    for (const QString &name : failed)
        plainStatuses = plainStatuses && p.state(name) && !p.state(name)->statusValue().isEmpty();
    if (p.has(kFailedAt))
        s.failedAt = kFailedAt;
    else if (p.hasAudit() && plainStatuses && !p.audit.column(QStringLiteral("newStatus")).isEmpty()
             && !p.audit.column(QStringLiteral("changedAt")).isEmpty())
        s.failedFromAudit = true;
    else if (p.has(kUpdatedAt))
        s.failedAt = kUpdatedAt;
    return s;
}

QList<FlowTableSeries> flowTableSeries(const SchemaProfile &p) {
    const FlowSources src = flowSources(p);
    QList<FlowTableSeries> out{{QStringLiteral("createdAt"), QString(), 0}};
    if (!src.finishedAt.isEmpty())
        out << FlowTableSeries{src.finishedAt, sql::statesPredicate(p, statesOfRole(p, QStringLiteral("done"))), 1};
    if (!src.failedAt.isEmpty())
        out << FlowTableSeries{src.failedAt, sql::statesPredicate(p, failedStates(p)), 2};
    return out;
}

QString flowAuditFailedBranch(const SchemaProfile &p) {
    // The audit's changedAt is the kit's timestamptz: compared bare, so that its index serves.
    const QString at = QStringLiteral("a.") + quoteIdentifier(p.audit.column(QStringLiteral("changedAt")));
    return branch(binnedTime(at), p.qualifiedAuditTable() + QStringLiteral(" a"),
                  auditFailedCondition(p, QStringLiteral("a"))
                      + QStringLiteral(" AND %1 >= to_timestamp($1::bigint) AND %1 < to_timestamp($2::bigint)").arg(at),
                  2);
}

namespace {

/// The archive's rows in `states`: the state rules read the archive's own columns where it keeps
/// them; otherwise every row is in the archive's one state, so the predicate is all or nothing.
QString archivedInStates(const SchemaProfile &p, const QStringList &states) {
    if (p.archive.keepsState())
        return sql::statesPredicate(p, states);
    return states.contains(p.archive.state) ? QStringLiteral("true") : QStringLiteral("false");
}

} // namespace

QString flowArchiveBranches(const SchemaProfile &p) {
    if (!p.hasArchive())
        return {};
    // The archive holds the table's columns: its rows were created, and finished or failed, at
    // the times they keep. Moved there, they still count in the minutes they happened in, and as
    // what they became: a cancelled or failed row is never "finished".
    const QString archive = p.qualifiedArchiveTable();
    QStringList out{branch(bucketOf(p, QStringLiteral("createdAt")), archive, range(p, QStringLiteral("createdAt")), 0)};
    const FlowSources src = flowSources(p);
    const QString done = archivedInStates(p, statesOfRole(p, QStringLiteral("done")));
    if (!src.finishedAt.isEmpty() && done != QLatin1String("false"))
        out << branch(bucketOf(p, src.finishedAt), archive, done + QStringLiteral(" AND ") + range(p, src.finishedAt), 1);
    const QString failed = archivedInStates(p, failedStates(p));
    if (!src.failedAt.isEmpty() && failed != QLatin1String("false"))
        out << branch(bucketOf(p, src.failedAt), archive, failed + QStringLiteral(" AND ") + range(p, src.failedAt), 2);
    return out.join(QStringLiteral(" UNION ALL "));
}

Statement flowCounts(const SchemaProfile &p, qint64 fromS, qint64 toS, int bucketS) {
    const FlowSources src = flowSources(p);
    const QString table = p.qualifiedTable();
    QStringList branches;
    for (const FlowTableSeries &s : flowTableSeries(p))
        branches << branch(bucketOf(p, s.logical), table,
                           s.predicate.isEmpty() ? range(p, s.logical) : s.predicate + QStringLiteral(" AND ") + range(p, s.logical), s.slot);
    if (src.failedFromAudit)
        branches << flowAuditFailedBranch(p);
    if (p.hasArchive())
        branches << flowArchiveBranches(p);
    Statement st;
    st.text = QStringLiteral("SELECT t AS bucket_s, sum(c)::bigint AS created, sum(f)::bigint AS finished, sum(x)::bigint AS failed"
                             " FROM (%1) u GROUP BY t ORDER BY t")
                  .arg(branches.join(QStringLiteral(" UNION ALL ")));
    st.params = {fromS, toS, bucketS};
    return st;
}

Statement flowCountsNaive(const SchemaProfile &p, qint64 fromS, qint64 toS) {
    // What one writes first: truncate the converted time, filter on the truncated value. Every
    // row of the table is read and converted, whatever index exists.
    const FlowSources src = flowSources(p);
    const QString table = p.qualifiedTable();
    auto minute = [&](const QString &logical) { return QStringLiteral("date_trunc('minute', %1)").arg(timeValue(p, logical)); };
    auto where = [](const QString &t) {
        return QStringLiteral("%1 >= to_timestamp($1::bigint) AND %1 < to_timestamp($2::bigint)").arg(t);
    };
    QStringList parts;
    parts << QStringLiteral("SELECT %1 AS t, count(*) AS c, 0::bigint AS f FROM %2 WHERE %3 GROUP BY 1")
                 .arg(minute(QStringLiteral("createdAt")), table, where(minute(QStringLiteral("createdAt"))));
    if (!src.finishedAt.isEmpty())
        parts << QStringLiteral("SELECT %1, 0::bigint, count(*) FROM %2 WHERE %3 AND %4 GROUP BY 1")
                     .arg(minute(src.finishedAt), table, sql::statesPredicate(p, statesOfRole(p, QStringLiteral("done"))),
                          where(minute(src.finishedAt)));
    Statement st;
    st.text = QStringLiteral("SELECT t, sum(c)::bigint, sum(f)::bigint FROM (%1) u GROUP BY t ORDER BY t")
                  .arg(parts.join(QStringLiteral(" UNION ALL ")));
    st.params = {fromS, toS};
    return st;
}

QStringList flowIndexes(const SchemaProfile &p, FlowIndexKind kind) {
    const FlowSources src = flowSources(p);
    const QString table = p.qualifiedStorageTable();
    QStringList out;
    QStringList done;
    auto brin = [](const QString &name, const QString &on, const QString &column) {
        return QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2 USING brin (%3) WITH (pages_per_range = 32)")
            .arg(quoteIdentifier(name), on, quoteIdentifier(column));
    };
    auto btree = [&](const QString &name, const QString &column, const QString &predicate) {
        return QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2 (%3)%4")
            .arg(quoteIdentifier(name), table, quoteIdentifier(column),
                 predicate.isEmpty() ? QString() : QStringLiteral(" WHERE ") + predicate);
    };
    // Created and finished times grow with the table's physical order: BRIN (or, to compare, a
    // B-tree, partial where a predicate applies so that its count is index-only).
    auto growing = [&](const QString &logical, const QString &predicate) {
        const QString column = p.column(logical);
        if (done.contains(column))
            return;
        done << column;
        out << (kind == FlowIndexKind::Brin ? brin(indexName(p.table, column), table, column)
                                            : btree(indexName(p.table, column + QStringLiteral("_bt")), column, predicate));
    };
    growing(QStringLiteral("createdAt"), {});
    if (!src.finishedAt.isEmpty())
        growing(src.finishedAt, sql::statesPredicate(p, statesOfRole(p, QStringLiteral("done"))));
    // Rows in a failed state are few (an open state): a partial B-tree of just them is smaller
    // than any BRIN over the whole table, and its count is index-only.
    if (!src.failedAt.isEmpty())
        out << btree(indexName(p.table, p.column(src.failedAt) + QStringLiteral("_failed")), p.column(src.failedAt),
                     sql::statesPredicate(p, failedStates(p)));
    // Audit rows are only ever appended: BRIN fits them best of all.
    if (src.failedFromAudit)
        out << brin(indexName(p.audit.table, p.audit.column(QStringLiteral("changedAt"))), p.qualifiedAuditTable(),
                    p.audit.column(QStringLiteral("changedAt")));
    return out;
}

} // namespace om::sql
