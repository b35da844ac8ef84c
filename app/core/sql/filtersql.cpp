// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/filtersql.h"
#include "core/sql/statesql.h"
#include "core/common/timeconv.h"
#include "core/sql/failuregroupsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"
#include "core/sql/retrysql.h"
#include "core/sql/lookupsql.h"
#include "core/sql/textarray.h"
#include "link/limits.h"

namespace om {
namespace {

using sql::likeContains;
using sql::likeEscape;
using sql::param;

/// A condition on something this table does not have matches nothing: an action over
/// "everything matching the filter" must never act on more rows than the filter says.
const QString kNothing = QStringLiteral("false");

/// The states a view may show (the operator's state filter only narrows them).
QStringList viewStates(const SchemaProfile &p, ListFilter::View v) {
    switch (v) {
    case ListFilter::View::Stuck: return p.stuckStates;
    case ListFilter::View::NearMaxRetry: return p.hasRetries() ? p.nearMaxRetryStates : QStringList();
    case ListFilter::View::Failed: return p.failedStates;
    case ListFilter::View::All: break;
    }
    QStringList all;
    for (const StateDef &s : p.states)
        all << s.name;
    return all;
}

/// "col IN ($1, $2, ...)" for a list of operator-chosen values.
QString inList(const QString &column, const QStringList &values, QVariantList &params) {
    QStringList ps;
    for (const QString &v : values.mid(0, limits::kMaxValuesPerList))
        ps << param(params, v);
    return ps.size() == 1 ? column + QLatin1String(" = ") + ps.first()
                          : column + QLatin1String(" IN (") + ps.join(QLatin1String(", ")) + QLatin1Char(')');
}

/// Collects the AND-ed conditions of one filter, one step per part of the filter.
struct WhereBuilder {
    const SchemaProfile &p;
    const ListFilter &f;
    QVariantList &params;
    QStringList conds;

    // The view's states, narrowed by the operator's choice. Only names the profile knows reach
    // statesPredicate, which inlines the profile's own values (so partial indexes match).
    void states() {
        QStringList states = viewStates(p, f.view);
        if (!f.states.isEmpty()) {
            QStringList narrowed;
            for (const QString &s : states)
                if (f.states.contains(s))
                    narrowed << s;
            states = narrowed;
        }
        if (f.view != ListFilter::View::All || !f.states.isEmpty())
            conds << sql::statesPredicate(p, states); // "false" when empty
    }

    void viewRule() {
        switch (f.view) {
        case ListFilter::View::Stuck:
            conds << sql::pastStuckTimeout(p, param(params, effectiveStuckTimeout(p, f)) + QLatin1String("::int"));
            break;
        case ListFilter::View::NearMaxRetry:
            // Written exactly as the kit's partial index predicate so that the planner can use it.
            if (p.hasRetries())
                conds << sql::nearMaxCondition(p);
            break;
        case ListFilter::View::Failed:
        case ListFilter::View::All:
            break;
        }
    }

    void values(const char *logical, const QStringList &list) {
        if (list.isEmpty())
            return;
        if (!p.has(QLatin1String(logical)))
            conds << kNothing;
        else if (p.lookup(QLatin1String(logical))) // the names the list and the choices show
            conds << sql::shownValueIn(p, QLatin1String(logical), param(params, sql::textArrayLiteral(list.mid(0, limits::kMaxValuesPerList))));
        else
            conds << inList(p.col(QLatin1String(logical)), list, params);
    }

    void range(const char *logical, const QDateTime &from, const QDateTime &to) {
        if (!from.isValid() && !to.isValid())
            return;
        if (!p.has(QLatin1String(logical))) {
            conds << kNothing;
            return;
        }
        const QString c = QLatin1String(logical);
        if (from.isValid())
            conds << sql::timeCompare(p, c, QStringLiteral(">="), param(params, isoUtc(from)) + QLatin1String("::timestamptz"));
        if (to.isValid())
            conds << sql::timeCompare(p, c, QStringLiteral("<"), param(params, isoUtc(to)) + QLatin1String("::timestamptz"));
    }

    void minAge() {
        if (f.minAgeMinutes > 0)
            conds << sql::timeCompare(p, viewSinceColumn(p, f.view), QStringLiteral("<="),
                                      QStringLiteral("now() - make_interval(mins => %1::int)").arg(param(params, f.minAgeMinutes)));
    }

    // Ids pasted from a ticket: one bound array (cast to the id column's type, so that the
    // primary key serves it), so a list of thousands is one parameter.
    void ids() {
        if (f.idsUnreadable)
            conds << QStringLiteral("false");
        else if (!f.ids.isEmpty())
            conds << QStringLiteral("%1 = ANY(%2)").arg(p.col(QStringLiteral("id")), sql::idArrayParam(params, f.ids, p.types.id));
    }

    void key() {
        if (f.keyText.isEmpty())
            return;
        if (!p.has(QStringLiteral("key"))) {
            conds << kNothing; // the table has no key: nothing can match
            return;
        }
        // As text: a key may be a uuid (MassTransit's MessageId, Wolverine's id), which has no LIKE
        // and refuses a partial value. For text and varchar keys the cast is no cast at all (or a
        // binary-compatible one), so their indexes still serve the filter.
        const QString key = p.col(QStringLiteral("key")) + QLatin1String("::text");
        if (f.keyText.contains(QChar(0))) {
            conds << kNothing; // PostgreSQL text cannot hold NUL: no key can match
            return;
        }
        switch (f.keyMode) {
        case ListFilter::TextMode::Exact:
            conds << QStringLiteral("%1 = %2").arg(key, param(params, f.keyText));
            break;
        case ListFilter::TextMode::Prefix:
            conds << QStringLiteral("%1 LIKE %2 ESCAPE '\\'").arg(key, param(params, likeEscape(f.keyText) + QLatin1Char('%')));
            break;
        case ListFilter::TextMode::Contains:
            conds << QStringLiteral("%1 LIKE %2 ESCAPE '\\'").arg(key, param(params, likeContains(f.keyText)));
            break;
        }
    }
};

} // namespace

QString buildWhere(const SchemaProfile &p, const ListFilter &f, QVariantList &params) {
    // The order of the steps is the order of the placeholders: keep it.
    WhereBuilder w{p, f, params, {}};
    w.states();
    w.viewRule();
    w.values("type", f.types);
    w.values("destination", f.destinations);
    w.values("errorCode", f.errorCodes);
    w.range("createdAt", f.createdFrom, f.createdTo);
    w.range("updatedAt", f.updatedFrom, f.updatedTo);
    w.minAge();
    w.key();
    w.ids();
    if (f.failureGroup) // a failure group: its failed rows, its code and fingerprint
        w.conds << (sql::failureGroupSource(p).available()
                        ? sql::failureGroupPredicate(p, params, f.failureGroup->code, f.failureGroup->fingerprint)
                        : QStringLiteral("false"));
    return w.conds.isEmpty() ? QStringLiteral("true") : w.conds.join(QLatin1String(" AND "));
}

} // namespace om
