#pragma once
#include "pg/limits.h"
#include "pg/pgerror.h"
#include "pg/pgresult.h"
#include "pg/tlsfacts.h"

#include <QString>
#include <QVariantList>
#include <functional>
#include <memory>

namespace om {

class PgTx;

/// What PQcancel needs to ask the server to stop a session's statement (backend pid, secret
/// key, address), copied on the session's own thread when it connected. Sending it opens a new
/// connection and waits for the server, so it belongs on a thread that may block; it never
/// touches the session, so that thread holds no lock of the session's. Cheap to copy.
class PgCancelHandle {
public:
    PgCancelHandle() = default;
    bool isValid() const { return bool(m_cancel); }
    /// Sends the cancel request; blocks until the server (or the network) answers.
    bool send() const;
private:
    friend class PgSession;
    std::shared_ptr<void> m_cancel; // PGcancel, freed with PQfreeCancel
};

/// The one place that talks to libpqxx (see NOTES: a later move to libpqxx 7 touches this file
/// only). A session owns one connection and is used from one thread at a time; only cancel()
/// may be called from another thread.
class PgSession {
public:
    struct Options {
        QString connInfo;                 ///< libpq keyword/value string or URI; empty = PG* env
        QString applicationName = QStringLiteral("outbox-monitor");
        int statementTimeoutMs = limits::kStatementTimeoutMs; ///< 0 = server default
        int lockTimeoutMs = 0;            ///< 0 = server default
        bool readOnly = false;            ///< default_transaction_read_only=on for the session
        int connectTimeoutS = limits::kConnectTimeoutS;
        bool serialPlans = false;         ///< max_parallel_workers_per_gather=0 (small index-only reads)
        /// From the OS keychain, when one was used: added to what libpq gets at connect time only
        /// (never to connInfo, never logged). Empty = libpq's own sources (.pgpass, service, PGPASSWORD).
        QString password{};
        bool noJit = false;               ///< jit=off: compiling costs more than small reads run
        /// TCP keepalives and tcp_user_timeout, unless the connection string sets them: a
        /// dead peer (a dropped VPN, a host gone) is noticed by the kernel after about this long.
        int tcpDeadPeerS = 30;
    };

    explicit PgSession(Options options);
    ~PgSession();
    PgSession(const PgSession &) = delete;
    PgSession &operator=(const PgSession &) = delete;

    /// Connects and applies the session settings. Throws PgError(ConnectFailed).
    void open();
    bool isOpen() const;
    void close();
    const Options &options() const { return m_options; }

    /// One statement in its own transaction (read-only when the session is). `params` are bound
    /// ($1, $2, ...): a null QVariant is SQL NULL, anything else is sent as its string form.
    PgResult query(const QString &sql, const QVariantList &params = {});
    /// As query(), through a statement prepared once per connection (named by a hash of its text):
    /// a statement sent every few seconds is then planned once, not at every refresh.
    PgResult queryPrepared(const QString &sql, const QVariantList &params = {});
    /// Runs a multi-statement script (simple query protocol, no parameters), e.g. a kit file.
    void execScript(const QString &sql);
    /// Runs `work` inside one transaction; commits when it returns, rolls back when it throws.
    void transact(const std::function<void(PgTx &)> &work);

    /// Asks the server to cancel the statement running on this session. Thread-safe, but it
    /// blocks until the server answers: callers that must not block send cancelHandle() from
    /// a thread of their own.
    void cancel();
    /// The open connection's cancel handle (invalid when closed). Thread-safe.
    PgCancelHandle cancelHandle() const;
    /// Shuts the connection's socket down from any thread without waiting for anything: the
    /// statement in flight on the session's own thread fails at once as ConnectionLost. For a
    /// server (or network) that stopped answering, where a cancel request would hang too.
    void abort();
    /// Backend pid of the open connection (0 when closed).
    int backendPid() const;
    /// What libpq said about the open connection's TLS when it opened (TlsFacts() when closed).
    /// Thread-safe.
    TlsFacts tlsFacts() const;

    void listen(const QString &channel);
    /// Socket to watch for notifications (-1 when closed).
    int socket() const;
    /// Reads whatever notifications arrived, without blocking.
    QList<PgNotification> takeNotifications();
    /// Waits up to timeoutMs for a notification (tests that must hear a NOTIFY, or its absence).
    QList<PgNotification> waitNotifications(int timeoutMs);

private:
    struct Impl;
    Options m_options;
    std::unique_ptr<Impl> d;
    friend class PgTx;

};

/// A transaction in progress inside PgSession::transact().
class PgTx {
public:
    PgResult exec(const QString &sql, const QVariantList &params = {});
private:
    friend class PgSession;
    explicit PgTx(void *tx) : m_tx(tx) {}
    void *m_tx;
};

} // namespace om
