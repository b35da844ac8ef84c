// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om::sql {

/// The statements of the audited purge (the batch itself is the kit's function, PurgeFunctionSql).
/// `states` are the profile's purge states to count (empty = all of them); `olderThanDays` is bound.

/// The rows a purge of `olderThanDays` would delete, counted exactly (a scan of the matching
/// rows: run it on the Browse lane, where the operator can cancel it).
Statement purgeCount(const SchemaProfile &profile, const QStringList &states, int olderThanDays);
/// The same condition under EXPLAIN: the planner's estimate of the row count, from the column
/// statistics (pg_stats), in milliseconds even on a big table. Read it with purgeEstimateRows().
Statement purgeEstimate(const SchemaProfile &profile, const QStringList &states, int olderThanDays);
/// The "Plan Rows" of the top node of an EXPLAIN (FORMAT JSON) answer; -1 when unreadable.
qint64 purgeEstimateRows(const QString &explainJson);

} // namespace om::sql
