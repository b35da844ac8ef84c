// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QMap>
#include <QString>

namespace om {

/// Warning and critical levels of one tile; a level <= 0 is off.
struct Threshold {
    double warning = 0;
    double critical = 0;
    /// 0 = normal, 1 = warning, 2 = critical.
    int levelOf(double value) const {
        if (critical > 0 && value >= critical)
            return 2;
        if (warning > 0 && value >= warning)
            return 1;
        return 0;
    }
};

/// What the operator chose for the dashboard of one connection, persisted with QSettings:
/// sampling interval, stuck timeout, history retention, chart window and the tiles' thresholds (keyed like the
/// tiles: "oldest" in seconds, "stuck", "nearMax", "state:FAILED", ...).
struct DashboardSettings {
    int intervalS = 5;
    int stuckTimeoutMinutes = 30;
    int retentionDays = 30;
    qint64 windowS = 3600; ///< the charts' time window the operator chose last (15 min .. 7 days)
    QMap<QString, Threshold> thresholds;

    /// Defaults for a profile: the oldest waiting message warns at 5 min and is critical at
    /// 30 min, anything stuck is critical, near-max retries warn.
    static DashboardSettings defaults(int profileStuckTimeoutMinutes);
    /// Reads the settings of `connectionKey` (defaults where nothing is stored).
    static DashboardSettings load(const QString &connectionKey, int profileStuckTimeoutMinutes);
    void save(const QString &connectionKey) const;
};

} // namespace om
