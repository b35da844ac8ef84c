#pragma once
#include "core/dashboard/snapshot.h"
#include "core/profile/schemaprofile.h"

namespace om {

class PgSession;

/// Builds and runs the dashboard's one-round-trip snapshot for a profile.
///
/// Exact counts come only from the open (non-terminal) states, which the admin kit's partial
/// indexes keep small; terminal states (SENT, SUCCESS, PUBLISHED: millions of rows) are
/// estimated from pg_class/pg_stats, scaled to the table's current size the way the planner
/// does, and marked as estimated. A small table (or one without statistics) is counted exactly.
class SnapshotQuery {
public:
    explicit SnapshotQuery(SchemaProfile profile, int stuckTimeoutMinutes = -1, int breakdownLimit = 12);

    /// Name of the CTE that counts terminal states exactly; only read when the table is small.
    static constexpr const char *kTerminalCte = "exact_terminal";

    /// The SQL sent to the server ($1 = stuck timeout in minutes, $2 = exact-count page limit).
    /// `withBreakdown` adds the waiting work by destination and by type: one pass over every
    /// waiting row, the costly part when thousands wait (SnapshotPoller decides how often).
    QString sql(bool withBreakdown = true) const;
    Snapshot run(PgSession &session, bool withBreakdown = true) const;
    /// The parameters that go with sql().
    QVariantList params() const { return {m_stuckTimeoutMinutes, m_exactCountMaxPages}; }
    int stuckTimeoutMinutes() const { return m_stuckTimeoutMinutes; }

    /// Tables up to this many pages (8 kB each, default 2000 = 16 MB) are counted exactly even
    /// in terminal states.
    void setExactCountMaxPages(int pages) { m_exactCountMaxPages = pages; }

private:
    QStringList breakdownDimensions() const;
    QString breakdownCte() const;
    QStringList breakdownColumns() const;

    SchemaProfile m_profile;
    int m_stuckTimeoutMinutes;
    int m_breakdownLimit;
    int m_exactCountMaxPages = 2000;
};

} // namespace om
