// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/dashboard/estimatekeeper.h"
#include "core/model/snapshot.h"
#include "core/profile/schemaprofile.h"
#include "link/connectproblem.h"
#include "link/limits.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace om {

class DatabaseLink;
class Gateway;

/// Asks for a snapshot every `interval`, never two at once, on the gateway's Monitor lane.
/// When the database stops answering it keeps the last good snapshot, reports how old it is,
/// and retries with exponential backoff (capped) until the server is back. On each new
/// connection it first asks the planner which rare terminal states an index can count
/// (RareCountCheck, on the lane's thread); every snapshot then passes through an
/// EstimateKeeper before it is emitted.
class SnapshotPoller : public QObject {
    Q_OBJECT
public:
    SnapshotPoller(DatabaseLink *link, SchemaProfile profile, QObject *parent = nullptr);

    void setIntervalMs(int ms);
    int intervalMs() const { return m_intervalMs; }
    void setStuckTimeoutMinutes(int minutes);
    int stuckTimeoutMinutes() const { return m_stuckTimeoutMinutes; }
    const SchemaProfile &profile() const { return m_profile; }

    void start();
    void stop();
    /// Refresh now (e.g. after an action or a NOTIFY), unless one is already in flight.
    void refreshNow();

    /// False before start(), after stop(), and after a start that retrying cannot fix (startFailed).
    bool isRunning() const { return m_running; }
    bool isHealthy() const { return m_failures == 0 && m_hasSnapshot; }
    /// Milliseconds since the last good snapshot arrived (-1 when none yet).
    qint64 msSinceLastSnapshot() const { return m_hasSnapshot ? m_sinceLast.elapsed() : -1; }
    int consecutiveFailures() const { return m_failures; }
    /// Delay before the next try after `failures` failures in a row (exponential, capped at 60 s),
    /// while the server is away (a lost connection, no connection).
    static int backoffMs(int intervalMs, int failures);
    /// Delay before the next try after `failures` reads in a row that the server refused or ended
    /// (its time limit, a lock it waited for): the interval, doubling from the second failure, at
    /// most limits::kRefusedReadRetryMaxMs (or the interval, when that is longer). Not the failed
    /// read's duration: the server answered, and a lock wait cost it nothing.
    static int refusedBackoffMs(int intervalMs, int failures);

    /// Delay before the next refresh after a good one: the interval, or longer when refreshes are slow.
    static int nextDelayMs(int intervalMs, qint64 roundTripMs);
    /// The delay the last good refresh chose (== intervalMs() unless refreshes are slow).
    int effectiveIntervalMs() const { return m_effectiveIntervalMs; }

    /// While limits::kLiveBreakdownMaxWaiting or more wait, the breakdown comes at most every
    /// breakdownEveryMs (and on refreshNow()); the snapshots in between carry the last one with its time.
    /// The rule itself: `msSinceBreakdown` is -1 when there has been none yet, `lastWaiting` the
    /// waiting count of the last snapshot. (bench_dashboard follows the poller through it.)
    static bool breakdownDueAfter(qint64 msSinceBreakdown, qint64 lastWaiting, int everyMs);
    void setBreakdownEveryMs(int ms) { m_breakdownEveryMs = qMax(0, ms); }
    /// False: never the breakdown (the fleet overview shows totals only and polls many databases).
    void setBreakdownWanted(bool wanted) { m_breakdownWanted = wanted; }
    int breakdownEveryMs() const { return m_breakdownEveryMs; }
    /// Whether the next refresh should include the breakdown (given the last snapshot).
    bool breakdownDue() const;
    /// The terminal states the current connection counts through an index (empty before the
    /// first snapshot).
    const QStringList &indexedTerminalStates() const { return m_indexedTerminal; }

signals:
    void snapshotReady(const om::Snapshot &snapshot);
    /// A refresh failed; `retryInMs` says when the next one is, -1 when none is coming (see
    /// startFailed). `connectionUp`: the server answered and refused or ended the statement (its
    /// own time limit, a privilege, the query itself), so the connection is fine and reconnecting
    /// would not help; false when the connection is down or could not be opened.
    void refreshFailed(const QString &message, int retryInMs, bool connectionUp);
    /// The very first connection failed (no snapshot yet). When `retrying` is false, trying
    /// again cannot help (a wrong password, role, database or parameter): the poller stopped and
    /// waits for start() or another connection. Once per start().
    void startFailed(om::ConnectProblem problem, const QString &message, bool retrying);

private:
    void tick();
    void schedule(int ms);

    Gateway *m_gateway;
    SchemaProfile m_profile;
    QTimer m_timer;
    int m_intervalMs = 5000;
    int m_effectiveIntervalMs = 5000;
    int m_stuckTimeoutMinutes;
    bool m_inFlight = false;
    bool m_running = false;
    bool m_hasSnapshot = false;
    int m_failures = 0;
    QElapsedTimer m_sinceLast;
    bool m_breakdownWanted = true;
    int m_breakdownEveryMs = limits::kBreakdownEveryMs;
    bool m_breakdownRequested = true;  ///< refreshNow(): the operator wants everything fresh
    QElapsedTimer m_sinceBreakdown;    ///< invalid until the first breakdown arrived
    QElapsedTimer m_breakdownTimedOut; ///< a refresh with the breakdown met the statement timeout
    Snapshot m_last;                   ///< source of the breakdown for the snapshots without one
    int m_checkedBackendPid = 0;       ///< the connection RareCountCheck last ran on
    QStringList m_indexedTerminal;     ///< its answer
    EstimateKeeper m_keeper;
};

} // namespace om
