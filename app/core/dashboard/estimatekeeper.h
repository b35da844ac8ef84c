// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"

#include <QHash>

namespace om {

/// Keeps the estimated counts the dashboard shows from moving backwards without a reason.
///
/// An estimate comes from statistics that are refreshed now and then (ANALYZE, VACUUM) and from
/// a sample: between two refreshes it can read lower although no message left the state. The
/// number of messages in a finished state only falls when rows leave the table (a DELETE, a
/// TRUNCATE), so a lower reading is shown only with one of those as its reason, and by no more
/// than it explains; otherwise the last value shown is held and the snapshot says so
/// (StateCount::note). Fed with consecutive snapshots of one profile (SnapshotPoller); no
/// database, no GUI.
class EstimateKeeper {
public:
    /// Applies the rule to `next`, the newest snapshot as read, and remembers what it shows.
    void apply(Snapshot &next);
    /// Forgets everything shown (another profile or database).
    void reset();

private:
    void keep(StateCount &c, const TableStats &now);
    QString m_profileId;
    TableStats m_last;              ///< of the last snapshot applied
    QHash<QString, qint64> m_shown; ///< per state: the count last shown
};

} // namespace om
