// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QDateTime>
#include <QString>
#include <QVariant>

namespace om {

/// Seconds since the epoch as the server sends them (`extract(epoch from ...)`, as text or a
/// number) as a UTC time, rounded to the nearest millisecond. A null value gives an invalid time.
QDateTime fromEpochSeconds(const QVariant &seconds);
/// ISO 8601 in UTC with milliseconds, "yyyy-MM-ddT09:30:00.123Z": how a time is bound as a
/// parameter (`$n::timestamptz`, so neither the workstation's nor the session's zone can shift
/// it) and how it is written to a file.
QString isoUtc(const QDateTime &t);

} // namespace om
