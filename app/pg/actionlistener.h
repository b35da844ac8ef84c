#pragma once
#include "pg/pgsession.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <memory>

class QSocketNotifier;
class QThread;

namespace om {

/// One action announced by some Outbox Monitor on this database (the NOTIFY payload).
struct ActionNotice {
    QString profile;    ///< profile id of the table that changed
    QString action;     ///< retry | cancel | recoverStuck
    QString auditName;
    int count = 0;
    QString user;       ///< database user
    QString osUser;
    QString host;
    int backendPid = 0; ///< backend that sent it

    /// nullopt-like: `ok` false when the payload is not an action notice.
    static ActionNotice fromPayload(const QString &json, bool *ok);
};

class ListenWorker;

/// Listens on channel() over its own connection in its own thread, so that every
/// open window learns at once that somebody changed messages (and refreshes). Reconnects with
/// backoff when the connection breaks. Lives in the GUI thread; signals arrive there.
class ActionListener : public QObject {
    Q_OBJECT
public:
    /// NOTIFY channel every Outbox Monitor listens on (ActionRunner announces on it).
    static QString channel() { return QStringLiteral("outbox_monitor"); }

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

private:
    void readNotifications();
    void fail(const QString &message);

    std::unique_ptr<PgSession> m_session;
    QSocketNotifier *m_notifier = nullptr;
    int m_backoffMs = 1000;
};

} // namespace om

Q_DECLARE_METATYPE(om::ActionNotice)
