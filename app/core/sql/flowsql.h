// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

#include <QStringList>

namespace om::sql {

/// The flow of messages per time bucket, counted by the server from the table's own times:
/// created, finished and failed messages. Which column carries each time is read
/// from the profile's existing mapping (flowSources); no new profile key.

/// Where the flow's three counts come from.
struct FlowSources {
    /// Logical time column of a finished message: "finishedAt" when mapped; else the column
    /// whose NOT NULL makes the done state (outbox: publishedAt); else "updatedAt"; "" = none.
    /// Counted only for rows now in a `done` state.
    QString finishedAt;
    /// Logical time column of a failure: "failedAt" when mapped (counted for rows now in a
    /// failed state); "" when the failures come from the audit table or there are none.
    QString failedAt;
    /// Failures are the audit (status-history) rows whose new status is a failed state, at their
    /// changedAt: when no "failedAt" is mapped and the audit table has newStatus and changedAt,
    /// and the failed states are plain status values (batch_work_status_history).
    bool failedFromAudit = false;
    /// Without failedAt or audit: the failed states' rows at "updatedAt".
    bool hasFailed() const { return failedFromAudit || !failedAt.isEmpty(); }
};
FlowSources flowSources(const SchemaProfile &profile);

/// One series counted from the profile's own table: its time column (logical) and the states
/// predicate its rows must meet ("" for created), and its result column (0 created, 1 finished,
/// 2 failed).
struct FlowTableSeries {
    QString logical;
    QString predicate;
    int slot = 0;
};
/// The series counted from the table itself (the audit's failures are not among them).
QList<FlowTableSeries> flowTableSeries(const SchemaProfile &profile);

/// The archive's created and finished rows per bucket (profile "archive"), for the UNION of
/// either form; "" without an archive.
QString flowArchiveBranches(const SchemaProfile &profile);

/// Counts per bucket for [$1, $2) (epoch seconds, bigint), buckets of $3 seconds aligned to the
/// epoch. Rows: bucket_s (start, epoch seconds), created, finished, failed (0 where a series
/// has no source); only buckets with any count. Each count is its own aggregate over a range
/// condition on the bare column, so that a BRIN or B-tree index on the time column serves it.
Statement flowCounts(const SchemaProfile &profile, qint64 fromS, qint64 toS, int bucketS);
/// The audit's failures per bucket as one branch of flowCounts' UNION (columns t, c, f, x;
/// $1..$3 as there), for a profile whose FlowSources::failedFromAudit.
QString flowAuditFailedBranch(const SchemaProfile &profile);
/// The same counts as a naive query would write them (date_trunc of the converted time over
/// the whole table, filtered after): the benchmark's baseline for one-minute buckets.
Statement flowCountsNaive(const SchemaProfile &profile, qint64 fromS, qint64 toS);

/// The index kind of the flow's time columns (the benchmark compares them).
enum class FlowIndexKind {
    Brin,
    BTree
};
/// CREATE INDEX IF NOT EXISTS statements for the flow's time columns (created, finished, failed
/// and the audit table's changedAt), as the admin kit writes them. B-tree by default (partial on
/// the finished rows for the finished time): each bucket's count is then an index-only range
/// count (sql::flowCountsByBucket). A BRIN index is a thousand times smaller but every count
/// through it reads the table's pages in the range; scripts/bench insight measures both.
QStringList flowIndexes(const SchemaProfile &profile, FlowIndexKind kind = FlowIndexKind::BTree);

} // namespace om::sql
