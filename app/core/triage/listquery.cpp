// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/triage/listquery.h"
#include "core/common/sentences.h"
#include "core/common/countformat.h"
#include "core/common/timeconv.h"
#include "core/service/serverlimits.h"
#include "core/sql/serverlimitsql.h"
#include "core/sql/sqltext.h"
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

int intOr(const QVariant &v, int fallback) { return v.isNull() ? fallback : v.toString().toInt(); }

bool isStatementTimeout(const PgError &e) { return ServerLimits::isStatementTimeout(e); }

/// Bounds the transaction's next statement by `ms`, or by the server's own limit for this login
/// when that is smaller; returns the limit in force.
qint64 boundStatement(PgTx &tx, int ms) {
    if (!tx.inTransaction())
        return -1; // statement pooling: no transaction holds a limit; the session's applies
    const sql::Statement limit = sql::setLocalStatementTimeout(ms);
    return tx.exec(limit.text, limit.params).scalar().toLongLong();
}

/// Whose limit ended a statement of this session that ran under `inForceMs` (-1: the session's)
/// where the program asked for `ownMs`: the server's own (then its words say where it is set), else "".
QString serversLimitEnded(PgSession &session, qint64 inForceMs, qint64 ownMs) {
    try {
        const ServerLimits limits = ServerLimits::read(session);
        if (inForceMs < 0)
            inForceMs = limits.sessionTimeoutMs;
        if (limits.isServersLimit(inForceMs, ownMs))
            return limits.timeoutExplanation(inForceMs, ownMs);
    } catch (const PgError &) {
    }
    return {};
}

} // namespace

MessageRow messageRow(const QVariantList &v) {
    MessageRow m;
    m.id = MessageId::fromVariant(v[0]);
    m.key = v[1].toString();
    m.type = v[2].toString();
    m.destination = v[3].toString();
    m.state = v[4].toString();
    m.retries = intOr(v[5], -1);
    m.maxRetries = intOr(v[6], -1);
    m.nextRun = fromEpochSeconds(v[7]);
    m.lockedBy = v[8].toString();
    m.ageSeconds = v[9].isNull() ? -1 : v[9].toString().toDouble();
    m.created = fromEpochSeconds(v[10]);
    m.updated = fromEpochSeconds(v[11]);
    m.errorCode = v[12].toString();
    m.errorMessage = v[13].toString();
    m.sortKey = v[14].toString();
    return m;
}

ListQuery::ListQuery(SchemaProfile profile) : m_profile(std::move(profile)) {}

QString ListQuery::sortColumn(ListFilter::View view, ListSort::Key key) const {
    return sql::sortColumn(m_profile, view, key);
}

QString ListQuery::pageSql(const PageRequest &r, QVariantList &params) const {
    sql::Statement page = sql::listPage(m_profile, r);
    params = page.params;
    return page.text;
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
    const sql::Statement explain = sql::explainJson(sql::listPage(m_profile, first));
    const PgResult plan = session.query(explain.text, explain.params);
    const QJsonArray a = QJsonDocument::fromJson(plan.scalar().toString().toUtf8()).array();
    return sortInputRows(a.at(0).toObject().value(QLatin1String("Plan")).toObject());
}

PgResult ListQuery::runPage(PgSession &session, const sql::Statement &page, const PageRequest &r, qint64 sortRows,
                            int containsTimeoutMs) const {
    const bool contains = r.filter.keyMode == ListFilter::TextMode::Contains && !r.filter.keyText.isEmpty();
    PgResult res;
    if (!contains) {
        try {
            res = session.query(page.text, page.params);
        } catch (const PgError &e) {
            // Measured at 10M rows: a page of all messages by updated time, no index, ran 15.6 s
            // and met the session's statement timeout. Say why and what helps, not just "timeout".
            if (!isStatementTimeout(e) || sortRows <= limits::kSlowSortRows)
                throw;
            // Reported as the server's refusal, not as a cancel of ours: the views drop those.
            const QString serverLimit = serversLimitEnded(session, -1, session.options().statementTimeoutMs);
            const QString why = tr("No index follows this order, so every page sorts about %1 messages on the server. "
                                   "Narrow the filter (a view, a state, a time range), sort by id, or ask the DBA to "
                                   "install resources/sql/kit/sort_indexes.sql.")
                                    .arg(formatCount(sortRows));
            throw PgError(PgError::Kind::Query,
                          serverLimit.isEmpty() ? tr("The list was stopped at the statement timeout: %1").arg(why)
                                                : joinSentences({serverLimit, why}),
                          e.sqlState);
        }
        return res;
    }
    // A contains-search cannot use a b-tree: without a trigram index it reads the whole
    // table. Its own, shorter statement timeout bounds it; the operator can also cancel it.
    const int wanted = qMax(1, containsTimeoutMs);
    qint64 inForce = wanted;
    try {
        session.transact([&](PgTx &tx) {
            inForce = boundStatement(tx, wanted);
            res = tx.exec(page.text, page.params);
        });
    } catch (const PgError &e) {
        if (!isStatementTimeout(e))
            throw;
        const QString hint = hasTrigramIndex(session)
                                 ? tr("Narrow the search by state, type or time range.")
                                 : tr("The key column has no trigram index, so the search reads the whole table: narrow it by "
                                      "state, type or time range, search by prefix, or ask the DBA to install "
                                      "resources/sql/kit/trigram_index.sql.");
        const QString serverLimit = serversLimitEnded(session, inForce, wanted);
        throw PgError(PgError::Kind::Query,
                      serverLimit.isEmpty() ? tr("The \"contains\" search was stopped after %1 s. %2").arg(double(inForce) / 1000.0).arg(hint)
                                            : joinSentences({serverLimit, hint}),
                      e.sqlState);
    }
    return res;
}

