// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/failuregroupsql.h"
#include "core/sql/statesql.h"
#include "core/sql/kitnames.h"
#include "core/sql/fingerprintsql.h"
#include "core/sql/snapshotsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/textsql.h"
#include "core/sql/timesql.h"
#include "core/sql/lookupsql.h"

namespace om::sql {
namespace {

/// The largest sum of the indexed texts' bytes (message, code, destination) a row may have to
/// be in the index: with the fingerprint (at most ~900 bytes) it stays below a B-tree entry's
/// limit (~2700 bytes), so no writer's INSERT or UPDATE can fail on the index.
constexpr int kIndexedTextBytes = 1500;

QString textOf(const SchemaProfile &p, const QString &logical) {
    return logical.isEmpty() ? QStringLiteral("NULL::text") : p.col(logical) + QStringLiteral("::text");
}

/// True when the row's texts fit the index ("octet_length(msg) + … <= 1500"; NULL without text).
QString fitsIndex(const SchemaProfile &p, const FailureGroupSource &s) {
    QString sum = QStringLiteral("octet_length(%1)").arg(errorText(p));
    for (const QString &logical : {s.errorCode, s.destination})
        if (!logical.isEmpty())
            sum += QStringLiteral(" + octet_length(coalesce(%1::text, ''))").arg(p.col(logical));
    return QStringLiteral("%1 <= %2").arg(sum).arg(kIndexedTextBytes);
}

/// The columns one failed row contributes: fp, code, dest, seen (raw, the column's own type).
QString rowColumns(const SchemaProfile &p, const FailureGroupSource &s) {
    return QStringLiteral("%1 AS fp, nullif(%2, '') AS code, %3 AS dest, %4 AS seen")
        .arg(fingerprintExpression(errorText(p)), textOf(p, s.errorCode), textOf(p, s.destination), p.col(s.seenAt));
}

/// Groups of `rows`, in two steps that hash: per (code, fingerprint, destination) first (a few
/// hundred rows), then per group. DISTINCT aggregates over the rows themselves would sort all of
/// them by their long fingerprints (to disk, at 100,000 rows).
QString aggregate(const SchemaProfile &p, const FailureGroupSource &s, const QString &rows) {
    return QStringLiteral(
               "SELECT code, fp AS fingerprint, sum(n)::bigint AS messages,\n"
               "       to_json((array_agg(%5 ORDER BY dest) FILTER (WHERE dest IS NOT NULL))[1:%1])::text AS destinations,\n"
               "       count(dest) AS destination_count,\n"
               "       extract(epoch FROM %2)::float8 AS first_s, extract(epoch FROM %3)::float8 AS last_s\n"
               "  FROM (SELECT code, fp, dest, count(*) AS n, min(seen) AS f, max(seen) AS l\n"
               "          FROM (%4) AS r GROUP BY code, fp, dest) AS d\n"
               " GROUP BY code, fp\n"
               " ORDER BY messages DESC, code NULLS LAST, fp NULLS LAST\n"
               " LIMIT $1")
        .arg(kGroupDestinationsShown)
        .arg(timeValueOf(p, s.seenAt, QStringLiteral("min(f)")), timeValueOf(p, s.seenAt, QStringLiteral("max(l)")), rows,
             s.destination.isEmpty() ? QStringLiteral("dest") : shownText(p, s.destination, QStringLiteral("dest")));
}

} // namespace

FailureGroupSource failureGroupSource(const SchemaProfile &p) {
    FailureGroupSource s;
    s.states = p.failedStates;
    const auto first = [&p](std::initializer_list<const char *> names) {
        for (const char *n : names)
            if (p.has(QLatin1String(n)))
                return QString::fromLatin1(n);
        return QString();
    };
    s.errorCode = first({"errorCode"});
    s.errorMessage = first({"errorMessage"});
    s.destination = first({"destination", "type"});
    s.seenAt = first({"failedAt", "updatedAt", "createdAt"});
    if (s.seenAt.isEmpty())
        s.errorMessage.clear(); // no time, no first/last seen: no groups
    return s;
}

namespace {

/// The groups of the failed rows that also meet `extra` ("" = all), $1 = limit.
Statement groupsWhere(const SchemaProfile &p, const QString &extra, QVariantList params) {
    const FailureGroupSource s = failureGroupSource(p);
    const QString states = extra.isEmpty() ? sql::statesPredicate(p, s.states) : sql::statesPredicate(p, s.states) + QStringLiteral(" AND ") + extra;
    const QString fits = fitsIndex(p, s);
    const QString rows = QStringLiteral("SELECT %1 FROM %2 WHERE %3 AND %4\n"
                                        "  UNION ALL\n"
                                        "  SELECT %1 FROM %2 WHERE %3 AND NOT coalesce(%4, false)")
                             .arg(rowColumns(p, s), p.qualifiedTable(), states, fits);
    return {aggregate(p, s, rows), params};
}

} // namespace

Statement failureGroups(const SchemaProfile &p, int limit) {
    return groupsWhere(p, QString(), {limit});
}

Statement failureGroupsBetween(const SchemaProfile &p, qint64 fromS, qint64 toS, int limit) {
    const QString seen = failureGroupSource(p).seenAt;
    return groupsWhere(p,
                       timeCompare(p, seen, QStringLiteral(">="), QStringLiteral("to_timestamp($2::bigint)")) + QStringLiteral(" AND ")
                           + timeCompare(p, seen, QStringLiteral("<"), QStringLiteral("to_timestamp($3::bigint)")),
                       {limit, fromS, toS});
}

Statement failureGroupsNaive(const SchemaProfile &p, int limit) {
    const FailureGroupSource s = failureGroupSource(p);
    const QString rows = QStringLiteral("SELECT %1 FROM %2 WHERE %3").arg(rowColumns(p, s), p.qualifiedTable(), sql::statesPredicate(p, s.states));
    return {aggregate(p, s, rows), {limit}};
}

QString failureGroupPredicate(const SchemaProfile &p, QVariantList &params, const QVariant &code, const QVariant &fingerprint) {
    const FailureGroupSource s = failureGroupSource(p);
    const QString states = sql::statesPredicate(p, s.states);
    QString group;
    if (!s.errorCode.isEmpty())
        group = code.isNull() ? QStringLiteral(" AND nullif(%1, '') IS NULL").arg(textOf(p, s.errorCode))
                              : QStringLiteral(" AND %1 = %2::text").arg(textOf(p, s.errorCode), param(params, code));
    if (fingerprint.isNull())
        return QStringLiteral("(%1%2 AND %3 IS NULL)").arg(states, group, errorText(p));
    // The group's ids through the kit's two indexes (the rows that fit the main one, then the
    // long ones): written as one "fp = $n" next to the list's own order, the planner walks the
    // failed rows and fingerprints each (1.5 s for a group among 100,000 failed rows, 46 ms so).
    const QString fits = fitsIndex(p, s);
    const QString fp = QStringLiteral("%1 = %2::text").arg(fingerprintExpression(errorText(p)), param(params, fingerprint));
    const QString id = p.col(QStringLiteral("id"));
    return QStringLiteral("(%1 AND %2 IN (SELECT %2 FROM %3 WHERE %1%4 AND %5 AND %6\n"
                          "  UNION ALL SELECT %2 FROM %3 WHERE %1%4 AND NOT coalesce(%5, false) AND %6))")
        .arg(states, id, p.qualifiedTable(), group, fits, fp);
}

QString failureGroupLongIndex(const SchemaProfile &p) {
    const FailureGroupSource s = failureGroupSource(p);
    const QString where = s.available() ? indexPredicate(p, s.states) : QString();
    if (where.isEmpty())
        return {};
    return QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2 (%3) WHERE %4 AND NOT coalesce(%5, false)")
        .arg(quoteIdentifier(kit::objectName(QStringLiteral("ix_") + p.table, QStringLiteral("failure_groups_long"))), p.qualifiedStorageTable(),
             p.col(QStringLiteral("id")), where, fitsIndex(p, s));
}

QString failureGroupIndexName(const SchemaProfile &p) {
    return kit::objectName(QStringLiteral("ix_") + p.table, QStringLiteral("failure_groups"));
}

QString failureGroupIndex(const SchemaProfile &p) {
    const FailureGroupSource s = failureGroupSource(p);
    const QString where = s.available() ? indexPredicate(p, s.states) : QString();
    if (where.isEmpty())
        return {};
    QStringList keys{fingerprintFunction() + QLatin1Char('(') + errorText(p) + QLatin1Char(')')};
    if (!s.errorCode.isEmpty())
        keys << p.col(s.errorCode);
    QStringList include{p.col(s.errorMessage)};
    for (const QString &logical : {s.destination, s.seenAt})
        if (!logical.isEmpty() && !include.contains(p.col(logical)) && logical != s.errorCode)
            include << p.col(logical);
    return QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON %2 (%3) INCLUDE (%4) WHERE %5 AND %6")
        .arg(quoteIdentifier(failureGroupIndexName(p)), p.qualifiedStorageTable(), keys.join(QLatin1String(", ")),
             include.join(QLatin1String(", ")), where, fitsIndex(p, s));
}

} // namespace om::sql
