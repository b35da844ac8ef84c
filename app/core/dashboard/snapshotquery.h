// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/snapshotsql.h"
#include "link/limits.h"

#include <QMap>
#include <functional>

namespace om {

class PgSession;

/// Runs the dashboard's one-round-trip snapshot for a profile (core/sql/snapshotsql builds it).
///
/// Exact counts come from the open (non-terminal) states, which the admin kit's partial indexes
/// keep small, and from the rare terminal states an index serves (CANCELLED, SKIPPED: see
/// setIndexedTerminalStates). The big terminal states (SENT, SUCCESS, PUBLISHED: millions of
/// rows) are estimated: the live row count (pg_stat n_live_tup) less every exact count, shared
/// out by pg_stats' frequencies when more than one state is estimated, and marked as
/// estimated. A small table is counted exactly. EstimateKeeper then keeps consecutive
/// estimates from moving backwards without a reason.
class SnapshotQuery {
public:
    explicit SnapshotQuery(SchemaProfile profile, int stuckTimeoutMinutes = -1, int breakdownLimit = 12);

    /// Name of the CTE that counts terminal states exactly; only read when the table is small.
    static constexpr const char *kTerminalCte = om::sql::kTerminalCte;

    /// The SQL sent to the server ($1 = stuck timeout in minutes, $2 = exact-count page limit).
    /// `withBreakdown` adds the waiting work by destination and by type: one pass over every
    /// waiting row, the costly part when thousands wait (SnapshotPoller decides how often).
    /// Built by core/sql/snapshotsql.
    QString sql(bool withBreakdown = true) const;
    Snapshot run(PgSession &session, bool withBreakdown = true) const;
    /// The parameters that go with sql().
    QVariantList params() const { return statement().params; }
    /// sql() with params().
    om::sql::Statement statement(bool withBreakdown = true) const;
    int stuckTimeoutMinutes() const { return m_stuckTimeoutMinutes; }

    /// Tables up to this many pages (8 kB each, default 2000 = 16 MB) are counted exactly even
    /// in terminal states.
    void setExactCountMaxPages(int pages) { m_exactCountMaxPages = pages; }
    /// Terminal states an index counts without reading the table (RareCountCheck, once per
    /// connection): each is counted exactly while its estimate is at most rareCountMaxRows.
    void setIndexedTerminalStates(const QStringList &states) { m_indexedTerminal = states; }
    const QStringList &indexedTerminalStates() const { return m_indexedTerminal; }
    void setRareCountMaxRows(qint64 rows) { m_rareCountMaxRows = rows; }
    /// The frequencies the last snapshot used (Snapshot::frequencies): the server reads the
    /// column statistics again only when their key has changed.
    void setKnownFrequencies(KnownFrequencies known) { m_known = std::move(known); }

private:
    /// Every state's count: exact where the row has one, else the terminal rows' estimate shared
    /// out by the statistics' frequencies. `value` reads a column of the snapshot's row by name.
    QList<StateCount> stateCounts(const std::function<QVariant(const QString &)> &value) const;
    /// The archive's rows per state from the snapshot's "archived" JSON: every row in the
    /// profile's archive state, or, where the archive keeps the state, as the rules classify them.
    QMap<QString, qint64> archivedByState(const QVariant &archived) const;
    /// Adds the archive's rows (the snapshot's "archived" JSON) to the states they count as.
    void addArchived(QList<StateCount> &states, const QVariant &archived) const;
    /// The statistics' times and activity counters the estimates came from.
    static TableStats tableStats(const std::function<QVariant(const QString &)> &value);

    SchemaProfile m_profile;
    int m_stuckTimeoutMinutes;
    int m_breakdownLimit;
    int m_exactCountMaxPages = 2000;
    QStringList m_indexedTerminal;
    qint64 m_rareCountMaxRows = limits::kRareCountMaxRows;
    KnownFrequencies m_known;
};

} // namespace om
