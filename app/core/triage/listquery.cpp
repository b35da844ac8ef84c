#include "core/triage/listquery.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace om {
namespace {

QString tr(const char *s) { return QCoreApplication::translate("om::ListQuery", s); }

QDateTime epochTime(const QVariant &v) {
    if (v.isNull())
        return {};
    return QDateTime::fromMSecsSinceEpoch(qRound64(v.toString().toDouble() * 1000.0), Qt::UTC);
}

int intOr(const QVariant &v, int fallback) { return v.isNull() ? fallback : v.toString().toInt(); }

bool isStatementTimeout(const PgError &e) {
    return e.sqlState == QLatin1String("57014") && e.message.contains(QLatin1String("statement timeout"));
}

} // namespace

ListSort ListSort::defaultFor(ListFilter::View view) {
    switch (view) {
    case ListFilter::View::Stuck: return {Key::Age, true};
    case ListFilter::View::NearMaxRetry:
    case ListFilter::View::Failed: return {Key::Updated, true};
    case ListFilter::View::All: break;
    }
    return {Key::Id, true};
}

PageRequest PageRequest::after(const MessageRow &row) const {
    PageRequest r = *this;
    r.hasCursor = true;
    r.cursorKey = row.sortKey;
    r.cursorId = row.id;
    return r;
}

ListQuery::ListQuery(SchemaProfile profile) : m_profile(std::move(profile)) {}

QString ListQuery::sortColumn(ListFilter::View view, ListSort::Key key) const {
    switch (key) {
    case ListSort::Key::Age: return viewSinceColumn(m_profile, view);
    case ListSort::Key::Retries: return m_profile.has(QStringLiteral("retries")) ? QStringLiteral("retries") : QStringLiteral("id");
    case ListSort::Key::Updated: return m_profile.has(QStringLiteral("updatedAt")) ? QStringLiteral("updatedAt") : QStringLiteral("createdAt");
    case ListSort::Key::Id: break;
    }
    return QStringLiteral("id");
}

QString ListQuery::pageSql(const PageRequest &r, QVariantList &params) const {
    const SchemaProfile &p = m_profile;
    auto colOrNull = [&p](const char *logical, const char *type) {
        return p.has(QLatin1String(logical)) ? p.col(QLatin1String(logical)) + QLatin1String("::text")
                                             : QStringLiteral("NULL::%1").arg(QLatin1String(type));
    };
    auto epochOrNull = [&p](const QString &logical) {
        return p.has(logical) ? QStringLiteral("extract(epoch from %1)::float8").arg(p.col(logical)) : QStringLiteral("NULL::float8");
    };
    const QString id = p.col(QStringLiteral("id"));
    const QString since = p.col(viewSinceColumn(p, r.filter.view));
    const QString sortLogical = sortColumn(r.filter.view, r.sort.key);
    const QString sortCol = p.col(sortLogical);
    // Age descending = oldest first = "since" ascending: the age is the column's distance from now.
    const bool sqlDesc = r.sort.key == ListSort::Key::Age ? !r.sort.descending : r.sort.descending;
    const QString dir = sqlDesc ? QStringLiteral("DESC") : QStringLiteral("ASC");

    QStringList select;
    select << id + QLatin1String("::text") << p.col(QStringLiteral("key")) + QLatin1String("::text")
           << colOrNull("type", "text") << colOrNull("destination", "text")
           << p.stateExpression() + QLatin1String("::text")
           << colOrNull("retries", "text") << colOrNull("maxRetries", "text")
           << epochOrNull(QStringLiteral("nextRun")) << colOrNull("lockedBy", "text")
           << QStringLiteral("extract(epoch from now() - %1)::float8").arg(since)
           << epochOrNull(QStringLiteral("createdAt")) << epochOrNull(QStringLiteral("updatedAt"))
           << colOrNull("errorCode", "text")
           << (p.has(QStringLiteral("errorMessage"))
                   ? QStringLiteral("left(%1::text, %2)").arg(p.col(QStringLiteral("errorMessage"))).arg(kErrorPreviewChars)
                   : QStringLiteral("NULL::text"))
           << sortCol + QLatin1String("::text");

    // Output names that cannot collide with a column: ORDER BY a bare name would otherwise pick
    // the text output column ("id"::text AS id) and sort 91 after 511.
    for (int i = 0; i < select.size(); ++i)
        select[i] += QStringLiteral(" AS c%1").arg(i);

    QString where = buildWhere(p, r.filter, params);
    if (r.hasCursor) {
        const QString op = sqlDesc ? QStringLiteral("<") : QStringLiteral(">");
        // A row comparison follows a (sort column, id) index in one range scan. The cursor value
        // is the server's own text of the column, so it converts back without loss.
        if (sortLogical == QLatin1String("id")) {
            params << r.cursorId;
            where += QStringLiteral(" AND %1 %2 $%3").arg(id, op).arg(params.size());
        } else {
            params << r.cursorKey;
            const int a = int(params.size());
            params << r.cursorId;
            where += QStringLiteral(" AND (%1, %2) %3 ($%4, $%5)").arg(sortCol, id, op).arg(a).arg(a + 1);
        }
    }
    params << qBound(1, r.pageSize, 5000);
    const QString order = sortLogical == QLatin1String("id") ? QStringLiteral("%1 %2").arg(id, dir)
                                                              : QStringLiteral("%1 %3, %2 %3").arg(sortCol, id, dir);
    return QStringLiteral("SELECT %1 FROM %2 WHERE %3 ORDER BY %4 LIMIT $%5")
        .arg(select.join(QLatin1String(", ")), p.qualifiedTable(), where, order)
        .arg(params.size());
}

