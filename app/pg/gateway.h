// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/databaselink.h"
#include "link/gatewayconfig.h"
#include "link/limits.h"
#include "pg/pgsession.h"
#include "pg/standbylink.h"

#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QThread>
#include <QTimer>
#include <array>
#include <atomic>
#include <deque>
#include <functional>
#include <future>
#include <memory>

namespace om {

/// The connection string `lane` opens when `connInfo` lists several hosts (libpq tries them in
/// order): target_session_attrs=read-write for the Action lane, and for every lane of a window
/// that may act, so that its numbers and its actions come from the same server; `any` for the
/// reads of a read-only window, which may read whichever server answers. Unchanged for a single
/// host, and when the string, its service or PGTARGETSESSIONATTRS chose for itself.
QString laneConnInfo(const QString &connInfo, Lane lane, bool readOnly);

class LaneWorker;

/// The application's only way to PostgreSQL. Lives in the GUI thread; every query runs on a
/// lane's own thread and its result comes back through the Gateway's own thread (the GUI thread),
/// where the caller's object is checked. No database call ever happens on the calling thread, and
/// no call of the Gateway's waits for the network (cancels are sent from threads of their own).
class Gateway final : public DatabaseLink {
    Q_OBJECT
public:
    explicit Gateway(GatewayConfig config, QObject *parent = nullptr);
    ~Gateway() override;

    /// The Monitor and Browse lanes read a standby (GatewayConfig::standbyConnInfo).
    bool readsStandby() const override { return bool(m_standby); }
    /// Read your writes through the standby: the Monitor and Browse lanes' next jobs first wait
    /// (on their own threads, within limits::kReplayWaitMs) until the standby has replayed the
    /// primary's WAL up to `lsn` (another session's change, learned from its NOTIFY). Jobs on the
    /// Action lane raise it by themselves. Nothing when there is no standby.
    void requireReplayOf(quint64 lsn) override;

    /// The watchdog's bound: twice the statement timeout (the server itself ends a statement at
    /// the timeout and answers with an error, so silence for twice as long is not the server
    /// working), at least 5 s; 60 s when statements have no timeout.
    static int watchdogBoundMs(const GatewayConfig &config);

    /// Runs `job` on the lane's thread (opening the lane's session first if needed). Exactly one
    /// of `onDone` / `onError` is later called in the Gateway's thread, unless `context` is gone
    /// by then. A non-empty `key` makes the newest job of that key win: a queued job of the same
    /// key that has not started is dropped (its `onError` gets PgError::Kind::Cancelled).
    /// Returns a job id for cancel().
    template <class R>
    quint64 run(Lane lane, QObject *context, std::function<R(PgSession &)> job,
                std::function<void(const R &)> onDone, std::function<void(const PgError &)> onError,
                const QString &key = QString()) {
        QPointer<QObject> ctx(context);
        std::shared_ptr<Delivery> delivery = m_delivery;
        auto fail = [onError = std::move(onError), ctx, delivery](const PgError &e) {
            delivery->post([onError, ctx, e] { if (ctx) onError(e); });
        };
        return post(
            lane, key, [job = std::move(job), onDone = std::move(onDone), ctx, delivery](PgSession &s) -> Deliver {
                R result = job(s);
                return [onDone, ctx, delivery, result = std::move(result)] {
                    delivery->post([onDone, ctx, result] { if (ctx) onDone(result); });
                };
            },
            std::move(fail));
    }

    /// Cancels job `id` if it is the one running on its lane right now (newest request wins).
    /// Returns at once; the request to the server goes from a thread of its own.
    void cancel(Lane lane, quint64 id) override;
    /// Drops the lane's queued jobs and closes its connection at once, failing what runs there;
    /// the next job opens a new connection. ("Reconnect now".)
    void reconnect(Lane lane) override;

    /// Stops every lane without waiting for the server: no result is delivered after this, the
    /// running statements are cancelled and their connections shut, and each thread is given at
    /// most `waitMs` to end (one still busy ends on its own later). Called by the destructor too.
    void shutdown(int waitMs = limits::kShutdownWaitMs) override;
    /// The first half of shutdown(), without waiting: many gateways closing together (the fleet
    /// overview) stop all their lanes first and then wait for them within one shared bound.
    void stopLanes() override;

    /// What the lane's session found out about its path (`known` false until it first connected).
    /// Thread-safe; fresh after connectionChanged(lane, true, …).
    LinkFacts linkFacts(Lane lane) const override;
    /// What libpq said about the lane's TLS when its connection opened. Thread-safe.
    TlsFacts tlsFacts(Lane lane) const override;

    /// Number of jobs waiting on the lane (not counting the one running).
    int queuedJobs(Lane lane) const override;

    /// Results cross from a lane thread to the Gateway's thread only through this, so that none
    /// is delivered once the Gateway began shutting down.
    class Delivery {
    public:
        explicit Delivery(QObject *target) : m_target(target) {}
        void post(std::function<void()> fn);
        void cut();

