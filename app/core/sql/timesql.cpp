// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/timesql.h"
#include "core/sql/sqltext.h"

namespace om::sql {
namespace {

/// `bound` (timestamptz) in the unit of an epoch column. An integer column compared with a
/// fraction is rounded the way that keeps the comparison exact: col < 1.5 ⇔ col < 2 (ceil),
/// col <= 1.5 ⇔ col <= 1 (floor); and a bigint constant keeps the column's integer index usable.
QString epochBound(const QString &bound, const QString &op, int perSecond) {
    const bool upward = op == QLatin1String("<") || op == QLatin1String(">=");
    const QString scaled = perSecond == 1 ? QStringLiteral("extract(epoch from (%1))").arg(bound)
                                          : QStringLiteral("extract(epoch from (%1)) * %2").arg(bound).arg(perSecond);
    return QStringLiteral("%1(%2)::bigint").arg(upward ? QStringLiteral("ceil") : QStringLiteral("floor"), scaled);
}

QString zone(const SchemaProfile &p) { return quoteLiteral(p.types.timeZone); }

} // namespace

QString timeValue(const SchemaProfile &p, const QString &logical) { return timeValueOf(p, logical, p.col(logical)); }

QString timeValueOf(const SchemaProfile &p, const QString &logical, const QString &c) {
    switch (p.types.time(logical)) {
    case TimeType::TimestampTz: return c;
    case TimeType::Timestamp: return QStringLiteral("(%1 AT TIME ZONE %2)").arg(c, zone(p));
    case TimeType::EpochSeconds: return QStringLiteral("to_timestamp(%1)").arg(c);
    case TimeType::EpochMillis: return QStringLiteral("to_timestamp(%1 / 1000.0)").arg(c);
    }
    return c;
}

QString epochSeconds(const SchemaProfile &p, const QString &logical) {
    const QString c = p.col(logical);
    switch (p.types.time(logical)) {
    case TimeType::EpochSeconds: return QStringLiteral("(%1)::float8").arg(c);
    case TimeType::EpochMillis: return QStringLiteral("(%1 / 1000.0)::float8").arg(c);
    case TimeType::TimestampTz:
    case TimeType::Timestamp: break;
    }
    return QStringLiteral("extract(epoch from %1)::float8").arg(timeValue(p, logical));
}

QString ageSeconds(const SchemaProfile &p, const QString &logical) {
    return QStringLiteral("extract(epoch from now() - %1)::float8").arg(timeValue(p, logical));
}

QString timeCompare(const SchemaProfile &p, const QString &logical, const QString &op, const QString &bound) {
    Q_ASSERT(op == QLatin1String("<") || op == QLatin1String("<=") || op == QLatin1String(">") || op == QLatin1String(">="));
    const QString c = p.col(logical);
    switch (p.types.time(logical)) {
    case TimeType::TimestampTz: return QStringLiteral("%1 %2 %3").arg(c, op, bound);
    case TimeType::Timestamp: return QStringLiteral("%1 %2 ((%3) AT TIME ZONE %4)").arg(c, op, bound, zone(p));
    case TimeType::EpochSeconds: return QStringLiteral("%1 %2 %3").arg(c, op, epochBound(bound, op, 1));
    case TimeType::EpochMillis: return QStringLiteral("%1 %2 %3").arg(c, op, epochBound(bound, op, 1000));
    }
    return {};
}

QString timeNow(const SchemaProfile &p, const QString &logical) {
    switch (p.types.time(logical)) {
    case TimeType::TimestampTz: return QStringLiteral("now()");
    case TimeType::Timestamp: return QStringLiteral("(now() AT TIME ZONE %1)").arg(zone(p));
    case TimeType::EpochSeconds: return QStringLiteral("floor(extract(epoch from now()))::bigint");
    case TimeType::EpochMillis: return QStringLiteral("floor(extract(epoch from now()) * 1000)::bigint");
    }
    return QStringLiteral("now()");
}

} // namespace om::sql
