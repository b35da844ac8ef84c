// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/snapshotpoller.h"
#include "core/dashboard/standbyreplayquery.h"
#include "core/service/serverlimits.h"
#include "core/dashboard/rarecountcheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/service/servicecall.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcPoller, "om.snapshotpoller")

namespace om {
namespace {

/// What a refresh brings back from the lane's thread: the snapshot, and the rare-count check's
/// answer with the connection it holds for.
struct Polled {
    Snapshot snapshot;
    int backendPid = 0;
    QStringList indexedTerminal;
};

/// On the lane's thread. Which states an index counts is a property of the database the
/// connection reaches (an index created or dropped, a failover): asked again on every new
/// connection, never by the GUI thread.
Polled poll(PgSession &s, SnapshotQuery query, bool withBreakdown, int checkedPid, QStringList indexed,
            const SchemaProfile &profile, bool readsStandby, const KnownFrequencies &known) {
    Polled out;
    out.backendPid = s.backendPid();
    if (out.backendPid != checkedPid) {
        try {
            indexed = RareCountCheck(profile).indexServedStates(s);
        } catch (const PgError &e) {
            if (e.kind != PgError::Kind::Query)
                throw;
            qCWarning(lcPoller) << "rare-count check failed, terminal states stay estimated:" << e.message;
            indexed.clear();
            out.backendPid = 0; // asked again next time
        }
    }
    out.indexedTerminal = indexed;
    query.setIndexedTerminalStates(indexed);
    query.setKnownFrequencies(known);
    out.snapshot = query.run(s, withBreakdown);
    if (readsStandby) // after the numbers: they are at least as recent as the replay it reports
        out.snapshot.standby = readStandbyReplay(s);
    return out;
}

} // namespace

SnapshotPoller::SnapshotPoller(DatabaseLink *link, SchemaProfile profile, QObject *parent)
    : QObject(parent), m_gateway(&gatewayOf(link)), m_profile(std::move(profile)),
      m_stuckTimeoutMinutes(m_profile.stuckTimeoutMinutes) {
    qRegisterMetaType<om::Snapshot>();
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &SnapshotPoller::tick);
}

void SnapshotPoller::setIntervalMs(int ms) { m_effectiveIntervalMs = m_intervalMs = qBound(500, ms, 3600 * 1000); }

int SnapshotPoller::nextDelayMs(int intervalMs, qint64 roundTripMs) {
    return int(qBound<qint64>(intervalMs, roundTripMs * limits::kMaxDutyDivisor, qMax<qint64>(intervalMs, limits::kMaxRefreshIntervalMs)));
}
void SnapshotPoller::setStuckTimeoutMinutes(int minutes) { m_stuckTimeoutMinutes = qMax(1, minutes); }

void SnapshotPoller::start() {
    m_running = true;
    if (!m_hasSnapshot)
        m_failures = 0; // a new start: its first failure is reported as one again
    schedule(0);
}

void SnapshotPoller::stop() {
    m_running = false;
    m_timer.stop();
}

void SnapshotPoller::refreshNow() {
    m_breakdownRequested = true;
    if (m_running && !m_inFlight)
        schedule(0);
}

bool SnapshotPoller::breakdownDue() const {
    if (!m_breakdownWanted)
        return false;
    // The counts matter more than the breakdown: when a refresh with it ran into the statement
    // timeout, the next ones go without it until its own interval has passed.
    if (m_breakdownTimedOut.isValid() && m_breakdownTimedOut.elapsed() < m_breakdownEveryMs)
        return false;
    return m_breakdownRequested
           || breakdownDueAfter(m_sinceBreakdown.isValid() ? m_sinceBreakdown.elapsed() : -1, m_last.waiting, m_breakdownEveryMs);
}

bool SnapshotPoller::breakdownDueAfter(qint64 msSinceBreakdown, qint64 lastWaiting, int everyMs) {
    return msSinceBreakdown < 0 || lastWaiting < limits::kLiveBreakdownMaxWaiting || msSinceBreakdown >= everyMs;
}

int SnapshotPoller::refusedBackoffMs(int intervalMs, int failures) {
    if (failures <= 1)
        return intervalMs;
    const qint64 ms = qint64(intervalMs) << qMin(failures - 1, 10);
    return int(qMin<qint64>(ms, qMax(intervalMs, limits::kRefusedReadRetryMaxMs)));
}

