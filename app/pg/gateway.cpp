// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg/gateway.h"
#include "pg/cancelthreads.h"
#include "link/connectioninfo.h"
#include "pg/threadstop.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcGateway, "om.gateway")

namespace om {
namespace {

qint64 steadyMs() { return QDeadlineTimer::current().deadline(); }

/// A cancel request opens a TCP connection and waits for the server: against a server or
/// network that stopped answering it blocks for as long as the silence lasts. It goes from a
/// short-lived thread of its own (pg/cancelthreads), never the GUI thread nor under a lane's lock.
/// At most this many wait at once; beyond that the watchdog, which needs no network, ends the job.
constexpr int kMaxCancelsInFlight = 8;

/// Sends `handle`'s cancel from a thread of its own; `delivered` is set once the server took the
/// request (or it could not be sent, or was not sent at all).
void sendDetached(const PgCancelHandle &handle, std::shared_ptr<std::promise<void>> delivered) {
    if (!handle.isValid()) {
        delivered->set_value();
        return;
    }
    const bool started = cancelthreads::start(
        [handle, delivered] {
            handle.send();
            delivered->set_value();
        },
        kMaxCancelsInFlight);
    if (!started) {
        qCWarning(lcGateway) << "cancel not sent:" << kMaxCancelsInFlight << "earlier ones still wait for the server";
        delivered->set_value();
    }
}

} // namespace

QString laneConnInfo(const QString &connInfo, Lane lane, bool readOnly) {
    if (ConnectionInfo::hostCount(connInfo) < 2)
        return connInfo;
    // libpq's own default is `any`: the first host that answers, perhaps a standby, where an
    // action fails as read-only and numbers lag. Said explicitly for a read-only window too, so
    // that its choice is as visible as the others'.
    const bool writable = lane == Lane::Action || !readOnly;
    return ConnectionInfo::withDefaults(
        connInfo, {{QStringLiteral("target_session_attrs"), writable ? QStringLiteral("read-write") : QStringLiteral("any")}});
}

void Gateway::Delivery::post(std::function<void()> fn) {
    QMutexLocker lock(&m_lock);
    if (m_target)
        QMetaObject::invokeMethod(m_target, std::move(fn), Qt::QueuedConnection);
}

void Gateway::Delivery::cut() {
    QMutexLocker lock(&m_lock);
    m_target = nullptr;
}

int Gateway::watchdogBoundMs(const GatewayConfig &config) {
    if (config.watchdogMs > 0)
        return config.watchdogMs;
    if (config.statementTimeoutMs <= 0)
        return limits::kWatchdogNoTimeoutMs;
    return qMax(limits::kWatchdogMinMs, 2 * config.statementTimeoutMs);
}

Gateway::Gateway(GatewayConfig config, QObject *parent)
    : DatabaseLink(std::move(config), parent), m_delivery(std::make_shared<Delivery>(this)) {
    qRegisterMetaType<om::Lane>();
    static const char *names[kLaneCount] = {"om-monitor", "om-browse", "om-action"};
    if (!this->config().standbyConnInfo.isEmpty())
        m_standby = std::make_shared<StandbyLink>();
    for (int i = 0; i < kLaneCount; ++i) {
        const Lane lane = Lane(i);
        const bool onStandby = m_standby && lane != Lane::Action;
        PgSession::Options o;
        o.connInfo = onStandby ? this->config().standbyConnInfo : laneConnInfo(this->config().connInfo, lane, this->config().readOnly);
        o.password = this->config().password;
        o.applicationName = this->config().applicationName + QLatin1Char('/') + QLatin1String(names[i] + 3);
        o.statementTimeoutMs = this->config().statementTimeoutMs;
        o.lockTimeoutMs = lane == Lane::Action ? this->config().lockTimeoutMs : 0;
        o.readOnly = this->config().readOnly || onStandby;
        o.connectTimeoutS = this->config().connectTimeoutS;
        o.pooling = this->config().pooling;
        // The snapshot's reads are many small index-only scans: under load, parallel workers
        // (Gather) cost the busy server more than they save (seen in the 10M-row benchmark).
        o.serialPlans = lane == Lane::Monitor;
        // The snapshot's plan carries the guarded whole-table count of the terminal states (only
        // run on small tables), whose estimated cost on a big table passes jit_above_cost: the
        // server then JIT-compiled every refresh, ~33 ms for a query that runs in ~8 ms.
        o.noJit = lane == Lane::Monitor;
        auto *thread = new QThread(this);
        thread->setObjectName(QLatin1String(names[i]));
        auto *worker = new LaneWorker(lane, o, lane == Lane::Action && this->config().readOnly, m_standby, onStandby);
        worker->moveToThread(thread);
        connect(thread, &QThread::finished, worker, &QObject::deleteLater);
        connect(worker, &LaneWorker::connectionChanged, this, &Gateway::connectionChanged, Qt::QueuedConnection);
        thread->start();
        m_threads[size_t(i)] = thread;
        m_workers[size_t(i)] = worker;
    }
    m_watchdog.setInterval(qBound(limits::kWatchdogTickMinMs, watchdogBoundMs(this->config()) / 10, limits::kWatchdogTickMaxMs));
    connect(&m_watchdog, &QTimer::timeout, this, &Gateway::watch);
    m_watchdog.start();
}

Gateway::~Gateway() { shutdown(); }

void Gateway::stopLanes() {
    if (m_stopped)
        return;
    m_stopped = true;
    m_watchdog.stop();
    m_delivery->cut();
    for (LaneWorker *w : m_workers) {
        w->stop();
        w->takeQueued(); // dropped without a word: nobody is left to tell
        w->cancelIf(0, true);
        w->abortRunning(false);
    }
    for (QThread *t : m_threads)
        t->quit();
}

void Gateway::shutdown(int waitMs) {
    stopLanes();
    if (m_joined)
        return;
    m_joined = true;
    QDeadlineTimer deadline(waitMs);
    for (QThread *t : m_threads)
        stopThread(t, int(deadline.remainingTime()));
}

LinkFacts Gateway::linkFacts(Lane lane) const { return m_workers[size_t(lane)]->linkFacts(); }

TlsFacts Gateway::tlsFacts(Lane lane) const { return m_workers[size_t(lane)]->tlsFacts(); }

int Gateway::queuedJobs(Lane lane) const { return m_workers[size_t(lane)]->queued(); }

quint64 Gateway::post(Lane lane, const QString &key, std::function<Deliver(PgSession &)> work,
                      std::function<void(const PgError &)> fail) {
    const quint64 id = m_nextId++;
    if (m_stopped)
        return id;
    LaneWorker *w = m_workers[size_t(lane)];
    for (const LaneWorker::Job &old : w->enqueue({id, key, std::move(work), std::move(fail)}))
        old.fail(PgError(PgError::Kind::Cancelled, QStringLiteral("superseded by a newer request")));
    QMetaObject::invokeMethod(w, &LaneWorker::runNext, Qt::QueuedConnection);
    return id;
}

void Gateway::requireReplayOf(quint64 lsn) {
    if (m_standby)
        m_standby->requireReplayOf(lsn);
}

void Gateway::cancel(Lane lane, quint64 id) { m_workers[size_t(lane)]->cancelIf(id, false); }

void Gateway::reconnect(Lane lane) {
    LaneWorker *w = m_workers[size_t(lane)];
    for (const LaneWorker::Job &old : w->takeQueued())
        old.fail(PgError(PgError::Kind::Cancelled, QStringLiteral("dropped for a reconnect")));
    w->reopen();
}

void Gateway::watch() {
    // The Action lane is left to the server's own limits (statement and lock timeouts) and the
    // kernel's (keepalives, tcp_user_timeout): ending an action's connection at COMMIT would
    // leave the operator not knowing whether it happened.
    const int bound = watchdogBoundMs(config());
    for (Lane lane : {Lane::Monitor, Lane::Browse}) {
        LaneWorker *w = m_workers[size_t(lane)];
        quint64 id = 0;
        const qint64 ms = w->runningForMs(&id);
        if (ms > bound && m_watchdogFired[size_t(lane)] != id) {
            m_watchdogFired[size_t(lane)] = id;
            qCWarning(lcGateway) << "no answer on lane" << int(lane) << "for" << ms << "ms: closing its connection";
            w->abortRunning(true);
            emit serverNotAnswering(lane, int(ms));
        }
    }
}

LaneWorker::LaneWorker(Lane lane, PgSession::Options options, bool refuseWork, std::shared_ptr<StandbyLink> standby,
                       bool onStandby)
    : m_lane(lane), m_refuseWork(refuseWork), m_standby(std::move(standby)), m_onStandby(onStandby),
      m_session(std::make_unique<PgSession>(std::move(options))) {}

LaneWorker::~LaneWorker() = default;

std::vector<LaneWorker::Job> LaneWorker::enqueue(Job job) {
    std::vector<Job> replaced;
    QMutexLocker lock(&m_queueLock);
    if (!job.key.isEmpty()) {
        for (auto it = m_queue.begin(); it != m_queue.end();) {
            if (it->key == job.key) {
                replaced.push_back(std::move(*it));
                it = m_queue.erase(it);
            } else {
                ++it;
            }
        }
    }
    m_queue.push_back(std::move(job));
    return replaced;
}

std::vector<LaneWorker::Job> LaneWorker::takeQueued() {
    QMutexLocker lock(&m_queueLock);
    std::vector<Job> all(std::make_move_iterator(m_queue.begin()), std::make_move_iterator(m_queue.end()));
    m_queue.clear();
    return all;
}

int LaneWorker::queued() const {
    QMutexLocker lock(&m_queueLock);
    return int(m_queue.size());
}

void LaneWorker::runNext() {
    Job job;
    {
        QMutexLocker lock(&m_queueLock);
        if (m_queue.empty() || m_stopping)
            return;
        job = std::move(m_queue.front());
        m_queue.pop_front();
    }
    execute(job);
}

void LaneWorker::execute(const Job &job) {
    if (m_refuseWork) {
        // The database would refuse too (the session is read-only); refusing here means a
        // read-only window never even sends the statement.
        job.fail(PgError(PgError::Kind::ReadOnly,
                         QCoreApplication::translate("Gateway", "Read-only session: nothing can be changed.")));
        return;
    }
    settleCancels();
    if (!openFor(job))
        return;
    {
        QMutexLocker lock(&m_runningLock);
        m_running = job.id;
        m_runningSince = steadyMs();
    }
    // Running from here: the watchdog also watches a wait for the standby's replay.
    if (meetStandby(job))
        runWork(job);
    QMutexLocker lock(&m_runningLock);
    m_running = 0;
    m_runningSince = 0;
}

void LaneWorker::runWork(const Job &job) {
    std::function<void()> deliver;
    try {
        deliver = job.work(*m_session);
    } catch (const PgError &e) {
        failBroken(job, e);
        return;
    } catch (const std::exception &e) {
        job.fail(PgError(PgError::Kind::Query, QString::fromUtf8(e.what())));
        return;
    }
    // What the standby must replay before it is read again: raised before the result is
    // delivered, as the result is what starts the refresh that must see the change.
    if (m_standby && !m_onStandby)
        m_standby->raiseFloorFrom(*m_session);
    deliver();
}

void LaneWorker::failBroken(const Job &job, const PgError &e) {
    const PgError told = onPrimaryExplained(explain(e, job.id));
    if (told.kind == PgError::Kind::ConnectionLost || !m_session->isOpen()) {
        m_session->close();
        if (!m_quietReopen) // a cancel dropped it (cancelIf): the lane is not down
            setUp(false, told.message);
    }
    job.fail(told);
}

bool LaneWorker::openFor(const Job &job) {
    try {
        const bool quiet = m_quietReopen.exchange(false);
        if (m_reopen.exchange(false))
            m_session->close();
        // Closed by the server while the lane was idle (a failover's old primary is gone): the
        // job runs on a new connection, where it would only have failed on this one (nothing
        // was sent). Said as a loss first: the new connection may reach another server.
        if (m_session->closedByServer()) {
            m_session->close();
            setUp(false, QCoreApplication::translate("Gateway", "The server closed the connection while it was idle."));
        }
        if (!m_session->isOpen()) {
            m_session->open();
            if (m_standby)
                m_standby->noteIdentity(*m_session, !m_onStandby);
            if (!quiet)
                setUp(true, QString());
        }
    } catch (const PgError &e) {
        const PgError told = onPrimaryExplained(e);
        setUp(false, told.message);
        job.fail(told);
        return false;
    }
    return true;
}

bool LaneWorker::meetStandby(const Job &job) {
    if (!m_standby)
        return true;
    const QString wrong = m_standby->mismatch();
    if (!wrong.isEmpty()) {
        job.fail(PgError(PgError::Kind::Query, wrong));
        return false;
    }
    if (!m_onStandby)
        return true;
    try {
        m_standby->waitForReplay(*m_session, m_replayed, limits::kReplayWaitMs, m_stopping);
    } catch (const PgError &e) {
        failBroken(job, e);
        return false;
    }
    return true;
}

PgError LaneWorker::onPrimaryExplained(const PgError &e) const {
    // With a standby the window reads, an operator sees live numbers while the primary is down:
    // a refused action must say that actions never go to the standby.
    if (!m_standby || m_onStandby || (e.kind != PgError::Kind::ConnectFailed && e.kind != PgError::Kind::ConnectionLost))
        return e;
    PgError told(e.kind,
                 QCoreApplication::translate("Gateway", "The primary cannot be reached, and changes are made only on the "
                                                        "primary, never on the standby: %1")
                     .arg(e.message),
                 e.sqlState);
    told.connectProblem = e.connectProblem;
    return told;
}

PgError LaneWorker::explain(const PgError &e, quint64 id) const {
    QMutexLocker lock(&m_runningLock);
    // Only the lost connection is the cancel's doing: a COMMIT whose answer it cut off stays in
    // doubt (InDoubt), and is re-checked as any other.
    if (m_cancelDropped == id && e.kind == PgError::Kind::ConnectionLost)
        return PgError(PgError::Kind::Cancelled, QStringLiteral("cancelled: the connection through the pooler was dropped"));
    if (m_watchdogFired != id)
        return e;
    return PgError(PgError::Kind::ConnectionLost,
                   QCoreApplication::translate("Gateway", "server not answering (no reply in %1 s)")
                       .arg((steadyMs() - m_runningSince + 500) / 1000));
}

void LaneWorker::setUp(bool up, const QString &message) {
    // Up is said for every new session, also one that replaced a session that was up (reconnect
    // now, a watchdog's reopen): it may reach another server, and its listeners ask again.
    emit connectionChanged(m_lane, up, message);
}

void LaneWorker::cancelIf(quint64 id, bool any) {
    PgCancelHandle handle;
    auto delivered = std::make_shared<std::promise<void>>();
    {
        QMutexLocker lock(&m_runningLock);
        if (m_running == 0 || (!any && m_running != id))
            return;
        if (!m_session->linkFacts().cancelReachesOnlyOurs()) {
            // Behind a pooler a cancel request could end another client's statement: none is
            // sent. Our side of the connection is dropped instead, so the job ends now and a
            // transaction whose COMMIT was not sent yet never commits; the pooler closes the server connection, whose
            // statement ends by its own SET LOCAL statement_timeout at the latest. The next job
            // opens a new connection without calling the lane down.
            m_cancelDropped = m_running;
            m_quietReopen = true;
            m_reopen = true;
            m_session->abort();
            return;
        }
        handle = m_session->cancelHandle(); // a copy under the session's own short lock
        // Recorded before the job can end: the next job cannot start without seeing it.
        m_cancelsSent.push_back(delivered->get_future().share());
    }
    sendDetached(handle, std::move(delivered));
}

void LaneWorker::settleCancels() {
    std::vector<std::shared_future<void>> sent;
    {
        QMutexLocker lock(&m_runningLock);
        sent.swap(m_cancelsSent);
    }
    const QDeadlineTimer deadline(limits::kCancelSettleMs);
    for (const std::shared_future<void> &f : sent) {
        if (f.wait_for(std::chrono::milliseconds(deadline.remainingTime())) != std::future_status::ready) {
            qCWarning(lcGateway) << "a cancel has not reached the server in" << limits::kCancelSettleMs
                                 << "ms: the next job on lane" << int(m_lane) << "gets a new connection";
            m_session->close();
            return;
        }
    }
}

void LaneWorker::abortRunning(bool watchdog) {
    QMutexLocker lock(&m_runningLock);
    if (watchdog && m_running != 0)
        m_watchdogFired = m_running;
    m_session->abort();
}

void LaneWorker::reopen() {
    m_quietReopen = false; // the operator's reconnect is said, also after a dropped cancel
    m_reopen = true;
    QMutexLocker lock(&m_runningLock);
    if (m_running != 0)
        m_session->abort();
}

qint64 LaneWorker::runningForMs(quint64 *id) const {
    QMutexLocker lock(&m_runningLock);
    if (id)
        *id = m_running;
    return m_running != 0 ? steadyMs() - m_runningSince : 0;
}

} // namespace om
