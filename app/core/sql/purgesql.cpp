// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/purgesql.h"
#include "core/sql/statesql.h"
#include "core/sql/sqltext.h"
#include "core/sql/timesql.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace om::sql {
namespace {

/// The purge's WHERE: the states as literals (a partial index on them can serve), the age bound.
QString purgeWhere(const SchemaProfile &p, const QStringList &states, int olderThanDays, QVariantList &params) {
    QStringList chosen;
    for (const QString &s : states.isEmpty() ? p.purge.states : states)
        if (p.purge.states.contains(s))
            chosen << s;
    // A state outside the profile's purge states is never counted (the function refuses it too).
    const QString stateCond = chosen.isEmpty() ? QStringLiteral("false") : sql::statesPredicate(p, chosen);
    const QString bound = QStringLiteral("now() - make_interval(days => %1::int)").arg(param(params, olderThanDays));
    return stateCond + QLatin1String(" AND ") + timeCompare(p, p.purge.sinceColumn, QStringLiteral("<"), bound);
}

} // namespace

Statement purgeCount(const SchemaProfile &p, const QStringList &states, int olderThanDays) {
    Statement s;
    s.text = QStringLiteral("SELECT count(*) FROM %1 WHERE %2")
                 .arg(p.qualifiedTable(), purgeWhere(p, states, olderThanDays, s.params));
    return s;
}

Statement purgeEstimate(const SchemaProfile &p, const QStringList &states, int olderThanDays) {
    Statement s;
    s.text = QStringLiteral("EXPLAIN (FORMAT JSON) SELECT 1 FROM %1 WHERE %2")
                 .arg(p.qualifiedTable(), purgeWhere(p, states, olderThanDays, s.params));
    return s;
}

qint64 purgeEstimateRows(const QString &explainJson) {
    const QJsonArray plans = QJsonDocument::fromJson(explainJson.toUtf8()).array();
    const QJsonValue rows = plans.at(0).toObject().value(QLatin1String("Plan")).toObject().value(QLatin1String("Plan Rows"));
    return rows.isDouble() ? qint64(rows.toDouble()) : -1;
}

} // namespace om::sql
