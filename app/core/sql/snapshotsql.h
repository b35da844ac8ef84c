// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om::sql {

/// The dashboard's one-round-trip snapshot statement (core/dashboard/SnapshotQuery runs it and
/// turns its one row into a Snapshot) and the index that keeps it index-only.

/// Name of the CTE that counts terminal states exactly; only read when the table is small.
constexpr const char *kTerminalCte = "exact_terminal";

/// The snapshot's text ($1 = stuck timeout in minutes, $2 = exact-count page limit; with terminal
/// states $3 = the key of the statistics the frequencies in $4 were read under; $5 = the most rows
/// a rare terminal state may have to be counted through its index, only with `indexedTerminal`).
/// Output columns by name: server_epoch, "n:<state>" (and "f:<state>" for terminal states),
/// total_est, small_table, tup_del, filenode, analyzed_epoch, stats_key (with terminal states), oldest_age,
/// stuck, near_max, hol_heads / hol_behind (profiles with an ordering key, sql/headsql),
/// by_destination / by_type / by_worker (JSON, with the breakdown; sql/workersql), server_ms.
/// `withBreakdown` adds the waiting work by destination and by type, `breakdownLimit` groups each.
/// `indexedTerminal`: terminal states an index counts without reading the table
/// (core/dashboard/RareCountCheck); they are counted exactly while rare.
QString snapshotText(const SchemaProfile &profile, bool withBreakdown, int breakdownLimit,
                     const QStringList &indexedTerminal = {});
/// The text with its values.
/// `known`: the frequencies the last refresh used and their key ($3, $4; see KnownFrequencies):
/// the statistics are read only when the key has changed (or no key is known).
Statement snapshot(const SchemaProfile &profile, bool withBreakdown, int breakdownLimit, int stuckTimeoutMinutes,
                   int exactCountMaxPages, const QStringList &indexedTerminal = {}, qint64 rareCountMaxRows = 0,
                   const KnownFrequencies &known = {});
/// Whether every index named in `indexNames` (a text[] literal) of the profile's table is a B-tree,
/// partial or starting with `column`: one boolean (RareCountCheck).
Statement indexesStartWith(const SchemaProfile &profile, const QString &indexNames, const QString &column);
/// The exact count of one state, written as the snapshot writes it (RareCountCheck explains it).
Statement terminalCount(const SchemaProfile &profile, const QString &state);
/// The predicate of a partial index over the rows of `states`, folded as statesPredicate folds
/// it but without the conditions on now() (an index predicate may only use immutable functions):
/// weaker than each state's own predicate, so the queries over those states imply it. "" when a
/// state has no other condition (no partial index can hold it). The kit's indexes use it.
QString indexPredicate(const SchemaProfile &profile, const QStringList &states);
/// The partial index over the open states the snapshot needs, as the kit writes it.
QString snapshotIndex(const SchemaProfile &profile);
/// Its columns, keys and INCLUDE alike (physical names, unquoted): what an index under its name
/// must hold for the snapshot to read it alone (the kit rebuilds one that lacks any).
QStringList snapshotIndexColumns(const SchemaProfile &profile);

} // namespace om::sql
