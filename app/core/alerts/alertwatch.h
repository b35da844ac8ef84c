// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/dashboard/dashboardsettings.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>

#include <optional>

namespace om {

/// A tile that crossed one of its thresholds upwards, to be announced once.
struct AlertCrossing {
    QString key;      ///< the tile's key: "oldest", "stuck", "state:FAILED", ...
    int level = 0;    ///< 1 = warning, 2 = critical
    double value = 0; ///< the value that crossed
    double limit = 0; ///< the threshold it reached
};

/// Decides when a threshold crossing deserves a desktop notification (alerts): once per
/// crossing, not once per refresh; not again while the value hovers around the threshold
/// (hysteresis: a level is left only when the value falls a margin below it); and not again for the
/// same tile and level within a quiet period even if it does leave and come back. Pure logic on a
/// clock the caller passes (tests drive it without sleeping).
class AlertWatch {
public:
    struct Options {
        double hysteresis = 0.1;         ///< a level is left below limit × (1 − hysteresis)
        qint64 quietMs = 10 * 60 * 1000; ///< one announcement per tile and level in this long
    };
    AlertWatch() = default;
    explicit AlertWatch(Options options) : m_options(options) {}

    /// One refresh's tile values against the tiles' thresholds at `nowMs`; returns the crossings
    /// to announce now. Tiles absent from `values` keep their level (a tile shown only for some
    /// profiles, or not read this time).
    QList<AlertCrossing> update(const QMap<QString, double> &values, const QMap<QString, Threshold> &thresholds, qint64 nowMs);

    /// The level a tile is at now (0 when never seen), after hysteresis.
    int level(const QString &key) const { return m_keys.value(key).level; }
    /// The worst level of all tiles: the tray icon's colour.
    int worstLevel() const;

private:
    struct KeyState {
        int level = 0;
        std::optional<qint64> announcedMs[3]; ///< when each level was last announced
    };
    static double limitOf(const Threshold &t, int level) { return level == 2 ? t.critical : level == 1 ? t.warning
                                                                                                       : 0; }
    int levelWithHysteresis(const Threshold &t, int previous, double value) const;

    Options m_options;
    QHash<QString, KeyState> m_keys;
};

} // namespace om

Q_DECLARE_METATYPE(om::AlertCrossing)
