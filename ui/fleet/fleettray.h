// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/alerts/alertwatch.h"
#include "core/fleet/fleetreading.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

class QSystemTrayIcon;

namespace om {

class FleetMember;

/// The fleet's one voice outside its window (alerts): a single tray icon whose colour
/// follows the worst of all its databases (red over grey over amber over green), a tooltip that
/// counts them, and a desktop notification for threshold crossings (each member's AlertWatch has
/// already made each once per crossing) that names the database and the number; crossings that
/// come within kGatherMs of each other are one notification. Clicking the
/// notification asks to open that database. Where the desktop has no tray it says so.
class FleetTray : public QObject {
    Q_OBJECT
public:
    explicit FleetTray(QObject *parent = nullptr);

    /// Recolours and retitles from the databases' readings and the window's summary line of them
    /// (after every change; the window has both already).
    void show(const QList<FleetReading> &readings, const QString &summary);
    /// A member crossed a threshold: notified within kGatherMs, with whatever else crossed meanwhile.
    void announce(const FleetMember &member, const AlertCrossing &crossing);
    /// Crossings this close together are one notification (a refresh's several tiles, databases
    /// refreshed together), and the operator learns of them this much later at most.
    static constexpr int kGatherMs = 250;

    int level() const { return m_level; }
    QString toolTip() const { return m_toolTip; }
    /// The last notification's title and text (also when no tray could show it).
    QString lastTitle() const { return m_lastTitle; }
    QString lastMessage() const { return m_lastMessage; }
    /// "" when a tray icon shows; otherwise why there is none, for the window's status line.
    QString trayProblem() const { return m_trayProblem; }

signals:
    /// The operator clicked a notification: open that database's window.
    void openRequested(const QString &name);
    /// The operator clicked the icon: bring the overview back.
    void activated();

private:
    struct Pending {
        QString label; ///< "[production] orders-eu"
        QString name;  ///< the saved connection's name, which a click opens
        AlertCrossing crossing;
    };
    void flush();

    QSystemTrayIcon *m_tray = nullptr;
    QList<Pending> m_pending;
    QTimer m_flush;
    int m_level = -1;
    QString m_toolTip;
    QString m_trayProblem;
    QString m_lastTitle;
    QString m_lastMessage;
    QString m_lastName; ///< whose notification a click opens
};

} // namespace om
