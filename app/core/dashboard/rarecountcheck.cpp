// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/rarecountcheck.h"
#include "core/dashboard/tableleaves.h"
#include "core/sql/snapshotsql.h"
#include "core/sql/textarray.h"
#include "pg/pgsession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRareCount, "om.rarecount")

namespace om {

namespace {

/// Every index the plan reads (its scans and bitmap scans).
void indexNames(const QJsonObject &node, QStringList &out) {
    if (const QString name = node.value(QLatin1String("Index Name")).toString(); !name.isEmpty() && !out.contains(name))
        out << name;
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        indexNames(child.toObject(), out);
}

/// The column a state is told by: the status column, or the one its first condition tests (an
/// index that starts with it, or a partial one, holds the state's entries together).
QString stateColumn(const SchemaProfile &p, const StateDef &s) {
    return p.column(s.when.isEmpty() ? QStringLiteral("status") : s.when.first().column);
}

} // namespace

QStringList RareCountCheck::indexServedStates(PgSession &session) const {
    // A partitioned table's count reads its partitions, and their indexes (one per partition
    // for each index of the parent): the plan is judged by those.
    QStringList leaves = tableLeaves(session, m_profile).keys();
    if (leaves.isEmpty())
        leaves << m_profile.storageTable();
    QStringList out;
    for (const StateDef &s : m_profile.states) {
        if (!s.terminal)
            continue;
        // The question is whether an index *can* serve the count, not whether the planner
        // prefers it with today's statistics (it may not while the state is common): with
        // sequential scans off it takes an index wherever one applies, and falls back to a Seq
        // Scan (or a whole index read with a filter) only where none does. SET LOCAL ends with
        // the transaction; the snapshot itself runs with the planner's normal settings.
        const sql::Statement explain = sql::explainJson(sql::terminalCount(m_profile, s.name));
        bool served = false;
        session.transact([&](PgTx &tx) {
            if (!tx.setLocal(QStringLiteral("enable_seqscan"), QStringLiteral("off")))
                return; // statement pooling: no transaction to hold it, so the answer would be the planner's guess
            const QJsonArray plans = QJsonDocument::fromJson(tx.exec(explain.text, explain.params).scalar().toString().toUtf8()).array();
            if (plans.isEmpty() || !servedByIndex(plans.first().toObject(), leaves))
                return;
            // An index condition on a column that is not the index's first one (PostgreSQL 15
            // has no skip scan) reads the whole index: only a partial index, or one that starts
            // with the state's column, holds the state's entries together.
            QStringList names;
            indexNames(plans.first().toObject().value(QLatin1String("Plan")).toObject(), names);
            const sql::Statement ranges = sql::indexesStartWith(m_profile, names.isEmpty() ? QString() : sql::textArrayLiteral(names), stateColumn(m_profile, s));
            served = !names.isEmpty() && pgTrue(tx.exec(ranges.text, ranges.params).scalar());
        });
        qCDebug(lcRareCount).noquote() << m_profile.qualifiedTable() << s.name << (served ? "served by an index" : "no index serves it");
        if (served)
            out << s.name;
    }
    return out;
}

bool RareCountCheck::servedByIndex(const QJsonObject &plan) const { return servedByIndex(plan, {m_profile.storageTable()}); }

bool RareCountCheck::servedByIndex(const QJsonObject &plan, const QStringList &leaves) const {
    return nodeServed(plan.value(QLatin1String("Plan")).toObject(), leaves);
}

bool RareCountCheck::nodeServed(const QJsonObject &node, const QStringList &leaves) const {
    // A scan of the table that has a Filter reads rows (or index entries) it then throws away:
    // the whole table or a whole index, e.g. the primary key read from end to end. An index that
    // serves the count has the state in its condition or its predicate, never in a filter.
    if (leaves.contains(node.value(QLatin1String("Relation Name")).toString())) {
        if (node.value(QLatin1String("Node Type")).toString() == QLatin1String("Seq Scan") || node.contains(QLatin1String("Filter")))
            return false;
    }
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        if (!nodeServed(child.toObject(), leaves))
            return false;
    return true;
}

} // namespace om
