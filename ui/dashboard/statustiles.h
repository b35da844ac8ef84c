// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/dashboard/dashboardsettings.h"
#include "core/model/snapshot.h"

#include <QHash>
#include <QWidget>

class QFrame;
class QGridLayout;
class QLabel;

namespace om {

/// The current numbers at a glance: one tile per state plus oldest waiting, stuck and
/// near-max-retry. Estimated counts are marked as such; a tile turns amber / red past the
/// operator's warning / critical thresholds.
class StatusTiles : public QWidget {
    Q_OBJECT
public:
    explicit StatusTiles(QWidget *parent = nullptr);
    void showSnapshot(const Snapshot &snapshot);
    /// Text of the tile's value, for tests.
    QString tileText(const QString &key) const;
    /// The line under a state's value (where its estimate comes from, or why it fell or is
    /// held; "" for exact counts) and the value's tooltip, for tests.
    QString tileNote(const QString &key) const;
    QString tileToolTip(const QString &key) const;
    /// Thresholds keyed like the tiles ("oldest" in seconds, "stuck", "state:FAILED", ...).
    void setThresholds(const QMap<QString, Threshold> &thresholds);
    /// 0 normal, 1 warning, 2 critical (for tests and the window's title).
    int tileLevel(const QString &key) const { return m_levels.value(key); }
    /// Greys every tile while its value cannot be refreshed (the last value stays readable).
    void setStale(bool stale);
    bool isStale() const { return m_stale; }

signals:
    /// The "blocked behind heads" tile was clicked (ordered tables only): show the blocked keys.
    void blockedTileClicked();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QLabel *tile(const QString &key, const QString &title);
    void setLevel(const QString &key, double value);
    void showBlocked(const Snapshot &snapshot);
    void showStuck(const Snapshot &s);
    void showNearMax(qint64 nearMax, std::optional<qint64> atMax, const RetryCounting &counting);
    /// How the profile's retries column counts, in words (the near-max tile's tooltip).
    static QString countingText(const RetryCounting &counting);
    void showSlot(const SlotLag &slot);
    QGridLayout *m_grid;
    QHash<QString, QLabel *> m_values;
    QHash<QString, QLabel *> m_notes;
    QHash<QString, QFrame *> m_frames;
    QHash<QString, int> m_levels;
    QHash<QString, double> m_numbers;
    QMap<QString, Threshold> m_thresholds;
    int m_next = 0;
    bool m_stale = false;
};

} // namespace om
