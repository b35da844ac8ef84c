// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QDateTime>
#include <QString>

namespace om {

/// A server time in the operator's zone, with the zone named: "yyyy-MM-dd 09:30:12 JST".
QString formatLocalTime(const QDateTime &utc);
/// The same to the minute, the zone that applied at that time named (a report's range may
/// cross a daylight-saving change): "yyyy-MM-dd 09:30 JST".
QString formatLocalMinutes(const QDateTime &utc);
/// The wall-clock minute of a moment in the operator's zone, for a label beside things of today:
/// "09:30".
QString formatLocalClock(qint64 secsSinceEpoch);
/// The operator's zone as shown in headers ("JST", "UTC+09:00" when there is no abbreviation).
QString localZoneName();
/// An age from the server in seconds, compact: "42 s", "17 min", "3 h 05 min", "2 d 04 h".
QString formatAge(double seconds);
/// A length of time chosen by people (a report's range, a chart's bucket), in its largest
/// whole units with zero parts left out: "45 min", "1 h 30 min", "24 h", "7 d", "2 d 6 h".
/// Up to 48 hours it stays in hours (a "last 24 hours" range reads as such), days above.
QString formatSpan(qint64 seconds);

} // namespace om
