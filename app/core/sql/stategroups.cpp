// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/stategroups.h"
#include "core/sql/statesql.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"
#include "core/sql/retrysql.h"

#include <QMap>
#include <QSet>

namespace om::sql {
namespace {

using Op = StateCondition::Op;

bool onNow(const StateCondition &c) { return c.op == Op::Before || c.op == Op::After; }

/// The conditions of `s` on columns other than `column`, or empty when one of them is on now()
/// (a scan's WHERE must be implied by a partial index, and an index predicate cannot hold now()).
QList<StateCondition> without(const StateDef &s, const QString &column) {
    QList<StateCondition> out;
    for (const StateCondition &c : s.when) {
        if (c.column == column)
            continue;
        if (onNow(c))
            return {};
        out << c;
    }
    return out;
}

/// A key that is equal for equal condition lists whatever their order.
QString keyOf(const SchemaProfile &p, const QList<StateCondition> &conds) {
    QStringList parts;
    for (const StateCondition &c : conds)
        parts << sql::condition(p, c);
    parts.sort();
    return parts.join(QLatin1String(" AND "));
}

QString conjunction(const SchemaProfile &p, const QList<StateCondition> &conds) {
    QStringList parts;
    for (const StateCondition &c : conds)
        parts << sql::condition(p, c);
    if (parts.isEmpty())
        return QStringLiteral("true");
    return parts.size() == 1 ? parts.first() : QLatin1Char('(') + parts.join(QLatin1String(" AND ")) + QLatin1Char(')');
}

QList<StateCondition> minusShared(const StateDef &s, const QList<StateCondition> &shared) {
    QList<StateCondition> out;
    for (const StateCondition &c : s.when) {
        bool inShared = false;
        for (const StateCondition &x : shared)
            inShared = inShared || c.sameAs(x);
        if (!inShared)
            out << c;
    }
    return out;
}

bool contradicts(const StateCondition &a, const StateCondition &b) {
    if (a.column != b.column)
        return false;
    auto pair = [&](Op x, Op y) { return (a.op == x && b.op == y) || (a.op == y && b.op == x); };
    if (pair(Op::IsNull, Op::NotNull) || pair(Op::IsTrue, Op::IsFalse))
        return true;
    // Equal to a constant: never NULL, so a NULL test on the same column contradicts it as well.
    if (pair(Op::Equals, Op::IsNull) || pair(Op::In, Op::IsNull))
        return true;
    return a.op == Op::Equals && b.op == Op::Equals && a.values.value(0) != b.values.value(0);
}

} // namespace

QString StateGroup::sharedSql(const SchemaProfile &p) const { return conjunction(p, shared); }

QString StateGroup::restOf(const QString &state) const {
    const int i = states.indexOf(state);
    return i < 0 ? QString() : rest.at(i);
}

QList<StateGroup> openStateGroups(const SchemaProfile &p) {
    QStringList left;
    for (const StateDef &s : p.states)
        if (!s.terminal && s.statusValue().isEmpty() && !s.when.isEmpty())
            left << s.name;
    QList<StateGroup> groups;
    for (;;) {
        // Every (state, column) pair proposes "the state's conditions but those on the column";
        // the proposal most states share (two at least) becomes a group.
        QMap<QString, QStringList> members;
        QMap<QString, QList<StateCondition>> sharedOf;
        for (const QString &n : left) {
            const StateDef *s = p.state(n);
            QStringList columns;
            for (const StateCondition &c : s->when)
                if (!columns.contains(c.column))
                    columns << c.column;
            for (const QString &column : columns) {
                const QList<StateCondition> shared = without(*s, column);
                if (shared.isEmpty())
                    continue;
                const QString key = keyOf(p, shared);
                if (!members[key].contains(n))
                    members[key] << n;
                sharedOf.insert(key, shared);
            }
        }
        // Only where the shared conditions are exactly one member's conditions short of those on
        // now() (READY's processed_at IS NULL AND abandoned_at IS NULL): the partial index that
        // serves that member's count serves the group's pass, so grouping never turns a count
        // that had its index into a scan of conditions no index holds.
        QSet<QString> ownKeys;
        for (const QString &n : left) {
            QList<StateCondition> own;
            for (const StateCondition &c : p.state(n)->when)
                if (!onNow(c))
                    own << c;
            ownKeys.insert(keyOf(p, own));
        }
        QString best;
        for (auto it = members.cbegin(); it != members.cend(); ++it)
            if (it.value().size() >= 2 && ownKeys.contains(it.key())
                && (best.isEmpty() || it.value().size() > members.value(best).size()))
                best = it.key();
        if (best.isEmpty())
            return groups;
        StateGroup g;
        g.shared = sharedOf.value(best);
        for (const QString &n : left)
            if (members.value(best).contains(n)) {
                g.states << n;
                g.rest << conjunction(p, minusShared(*p.state(n), g.shared));
            }
        for (const QString &n : g.states)
            left.removeAll(n);
        groups << g;
    }
}

int groupOf(const QList<StateGroup> &groups, const QString &state) {
    for (int i = 0; i < groups.size(); ++i)
        if (groups.at(i).states.contains(state))
            return i;
    return -1;
}

QString groupCteName(int index) { return QStringLiteral("open_group_%1").arg(index + 1); }

QString groupCountsCte(const SchemaProfile &p, const StateGroup &g, int index) {
    // The FILTERs name only the columns of the members' own conditions: with the shared ones in
    // the WHERE (implied by the partial index), the scan stays index-only on an index that
    // includes those columns (snapshotIndex includes them).
    QStringList aggs;
    QStringList near;
    for (int i = 0; i < g.states.size(); ++i) {
        const QString &n = g.states.at(i);
        aggs << QStringLiteral("count(*) FILTER (WHERE %1) AS %2").arg(g.rest.at(i), quoteIdentifier(QLatin1String("n:") + n));
        if (p.stuckStates.contains(n))
            aggs << QStringLiteral("count(*) FILTER (WHERE %1 AND %2) AS %3")
                        .arg(g.rest.at(i),
                             pastStuckTimeout(p, QStringLiteral("$1::int"), n),
                             quoteIdentifier(QLatin1String("stuck:") + n));
        if (p.nearMaxRetryStates.contains(n))
            near << g.rest.at(i);
    }
    if (p.hasRetries() && !near.isEmpty())
        aggs << QStringLiteral("count(*) FILTER (WHERE (%1) AND %2) AS near")
                    .arg(near.join(QLatin1String(" OR ")), nearMaxCondition(p));
    return QStringLiteral("%1 AS MATERIALIZED (SELECT %2 FROM %3 WHERE %4)")
        .arg(groupCteName(index), aggs.join(QLatin1String(", ")), p.qualifiedTable(), g.sharedSql(p));
}

bool provablyDisjoint(const QList<StateCondition> &a, const QList<StateCondition> &b) {
    for (const StateCondition &x : a)
        for (const StateCondition &y : b)
            if (contradicts(x, y))
                return true;
    return false;
}

} // namespace om::sql
