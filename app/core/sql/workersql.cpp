// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/workersql.h"
#include "core/sql/statesql.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"

namespace om::sql {

bool hasWorkerBreakdown(const SchemaProfile &p) {
    return p.has(QStringLiteral("lockedBy")) && !p.stuckStates.isEmpty();
}

QString workerColumn(const SchemaProfile &p, int limit) {
    if (!hasWorkerBreakdown(p))
        return QStringLiteral("NULL::text AS by_worker");
    // What a worker holds, named by where it goes (destination) or else by what it is (type): the
    // operator reads "worker-7 holds 90 ORDER rows since 02:14" as one dead worker, not 90 problems.
    const QString what = p.has(QStringLiteral("destination")) ? QStringLiteral("destination")
                         : p.has(QStringLiteral("type"))      ? QStringLiteral("type")
                                                              : QString();
    const QString whatAgg = what.isEmpty() ? QStringLiteral("NULL::text[]")
                                           : QStringLiteral("(array_agg(DISTINCT %1::text))[1:3]").arg(p.col(what));
    return QStringLiteral(
               "(SELECT json_agg(json_build_object('worker', w.worker, 'n', w.n, 'stuck', w.stuck, 'age', w.age, "
               "'what', w.what))::text FROM ("
               "SELECT %1::text AS worker, count(*) AS n, count(*) FILTER (WHERE %2) AS stuck, "
               "extract(epoch from now() - %3)::float8 AS age, %4 AS what "
               "FROM %5 WHERE %6 GROUP BY 1 ORDER BY 3 DESC, 2 DESC, 1 NULLS LAST LIMIT %7) w) AS by_worker")
        .arg(p.col(QStringLiteral("lockedBy")),
             pastStuckTimeout(p, QStringLiteral("$1::int")),
             timeValueOf(p, p.stuckSince, QStringLiteral("min(%1)").arg(p.col(p.stuckSince))), whatAgg, p.qualifiedTable(),
             sql::statesPredicate(p, p.stuckStates))
        .arg(limit);
}

} // namespace om::sql
