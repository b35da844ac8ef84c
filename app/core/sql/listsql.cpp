// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/listsql.h"
#include "core/sql/lookupsql.h"
#include "core/sql/statesql.h"
#include "core/sql/sqltext.h"
#include "core/sql/textsql.h"
#include "core/sql/timesql.h"
#include "core/sql/stucksql.h"
#include "link/limits.h"

namespace om::sql {

namespace {

/// A type or destination as shown: its lookup name where the profile has one.
QString shownOrNull(const SchemaProfile &p, const QString &logical) {
    return p.has(logical) ? shownValue(p, logical, p.col(logical)) : QStringLiteral("NULL::text");
}

} // namespace

QStringList messageColumns(const SchemaProfile &p, const QString &sinceLogical, const QString &sortLogical, const QString &age) {
    auto colOrNull = [&p](const char *logical, const char *type) {
        return p.has(QLatin1String(logical)) ? p.col(QLatin1String(logical)) + QLatin1String("::text")
                                             : QStringLiteral("NULL::%1").arg(QLatin1String(type));
    };
    auto epochOrNull = [&p](const QString &logical) {
        return p.has(logical) ? epochSeconds(p, logical) : QStringLiteral("NULL::float8");
    };
    QStringList select;
    select << p.col(QStringLiteral("id")) + QLatin1String("::text") << sql::keyText(p)
           << shownOrNull(p, QStringLiteral("type")) << shownOrNull(p, QStringLiteral("destination"))
           << sql::stateExpression(p) + QLatin1String("::text")
           << colOrNull("retries", "text")
           << (p.maxRetriesConstant > 0 ? sql::maxRetries(p) + QLatin1String("::text") : colOrNull("maxRetries", "text"))
           << epochOrNull(QStringLiteral("nextRun")) << colOrNull("lockedBy", "text")
           << (age.isEmpty() ? ageSeconds(p, sinceLogical) : age)
           << epochOrNull(QStringLiteral("createdAt")) << epochOrNull(QStringLiteral("updatedAt"))
           << colOrNull("errorCode", "text")
           << QStringLiteral("left(%1, %2)").arg(errorText(p)).arg(limits::kErrorPreviewChars)
           << p.col(sortLogical) + QLatin1String("::text");
    // Output names that cannot collide with a column: ORDER BY a bare name would otherwise pick
    // the text output column ("id"::text AS id) and sort 91 after 511.
    for (int i = 0; i < select.size(); ++i)
        select[i] += QStringLiteral(" AS c%1").arg(i);
    return select;
}

namespace {

/// " AND (sort, id) > (cursor)": a row comparison follows a (sort column, id) index in one range
/// scan. The cursor values are the server's own text of the columns, so they convert back without
/// loss; the id is cast to its column's type (a uuid or text id compares as the index orders it),
/// and ties on the sort column are broken by the id.
QString keysetCondition(const SchemaProfile &p, const PageRequest &r, bool sortById, const QString &sortCol,
                        bool sqlDesc, QVariantList &params) {
    const QString id = p.col(QStringLiteral("id"));
    const QString op = sqlDesc ? QStringLiteral("<") : QStringLiteral(">");
    if (sortById)
        return QStringLiteral(" AND %1 %2 %3").arg(id, op, idParam(params, r.cursorId, p.types.id));
    const QString key = param(params, r.cursorKey);
    return QStringLiteral(" AND (%1, %2) %3 (%4, %5)").arg(sortCol, id, op, key, idParam(params, r.cursorId, p.types.id));
}

} // namespace

QString sortColumn(const SchemaProfile &p, ListFilter::View view, ListSort::Key key) {
    switch (key) {
    case ListSort::Key::Age: return viewSinceColumn(p, view);
    case ListSort::Key::Retries: return p.has(QStringLiteral("retries")) ? QStringLiteral("retries") : QStringLiteral("id");
    case ListSort::Key::Updated: return p.has(QStringLiteral("updatedAt")) ? QStringLiteral("updatedAt") : QStringLiteral("createdAt");
    case ListSort::Key::Id: break;
    }
    return QStringLiteral("id");
}

Statement listPage(const SchemaProfile &p, const PageRequest &r) {
    const QString id = p.col(QStringLiteral("id"));
    const QString sortLogical = sortColumn(p, r.filter.view, r.sort.key);
    const bool sortById = sortLogical == QLatin1String("id");
    const QString sortCol = p.col(sortLogical);
    // Age descending = oldest first = "since" ascending: the age is the column's distance from now.
    const bool sqlDesc = r.sort.key == ListSort::Key::Age ? !r.sort.descending : r.sort.descending;
    const QString dir = sqlDesc ? QStringLiteral("DESC") : QStringLiteral("ASC");

    Statement s;
    QString where = buildWhere(p, r.filter, s.params);
    if (r.hasCursor)
        where += keysetCondition(p, r, sortById, sortCol, sqlDesc, s.params);
    const QString limit = param(s.params, r.boundedPageSize());
    const QString order = sortById ? QStringLiteral("%1 %2").arg(id, dir) : QStringLiteral("%1 %3, %2 %3").arg(sortCol, id, dir);
    // The Stuck view's age ("Past timeout by") counts from the deadline, the row's clock's start
    // plus its timeout by the rule that made it stuck: from the start it would count the timeout
    // as stuck time.
    const QString age = r.filter.view == ListFilter::View::Stuck && !p.stuckStates.isEmpty()
                            ? QStringLiteral("extract(epoch from now() - %1)::float8")
                                  .arg(stuckDeadline(p, param(s.params, effectiveStuckTimeout(p, r.filter)) + QLatin1String("::int")))
                            : QString();
    s.text = QStringLiteral("SELECT %1 FROM %2 WHERE %3 ORDER BY %4 LIMIT %5")
                 .arg(messageColumns(p, viewSinceColumn(p, r.filter.view), sortLogical, age).join(QLatin1String(", ")), p.qualifiedTable(),
                      where, order, limit);
    return s;
}

Statement matchingRows(const SchemaProfile &p, const ListFilter &filter) {
    Statement s;
    const QString where = buildWhere(p, filter, s.params);
    s.text = QStringLiteral("SELECT 1 FROM %1 WHERE %2").arg(p.qualifiedTable(), where);
    return s;
}

Statement cappedCount(const Statement &matching, qint64 cap) {
    Statement s = matching;
    const QString limit = param(s.params, cap + 1);
    s.text = QStringLiteral("SELECT count(*) FROM (%1 LIMIT %2) s").arg(matching.text, limit);
    return s;
}

Statement trigramIndexExists(const SchemaProfile &p) {
    return {QStringLiteral(
                "SELECT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] "
                "JOIN pg_opclass oc ON oc.oid = i.indclass[0] "
                "WHERE i.indrelid = $1::regclass AND a.attname = $2 AND oc.opcname LIKE 'g%\\_trgm\\_ops' AND i.indisvalid)"),
            {p.qualifiedTable(), p.column(QStringLiteral("key"))}};
}

Statement btreeIndexLeads(const SchemaProfile &p, const QString &logical) { return btreeIndexLeads(p.qualifiedTable(), p.column(logical)); }

Statement btreeIndexLeads(const QString &qualifiedTable, const QString &column) {
    return {QStringLiteral(
                "SELECT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] "
                "JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam "
                "WHERE i.indrelid = $1::regclass AND a.attname = $2 AND am.amname = 'btree' AND i.indpred IS NULL AND i.indisvalid)"),
            {qualifiedTable, column}};
}

Statement distinctValues(const SchemaProfile &p, const QString &logical, bool looseScan, int limit) {
    const QString t = p.qualifiedTable();
    const QString c = p.col(logical);
    if (looseScan)
        // A recursive walk up the index: each step asks for the next value above the last one.
        return {QStringLiteral(
                    "WITH RECURSIVE d(v) AS ((SELECT %1 FROM %2 WHERE %1 IS NOT NULL ORDER BY %1 LIMIT 1) "
                    "UNION ALL SELECT (SELECT %1 FROM %2 WHERE %1 > d.v ORDER BY %1 LIMIT 1) FROM d WHERE d.v IS NOT NULL) "
                    "SELECT %3 FROM d WHERE v IS NOT NULL LIMIT $1")
                    .arg(c, t, shownValue(p, logical, QStringLiteral("v"))),
                {limit}};
    return {QStringLiteral("SELECT DISTINCT %4 FROM %2 WHERE %3 AND %1 IS NOT NULL ORDER BY 1 LIMIT $1")
                .arg(c, t, sql::statesPredicate(p, p.openStates()), shownValue(p, logical, c)),
            {limit}};
}

} // namespace om::sql
