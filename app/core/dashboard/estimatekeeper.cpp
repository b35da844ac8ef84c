// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/estimatekeeper.h"

namespace om {

void EstimateKeeper::reset() {
    m_profileId.clear();
    m_last = {};
    m_shown.clear();
}

void EstimateKeeper::apply(Snapshot &next) {
    if (next.profileId != m_profileId) {
        reset();
        m_profileId = next.profileId;
    }
    for (StateCount &c : next.states) {
        if (c.estimated && c.count >= 0 && m_last.valid && next.table.valid)
            keep(c, next.table);
        // Exact counts are remembered too: a rare state that grows past the bound and becomes
        // estimated does not fall below the last exact count without a reason either.
        if (c.count >= 0)
            m_shown.insert(c.name, c.count);
    }
    if (next.table.valid)
        m_last = next.table;
}

void EstimateKeeper::keep(StateCount &c, const TableStats &now) {
    const qint64 shown = m_shown.value(c.name, -1);
    if (shown < 0 || c.count >= shown)
        return;
    // Lower than last time. A new relfilenode means the table was emptied or rewritten; counters
    // that went backwards were reset: nothing to compare with, the new reading stands.
    if (now.fileNode != m_last.fileNode) {
        c.note = EstimateNote::TableRewritten;
        return;
    }
    if (now.deletedTotal < m_last.deletedTotal) {
        c.note = EstimateNote::CountersReset;
        return;
    }
    const qint64 deleted = now.deletedTotal - m_last.deletedTotal;
    if (deleted > 0) {
        // At most as far as the deletes go: the rest of a fall is the statistics' noise.
        c.count = qMax(c.count, shown - deleted);
        c.note = EstimateNote::RowsDeleted;
        c.deletedRows = deleted;
        return;
    }
    // Rows only arrived: a lower reading is the statistics', not the table's. Keep the last.
    c.count = shown;
    c.note = EstimateNote::Held;
}

} // namespace om
