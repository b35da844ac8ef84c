// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/dashboardsettings.h"
#include "core/common/settingskey.h"

#include <QSettings>

namespace om {
DashboardSettings DashboardSettings::defaults(int profileStuckTimeoutMinutes) {
    DashboardSettings s;
    s.stuckTimeoutMinutes = profileStuckTimeoutMinutes > 0 ? profileStuckTimeoutMinutes : 30;
    s.thresholds.insert(QStringLiteral("oldest"), {5 * 60, 30 * 60});
    s.thresholds.insert(QStringLiteral("stuck"), {0, 1});
    s.thresholds.insert(QStringLiteral("nearMax"), {1, 100});
    return s;
}

DashboardSettings DashboardSettings::load(const QString &connectionKey, int profileStuckTimeoutMinutes) {
    DashboardSettings s = defaults(profileStuckTimeoutMinutes);
    QSettings q;
    q.beginGroup(connectionSettingsGroup(QStringLiteral("dashboard"), connectionKey));
    s.intervalS = qBound(1, q.value(QStringLiteral("intervalS"), s.intervalS).toInt(), 3600);
    s.stuckTimeoutMinutes = qBound(1, q.value(QStringLiteral("stuckTimeoutMinutes"), s.stuckTimeoutMinutes).toInt(), 7 * 24 * 60);
    s.retentionDays = qBound(1, q.value(QStringLiteral("retentionDays"), s.retentionDays).toInt(), 3650);
    s.windowS = qBound(qint64(60), q.value(QStringLiteral("windowS"), s.windowS).toLongLong(), qint64(7 * 86400));
    const int n = q.beginReadArray(QStringLiteral("thresholds"));
    for (int i = 0; i < n; ++i) {
        q.setArrayIndex(i);
        s.thresholds.insert(q.value(QStringLiteral("tile")).toString(),
                            {q.value(QStringLiteral("warning")).toDouble(), q.value(QStringLiteral("critical")).toDouble()});
    }
    q.endArray();
    return s;
}

void DashboardSettings::save(const QString &connectionKey) const {
    QSettings q;
    q.beginGroup(connectionSettingsGroup(QStringLiteral("dashboard"), connectionKey));
    q.setValue(QStringLiteral("intervalS"), intervalS);
    q.setValue(QStringLiteral("stuckTimeoutMinutes"), stuckTimeoutMinutes);
    q.setValue(QStringLiteral("retentionDays"), retentionDays);
    q.setValue(QStringLiteral("windowS"), windowS);
    q.remove(QStringLiteral("thresholds"));
    q.beginWriteArray(QStringLiteral("thresholds"), int(thresholds.size()));
    int i = 0;
    for (auto it = thresholds.cbegin(); it != thresholds.cend(); ++it, ++i) {
        q.setArrayIndex(i);
        q.setValue(QStringLiteral("tile"), it.key());
        q.setValue(QStringLiteral("warning"), it->warning);
        q.setValue(QStringLiteral("critical"), it->critical);
    }
    q.endArray();
}

} // namespace om
