#pragma once
#include <QDateTime>
#include <QString>

namespace om {

/// A server time in the operator's zone, with the zone named: "2024-05-01 09:30:12 JST".
QString formatLocalTime(const QDateTime &utc);
/// The operator's zone as shown in headers ("JST", "UTC+09:00" when there is no abbreviation).
QString localZoneName();
/// An age from the server in seconds, compact: "42 s", "17 min", "3 h 05 min", "2 d 04 h".
QString formatAge(double seconds);

} // namespace om
