#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om::sql {

/// The dashboard's one-round-trip snapshot statement (core/dashboard/SnapshotQuery runs it and
/// turns its one row into a Snapshot) and the index that keeps it index-only.

/// Name of the CTE that counts terminal states exactly; only read when the table is small.
constexpr const char *kTerminalCte = "exact_terminal";

/// The snapshot's text ($1 = stuck timeout in minutes, $2 = exact-count page limit). Output
/// columns by name: server_epoch, "n:<state>" (and "f:<state>" for terminal states), total_est,
/// oldest_age, stuck, near_max, by_destination / by_type (JSON, with the breakdown), server_ms.
/// `withBreakdown` adds the waiting work by destination and by type, `breakdownLimit` groups each.
QString snapshotText(const SchemaProfile &profile, bool withBreakdown, int breakdownLimit);
/// The text with its values.
Statement snapshot(const SchemaProfile &profile, bool withBreakdown, int breakdownLimit, int stuckTimeoutMinutes,
                   int exactCountMaxPages);
/// The partial index over the open states the snapshot needs, as the kit writes it.
QString snapshotIndex(const SchemaProfile &profile);

} // namespace om::sql
