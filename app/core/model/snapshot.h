// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/readsecurity.h"
#include "core/model/rowsecurity.h"
#include "core/model/standbyreplay.h"
#include "core/profile/retrycounting.h"

#include <QDateTime>
#include <QList>
#include <QStringList>
#include <QVariantList>
#include <QMetaType>
#include <QString>
#include <optional>

namespace om {

/// Why an estimate shown differs from what the statistics gave this refresh (EstimateKeeper).
enum class EstimateNote {
    None,           ///< shown as read (or higher than the last one shown)
    Held,           ///< the statistics read lower, but no row left the table: the last value stays
    RowsDeleted,    ///< lower, by at most the rows deleted since the last refresh (deletedRows)
    TableRewritten, ///< lower: the table was truncated or rewritten (TRUNCATE, VACUUM FULL, CLUSTER)
    CountersReset,  ///< lower: the server's activity counters were reset (pg_stat_reset, a crash)
};

/// Count of messages in one state at the snapshot's server time.
struct StateCount {
    QString name;
    QString role;
    qint64 count = 0;
    bool estimated = false; ///< from planner statistics (terminal states of big tables)
    /// Exact although the table is big: a rare terminal state counted through an index
    /// (SnapshotQuery::setIndexedTerminalStates).
    bool countedByIndex = false;
    qint64 readEstimate = -1; ///< estimated only: what the statistics gave this refresh
    EstimateNote note = EstimateNote::None;
    qint64 deletedRows = 0; ///< with EstimateNote::RowsDeleted: rows deleted since the last refresh
    /// Of `count`, the rows in the profile's archive table (the archive's state only; 0 otherwise).
    qint64 archived = 0;
    bool archivedEstimated = false; ///< the archive is big: its part is the planner's figure
};

/// The table's statistics and activity counters the estimates come from, read in the same
/// statement; EstimateKeeper compares two consecutive ones to tell why an estimate fell.
struct TableStats {
    bool valid = false;
    qint64 deletedTotal = 0; ///< pg_stat n_tup_del: rows deleted since the counters were last reset
    QDateTime analyzedAt;    ///< last ANALYZE, manual or automatic (UTC); invalid when never
    QString fileNode;        ///< pg_class.relfilenode: changes on TRUNCATE, VACUUM FULL, CLUSTER
};

/// The terminal states' frequencies (from the column statistics) one snapshot used, and the key
/// of the statistics they came from. Passed back with the next refresh, they spare the server
/// reading the statistics again (once per partition of a partitioned table) until the key
/// changes: an ANALYZE or VACUUM, a partition added or dropped, another role (sql::snapshot).
struct KnownFrequencies {
    QString key;         ///< "" when none are known
    QVariantList values; ///< one per terminal state, in the profile's order; null when unknown
};

/// Waiting work for one destination or one event type.
struct WaitingGroup {
    QString label;
    qint64 count = 0;
    double oldestAgeS = 0; ///< age of its oldest waiting message, server clock
};

/// In-flight work one worker holds (profiles whose in-flight states record `lockedBy`).
struct WorkerGroup {
    QString worker;            ///< empty when the rows name no worker
    qint64 inFlight = 0;       ///< rows it holds in the stuck (in-flight) states
    qint64 stuck = 0;          ///< of those, held past the stuck timeout
    double oldestLockAgeS = 0; ///< since its oldest lock, server clock
    QStringList what;          ///< up to three destinations (else types) of those rows
};

/// A logical replication slot that captures the table (a CDC relay such as Debezium reads the
/// table's inserts from the WAL, so the rows may be gone while the events are still on their way):
/// how far the slot's consumer is behind the server's current WAL position.
struct SlotLag {
    QString name;        ///< the profile's "replicationSlot"
    bool exists = false; ///< false: no slot of that name in this server
    bool active = false; ///< a consumer is connected (pg_replication_slots.active)
    /// pg_wal_lsn_diff(current WAL position, confirmed_flush_lsn): WAL the consumer has not yet
    /// confirmed, in bytes; empty when the slot has never confirmed anything.
    std::optional<qint64> behindBytes;
    /// WAL the slot makes the server keep (from restart_lsn), in bytes; empty when unknown.
    std::optional<qint64> retainedBytes;
    QString walStatus; ///< reserved | extended | unreserved | lost ("" when unknown)
};

/// What the dashboard shows, computed by the server in one round trip.
struct Snapshot {
    QString profileId;
    QDateTime serverTime; ///< now() on the server, UTC
    QList<StateCount> states;
    TableStats table;
    KnownFrequencies frequencies;            ///< what the estimates were shared out by, for the next refresh
    qint64 waiting = 0;                      ///< messages in the profile's waiting states
    std::optional<double> oldestWaitingAgeS; ///< empty when nothing waits
    qint64 stuck = 0;                        ///< in a stuck state for longer than the timeout
    int stuckTimeoutMinutes = 30;
    /// The profile gives rows their own timeout (a clock's "timeoutColumn" or "timeoutSeconds"):
    /// the minutes above are then only for rows without one.
    bool stuckByOwnTimeout = false;
    std::optional<qint64> nearMaxRetry; ///< empty when the table has no retry columns
    /// Of those, the rows whose attempt running now (in flight) or next is the last one allowed
    /// ("on its last try", core/sql/retrysql); the rest are one short of it.
    std::optional<qint64> atMaxRetry;
    /// How the profile counts (its "retries"): what the tile says the numbers mean.
    RetryCounting retryCounting;
    /// Ordered tables only (profile "ordering"): keys whose head is failing, stuck or retrying,
    /// and the open rows waiting behind those heads. Empty for tables without an ordering key.
    std::optional<qint64> blockedHeads;
    std::optional<qint64> blockedBehind;
    /// Ordered table without an index on (ordering key, created time): the two above are left out
    /// (each head check would read every open row) and the tile names the kit's index instead.
    bool blockedNeedsIndex = false;
    /// The profile's replication slot ("replicationSlot"), read in the same statement; empty when
    /// the profile names none.
    std::optional<SlotLag> slot;
    QList<WaitingGroup> byDestination;
    QList<WaitingGroup> byType;
    QList<WorkerGroup> byWorker; ///< with the breakdown: who holds the in-flight rows
    /// Server time the breakdowns above were computed at. They are refreshed less often than
    /// the counts while many messages wait (SnapshotPoller), so this can be older than serverTime;
    /// invalid when the snapshot carries none yet.
    QDateTime breakdownTime;
    /// Read from a standby (the window's GatewayConfig::standbyConnInfo): how far behind it is.
    std::optional<StandbyReplay> standby;
    /// Row-level security between this role and the table: when it hides rows, every number
    /// above counts only the rows the role may see.
    RowSecurity rowSecurity;
    /// The same for every table the profile reads (the profile's table first): the archive, the
    /// lock table, the lookups... Rows hidden in any of them make a number or an absence partial.
    ReadSecurity readSecurity;
    qint64 roundTripMs = 0; ///< measured by the client
    qint64 serverMs = -1;   ///< the statement's own duration on the server (-1 unknown)

    /// The count of `state`, or an empty one (no name, count 0) when the snapshot has none.
    const StateCount &stateCount(const QString &state) const {
        for (const StateCount &s : states)
            if (s.name == state)
                return s;
        static const StateCount none;
        return none;
    }
    qint64 count(const QString &state) const { return stateCount(state).count; }
};

} // namespace om

Q_DECLARE_METATYPE(om::Snapshot)
