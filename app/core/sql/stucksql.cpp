// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/stucksql.h"

#include "core/sql/statesql.h"
#include "core/sql/timesql.h"

#include <QStringList>

namespace om::sql {
namespace {

using Clock = SchemaProfile::StuckClock;

/// A row's own timeout as an interval ("NULL::interval" without a timeout column).
QString ownTimeout(const SchemaProfile &p, const Clock &c) {
    if (c.timeoutColumn.isEmpty())
        return QStringLiteral("NULL::interval");
    const QString col = p.col(c.timeoutColumn);
    switch (c.timeoutUnit) {
    case SchemaProfile::TimeoutUnit::Interval: return col;
    case SchemaProfile::TimeoutUnit::Seconds: return QStringLiteral("make_interval(secs => %1::float8)").arg(col);
    case SchemaProfile::TimeoutUnit::Milliseconds: return QStringLiteral("make_interval(secs => %1::float8 / 1000)").arg(col);
    }
    return QStringLiteral("NULL::interval");
}

/// The clock's timeout when the row has none of its own: its fixed seconds, else the minutes.
QString fixedTimeout(const Clock &c, const QString &minutes) {
    return c.timeoutSeconds > 0 ? QStringLiteral("make_interval(secs => %1)").arg(c.timeoutSeconds)
                                : QStringLiteral("make_interval(mins => %1)").arg(minutes);
}

QString timeout(const SchemaProfile &p, const Clock &c, const QString &minutes) {
    return c.timeoutColumn.isEmpty() ? fixedTimeout(c, minutes) : QStringLiteral("coalesce(%1, %2)").arg(ownTimeout(p, c), fixedTimeout(c, minutes));
}

QString pastClock(const SchemaProfile &p, const Clock &c, const QString &minutes) {
    // A fixed bound keeps the since column's index ranges usable. Per row, the bound depends on
    // the row, so no index range serves it; the stuck states' own partial indexes (which include
    // the timeout column: snapshotIndex) keep it a scan of the few rows in flight.
    return timeCompare(p, c.since, QStringLiteral("<"), QStringLiteral("now() - ") + timeout(p, c, minutes));
}

} // namespace

QString pastStuckTimeout(const SchemaProfile &p, const QString &minutes) {
    if (p.stuckClocks.size() == 1)
        return pastClock(p, p.stuckClocks.first(), minutes);
    QStringList any;
    for (const Clock &c : p.stuckClocks)
        any << QStringLiteral("(%1 AND %2)").arg(statesPredicate(p, c.states), pastClock(p, c, minutes));
    return any.isEmpty() ? QStringLiteral("false") : QLatin1Char('(') + any.join(QLatin1String(" OR ")) + QLatin1Char(')');
}

QString pastStuckTimeout(const SchemaProfile &p, const QString &minutes, const QString &state) {
    if (p.stuckClocks.size() == 1)
        return pastClock(p, p.stuckClocks.first(), minutes);
    const Clock *c = p.stuckClock(state);
    return c ? pastClock(p, *c, minutes) : QStringLiteral("false");
}

QString stuckDeadline(const SchemaProfile &p, const QString &minutes) {
    auto deadline = [&](const Clock &c) { return QStringLiteral("(%1 + %2)").arg(timeValue(p, c.since), timeout(p, c, minutes)); };
    if (p.stuckClocks.size() == 1)
        return deadline(p.stuckClocks.first());
    QString out = QStringLiteral("CASE");
    for (const Clock &c : p.stuckClocks)
        out += QStringLiteral(" WHEN %1 THEN %2").arg(statesPredicate(p, c.states), deadline(c));
    return out + QLatin1String(" END");
}

} // namespace om::sql
