#include "core/common/timeformat.h"

#include <QCoreApplication>
#include <QTimeZone>

namespace om {

QString localZoneName() {
    const QDateTime now = QDateTime::currentDateTime();
    const QString abbr = now.timeZoneAbbreviation();
    // Some systems only give "+09"; then the offset says it unambiguously.
    if (!abbr.isEmpty() && !abbr.startsWith(QLatin1Char('+')) && !abbr.startsWith(QLatin1Char('-')))
        return abbr;
    const int off = now.offsetFromUtc();
    return QStringLiteral("UTC%1%2:%3").arg(off < 0 ? QLatin1Char('-') : QLatin1Char('+'))
        .arg(qAbs(off) / 3600, 2, 10, QLatin1Char('0')).arg(qAbs(off) % 3600 / 60, 2, 10, QLatin1Char('0'));
}

QString formatLocalTime(const QDateTime &utc) {
    if (!utc.isValid())
        return {};
    return utc.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QLatin1Char(' ') + localZoneName();
}

QString formatAge(double seconds) {
    if (seconds < 0)
        return {};
    const qint64 s = qint64(seconds);
    // lupdate files these strings under the namespace "om" (the lambda sits in it).
    auto tr = [](const char *t) { return QCoreApplication::translate("om", t); };
    if (s < 60) return tr("%1 s").arg(s);
    if (s < 3600) return tr("%1 min").arg(s / 60);
    if (s < 86400) return tr("%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60, 2, 10, QLatin1Char('0'));
    return tr("%1 d %2 h").arg(s / 86400).arg(s % 86400 / 3600, 2, 10, QLatin1Char('0'));
}

} // namespace om
