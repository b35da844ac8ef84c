// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/standbywords.h"
#include "core/common/timeformat.h"

#include <QCoreApplication>
#include <QLocale>

namespace om::standbywords {
QString lag(double seconds) {
    if (seconds < 10)
        return QCoreApplication::translate("StandbyWords", "%1 s").arg(QLocale().toString(seconds, 'f', 1));
    return formatAge(seconds);
}

QString describe(const StandbyReplay &replay, int maxLagS) {
    if (!replay.inRecovery)
        return QCoreApplication::translate("StandbyWords", "reading a server that is not a standby (promoted?): its numbers are its own; changes still go to the primary");
    if (replay.isStale(maxLagS)) {
        if (!replay.lagS)
            return QCoreApplication::translate("StandbyWords", "the standby is not streaming from the primary: how far behind it is cannot be told; these numbers may be stale");
        return QCoreApplication::translate("StandbyWords", "the standby is %1 behind the primary (the bound is %2 s): these numbers are stale")
            .arg(lag(*replay.lagS))
            .arg(maxLagS);
    }
    if (!replay.lagS)
        return QCoreApplication::translate("StandbyWords", "reading the standby · replay lag unknown (nothing replayed since it started)");
    return QCoreApplication::translate("StandbyWords", "reading the standby · replay lag %1").arg(lag(*replay.lagS));
}

} // namespace om::standbywords
