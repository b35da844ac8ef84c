// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/standbyreplay.h"

#include <QString>

namespace om::standbywords {

/// A replay lag in words an operator compares with seconds of refresh: "0.4 s" under ten
/// seconds, else as formatAge ("42 s", "17 min").
QString lag(double seconds);
/// What the window says of the standby it reads, for the dashboard's health line and the status
/// bar: "reading the standby · replay lag 0.4 s", or why its numbers are stale (`maxLagS`: the
/// connection's bound).
QString describe(const StandbyReplay &replay, int maxLagS);

} // namespace om::standbywords
