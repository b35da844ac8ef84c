#include "pg/gateway.h"

#include <QCoreApplication>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcGateway, "om.gateway")

namespace om {

Gateway::Gateway(GatewayConfig config, QObject *parent) : QObject(parent), m_config(std::move(config)) {
    qRegisterMetaType<om::Lane>();
    static const char *names[kLaneCount] = {"om-monitor", "om-browse", "om-action"};
    for (int i = 0; i < kLaneCount; ++i) {
        const Lane lane = Lane(i);
        PgSession::Options o;
        o.connInfo = m_config.connInfo;
        o.password = m_config.password;
        o.applicationName = m_config.applicationName + QLatin1Char('/') + QLatin1String(names[i] + 3);
        o.statementTimeoutMs = m_config.statementTimeoutMs;
        o.lockTimeoutMs = lane == Lane::Action ? m_config.lockTimeoutMs : 0;
        o.readOnly = m_config.readOnly;
        // The snapshot's reads are many small index-only scans: under load, parallel workers
        // (Gather) cost the busy server more than they save (seen in the 10M-row benchmark).
        o.serialPlans = lane == Lane::Monitor;
        // The snapshot's plan carries the guarded whole-table count of the terminal states (only
        // run on small tables), whose estimated cost on a big table passes jit_above_cost: the
        // server then JIT-compiled every refresh, ~33 ms for a query that runs in ~8 ms.
        o.noJit = lane == Lane::Monitor;
        auto *thread = new QThread(this);
        thread->setObjectName(QLatin1String(names[i]));
        auto *worker = new LaneWorker(lane, o, lane == Lane::Action && m_config.readOnly);
        worker->moveToThread(thread);
        connect(thread, &QThread::finished, worker, &QObject::deleteLater);
        connect(worker, &LaneWorker::connectionChanged, this, &Gateway::connectionChanged, Qt::QueuedConnection);
        thread->start();
        m_threads[size_t(i)] = thread;
        m_workers[size_t(i)] = worker;
    }
}

Gateway::~Gateway() {
    // Queries still running are cancelled so that quitting never waits for the database.
    for (int i = 0; i < kLaneCount; ++i)
        m_workers[size_t(i)]->cancelIf(0, true);
    for (QThread *t : m_threads) {
        t->quit();
        if (!t->wait(limits::kThreadStopWaitMs))
            qCWarning(lcGateway) << t->objectName() << "did not stop in 5 s";
    }
}

quint64 Gateway::post(Lane lane, std::function<void(PgSession &)> work, std::function<void(const PgError &)> fail) {
    const quint64 id = m_nextId++;
    LaneWorker *w = m_workers[size_t(lane)];
    QMetaObject::invokeMethod(w, [w, id, work = std::move(work), fail = std::move(fail)] { w->execute(id, work, fail); },
                              Qt::QueuedConnection);
    return id;
}

void Gateway::cancel(Lane lane, quint64 id) { m_workers[size_t(lane)]->cancelIf(id, false); }

LaneWorker::LaneWorker(Lane lane, PgSession::Options options, bool refuseWork)
    : m_lane(lane), m_refuseWork(refuseWork), m_session(std::make_unique<PgSession>(std::move(options))) {}

LaneWorker::~LaneWorker() = default;

void LaneWorker::execute(quint64 id, const std::function<void(PgSession &)> &work,
                         const std::function<void(const PgError &)> &fail) {
    if (m_refuseWork) {
        // The database would refuse too (the session is read-only); refusing here means a
        // read-only window never even sends the statement.
        fail(PgError(PgError::Kind::ReadOnly,
                     QCoreApplication::translate("Gateway", "Read-only session: nothing can be changed.")));
        return;
    }
    try {
        if (!m_session->isOpen()) {
            m_session->open();
            setUp(true, QString());
        }
    } catch (const PgError &e) {
        setUp(false, e.message);
        fail(e);
        return;
    }
    {
        QMutexLocker lock(&m_runningLock);
        m_running = id;
    }
    try {
        work(*m_session);
    } catch (const PgError &e) {
        if (e.kind == PgError::Kind::ConnectionLost || !m_session->isOpen()) {
            m_session->close();
            setUp(false, e.message);
        }
        fail(e);
    } catch (const std::exception &e) {
        fail(PgError(PgError::Kind::Query, QString::fromUtf8(e.what())));
    }
    QMutexLocker lock(&m_runningLock);
    m_running = 0;
}

void LaneWorker::setUp(bool up, const QString &message) {
    if (up == m_up && up)
        return;
    m_up = up;
    emit connectionChanged(m_lane, up, message);
}

void LaneWorker::cancelIf(quint64 id, bool any) {
    QMutexLocker lock(&m_runningLock);
    if (m_running != 0 && (any || m_running == id))
        m_session->cancel();
}

} // namespace om
