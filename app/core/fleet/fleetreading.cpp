// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/fleet/fleetreading.h"

namespace om {

int FleetReading::colourLevel() const {
    switch (health) {
    case Health::Connecting:
        return -1;
    case Health::Failing:
    case Health::Refused:
        return 3;
    case Health::Up:
        break;
    }
    return qBound(0, level, 2);
}

int FleetReading::severity() const {
    // colourLevel -1 (connecting), 0 ok, 1 warning, 3 cannot be read, 2 critical: in that order.
    static const int bySeverity[] = {0, 1, 2, 4, 3};
    return bySeverity[colourLevel() + 1];
}

QString FleetReading::stateWords() const {
    switch (health) {
    case Health::Connecting:
        return tr("connecting…");
    case Health::Failing:
        return tr("cannot read");
    case Health::Refused:
        return tr("cannot connect");
    case Health::Up:
        break;
    }
    QString words = tr("ok");
    if (level >= 2)
        words = tr("critical");
    else if (level == 1)
        words = tr("warning");
    return rowsHidden ? tr("%1 · rows hidden").arg(words) : words;
}

int FleetReading::trayLevel() const { return qMax(0, colourLevel()); }

QString FleetReading::summary(const QList<FleetReading> &readings) {
    int bySeverity[5] = {0, 0, 0, 0, 0};
    for (const FleetReading &r : readings)
        ++bySeverity[qBound(0, r.severity(), 4)];
    QStringList parts;
    if (bySeverity[4])
        parts << tr("%1 critical").arg(bySeverity[4]);
    if (bySeverity[3])
        parts << tr("%1 cannot be read").arg(bySeverity[3]);
    if (bySeverity[2])
        parts << tr("%1 warning").arg(bySeverity[2]);
    if (bySeverity[1])
        parts << tr("%1 ok").arg(bySeverity[1]);
    if (bySeverity[0])
        parts << tr("%1 connecting").arg(bySeverity[0]);
    // Two texts, not "%n database(s)": the English plural file is not loaded everywhere this shows.
    const QString head = readings.size() == 1 ? tr("1 database") : tr("%1 databases").arg(readings.size());
    return parts.isEmpty() ? head : tr("%1: %2").arg(head, parts.join(QStringLiteral(", ")));
}

} // namespace om
