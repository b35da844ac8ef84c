// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/statesql.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"

#include <QStringList>

namespace om::sql {

QString constant(const QVariant &v) {
    switch (v.typeId()) {
    case QMetaType::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QMetaType::LongLong:
    case QMetaType::Int: return QString::number(v.toLongLong());
    case QMetaType::Double: return QString::number(v.toDouble(), 'g', 17);
    default: return quoteLiteral(v.toString());
    }
}

QString nowOffset(const NowOffset &t) {
    if (t.amount == 0)
        return QStringLiteral("now()");
    const QString iv = quoteLiteral(QStringLiteral("%1 %2").arg(qAbs(t.amount)).arg(t.unit));
    return QStringLiteral("(now() %1 interval %2)").arg(t.amount < 0 ? QLatin1Char('-') : QLatin1Char('+')).arg(iv);
}

QString keyText(const SchemaProfile &p) {
    return p.has(QStringLiteral("key")) ? p.col(QStringLiteral("key")) + QLatin1String("::text") : QStringLiteral("NULL::text");
}

QString maxRetries(const SchemaProfile &p) {
    return p.has(QStringLiteral("maxRetries")) ? p.col(QStringLiteral("maxRetries")) : QString::number(p.maxRetriesConstant);
}

QString condition(const SchemaProfile &p, const StateCondition &c) {
    using Op = StateCondition::Op;
    const QString column = p.col(c.column);
    switch (c.op) {
    case Op::Equals: return column + QLatin1String(" = ") + constant(c.values.value(0));
    case Op::In: {
        QStringList items;
        for (const QVariant &v : c.values)
            items << constant(v);
        return column + QLatin1String(" IN (") + items.join(QLatin1String(", ")) + QLatin1Char(')');
    }
    case Op::IsNull: return column + QLatin1String(" IS NULL");
    case Op::NotNull: return column + QLatin1String(" IS NOT NULL");
    case Op::IsTrue: return column + QLatin1String(" IS TRUE");
    case Op::IsFalse: return column + QLatin1String(" IS FALSE");
    // Through timesql: an epoch or zoned column is compared in its own unit, left bare for indexes.
    case Op::Before: return timeCompare(p, c.column, QStringLiteral("<"), nowOffset(c.time));
    case Op::After: return timeCompare(p, c.column, QStringLiteral(">"), nowOffset(c.time));
    case Op::Compare: {
        const QString other = !c.withColumn.isEmpty()
                                  ? (c.withColumn == QLatin1String("maxRetries") ? maxRetries(p) : p.col(c.withColumn))
                                  : constant(c.withValue);
        return column + QLatin1Char(' ') + c.compareOp + QLatin1Char(' ') + other;
    }
    }
    return QStringLiteral("false");
}

QString stateCondition(const SchemaProfile &p, const StateDef &s) {
    QStringList parts;
    for (const StateCondition &c : s.when)
        parts << condition(p, c);
    if (parts.isEmpty())
        return QStringLiteral("false");
    return parts.size() == 1 ? parts.first() : QLatin1Char('(') + parts.join(QLatin1String(" AND ")) + QLatin1Char(')');
}

QString statesPredicate(const SchemaProfile &p, const QStringList &names) {
    // Plain status values are folded into one "status IN (...)", written as the kit's partial
    // indexes are, so that the planner matches them; every other state is its own condition.
    QStringList values;
    QStringList others;
    for (const QString &n : names) {
        const StateDef *s = p.state(n);
        if (!s)
            continue;
        if (const QString v = s->statusValue(); !v.isEmpty())
            values << quoteLiteral(v);
        else
            others << stateCondition(p, *s);
    }
    if (values.size() == 1)
        others.prepend(p.col(QStringLiteral("status")) + QLatin1String(" = ") + values.first());
    else if (values.size() > 1)
        others.prepend(p.col(QStringLiteral("status")) + QLatin1String(" IN (") + values.join(QLatin1String(", ")) + QLatin1Char(')'));
    if (others.isEmpty())
        return QStringLiteral("false");
    return others.size() == 1 ? others.first() : QLatin1Char('(') + others.join(QLatin1String(" OR ")) + QLatin1Char(')');
}

QString stateExpression(const SchemaProfile &p) {
    if (p.statesAreStatusValues())
        return p.col(QStringLiteral("status"));
    // Conditions may overlap (a profile need not make them exclusive): the first state listed wins.
    QStringList whens;
    for (const StateDef &s : p.states)
        whens << QStringLiteral("WHEN %1 THEN %2").arg(stateCondition(p, s), quoteLiteral(s.name));
    return QLatin1String("CASE ") + whens.join(QLatin1Char(' ')) + QLatin1String(" END");
}

} // namespace om::sql
