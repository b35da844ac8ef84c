// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg/actionlistener.h"
#include "pg/standbylink.h"
#include "pg/threadstop.h"

#include <QLoggingCategory>
#include <QSocketNotifier>
#include <QThread>
#include <QTimer>

Q_LOGGING_CATEGORY(lcListen, "om.listen")

namespace om {

ActionListener::ActionListener(PgSession::Options options, QObject *parent)
    : QObject(parent), m_thread(new QThread(this)), m_worker(new ListenWorker(std::move(options))) {
    qRegisterMetaType<om::ActionNotice>();
    m_thread->setObjectName(QStringLiteral("om-listen"));
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &ListenWorker::announced, this, &ActionListener::actionAnnounced, Qt::QueuedConnection);
    connect(m_worker, &ListenWorker::listeningChanged, this, &ActionListener::listeningChanged, Qt::QueuedConnection);
    connect(m_worker, &ListenWorker::notificationsUnavailable, this, &ActionListener::notificationsUnavailable,
            Qt::QueuedConnection);
}

ActionListener::~ActionListener() {
    // Idle, it waits in its event loop and ends at once; inside a connect to a server that does
    // not answer it may not, and closing the window must not wait for that.
    stopThread(m_thread, limits::kShutdownWaitMs);
}

void ActionListener::start() {
    if (!m_thread->isRunning())
        m_thread->start();
    QMetaObject::invokeMethod(m_worker, &ListenWorker::connectNow, Qt::QueuedConnection);
}

ListenWorker::ListenWorker(PgSession::Options options) : m_session(std::make_unique<PgSession>(std::move(options))) {}

ListenWorker::~ListenWorker() {
    delete m_notifier;
    m_session->close();
}

void ListenWorker::connectNow() {
    try {
        m_session->open();
        if (!m_session->linkFacts().canListen()) {
            // LISTEN would register on a server connection the pooler gives to others after
            // this transaction; notices would reach nobody (or a stranger's session). No retry:
            // the path will not change by itself.
            m_session->close();
            emit notificationsUnavailable(tr("Notifications do not pass a pooler in transaction or statement mode: "
                                             "other operators' actions are noticed by polling, every few seconds."));
            return;
        }
        m_session->listen(ActionListener::channel());
    } catch (const PgError &e) {
        fail(e.message);
        return;
    }
    m_backoffMs = limits::kListenRetryFirstMs;
    delete m_notifier;
    // The notifier lives in this thread: the socket is only ever read here.
    m_notifier = new QSocketNotifier(qintptr(m_session->socket()), QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &ListenWorker::readNotifications);
    emit listeningChanged(true, QString());
    readNotifications(); // anything that arrived between LISTEN and the notifier
}

void ListenWorker::readNotifications() {
    QList<PgNotification> notes;
    try {
        notes = m_session->takeNotifications();
    } catch (const PgError &e) {
        fail(e.message);
        return;
    }
    if (!m_session->isOpen()) {
        // A readable socket with nothing to read is how a dropped connection shows itself.
        fail(tr("The listening connection was closed."));
        return;
    }
    if (notes.isEmpty())
        return;
    const quint64 walPosition = currentWalPosition();
    // A notice that arrived while that statement ran was read off the socket with its answer:
    // the socket will not wake this worker again for it, so look once more, from the event loop.
    QMetaObject::invokeMethod(
        this, [this] {
            if (m_session->isOpen()) // closed meanwhile: fail() has already planned what comes next
                readNotifications();
        },
        Qt::QueuedConnection);
    for (const PgNotification &n : notes) {
        bool ok = false;
        ActionNotice notice = ActionNotice::fromPayload(n.payload, &ok);
        if (!ok) {
            qCWarning(lcListen) << "ignored a notification that is not an action notice:" << n.payload.left(200);
            continue;
        }
        notice.backendPid = n.backendPid;
        notice.walPosition = walPosition;
        emit announced(notice);
    }
}

quint64 ListenWorker::currentWalPosition() {
    // A NOTIFY is delivered after its transaction committed: the commit record is behind the
    // insert position (pg_current_wal_lsn() may not include it yet with synchronous_commit off).
    try {
        return StandbyLink::parseLsn(m_session->query(QStringLiteral("SELECT pg_current_wal_insert_lsn()::text")).scalar().toString())
            .value_or(0);
    } catch (const PgError &e) {
        qCInfo(lcListen) << "WAL position unknown:" << e.message; // a broken session shows at the next read
        return 0;
    }
}

void ListenWorker::fail(const QString &message) {
    delete m_notifier;
    m_notifier = nullptr;
    m_session->close();
    emit listeningChanged(false, message);
    qCInfo(lcListen) << "listening failed, retrying in" << m_backoffMs << "ms:" << message;
    QTimer::singleShot(m_backoffMs, this, &ListenWorker::connectNow);
    m_backoffMs = qMin(m_backoffMs * 2, limits::kListenRetryMaxMs);
}

} // namespace om
