// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/indexadvisor.h"
#include "core/dashboard/snapshotquery.h"
#include "core/dashboard/tableleaves.h"
#include "core/sql/kitnames.h"
#include "core/sql/snapshotsql.h"
#include "core/sql/sqltext.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QMap>
#include <QSet>

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
    // A partitioned table is read once per partition for each read of the table: the scans of
    // its partitions with one filter are one read of it.
    QMap<QString, QPair<int, double>> perTable;
    QSet<QString> partitionedReads;
    for (const SeqScanFinding &f : findings) {
        auto &[n, cost] = perTable[f.relation];
        if (f.partition.isEmpty())
            ++n;
        else if (const QString read = f.relation + QLatin1Char('\n') + f.filter; !partitionedReads.contains(read)) {
            partitionedReads.insert(read);
            ++n;
        }
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

/// Only the scans that read something worth an index: not those of empty partitions (pg_partman
/// makes the coming days' partitions ahead of time, and the planner reads an empty one as it
/// likes), and none at all when the relations scanned hold less than kHarmlessScanBytes together
/// (for a plain table: when the table is that small, as always).
void IndexAdvisor::dropHarmless(QList<SeqScanFinding> &findings, const QMap<QString, qint64> &sizes) const {
    const auto sizeOf = [&](const SeqScanFinding &f) { return sizes.value(f.partition.isEmpty() ? m_profile.storageTable() : f.partition); };
    findings.removeIf([&](const SeqScanFinding &f) { return !f.partition.isEmpty() && sizeOf(f) == 0; });
    QMap<QString, qint64> scanned;
    for (const SeqScanFinding &f : std::as_const(findings))
        scanned.insert(f.partition, sizeOf(f));
    qint64 total = 0;
    for (const qint64 bytes : std::as_const(scanned))
        total += bytes;
    if (total < kHarmlessScanBytes)
        findings.clear();
}

QString IndexAdvisor::suggestedIndex() const { return sql::snapshotIndex(m_profile); }

void IndexAdvisor::walk(const QJsonObject &node, const QStringList &leaves, QList<SeqScanFinding> &out) const {
    // The exact terminal count only runs on small tables (see SnapshotQuery): not a finding.
    if (node.value(QLatin1String("Subplan Name")).toString() == QLatin1String("CTE ") + QLatin1String(sql::kTerminalCte))
        return;
    const QString relation = node.value(QLatin1String("Relation Name")).toString();
    if (node.value(QLatin1String("Node Type")).toString() == QLatin1String("Seq Scan") && leaves.contains(relation)) {
        out << SeqScanFinding{m_profile.qualifiedTable(), node.value(QLatin1String("Filter")).toString(),
                              node.value(QLatin1String("Total Cost")).toDouble(), node.value(QLatin1String("Plan Rows")).toDouble(),
                              relation == m_profile.storageTable() ? QString() : relation};
    }
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        walk(child.toObject(), leaves, out);
}

QList<SeqScanFinding> IndexAdvisor::seqScans(const QJsonObject &plan) const { return seqScans(plan, {m_profile.storageTable()}); }

QList<SeqScanFinding> IndexAdvisor::seqScans(const QJsonObject &plan, const QStringList &leaves) const {
    QList<SeqScanFinding> out;
    walk(plan.value(QLatin1String("Plan")).toObject(), leaves, out);
    return out;
}

/// The relations (the table, or its partitions) that carry the kit's snapshot index: on a
/// partitioned table each partition holds its own index attached to the parent's.
QSet<QString> IndexAdvisor::relationsWithKitIndex(PgSession &session) const {
    const QString index = sql::quoteIdentifier(m_profile.storageSchema()) + QLatin1Char('.')
                          + sql::quoteIdentifier(kit::objectName(QStringLiteral("ix_") + m_profile.table, QStringLiteral("open")));
    const PgResult r = session.query(QStringLiteral("WITH RECURSIVE tree(oid) AS (SELECT to_regclass($1)::oid "
                                                    "UNION ALL SELECT h.inhrelid FROM pg_inherits h JOIN tree ON h.inhparent = tree.oid) "
                                                    "SELECT c.relname FROM tree JOIN pg_index i ON i.indexrelid = tree.oid "
                                                    "JOIN pg_class c ON c.oid = i.indrelid WHERE i.indisvalid"),
                                     {index});
    QSet<QString> out;
    for (const QVariantList &row : r.rows)
        out.insert(row.value(0).toString());
    return out;
}

/// A scan of a relation that has the kit's index is the planner's choice, not a missing index:
/// on a small partition (or one whose statistics say few rows match) reading it whole is cheaper,
/// and the choice flips from one refresh to the next. Advising to create the index that exists
/// would send a DBA after nothing; such scans go to the log only.
void IndexAdvisor::dropIndexed(QList<SeqScanFinding> &findings, const QSet<QString> &indexed) const {
    findings.removeIf([&](const SeqScanFinding &f) {
        const QString scanned = f.partition.isEmpty() ? m_profile.storageTable() : f.partition;
        if (!indexed.contains(scanned))
            return false;
        qCInfo(lcAdvisor).noquote() << "Seq Scan on" << scanned << "although it has the kit's index (the planner's choice); filter" << f.filter;
        return true;
    });
}

IndexAdvice IndexAdvisor::check(PgSession &session, int stuckTimeoutMinutes) const {
    const sql::Statement explain = sql::explainJson(SnapshotQuery(m_profile, stuckTimeoutMinutes).statement());
    const PgResult r = session.query(explain.text, explain.params);
    IndexAdvice advice;
    advice.suggestedIndex = suggestedIndex();
    const QJsonArray plans = QJsonDocument::fromJson(r.scalar().toString().toUtf8()).array();
    if (!plans.isEmpty()) {
        // A partitioned table's plan scans its partitions (an Append of one scan per partition),
        // never the parent: the verdict is read from those scans.
        const QMap<QString, qint64> sizes = tableLeaves(session, m_profile);
        advice.findings = seqScans(plans.first().toObject(), sizes.isEmpty() ? QStringList{m_profile.storageTable()} : sizes.keys());
        dropHarmless(advice.findings, sizes);
        if (!advice.findings.isEmpty())
            dropIndexed(advice.findings, relationsWithKitIndex(session));
    }
    for (const SeqScanFinding &f : std::as_const(advice.findings))
        qCInfo(lcAdvisor).noquote() << "Seq Scan on" << f.relation << f.partition << "filter" << f.filter << "cost" << f.totalCost;
    for (const QString &m : advice.messages())
        qCInfo(lcAdvisor).noquote() << m; // shown to the operator by the profile check's banner
    return advice;
}

} // namespace om