int SnapshotPoller::backoffMs(int intervalMs, int failures) {
    if (failures <= 0)
        return intervalMs;
    const qint64 ms = qint64(qMin(intervalMs, 2000)) << qMin(failures - 1, 10);
    return int(qMin<qint64>(ms, 60000));
}

void SnapshotPoller::schedule(int ms) {
    if (m_running)
        m_timer.start(ms);
}

void SnapshotPoller::tick() {
    if (m_inFlight || !m_running)
        return;
    m_inFlight = true;
    const SnapshotQuery query(m_profile, m_stuckTimeoutMinutes);
    const bool withBreakdown = breakdownDue();
    m_breakdownRequested = false;
    const int checkedPid = m_checkedBackendPid;
    const QStringList indexed = m_indexedTerminal;
    const SchemaProfile profile = m_profile;
    const bool readsStandby = m_gateway->readsStandby();
    const KnownFrequencies known = m_last.frequencies;
    m_gateway->run<Polled>(
        Lane::Monitor, this,
        namingServerLimits([query, withBreakdown, checkedPid, indexed, profile, readsStandby, known](PgSession &s) {
            return poll(s, query, withBreakdown, checkedPid, indexed, profile, readsStandby, known);
        }),
        [this](const Polled &polled) {
            m_inFlight = false;
            m_failures = 0;
            m_hasSnapshot = true;
            m_sinceLast.start();
            m_checkedBackendPid = polled.backendPid;
            m_indexedTerminal = polled.indexedTerminal;
            Snapshot snap = polled.snapshot;
            m_keeper.apply(snap);
            if (snap.breakdownTime.isValid()) {
                m_sinceBreakdown.start();
            } else { // carry the last breakdown, with its own (older) time
                snap.byDestination = m_last.byDestination;
                snap.byType = m_last.byType;
                snap.byWorker = m_last.byWorker;
                snap.breakdownTime = m_last.breakdownTime;
            }
            m_last = snap;
            // The server's cost, not the round trip: a network stall (a frozen VPN) is not load,
            // and must not stretch the interval to minutes after a blip.
            m_effectiveIntervalMs = nextDelayMs(m_intervalMs, snap.serverMs >= 0 ? snap.serverMs : snap.roundTripMs);
            emit snapshotReady(snap);
            schedule(m_effectiveIntervalMs);
        },
        [this, withBreakdown](const PgError &e) {
            m_inFlight = false;
            const bool timedOut = e.sqlState == QLatin1String("57014");
            if (withBreakdown && timedOut)
                m_breakdownTimedOut.start();
            else
                m_breakdownRequested = m_breakdownRequested || withBreakdown;
            ++m_failures;
            const bool cannotHelp = e.kind == PgError::Kind::ConnectFailed && retryCannotHelp(e.connectProblem);
            if (!m_hasSnapshot && e.kind == PgError::Kind::ConnectFailed && (m_failures == 1 || cannotHelp)) {
                // At start an operator is watching: say what failed, and do not retry forever
                // what cannot succeed by retrying (also when it shows only later: a server that
                // was unreachable comes up without the database).
                const bool retrying = !cannotHelp;
                if (!retrying) {
                    m_running = false;
                    emit refreshFailed(e.message, -1, false);
                    emit startFailed(e.connectProblem, e.message, false);
                    return;
                }
                emit startFailed(e.connectProblem, e.message, true);
            }
            // A read the server refused or ended (its time limit, a lock it waited for, a
            // privilege) came from a server that answers: the next one follows the interval,
            // doubling while they keep failing, within a bound. Never the failed attempt's time
            // times the duty divisor: a statement that waited 5 s for a lock cost the server
            // nothing, and 20 times its wait kept the dashboard stale for over a minute after the
            // lock was gone. A server that is away (lost connection, no connection, the watchdog)
            // gets the reconnect backoff.
            const bool answered = e.kind == PgError::Kind::Query || e.kind == PgError::Kind::Cancelled;
            const int retry = answered ? refusedBackoffMs(m_intervalMs, m_failures) : backoffMs(m_intervalMs, m_failures);
            emit refreshFailed(e.message, retry, e.kind == PgError::Kind::Query);
            schedule(retry);
        });
}

} // namespace om