namespace {

/// Input rows of the first full Sort in a plan (top-N heapsort included), 0 when there is none.
/// Below a Gather the planner's row counts are per process: `processes` scales them back up the
/// way the planner divided them (get_parallel_divisor: the workers, plus the leader's share).
qint64 sortInputRows(const QJsonObject &node, double processes = 1.0) {
    const QString type = node.value(QLatin1String("Node Type")).toString();
    const QJsonArray children = node.value(QLatin1String("Plans")).toArray();
    if (type == QLatin1String("Gather") || type == QLatin1String("Gather Merge")) {
        const int workers = node.value(QLatin1String("Workers Planned")).toInt();
        processes = workers + qMax(0.0, 1.0 - 0.3 * workers);
    }
    // An Incremental Sort follows an index on its leading key and, under the LIMIT, sorts only
    // the few groups a page needs: its input estimate is not what each page sorts.
    if (type == QLatin1String("Incremental Sort"))
        return 0;
    if (type == QLatin1String("Sort"))
        return children.isEmpty() ? 0 : qint64(children.at(0).toObject().value(QLatin1String("Plan Rows")).toDouble() * processes);
    for (const QJsonValue &c : children)
        if (const qint64 n = sortInputRows(c.toObject(), processes))
            return n;
    return 0;
}

} // namespace

qint64 ListQuery::unindexedSortRows(PgSession &session, const PageRequest &request) const {
    PageRequest first = request;
    first.hasCursor = false;
    QVariantList params;
    const QString sql = pageSql(first, params);
    const PgResult plan = session.query(QLatin1String("EXPLAIN (FORMAT JSON) ") + sql, params);
    const QJsonArray a = QJsonDocument::fromJson(plan.scalar().toString().toUtf8()).array();
    return sortInputRows(a.at(0).toObject().value(QLatin1String("Plan")).toObject());
}

