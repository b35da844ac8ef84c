// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/actionnotice.h"
#include "link/limits.h"
#include "pg/pgsession.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <memory>

class QSocketNotifier;
class QThread;

namespace om {

class ListenWorker;

/// Listens on channel() over its own connection in its own thread, so that every
/// open window learns at once that somebody changed messages (and refreshes). Reconnects with
/// backoff when the connection breaks. Lives in the GUI thread; signals arrive there.
class ActionListener : public QObject {
    Q_OBJECT
public:
    /// NOTIFY channel every Outbox Monitor listens on (ActionRunner announces on it).
    static QString channel() { return ActionNotice::channel(); }

    /// `options` of the listening session (usually the gateway's; read-only is fine: LISTEN is
    /// allowed in read-only sessions).
    explicit ActionListener(PgSession::Options options, QObject *parent = nullptr);
    ~ActionListener() override;

    void start();

signals:
    /// Somebody (maybe this window) committed an action.
    void actionAnnounced(const om::ActionNotice &notice);
    /// The listening connection came up / went down (message says why).
    void listeningChanged(bool listening, const QString &message);
    /// Notifications cannot arrive on this connection's path (a transaction or statement pooler
    /// hands LISTEN's server connection to other clients): the listener gave up for good, and
    /// the window must poll for what NOTIFY would have said.
    void notificationsUnavailable(const QString &why);

private:
    QThread *m_thread;
    ListenWorker *m_worker;
};

/// Lives in the listener's thread and owns its session; a QSocketNotifier wakes it.
class ListenWorker : public QObject {
    Q_OBJECT
public:
    explicit ListenWorker(PgSession::Options options);
    ~ListenWorker() override;
    void connectNow();

signals:
    void announced(const om::ActionNotice &notice);
    void listeningChanged(bool listening, const QString &message);
    void notificationsUnavailable(const QString &why);

private:
    void readNotifications();
    /// The server's current WAL position (0 when it cannot say).
    quint64 currentWalPosition();
    void fail(const QString &message);

    std::unique_ptr<PgSession> m_session;
    QSocketNotifier *m_notifier = nullptr;
    int m_backoffMs = limits::kListenRetryFirstMs;
};

} // namespace om