MessagePage ListQuery::fetchPage(PgSession &session, const PageRequest &r, int containsTimeoutMs) const {
    const sql::Statement page = sql::listPage(m_profile, r);
    QElapsedTimer timer;
    timer.start();
    // Once per list (first page): an order no index follows costs a whole sort for every page;
    // the view says so and what helps, instead of leaving the operator to wonder (EXPLAIN, ~1 ms).
    const qint64 sortRows = r.hasCursor ? 0 : unindexedSortRows(session, r);
    const PgResult res = runPage(session, page, r, sortRows, containsTimeoutMs);
    MessagePage out;
    out.elapsedMs = timer.elapsed();
    out.unindexedSortRows = sortRows;
    for (const QVariantList &v : res.rows)
        out.rows << messageRow(v);
    out.atEnd = out.rows.size() < r.boundedPageSize();
    return out;
}

MatchCount ListQuery::count(PgSession &session, const ListFilter &filter) const {
    const sql::Statement matching = sql::matchingRows(m_profile, filter);
    MatchCount out;
    bool exact = false;
    try {
        session.transact([&](PgTx &tx) {
            boundStatement(tx, limits::kExactCountTimeoutMs);
            const sql::Statement count = sql::cappedCount(matching, limits::kExactCountCap);
            out.n = tx.exec(count.text, count.params).scalar().toString().toLongLong();
            exact = true;
        });
    } catch (const PgError &e) {
        if (!isStatementTimeout(e))
            throw;
    }
    if (exact && out.n <= limits::kExactCountCap)
        return out;
    // Too many or too slow to count: the planner's estimate, marked as such.
    const sql::Statement explain = sql::explainJson(matching);
    const PgResult plan = session.query(explain.text, explain.params);
    const QJsonArray a = QJsonDocument::fromJson(plan.scalar().toString().toUtf8()).array();
    const qint64 est = qint64(a.at(0).toObject().value(QLatin1String("Plan")).toObject().value(QLatin1String("Plan Rows")).toDouble());
    if (exact) {
        out.n = qMax(limits::kExactCountCap, est);
        out.atLeast = est <= limits::kExactCountCap;
        out.estimated = est > limits::kExactCountCap;
    } else {
        out.n = est;
        out.estimated = true;
    }
    return out;
}

bool ListQuery::hasTrigramIndex(PgSession &session) const {
    const sql::Statement s = sql::trigramIndexExists(m_profile);
    return pgTrue(session.query(s.text, s.params).scalar());
}

QStringList ListQuery::distinctValues(PgSession &session, const QString &logical, bool *openOnly) const {
    *openOnly = false;
    if (!m_profile.has(logical))
        return {};
    // A b-tree index that starts with the column allows a loose index scan: one index probe per
    // distinct value, whatever the table's size. Otherwise only the open messages are read.
    const sql::Statement idx = sql::btreeIndexLeads(m_profile, logical);
    const bool looseScan = pgTrue(session.query(idx.text, idx.params).scalar());
    *openOnly = !looseScan;
    const sql::Statement values = sql::distinctValues(m_profile, logical, looseScan, limits::kChoicesLimit);
    QStringList out;
    qint64 inForce = limits::kChoicesTimeoutMs;
    QElapsedTimer ran;
    ran.start();
    try {
        session.transact([&](PgTx &tx) {
            inForce = boundStatement(tx, limits::kChoicesTimeoutMs);
            for (const QVariantList &row : tx.exec(values.text, values.params).rows)
                out << row.value(0).toString();
        });
    } catch (const PgError &e) {
        throw ServerLimits::explained(session, e, ran.elapsed(), inForce, limits::kChoicesTimeoutMs);
    }
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
