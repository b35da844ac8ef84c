// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/standbyreplay.h"

namespace om {

bool StandbyReplay::isStale(int maxLagS) const {
    if (!inRecovery)
        return false;
    if (!lagS)
        return !receiving;
    return *lagS > maxLagS;
}

} // namespace om
