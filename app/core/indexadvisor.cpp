#include "core/indexadvisor.h"
#include "core/snapshotquery.h"
#include "pg/pgsession.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcAdvisor, "om.indexadvisor")

namespace om {

QStringList IndexAdvice::messages() const {
    QStringList out;
    for (const SeqScanFinding &f : findings)
        out << QCoreApplication::translate("IndexAdvisor",
                   "Index missing: the dashboard reads %1 sequentially (%2, estimated cost %3, ~%4 rows). "
                   "Apply %5, or create: %6")
                   .arg(f.relation, f.filter.isEmpty() ? QCoreApplication::translate("IndexAdvisor", "no filter") : f.filter)
                   .arg(f.totalCost, 0, 'f', 0)
                   .arg(f.rows, 0, 'f', 0)
                   .arg(kitFile, suggestedIndex);
    return out;
}

QString IndexAdvisor::suggestedIndex() const {
    const SchemaProfile &p = m_profile;
    QStringList open;
    for (const StateDef &s : p.states)
        if (!s.terminal)
            open << s.name;
    QStringList include;
    for (const QString &logical : {QStringLiteral("destination"), QStringLiteral("type"), QStringLiteral("retries"),
                                   QStringLiteral("maxRetries"), p.stuckSince})
        if (!logical.isEmpty() && p.has(logical) && logical != p.waitingSince && !include.contains(p.col(logical)))
            include << p.col(logical);
    QStringList keys;
    if (p.has(QStringLiteral("status")))
        keys << p.col(QStringLiteral("status"));
    keys << p.col(p.waitingSince) << p.col(QStringLiteral("id"));
    QString sql = QStringLiteral("CREATE INDEX ON %1 (%2)").arg(p.qualifiedTable(), keys.join(QLatin1String(", ")));
    if (!include.isEmpty())
        sql += QStringLiteral(" INCLUDE (%1)").arg(include.join(QLatin1String(", ")));
    return sql + QStringLiteral(" WHERE %1").arg(p.statesPredicate(open));
}

void IndexAdvisor::walk(const QJsonObject &node, QList<SeqScanFinding> &out) const {
    // The exact terminal count only runs on small tables (see SnapshotQuery): not a finding.
    if (node.value(QLatin1String("Subplan Name")).toString() == QLatin1String("CTE ") + QLatin1String(SnapshotQuery::kTerminalCte))
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
    const SnapshotQuery query(m_profile, stuckTimeoutMinutes);
    const PgResult r = session.query(QStringLiteral("EXPLAIN (FORMAT JSON) ") + query.sql(), query.params());
    IndexAdvice advice;
    advice.suggestedIndex = suggestedIndex();
    const QJsonArray plans = QJsonDocument::fromJson(r.scalar().toString().toUtf8()).array();
    if (!plans.isEmpty())
        advice.findings = seqScans(plans.first().toObject());
    for (const QString &m : advice.messages())
        qCWarning(lcAdvisor).noquote() << m;
    return advice;
}

} // namespace om