    private:
        QMutex m_lock;
        QObject *m_target;
    };

private:
    /// A job's work returns how to deliver its result: the lane delivers only after what must
    /// precede the delivery (the standby's floor raised after a change on the primary), so that a
    /// refresh the result starts cannot read the standby before it has the change.
    using Deliver = std::function<void()>;
    quint64 post(Lane lane, const QString &key, std::function<Deliver(PgSession &)> work,
                 std::function<void(const PgError &)> fail);
    void watch();

    std::shared_ptr<Delivery> m_delivery;
    std::array<QThread *, kLaneCount> m_threads{};
    std::array<LaneWorker *, kLaneCount> m_workers{};
    std::atomic<quint64> m_nextId{1};
    std::shared_ptr<StandbyLink> m_standby; ///< null: every lane reads connInfo
    QTimer m_watchdog;
    std::array<quint64, kLaneCount> m_watchdogFired{}; ///< per lane: the job it last ended
    bool m_stopped = false;                            ///< stopLanes() ran: nothing more is posted or delivered
    bool m_joined = false;                             ///< shutdown() waited for the threads (within its bound)
};

/// Lives in a lane's thread and owns that lane's session and queue.
class LaneWorker : public QObject {
    Q_OBJECT
public:
    struct Job {
        quint64 id = 0;
        QString key;
        std::function<std::function<void()>(PgSession &)> work; ///< returns the delivery of its result
        std::function<void(const PgError &)> fail;
    };

    /// `standby`: the gateway's link when it reads a standby (null otherwise); `onStandby`: this
    /// lane's session is the standby's (else the primary's).
    LaneWorker(Lane lane, PgSession::Options options, bool refuseWork, std::shared_ptr<StandbyLink> standby = nullptr,
               bool onStandby = false);
    ~LaneWorker() override;

    /// Any thread: queues `job`; returns the queued jobs of the same key it replaced.
    std::vector<Job> enqueue(Job job);
    /// Any thread: removes every queued job and returns them.
    std::vector<Job> takeQueued();
    int queued() const;
    /// Any thread: the session's LinkFacts.
    LinkFacts linkFacts() const { return m_session->linkFacts(); }
    /// Any thread: the session's TlsFacts.
    TlsFacts tlsFacts() const { return m_session->tlsFacts(); }
    /// Lane thread: runs the oldest queued job, if any.
    void runNext();
    /// Any thread: sends a cancel for the running job (if it is `id`, or any when `any`) from a
    /// thread of its own. The lane's next job waits for its delivery (settleCancels()). Behind a
    /// pooler nothing is sent: the job's connection is dropped (LinkFacts::cancelReachesOnlyOurs).
    void cancelIf(quint64 id, bool any);
    /// Any thread: shuts the session's connection now. `watchdog` marks the running job as one the
    /// watchdog ended (its error then says the server did not answer).
    void abortRunning(bool watchdog);
    /// Any thread: the next job opens a new connection; a running one fails now.
    void reopen();
    /// Any thread: milliseconds the running job has run (0 when idle), and its id.
    qint64 runningForMs(quint64 *id = nullptr) const;
    /// Any thread: no job starts after this.
    void stop() { m_stopping = true; }

signals:
    void connectionChanged(om::Lane lane, bool up, const QString &message);

private:
    void execute(const Job &job);
    void runWork(const Job &job);
    /// Fails `job` with `e` (said as the watchdog's when it ended it), closing a broken session.
    void failBroken(const Job &job, const PgError &e);
    /// Opens the session when needed; false (after failing `job`) when it cannot.
    bool openFor(const Job &job);
    /// The standby link's part before a job: refuses on a cluster mismatch, waits for replay.
    bool meetStandby(const Job &job);
    PgError onPrimaryExplained(const PgError &e) const;
    void settleCancels();
    void setUp(bool up, const QString &message);
    PgError explain(const PgError &e, quint64 id) const;

    Lane m_lane;
    bool m_refuseWork;
    std::shared_ptr<StandbyLink> m_standby;
    bool m_onStandby = false;
    quint64 m_replayed = 0; ///< what this lane's standby had replayed when last asked
    std::unique_ptr<PgSession> m_session;
    mutable QMutex m_queueLock;
    std::deque<Job> m_queue;
    mutable QMutex m_runningLock; ///< guards m_running / m_runningSince / m_watchdogFired
    quint64 m_running = 0;
    qint64 m_runningSince = 0;                           ///< steady clock, ms
    quint64 m_watchdogFired = 0;                         ///< job id the watchdog ended
    quint64 m_cancelDropped = 0;                         ///< job id whose connection a cancel dropped (pooled)
    std::vector<std::shared_future<void>> m_cancelsSent; ///< guarded by m_runningLock; see settleCancels()
    std::atomic<bool> m_stopping{false};
    std::atomic<bool> m_reopen{false};
    std::atomic<bool> m_quietReopen{false}; ///< the next reopen follows a dropped cancel: not a lane down/up
};

} // namespace om
