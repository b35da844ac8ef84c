#pragma once
#include "core/dashboard/snapshot.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/snapshotsql.h"

#include <functional>

namespace om {

class PgSession;

/// Runs the dashboard's one-round-trip snapshot for a profile (core/sql/snapshotsql builds it).
///
/// Exact counts come only from the open (non-terminal) states, which the admin kit's partial
/// indexes keep small; terminal states (SENT, SUCCESS, PUBLISHED: millions of rows) are
/// estimated from pg_class/pg_stats, scaled to the table's current size the way the planner
/// does, and marked as estimated. A small table (or one without statistics) is counted exactly.
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
    QVariantList params() const { return {m_stuckTimeoutMinutes, m_exactCountMaxPages}; }
    /// sql() with params().
    om::sql::Statement statement(bool withBreakdown = true) const;
    int stuckTimeoutMinutes() const { return m_stuckTimeoutMinutes; }

    /// Tables up to this many pages (8 kB each, default 2000 = 16 MB) are counted exactly even
    /// in terminal states.
    void setExactCountMaxPages(int pages) { m_exactCountMaxPages = pages; }

private:
    /// Every state's count: exact where the row has one, else the terminal rows' estimate shared
    /// out by the statistics' frequencies. `value` reads a column of the snapshot's row by name.
    QList<StateCount> stateCounts(const std::function<QVariant(const QString &)> &value) const;

    SchemaProfile m_profile;
    int m_stuckTimeoutMinutes;
    int m_breakdownLimit;
    int m_exactCountMaxPages = 2000;
};

} // namespace om
