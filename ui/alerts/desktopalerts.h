// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/alerts/alertwatch.h"

#include <QObject>
#include <QString>

#include <functional>

class QSystemTrayIcon;

namespace om {

struct Snapshot;

/// The window's voice when it is not in front (alerts): a system-tray icon whose colour
/// follows the worst tile (green, amber, red; grey while the server does not answer), and a desktop
/// notification when a tile crosses a threshold — once per crossing (AlertWatch: hysteresis and a
/// quiet period), naming the database and the number. Clicking the notification or the icon
/// brings the window back. Works with the window minimised; where the desktop has no tray it says
/// so (trayProblem()) and the tiles remain the only alarm.
class DesktopAlerts : public QObject {
    Q_OBJECT
public:
    /// `database` names the connection in every notification ("orders@db-1:5432").
    explicit DesktopAlerts(const QString &database, QObject *parent = nullptr);

    /// Each refresh: the tiles' values against the thresholds the operator set for them.
    void showSnapshot(const Snapshot &s, const QMap<QString, Threshold> &thresholds);
    /// Names the connection from now on in the tooltip and notifications ("[production] orders-eu").
    void setDatabaseName(const QString &name);
    QString toolTip() const;
    /// While the server does not answer: a grey icon, and the tooltip says so.
    void setNotAnswering(const QString &why);
    /// While the server answers but refuses the refresh (its own time limit, a privilege): grey
    /// too, as the numbers are not current, and the tooltip says why without calling it an outage.
    void setCannotRead(const QString &why);

    /// "" when a tray icon shows; otherwise why there is none, for the status bar.
    QString trayProblem() const { return m_trayProblem; }
    /// The last notification's text (also when no tray could show it).
    QString lastMessage() const { return m_lastMessage; }
    /// The wording of a crossing as the notification shows it (tests and the status bar).
    static QString describe(const AlertCrossing &c);
    /// The clock the quiet period runs on (ms); tests pass their own.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }

signals:
    /// A crossing announced (also when no tray can show it).
    void crossed(const om::AlertCrossing &crossing);
    /// The operator clicked the notification or the tray icon.
    void openRequested();

private:
    void setIconLevel(int level, const QString &toolTip);
    QString levelToolTip(int level) const;

    QString m_database;
    QSystemTrayIcon *m_tray = nullptr;
    QString m_trayProblem;
    QString m_lastMessage;
    QString m_toolTip; ///< also kept without a tray (tests, the status bar)
    AlertWatch m_watch;
    std::function<qint64()> m_clock;
};

} // namespace om
