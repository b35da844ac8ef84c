// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

namespace om {

class PgSession;

/// One leaf partition of a partitioned table, as the catalog tells it.
struct PartitionHealth {
    QString name;             ///< the partition's name as regclass prints it (qualified when off the search path)
    qint64 rowsEstimate = -1; ///< pg_class.reltuples (-1: never vacuumed or analyzed)
    qint64 totalBytes = 0;
    qint64 liveTuples = -1; ///< -1: no statistics
    qint64 deadTuples = -1;
    QDateTime lastVacuum, lastAutovacuum, lastAnalyze, lastAutoanalyze; ///< invalid: never
    QString bound; ///< what it holds, as the server prints it ("FOR VALUES IN ('DEST_0')", "DEFAULT")
};

/// One table's health as the catalog tells it (TableHealthReader). For a partitioned table every
/// figure is the sum over its leaf partitions (each time the latest of theirs), and
/// `partitions` lists them.
struct TableHealth {
    QString table; ///< the quoted, qualified name
    bool exists = false;
    qint64 rowsEstimate = -1; ///< pg_class.reltuples (-1: never vacuumed or analyzed)
    qint64 totalBytes = 0;    ///< heap + indexes + TOAST
    qint64 heapBytes = 0;
    qint64 indexBytes = 0;
    qint64 toastBytes = 0;
    QList<QPair<QString, qint64>> indexes; ///< each index and its size, largest first
    qint64 liveTuples = -1;                ///< pg_stat_user_tables (-1: no statistics)
    qint64 deadTuples = -1;
    qint64 modifiedSinceAnalyze = -1;
    QDateTime lastVacuum, lastAutovacuum, lastAnalyze, lastAutoanalyze; ///< invalid: never
    qint64 vacuumCount = 0, autovacuumCount = 0, analyzeCount = 0, autoanalyzeCount = 0;
    bool partitioned = false;
    QList<PartitionHealth> partitions; ///< the leaf partitions, by name (empty for a plain table)
};

/// What the Table tab shows: the profile's table, its audit and archive tables, and the finished rows a purge
/// of `olderThanDays` would delete, as the planner estimates them (no scan).
struct HealthReport {
    TableHealth table;
    TableHealth audit; ///< exists = false when the profile has no audit table
    /// The table the library moves finished rows to: it grows as the live table is pruned, and
    /// its vacuum and size are the library's maintenance to watch. exists = false without one.
    TableHealth archive;
    int olderThanDays = 0;
    qint64 purgeableEstimate = -1; ///< -1: the profile has no purge, or no estimate
    bool purgeAllowed = false;     ///< the kit's purge function exists and this login may run it
    QDateTime readAt;              ///< the server's clock when it was read
};

/// Reads a HealthReport on a lane's session (Monitor or Browse; never the GUI thread).
class TableHealthReader {
public:
    explicit TableHealthReader(SchemaProfile profile);
    HealthReport read(PgSession &session, int olderThanDays) const;
    TableHealth readTable(PgSession &session, const QString &qualifiedTable) const;

private:
    SchemaProfile m_profile;
};

} // namespace om

Q_DECLARE_METATYPE(om::HealthReport)
