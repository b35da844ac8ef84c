// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/indexadvisor.h"
#include "core/dashboard/snapshotquery.h"
#include "core/sql/profilechecksql.h"
#include "core/sql/snapshotsql.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QMap>

Q_LOGGING_CATEGORY(lcAdvisor, "om.indexadvisor")

namespace om {
namespace {

/// Below this size the planner rightly reads the whole table rather than an index (a few pages
/// from cache, well under a millisecond): a sequential scan there is not a missing index, and
/// saying so would send a DBA after nothing on every new or demo table.
constexpr qint64 kHarmlessScanBytes = 1024 * 1024;

} // namespace

QStringList IndexAdvice::messages() const {
    // One message per scanned table (the snapshot reads one table several times): the operator
    // needs the fix and the price, the individual filters go to the log.
    QMap<QString, QPair<int, double>> perTable;
    for (const SeqScanFinding &f : findings) {
        auto &[n, cost] = perTable[f.relation];
        ++n;
        cost += f.totalCost;
    }
    QStringList out;
    for (auto it = perTable.cbegin(); it != perTable.cend(); ++it)
        out << QCoreApplication::translate("IndexAdvisor",
                                           "Index missing: each refresh reads %1 sequentially %n time(s) (estimated cost %2). "
                                           "Apply the table's admin kit (outbox-monitor --print-kit --profile FILE), or create: %3",
                                           nullptr, it->first)
                   .arg(it.key())
                   .arg(it->second, 0, 'f', 0)
                   .arg(suggestedIndex);
    return out;
}

QString IndexAdvisor::suggestedIndex() const { return sql::snapshotIndex(m_profile); }

void IndexAdvisor::walk(const QJsonObject &node, QList<SeqScanFinding> &out) const {
    // The exact terminal count only runs on small tables (see SnapshotQuery): not a finding.
    if (node.value(QLatin1String("Subplan Name")).toString() == QLatin1String("CTE ") + QLatin1String(sql::kTerminalCte))
        return;
    if (node.value(QLatin1String("Node Type")).toString() == QLatin1String("Seq Scan")
        && node.value(QLatin1String("Relation Name")).toString() == m_profile.table) {
        out << SeqScanFinding{m_profile.qualifiedTable(), node.value(QLatin1String("Filter")).toString(),
                              node.value(QLatin1String("Total Cost")).toDouble(),
                              node.value(QLatin1String("Plan Rows")).toDouble()};
    }
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        walk(child.toObject(), out);
}

QList<SeqScanFinding> IndexAdvisor::seqScans(const QJsonObject &plan) const {
    QList<SeqScanFinding> out;
    walk(plan.value(QLatin1String("Plan")).toObject(), out);
    return out;
}

IndexAdvice IndexAdvisor::check(PgSession &session, int stuckTimeoutMinutes) const {
    const sql::Statement explain = sql::explainJson(SnapshotQuery(m_profile, stuckTimeoutMinutes).statement());
    const PgResult r = session.query(explain.text, explain.params);
    IndexAdvice advice;
    advice.suggestedIndex = suggestedIndex();
    const QJsonArray plans = QJsonDocument::fromJson(r.scalar().toString().toUtf8()).array();
    if (!plans.isEmpty())
        advice.findings = seqScans(plans.first().toObject());
    if (!advice.findings.isEmpty()) {
        const sql::Statement size = sql::relationFacts(m_profile.qualifiedTable());
        const PgResult facts = session.query(size.text, size.params);
        if (!facts.isEmpty() && facts.rows.first().value(2).toLongLong() < kHarmlessScanBytes)
            advice.findings.clear();
    }
    for (const SeqScanFinding &f : std::as_const(advice.findings))
        qCInfo(lcAdvisor).noquote() << "Seq Scan on" << f.relation << "filter" << f.filter << "cost" << f.totalCost;
    for (const QString &m : advice.messages())
        qCInfo(lcAdvisor).noquote() << m; // shown to the operator by the profile check's banner
    return advice;
}

} // namespace om
