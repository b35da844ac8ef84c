// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QList>
#include <QStringList>

namespace om::sql {

/// Open states with conditions that the dashboard snapshot counts in one pass (snapshotsql).
///
/// A library's outbox tells PENDING, READY and IN_FLIGHT apart by one column (locked_until) among
/// conditions they share (processed_at IS NULL AND abandoned_at IS NULL). Counted one state at a
/// time, each count reads every entry of the partial index over the shared conditions, and the
/// stuck and near-max counts read it again: five passes over the open rows where a status column
/// needs one short range per state (scripts/bench states: 36-40 ms against 20 ms at 3M rows).
/// One scan of the shared conditions with a count(*) FILTER per state reads the index once.
struct StateGroup {
    QList<StateCondition> shared; ///< conditions every member has (never one on now())
    QStringList states;           ///< the members, in the profile's order
    QStringList rest;             ///< per member (same order): the SQL of its other conditions

    /// The SQL of the shared conditions (the scan's WHERE).
    QString sharedSql(const SchemaProfile &profile) const;
    /// A member's own conditions ("true" when it has none beyond the shared ones), "" if not a member.
    QString restOf(const QString &state) const;
};

/// Groups of two or more open states (no terminal state, no status value) whose conditions are the
/// same but for the conditions on one column, and whose shared conditions are one member's
/// conditions not on now() (the index that serves that member serves the group), the largest
/// group first. A state in no group is counted by itself, as before: alone, a pass would gain
/// nothing, and folding its stuck count into it would read the whole of an index whose range the
/// stuck count reads (outbox: unpublished rows by created_at).
QList<StateGroup> openStateGroups(const SchemaProfile &profile);

/// Index of the group that holds `state`, -1 when none does.
int groupOf(const QList<StateGroup> &groups, const QString &state);
/// The name of the CTE that counts group `index`.
QString groupCteName(int index);
/// The CTE that counts group `index` in one pass over its shared conditions: "n:<state>" per
/// member, "stuck:<state>" per member that is a stuck state (past the timeout, $1 minutes), and
/// "near" (rows of the members that are near-max states with retries near the maximum) when the
/// profile counts retries.
QString groupCountsCte(const SchemaProfile &profile, const StateGroup &group, int index);

/// True when no row can meet both condition lists: one says a column IS NULL and the other IS NOT
/// NULL, IS TRUE and IS FALSE, or equal to two different constants.
bool provablyDisjoint(const QList<StateCondition> &a, const QList<StateCondition> &b);

} // namespace om::sql
