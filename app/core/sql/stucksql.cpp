// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/stucksql.h"

#include "core/sql/timesql.h"

namespace om::sql {

QString rowStuckTimeout(const SchemaProfile &p) {
    if (p.stuckTimeoutColumn.isEmpty())
        return QStringLiteral("NULL::interval");
    const QString c = p.col(p.stuckTimeoutColumn);
    switch (p.stuckTimeoutUnit) {
    case SchemaProfile::TimeoutUnit::Interval: return c;
    case SchemaProfile::TimeoutUnit::Seconds: return QStringLiteral("make_interval(secs => %1::float8)").arg(c);
    case SchemaProfile::TimeoutUnit::Milliseconds: return QStringLiteral("make_interval(secs => %1::float8 / 1000)").arg(c);
    }
    return QStringLiteral("NULL::interval");
}

QString pastStuckTimeout(const SchemaProfile &p, const QString &minutes) {
    const QString fixed = QStringLiteral("make_interval(mins => %1)").arg(minutes);
    if (p.stuckTimeoutColumn.isEmpty())
        return timeCompare(p, p.stuckSince, QStringLiteral("<"), QStringLiteral("now() - ") + fixed);
    // Per row: the bound depends on the row, so no index range serves it; the stuck states' own
    // partial indexes (which include the timeout column: snapshotIndex) keep it a scan of the few
    // rows in flight.
    return timeCompare(p, p.stuckSince, QStringLiteral("<"), QStringLiteral("now() - coalesce(%1, %2)").arg(rowStuckTimeout(p), fixed));
}

} // namespace om::sql
