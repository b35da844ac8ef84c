// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/statecondition.h"

#include <QRegularExpression>

namespace om {
namespace {

/// Singular and plural of each unit, mapped to PostgreSQL's interval unit.
QString canonicalUnit(const QString &u) {
    static const QStringList units = {QStringLiteral("second"), QStringLiteral("minute"), QStringLiteral("hour"),
                                      QStringLiteral("day")};
    for (const QString &unit : units)
        if (u == unit || u == unit + QLatin1Char('s'))
            return unit + QLatin1Char('s');
    return {};
}

/// Bounds an offset to ten years of seconds: large enough for any schedule, small enough that
/// the rendered interval is always valid.
constexpr qint64 kMaxOffsetAmount = 10LL * 366 * 24 * 3600;

} // namespace

QStringList NowOffset::unitNames() {
    return {QStringLiteral("seconds"), QStringLiteral("minutes"), QStringLiteral("hours"), QStringLiteral("days")};
}

bool NowOffset::parse(const QString &text, NowOffset *out) {
    static const QRegularExpression re(QStringLiteral("^\\s*now\\s*(?:([+-])\\s*([0-9]{1,12})\\s*([a-z]+)\\s*)?$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return false;
    NowOffset r;
    if (m.hasCaptured(1)) {
        r.unit = canonicalUnit(m.captured(3));
        r.amount = m.captured(2).toLongLong();
        if (r.unit.isEmpty() || r.amount > kMaxOffsetAmount)
            return false;
        if (m.captured(1) == QLatin1String("-"))
            r.amount = -r.amount;
        if (r.amount == 0)
            r.unit.clear();
    }
    *out = r;
    return true;
}

QStringList StateCondition::compareOps() {
    return {QStringLiteral("="), QStringLiteral("<>"), QStringLiteral("<"), QStringLiteral("<="), QStringLiteral(">"),
            QStringLiteral(">=")};
}

bool StateCondition::sameAs(const StateCondition &o) const {
    return column == o.column && op == o.op && values == o.values && time.amount == o.time.amount && time.unit == o.time.unit
           && compareOp == o.compareOp && withColumn == o.withColumn && withValue == o.withValue;
}

} // namespace om
