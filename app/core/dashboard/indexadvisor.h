// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QSet>
#include <QString>

namespace om {

class PgSession;

/// One sequential scan of the monitored table (or of one of its partitions) found in the
/// snapshot's plan.
struct SeqScanFinding {
    QString relation; ///< table the plan scans (a partitioned table's own name for a scan of a partition)
    QString filter;   ///< the scan's filter, as the planner prints it
    double totalCost = 0;
    double rows = 0;   ///< planner's row estimate for the table it reads
    QString partition; ///< the partition scanned ("" when the table is not partitioned)
};

/// What the advisor found: empty `findings` means the snapshot reads only indexes.
struct IndexAdvice {
    QList<SeqScanFinding> findings;
    QString suggestedIndex; ///< CREATE INDEX statement that would make the snapshot index-only
    bool ok() const { return findings.isEmpty(); }
    /// One sentence per finding for the operator: which index is missing, what it costs.
    QStringList messages() const;
};

/// Checks with EXPLAIN (never ANALYZE: nothing runs) that the dashboard's snapshot does not scan
/// the big table sequentially, and says which index would fix it. The guarded exact count of
/// terminal states (only run on small tables) is ignored.
class IndexAdvisor {
public:
    explicit IndexAdvisor(SchemaProfile profile) : m_profile(std::move(profile)) {}
    IndexAdvice check(PgSession &session, int stuckTimeoutMinutes = -1) const;
    /// Pure plan walk (for tests): seq scans of the profile's table in an EXPLAIN (FORMAT JSON) plan.
    QList<SeqScanFinding> seqScans(const QJsonObject &plan) const;
    /// The same for a table whose rows lie in the relations named `leaves` (sql::leafNames): on
    /// a partitioned table the plan scans the partitions, each under its own name, never the parent.
    QList<SeqScanFinding> seqScans(const QJsonObject &plan, const QStringList &leaves) const;
    /// The partial index the profile's open states need, as the kit writes it.
    QString suggestedIndex() const;

private:
    void dropHarmless(QList<SeqScanFinding> &findings, const QMap<QString, qint64> &sizes) const;
    QSet<QString> relationsWithKitIndex(PgSession &session) const;
    void dropIndexed(QList<SeqScanFinding> &findings, const QSet<QString> &indexed) const;
    void walk(const QJsonObject &node, const QStringList &leaves, QList<SeqScanFinding> &out) const;
    SchemaProfile m_profile;
};

} // namespace om

Q_DECLARE_METATYPE(om::IndexAdvice)