MessagePage ListQuery::fetchPage(PgSession &session, const PageRequest &r, int containsTimeoutMs) const {
    QVariantList params;
    const QString sql = pageSql(r, params);
    QElapsedTimer timer;
    timer.start();
    // Once per list (first page): an order no index follows costs a whole sort for every page;
    // the view says so and what helps, instead of leaving the operator to wonder (EXPLAIN, ~1 ms).
    const qint64 sortRows = r.hasCursor ? 0 : unindexedSortRows(session, r);
    PgResult res;
    const bool contains = r.filter.keyMode == ListFilter::TextMode::Contains && !r.filter.keyText.isEmpty();
    if (!contains) {
        try {
            res = session.query(sql, params);
        } catch (const PgError &e) {
            // Measured at 10M rows: a page of all messages by updated time, no index, ran 15.6 s
            // and met the session's statement timeout. Say why and what helps, not just "timeout".
            if (!isStatementTimeout(e) || sortRows <= kSlowSortRows)
                throw;
            throw PgError(PgError::Kind::Cancelled,
                          tr("The list was stopped at the statement timeout: no index follows this order, so every page "
                             "sorts about %1 messages on the server. Narrow the filter (a view, a state, a time range), "
                             "sort by id, or ask the DBA to install resources/sql/kit/sort_indexes.sql.")
                              .arg(QLocale().toString(sortRows)),
                          e.sqlState);
        }
    } else {
        // A contains-search cannot use a b-tree: without a trigram index it reads the whole
        // table. Its own, shorter statement timeout bounds it; the operator can also cancel it.
        try {
            session.transact([&](PgTx &tx) {
                tx.exec(QStringLiteral("SET LOCAL statement_timeout = %1").arg(qMax(1, containsTimeoutMs)));
                res = tx.exec(sql, params);
            });
        } catch (const PgError &e) {
            if (!isStatementTimeout(e))
                throw;
            const QString hint = hasTrigramIndex(session)
                ? tr("Narrow the search by state, type or time range.")
                : tr("The key column has no trigram index, so the search reads the whole table: narrow it by "
                     "state, type or time range, search by prefix, or ask the DBA to install "
                     "resources/sql/kit/trigram_index.sql.");
            throw PgError(PgError::Kind::Cancelled,
                          tr("The \"contains\" search was stopped after %1 s. %2").arg(containsTimeoutMs / 1000.0).arg(hint),
                          e.sqlState);
        }
    }
    MessagePage page;
    page.elapsedMs = timer.elapsed();
    page.unindexedSortRows = sortRows;
    for (const QVariantList &v : res.rows) {
        MessageRow m;
        m.id = v[0].toString().toLongLong();
        m.key = v[1].toString();
        m.type = v[2].toString();
        m.destination = v[3].toString();
        m.state = v[4].toString();
        m.retries = intOr(v[5], -1);
        m.maxRetries = intOr(v[6], -1);
        m.nextRun = epochTime(v[7]);
        m.lockedBy = v[8].toString();
        m.ageSeconds = v[9].isNull() ? -1 : v[9].toString().toDouble();
        m.created = epochTime(v[10]);
        m.updated = epochTime(v[11]);
        m.errorCode = v[12].toString();
        m.errorMessage = v[13].toString();
        m.sortKey = v[14].toString();
        page.rows << m;
    }
    page.atEnd = page.rows.size() < qBound(1, r.pageSize, 5000);
    return page;
}

MatchCount ListQuery::count(PgSession &session, const ListFilter &filter) const {
    QVariantList params;
    const QString where = buildWhere(m_profile, filter, params);
    const QString from = QStringLiteral("SELECT 1 FROM %1 WHERE %2").arg(m_profile.qualifiedTable(), where);
    MatchCount out;
    bool exact = false;
    try {
        session.transact([&](PgTx &tx) {
            tx.exec(QStringLiteral("SET LOCAL statement_timeout = %1").arg(kExactCountTimeoutMs));
            QVariantList ps = params;
            ps << kExactCountCap + 1;
            const PgResult r = tx.exec(QStringLiteral("SELECT count(*) FROM (%1 LIMIT $%2) s").arg(from).arg(ps.size()), ps);
            out.n = r.scalar().toString().toLongLong();
            exact = true;
        });
    } catch (const PgError &e) {
        if (!isStatementTimeout(e))
            throw;
    }
    if (exact && out.n <= kExactCountCap)
        return out;
    // Too many or too slow to count: the planner's estimate, marked as such.
    const PgResult plan = session.query(QLatin1String("EXPLAIN (FORMAT JSON) ") + from, params);
    const QJsonArray a = QJsonDocument::fromJson(plan.scalar().toString().toUtf8()).array();
    const qint64 est = qint64(a.at(0).toObject().value(QLatin1String("Plan")).toObject().value(QLatin1String("Plan Rows")).toDouble());
    if (exact) {
        out.n = qMax(kExactCountCap, est);
        out.atLeast = est <= kExactCountCap;
        out.estimated = est > kExactCountCap;
    } else {
        out.n = est;
        out.estimated = true;
    }
    return out;
}

