#include "fleet/fleettray.h"
#include "alerts/desktopalerts.h"
#include "alerts/levelicon.h"
#include "connection/environmentband.h"
#include "core/fleet/fleetmember.h"

#include <QSystemTrayIcon>

namespace om {
namespace {

/// Red (critical) over grey (cannot be read) over amber over green: the same order as the
/// overview's State column.
int worstLevel(const QList<FleetReading> &readings) {
    int worstSeverity = 0;
    int level = 0;
    for (const FleetReading &r : readings) {
        if (r.severity() > worstSeverity) {
            worstSeverity = r.severity();
            level = r.trayLevel();
        }
    }
    return level;
}

} // namespace

FleetTray::FleetTray(QObject *parent) : QObject(parent) {
    if (!QSystemTrayIcon::isSystemTrayAvailable()) {
        m_trayProblem = tr("No system tray on this desktop: threshold alerts show only in this window.");
        return;
    }
    m_tray = new QSystemTrayIcon(this);
    connect(m_tray, &QSystemTrayIcon::messageClicked, this, [this] {
        if (!m_lastName.isEmpty())
            emit openRequested(m_lastName);
    });
    connect(m_tray, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason r) {
        if (r == QSystemTrayIcon::Trigger || r == QSystemTrayIcon::DoubleClick)
            emit activated();
    });
}

void FleetTray::show(const QList<FleetReading> &readings, const QString &summary) {
    const QString toolTip = tr("Outbox Monitor fleet — %1").arg(summary);
    const int level = worstLevel(readings);
    if (m_tray) {
        // Only what changed: this runs on every refresh of every database, and on a desktop each
        // change goes to the tray, another process (StatusNotifierItem over D-Bus on Linux).
        if (level != m_level)
            m_tray->setIcon(levelIcon(level));
        if (toolTip != m_toolTip)
            m_tray->setToolTip(toolTip);
        m_tray->show();
    }
    m_toolTip = toolTip;
    m_level = level;
}

void FleetTray::announce(const FleetMember &member, const AlertCrossing &crossing) {
    m_lastTitle = EnvironmentBand::label(member.connection());
    m_lastMessage = DesktopAlerts::describe(crossing);
    m_lastName = member.connection().name;
    if (m_tray)
        m_tray->showMessage(m_lastTitle, m_lastMessage,
                            crossing.level >= 2 ? QSystemTrayIcon::Critical : QSystemTrayIcon::Warning);
}

} // namespace om
