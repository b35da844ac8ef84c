// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/connectiontest.h"
#include "pg/gateway.h"
#include "link/pgerror.h"
#include "pg/pgsession.h"

#include <QElapsedTimer>
#include <QThread>
#include <atomic>

namespace om {

/// Shared by the dialog's side and the test's thread: the session (abort() is thread-safe) and
/// whether the result is still wanted.
struct ConnectionTestState {
    explicit ConnectionTestState(PgSession::Options o) : session(std::move(o)) {}
    PgSession session;
    std::atomic<bool> cancelled{false};
};

ConnectionTest::ConnectionTest(QObject *parent) : QObject(parent) {
    qRegisterMetaType<om::ConnectionTestResult>();
}

ConnectionTest::~ConnectionTest() { cancel(); }

void ConnectionTest::start(const QString &connInfo, const QString &password, const SchemaProfile &profile, bool readOnly) {
    cancel();
    PgSession::Options o;
    // The server the window's dashboard would read (a host list: the writable one, unless the
    // window is read-only), so that "standby" and the privileges said here are that server's.
    o.connInfo = laneConnInfo(connInfo, Lane::Monitor, readOnly);
    o.password = password;
    o.readOnly = readOnly;
    o.applicationName = QStringLiteral("outbox-monitor (connection test)");
    auto state = std::make_shared<ConnectionTestState>(o);
    m_state = state;
    auto *thread = new QThread;
    auto *worker = new ConnectionTestWorker(state, profile);
    worker->moveToThread(thread);
    connect(thread, &QThread::started, worker, &ConnectionTestWorker::run);
    connect(worker, &ConnectionTestWorker::done, thread, &QThread::quit);
    connect(thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    // Queued to this object: when it is gone (the dialog closed) the result goes nowhere.
    connect(
        worker, &ConnectionTestWorker::done, this, [this, state](const ConnectionTestResult &r) {
            if (state->cancelled || m_state != state)
                return;
            m_state.reset();
            emit finished(r);
        },
        Qt::QueuedConnection);
    thread->start();
}

void ConnectionTest::cancel() {
    if (!m_state)
        return;
    m_state->cancelled = true;
    m_state->session.abort(); // a statement in flight fails at once; a connect ends by its timeout
    m_state.reset();
}

ConnectionTestWorker::ConnectionTestWorker(std::shared_ptr<ConnectionTestState> state, SchemaProfile profile)
    : m_state(std::move(state)), m_profile(std::move(profile)) {}

void ConnectionTestWorker::run() {
    ConnectionTestResult r;
    QElapsedTimer clock;
    clock.start();
    PgSession &s = m_state->session;
    try {
        s.open();
        if (!m_state->cancelled) {
            const PgResult row = s.query(QStringLiteral(
                "select current_setting('server_version'), current_database(), pg_is_in_recovery()::text"));
            r.serverVersion = row.rows.value(0).value(0).toString();
            r.database = row.rows.value(0).value(1).toString();
            r.standby = row.rows.value(0).value(2).toString() == QLatin1String("true");
            // The window's own question (what the role may do to this profile's table), asked the same way.
            r.privileges = PrivilegeCheck(m_profile).run(s);
            r.ok = true;
        }
    } catch (const PgError &e) {
        r.error = e.message;
        r.problem = e.connectProblem;
    }
    s.close();
    r.elapsedMs = clock.elapsed();
    emit done(r);
}

} // namespace om
