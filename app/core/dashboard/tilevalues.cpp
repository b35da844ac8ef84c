// SPDX-License-Identifier: GPL-3.0-or-later
#include "tilevalues.h"

namespace om {

QMap<QString, double> tileValues(const Snapshot &s) {
    QMap<QString, double> v;
    for (const StateCount &c : s.states)
        v.insert(QStringLiteral("state:") + c.name, double(c.count));
    v.insert(QStringLiteral("oldest"), s.oldestWaitingAgeS.value_or(0.0));
    v.insert(QStringLiteral("stuck"), double(s.stuck));
    if (s.nearMaxRetry)
        v.insert(QStringLiteral("nearMax"), double(*s.nearMaxRetry));
    if (s.blockedHeads || s.blockedNeedsIndex)
        v.insert(QStringLiteral("blocked"), double(s.blockedBehind.value_or(0)));
    if (s.slot)
        v.insert(QStringLiteral("slot"), double(s.slot->behindBytes.value_or(0)));
    return v;
}

} // namespace om
