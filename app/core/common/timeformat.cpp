// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/timeformat.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTimeZone>

namespace om {

namespace {
// lupdate files these strings under the namespace "om" (the lambdas sit in it).
QString trOm(const char *t) { return QCoreApplication::translate("om", t); }

QString zoneNameAt(const QDateTime &local) {
    const QString abbr = local.timeZoneAbbreviation();
    // Some systems only give "+09"; then the offset says it unambiguously.
    if (!abbr.isEmpty() && !abbr.startsWith(QLatin1Char('+')) && !abbr.startsWith(QLatin1Char('-')))
        return abbr;
    const int off = local.offsetFromUtc();
    // clang-format off
    return QStringLiteral("UTC%1%2:%3").arg(off < 0 ? QLatin1Char('-') : QLatin1Char('+'))
        .arg(qAbs(off) / 3600, 2, 10, QLatin1Char('0')).arg(qAbs(off) % 3600 / 60, 2, 10, QLatin1Char('0'));
    // clang-format on
}
} // namespace

QString localZoneName() { return zoneNameAt(QDateTime::currentDateTime()); }

QString formatLocalTime(const QDateTime &utc) {
    if (!utc.isValid())
        return {};
    return utc.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QLatin1Char(' ') + localZoneName();
}

QString formatLocalClock(qint64 secsSinceEpoch) {
    return QLocale().toString(QDateTime::fromSecsSinceEpoch(secsSinceEpoch).toLocalTime().time(), QStringLiteral("HH:mm"));
}

QString formatLocalMinutes(const QDateTime &utc) {
    if (!utc.isValid())
        return {};
    const QDateTime local = utc.toLocalTime();
    return local.toString(QStringLiteral("yyyy-MM-dd HH:mm")) + QLatin1Char(' ') + zoneNameAt(local);
}

QString formatAge(double seconds) {
    if (seconds < 0)
        return {};
    const qint64 s = qint64(seconds);
    auto tr = [](const char *t) { return trOm(t); };
    if (s < 60) return tr("%1 s").arg(s);
    if (s < 3600) return tr("%1 min").arg(s / 60);
    if (s < 86400) return tr("%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60, 2, 10, QLatin1Char('0'));
    return tr("%1 d %2 h").arg(s / 86400).arg(s % 86400 / 3600, 2, 10, QLatin1Char('0'));
}

QString formatSpan(qint64 seconds) {
    if (seconds < 0)
        return {};
    auto tr = [](const char *t) { return trOm(t); };
    const qint64 minutes = (seconds + 30) / 60; // a range picked in minutes, not seconds
    if (minutes < 1) return tr("%1 s").arg(seconds);
    if (minutes < 60) return tr("%1 min").arg(minutes);
    const qint64 hours = minutes / 60, restMin = minutes % 60;
    if (hours <= 48) return restMin ? tr("%1 h %2 min").arg(hours).arg(restMin, 2, 10, QLatin1Char('0')) : tr("%1 h").arg(hours);
    const qint64 days = hours / 24, restH = hours % 24; // past two days the minutes no longer matter
    return restH ? tr("%1 d %2 h").arg(days).arg(restH, 2, 10, QLatin1Char('0')) : tr("%1 d").arg(days);
}

} // namespace om
