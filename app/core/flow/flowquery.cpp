// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/flow/flowquery.h"
#include "core/sql/flowbucketsql.h"
#include "core/sql/flowsql.h"
#include "core/sql/snapshotsql.h"
#include "core/sql/textarray.h"
#include "pg/pgsession.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace om {

qint64 FlowQuery::serverNowS(PgSession &session) {
    return qint64(session.query(QStringLiteral("SELECT floor(extract(epoch from now()))::bigint")).scalar().toLongLong());
}

namespace {

bool nodeIndexOnly(const QJsonObject &node, const QString &table, QStringList *indexes) {
    if (node.value(QLatin1String("Relation Name")).toString() == table) {
        if (node.value(QLatin1String("Node Type")).toString() != QLatin1String("Index Only Scan"))
            return false;
        indexes->append(node.value(QLatin1String("Index Name")).toString());
    }
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        if (!nodeIndexOnly(child.toObject(), table, indexes))
            return false;
    return true;
}

} // namespace

bool FlowQuery::indexOnly(const QJsonObject &plan, const QString &table, QStringList *indexes) {
    return nodeIndexOnly(plan.value(QLatin1String("Plan")).toObject(), table, indexes);
}

bool FlowQuery::bucketCountsServed(PgSession &session, const SchemaProfile &p) {
    const qint64 now = serverNowS(session);
    bool served = true;
    session.transact([&](PgTx &tx) {
        // Whether an index *can* serve each count, not whether the planner prefers it with
        // today's statistics (a small table is read whole): with sequential and bitmap scans off
        // it takes a B-tree wherever one applies, and falls back to a Seq Scan where none does
        // (a BRIN index is read only through a bitmap, i.e. it reads the table's pages).
        // Statement pooling holds no setting: the planner's choice would answer another question.
        if (!tx.setLocal(QStringLiteral("enable_seqscan"), QStringLiteral("off")) || !tx.setLocal(QStringLiteral("enable_bitmapscan"), QStringLiteral("off"))) {
            served = false;
            return;
        }
        for (const sql::FlowTableSeries &s : sql::flowTableSeries(p)) {
            sql::Statement count = sql::flowSeriesRangeCount(p, s);
            count.params = {now - 900, now}; // one bucket's range near now, as a refresh asks
            const sql::Statement explain = sql::explainJson(count);
            const QJsonArray plans = QJsonDocument::fromJson(tx.exec(explain.text, explain.params).scalar().toString().toUtf8()).array();
            QStringList names;
            served = !plans.isEmpty() && indexOnly(plans.first().toObject(), p.table, &names) && !names.isEmpty();
            if (!served)
                return;
            // An index whose first column is another one is read whole (no skip scan before
            // PostgreSQL 18): the leading column must be the series' time column.
            const sql::Statement leads = sql::indexesStartWith(p, sql::textArrayLiteral(names), p.column(s.logical));
            served = pgTrue(tx.exec(leads.text, leads.params).scalar());
            if (!served)
                return;
        }
    });
    return served;
}

QList<FlowBucket> FlowQuery::counts(PgSession &session, qint64 fromS, qint64 toS, int bucketS) const {
    // A few minutes (a later refresh) read a few hundred index entries either way, and the
    // grouped statement is the lighter one to plan.
    const bool byBucket = m_byBucket && toS - fromS > kByBucketMinS;
    const sql::Statement st = byBucket ? sql::flowCountsByBucket(m_profile, fromS, toS, bucketS)
                                       : sql::flowCounts(m_profile, fromS, toS, bucketS);
    const PgResult r = session.query(st.text, st.params);
    QList<FlowBucket> out;
    out.reserve(r.rows.size());
    for (const QVariantList &row : r.rows)
        out << FlowBucket{row.at(0).toLongLong(), row.at(1).toLongLong(), row.at(2).toLongLong(), row.at(3).toLongLong()};
    return out;
}

} // namespace om
