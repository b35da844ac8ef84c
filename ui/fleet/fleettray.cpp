// SPDX-License-Identifier: GPL-3.0-or-later
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
    m_flush.setSingleShot(true);
    m_flush.setInterval(kGatherMs);
    connect(&m_flush, &QTimer::timeout, this, &FleetTray::flush);
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
    // Gathered for a moment and shown as one: a desktop shows an application's notifications one
    // at a time (Qt's balloon replaces the last), so crossings of one refresh, or of databases
    // refreshed together, would otherwise leave only the last on screen.
    m_pending.append({EnvironmentBand::label(member.connection()), member.connection().name, crossing});
    if (!m_flush.isActive())
        m_flush.start();
}

void FleetTray::flush() {
    if (m_pending.isEmpty())
        return;
    QStringList databases, lines;
    const Pending *worst = &m_pending.first();
    for (const Pending &p : std::as_const(m_pending)) {
        if (!databases.contains(p.label))
            databases << p.label;
        if (p.crossing.level > worst->crossing.level)
            worst = &p;
    }
    const bool one = databases.size() == 1;
    for (const Pending &p : std::as_const(m_pending))
        lines << (one ? DesktopAlerts::describe(p.crossing) : tr("%1: %2").arg(p.label, DesktopAlerts::describe(p.crossing)));
    m_lastTitle = one ? databases.first() : tr("Outbox Monitor — %1 databases crossed a threshold").arg(databases.size());
    m_lastMessage = lines.join(QLatin1Char('\n'));
    m_lastName = worst->name; // a click opens the worst of them
    const int level = worst->crossing.level;
    m_pending.clear();
    if (m_tray)
        m_tray->showMessage(m_lastTitle, m_lastMessage, level >= 2 ? QSystemTrayIcon::Critical : QSystemTrayIcon::Warning);
}

} // namespace om
