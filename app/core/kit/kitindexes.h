// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QList>
#include <QString>

namespace om::kit {

/// One index the program relies on for a profile's table, as the kit creates it.
struct KitIndex {
    QString name;      ///< unquoted, at most 63 bytes
    QString statement; ///< CREATE INDEX IF NOT EXISTS "name" ON ... (idempotent)
    QString why;       ///< one line for the kit's comment: which query it serves
    QString table;     ///< the table it is on, schema-qualified and quoted (the audit table for some)
    /// The columns (physical, unquoted) the program reads from it alone: an index under this name
    /// that lacks any (an earlier kit's, before a column joined it) is built again (lackingRebuilt).
    QStringList holds;
    /// A LIKE pattern that an earlier kit's predicate for this index matches (pg_get_expr of the
    /// index's predicate), "" when none: such an index is built again too, since the queries no
    /// longer imply its predicate (the near-max index before the last try counted a limit of 1).
    QString earlierPredicate;
};

/// The monitoring indexes of `profile`'s table: the dashboard snapshot's partial index over the
/// open states (sql::snapshotIndex), the keyset indexes of the triage lists (failed, stuck,
/// near max retry), one per rare terminal state (its exact count) and, for an ordered table, the
/// head-of-line index (sql::orderingIndex). Partial where the states allow: an index predicate
/// holds only immutable tests (sql::indexPredicate), which the lists' and the snapshot's own
/// predicates imply. An index whose columns and predicate another one already leads with is left
/// out.
QList<KitIndex> monitoringIndexes(const SchemaProfile &profile);

/// The flow chart's indexes (sql::flowIndexes: BRIN on the created and finished times, a partial
/// B-tree on the failed rows' time, BRIN on a status-history table's time). Some are on the audit
/// table, so the kit creates them after it.
QList<KitIndex> flowIndexes(const SchemaProfile &profile);

/// PL/pgSQL that drops the index `index` names when one under that name on `profile`'s table lacks a
/// column of `index.holds` or has the earlier predicate (RAISE NOTICE says so), for its CREATE INDEX IF NOT EXISTS to build it
/// again: without the column the queries it serves read the table, or a bigger index, instead.
/// Statements at `indent`; "" when the index names no columns. Runs in the kit's transaction.
QString lackingRebuilt(const SchemaProfile &profile, const KitIndex &index, const QString &indent);

} // namespace om::kit