bool ListQuery::hasTrigramIndex(PgSession &session) const {
    const PgResult r = session.query(QStringLiteral(
        "SELECT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] "
        "JOIN pg_opclass oc ON oc.oid = i.indclass[0] "
        "WHERE i.indrelid = $1::regclass AND a.attname = $2 AND oc.opcname LIKE 'g%\\_trgm\\_ops' AND i.indisvalid)"),
        {m_profile.qualifiedTable(), m_profile.column(QStringLiteral("key"))});
    return r.scalar().toString() == QLatin1String("t");
}

QStringList ListQuery::distinctValues(PgSession &session, const QString &logical, bool *openOnly) const {
    *openOnly = false;
    if (!m_profile.has(logical))
        return {};
    const QString t = m_profile.qualifiedTable();
    const QString c = m_profile.col(logical);
    // A b-tree index that starts with the column allows a loose index scan: one index probe per
    // distinct value, whatever the table's size.
    const PgResult idx = session.query(QStringLiteral(
        "SELECT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] "
        "JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam "
        "WHERE i.indrelid = $1::regclass AND a.attname = $2 AND am.amname = 'btree' AND i.indpred IS NULL AND i.indisvalid)"),
        {t, m_profile.column(logical)});
    QString sql;
    if (idx.scalar().toString() == QLatin1String("t")) {
        sql = QStringLiteral(
                  "WITH RECURSIVE d(v) AS ((SELECT %1 FROM %2 WHERE %1 IS NOT NULL ORDER BY %1 LIMIT 1) "
                  "UNION ALL SELECT (SELECT %1 FROM %2 WHERE %1 > d.v ORDER BY %1 LIMIT 1) FROM d WHERE d.v IS NOT NULL) "
                  "SELECT v::text FROM d WHERE v IS NOT NULL LIMIT $1")
                  .arg(c, t);
    } else {
        // Otherwise only the open messages (the partial indexes keep them small) are read.
        QStringList open;
        for (const StateDef &s : m_profile.states)
            if (!s.terminal)
                open << s.name;
        sql = QStringLiteral("SELECT DISTINCT %1::text FROM %2 WHERE %3 AND %1 IS NOT NULL ORDER BY 1 LIMIT $1")
                  .arg(c, t, m_profile.statesPredicate(open));
        *openOnly = true;
    }
    QStringList out;
    session.transact([&](PgTx &tx) {
        tx.exec(QStringLiteral("SET LOCAL statement_timeout = 3000"));
        for (const QVariantList &row : tx.exec(sql, {kChoicesLimit}).rows)
            out << row.value(0).toString();
    });
    return out;
}

FilterChoices ListQuery::choices(PgSession &session) const {
    FilterChoices f;
    bool openOnly = false;
    f.types = distinctValues(session, QStringLiteral("type"), &openOnly);
    if (openOnly) f.fromOpenOnly << QStringLiteral("type");
    f.destinations = distinctValues(session, QStringLiteral("destination"), &openOnly);
    if (openOnly) f.fromOpenOnly << QStringLiteral("destination");
    f.errorCodes = distinctValues(session, QStringLiteral("errorCode"), &openOnly);
    if (openOnly) f.fromOpenOnly << QStringLiteral("errorCode");
    return f;
}

} // namespace om
