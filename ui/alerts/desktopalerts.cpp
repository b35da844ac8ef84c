// SPDX-License-Identifier: GPL-3.0-or-later
#include "alerts/desktopalerts.h"
#include "alerts/levelicon.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "core/model/snapshot.h"
#include "core/dashboard/tilevalues.h"

#include <QDateTime>
#include <QSystemTrayIcon>

namespace om {

DesktopAlerts::DesktopAlerts(const QString &database, QObject *parent)
    : QObject(parent), m_database(database), m_clock([] { return QDateTime::currentMSecsSinceEpoch(); }) {
    m_toolTip = levelToolTip(0);
    if (!QSystemTrayIcon::isSystemTrayAvailable()) {
        m_trayProblem = tr("No system tray on this desktop: threshold alerts show only in this window's tiles.");
        return;
    }
    m_tray = new QSystemTrayIcon(this);
    setIconLevel(0, levelToolTip(0));
    connect(m_tray, &QSystemTrayIcon::messageClicked, this, &DesktopAlerts::openRequested);
    connect(m_tray, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason r) {
        if (r == QSystemTrayIcon::Trigger || r == QSystemTrayIcon::DoubleClick)
            emit openRequested();
    });
    m_tray->show();
}

QString DesktopAlerts::describe(const AlertCrossing &c) {
    const bool critical = c.level >= 2;
    if (c.key == QLatin1String("oldest"))
        return critical ? tr("Oldest waiting message is %1 old (critical at %2)").arg(formatAge(c.value), formatAge(c.limit))
                        : tr("Oldest waiting message is %1 old (warning at %2)").arg(formatAge(c.value), formatAge(c.limit));
    QString what;
    if (c.key.startsWith(QLatin1String("state:")))
        what = c.key.mid(6);
    else if (c.key == QLatin1String("stuck"))
        what = tr("Stuck");
    else if (c.key == QLatin1String("nearMax"))
        what = tr("At or near max retries");
    else if (c.key == QLatin1String("blocked"))
        what = tr("Blocked behind failing or stuck heads");
    else if (c.key == QLatin1String("slot"))
        what = tr("Replication slot behind (bytes)");
    else
        what = c.key;
    const QString value = formatCount(qint64(c.value)), limit = formatCount(qint64(c.limit));
    return critical ? tr("%1: %2 (critical at %3)").arg(what, value, limit) : tr("%1: %2 (warning at %3)").arg(what, value, limit);
}

void DesktopAlerts::showSnapshot(const Snapshot &s, const QMap<QString, Threshold> &thresholds) {
    const QList<AlertCrossing> crossings = m_watch.update(tileValues(s), thresholds, m_clock());
    const int worst = m_watch.worstLevel();
    setIconLevel(worst, levelToolTip(worst));
    if (crossings.isEmpty())
        return;
    // One notification for all that crossed in this refresh: a desktop shows one message of an
    // application at a time (Qt's balloon replaces the last one), and three tiles crossing together
    // would otherwise leave the operator reading the last of them only.
    QStringList lines;
    int level = 0;
    for (const AlertCrossing &c : crossings) {
        emit crossed(c);
        lines << describe(c);
        level = qMax(level, c.level);
    }
    m_lastMessage = lines.join(QLatin1Char('\n'));
    if (m_tray)
        m_tray->showMessage(tr("Outbox Monitor — %1").arg(m_database), m_lastMessage,
                            level >= 2 ? QSystemTrayIcon::Critical : QSystemTrayIcon::Warning);
}

void DesktopAlerts::setNotAnswering(const QString &why) {
    setIconLevel(3, tr("%1: not answering — %2").arg(m_database, why));
}

void DesktopAlerts::setCannotRead(const QString &why) {
    setIconLevel(3, tr("%1: numbers not refreshed — %2").arg(m_database, why));
}

void DesktopAlerts::setDatabaseName(const QString &name) {
    m_database = name;
    setIconLevel(m_watch.worstLevel(), levelToolTip(m_watch.worstLevel()));
}

QString DesktopAlerts::toolTip() const { return m_toolTip; }

QString DesktopAlerts::levelToolTip(int level) const {
    return level >= 2   ? tr("%1: critical").arg(m_database)
           : level == 1 ? tr("%1: warning").arg(m_database)
                        : tr("%1: no threshold crossed").arg(m_database);
}

void DesktopAlerts::setIconLevel(int level, const QString &toolTip) {
    m_toolTip = toolTip;
    if (!m_tray)
        return;
    m_tray->setIcon(levelIcon(level));
    m_tray->setToolTip(toolTip);
}

} // namespace om
