// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/limits.h"
#include "link/linkfacts.h"
#include "link/pgerror.h"
#include "pg/pgresult.h"
#include "link/tlsfacts.h"

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

/// The one place that talks to libpqxx, so that a move to another libpqxx version (7 changes
/// the API) touches this file only. A session owns one connection and is used from one thread
/// at a time; only cancel() may be called from another thread.
class PgSession {
public:
    struct Options {
        QString connInfo; ///< libpq keyword/value string or URI; empty = PG* env
        QString applicationName = QStringLiteral("outbox-monitor");
        int statementTimeoutMs = limits::kStatementTimeoutMs; ///< 0 = server default
        int lockTimeoutMs = 0;                                ///< 0 = server default
        bool readOnly = false;                                ///< default_transaction_read_only=on for the session
        int connectTimeoutS = limits::kConnectTimeoutS;
        bool serialPlans = false; ///< max_parallel_workers_per_gather=0 (small index-only reads)
        /// From the OS keychain, when one was used: added to what libpq gets at connect time only
        /// (never to connInfo, never logged). Empty = libpq's own sources (.pgpass, service, PGPASSWORD).
        QString password{};
        bool noJit = false; ///< jit=off: compiling costs more than small reads run
        /// TCP keepalives and tcp_user_timeout, unless the connection string sets them: a
        /// dead peer (a dropped VPN, a host gone) is noticed by the kernel after about this long.
        int tcpDeadPeerS = 30;
        /// What stands between the program and the server (LinkFacts): Auto finds out.
        PoolSetting pooling = PoolSetting::Auto;
    };

    explicit PgSession(Options options);
    ~PgSession();
    PgSession(const PgSession &) = delete;
    PgSession &operator=(const PgSession &) = delete;

    /// Connects, finds out what stands in between (a pooler?) and applies the settings the
    /// program's statements need: for the session where the server connection is its own, else
    /// inside each transaction. Throws PgError(ConnectFailed).
    void open();
    bool isOpen() const;
    void close();
    /// Before a job on a session that was idle: whether the server closed the connection
    /// meanwhile (it stopped, failed over, or ended the session), found out by reading what
    /// arrived, without waiting and without sending anything. A statement sent on it would only
    /// fail; the caller closes the session and opens a new one. False while it is open, and
    /// when it is closed already. Only on the session's own thread.
    bool closedByServer();
    const Options &options() const { return m_options; }

    /// What the session found out about its path (thread-safe; `known` false before open()).
    LinkFacts linkFacts() const;

    /// One statement in its own transaction (read-only when the session is). `params` are bound
    /// ($1, $2, ...): a null QVariant is SQL NULL, anything else is sent as its string form.
    PgResult query(const QString &sql, const QVariantList &params = {});
    /// As query(), through a statement prepared once per connection (named by a hash of its text):
    /// a statement sent every few seconds is then planned once, not at every refresh. Behind a
    /// transaction or statement pooler a named statement would live on one server connection
    /// only: there it is query().
    PgResult queryPrepared(const QString &sql, const QVariantList &params = {});
    /// Runs a multi-statement script (simple query protocol, no parameters), e.g. a kit file.
    void execScript(const QString &sql);
    /// Runs `work` inside one transaction; commits when it returns, rolls back when it throws.
    /// Behind a statement pooler, which allows no transaction blocks, each statement of `work`
    /// stands alone (PgTx::inTransaction() says so): reads only; actions refuse there.
    void transact(const std::function<void(PgTx &)> &work);
    /// Runs `work` with every read of this session (query(), queryPrepared(), transact() as a
    /// savepoint) inside one read-only REPEATABLE READ transaction: all of them see the database
    /// at one moment. A report read a statement at a time under live traffic disagreed with itself
    /// by the rows changed between its statements. Behind a statement pooler, which allows no
    /// transaction, the reads stand alone. Nested, it is the outer one's snapshot.
    void readOneSnapshot(const std::function<void()> &work);
    /// True while readOneSnapshot() holds a transaction open (tests).
    bool inSnapshot() const;

    /// Asks the server to cancel the statement running on this session. Thread-safe, but it
    /// blocks until the server answers: callers that must not block send cancelHandle() from
    /// a thread of their own. Sends nothing behind a pooler (cancelHandle()).
    void cancel();
    /// The open connection's cancel handle: invalid when closed, and behind a pooler, where a
    /// cancel request could reach another client's statement (LinkFacts::cancelReachesOnlyOurs;
    /// there abort() ends the session's side, and the statement ends by its own SET LOCAL
    /// statement_timeout). Thread-safe.
    PgCancelHandle cancelHandle() const;
    /// Shuts the connection's socket down from any thread without waiting for anything: the
    /// statement in flight on the session's own thread fails at once as ConnectionLost. For a
    /// server (or network) that stopped answering, where a cancel request would hang too.
    void abort();
    /// The backend pid libpq was given for the open connection (0 when closed): the server's own
    /// on a direct connection, a pooler's stand-in behind one (LinkFacts::serverPid is the
    /// server's). Stays the same for as long as this connection does.
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
    /// Finds out the path on a connection just opened and applies the settings (open()'s second half).
    void settle(void *connection);
    /// A statement behind a transaction pooler: BEGIN and the settings, the statement, COMMIT.
    PgResult queryPooled(const QString &sql, const QVariantList &params);
    /// After a pooler refused a transaction block or lost a prepared statement: the session's mode
    /// becomes `mode` for good (this connection and the next), saying why.
    void learn(PoolMode mode, const QString &because);
    Options m_options;
    std::unique_ptr<Impl> d;
    friend class PgTx;
};

/// A transaction in progress inside PgSession::transact().
class PgTx {
public:
    PgResult exec(const QString &sql, const QVariantList &params = {});
    /// SET LOCAL `setting` = `value` (bound, through set_config): in force until the transaction
    /// ends, on whatever server connection runs it. Returns false, having done nothing, where
    /// there is no transaction to hold it (statement pooling).
    bool setLocal(const QString &setting, const QString &value);
    /// Where the server's synchronous_commit is off, makes this transaction's COMMIT return only
    /// once its WAL is on the server's disk (synchronous_commit local, for this transaction only).
    /// For the program's changes: an audited change the window reports done survives a crash of
    /// the server, and the flushed WAL position read after it (StandbyLink) covers it, while every
    /// standby can already receive that position. A stricter setting is kept: it neither skips a
    /// synchronous standby the server waits for nor waits for one it does not.
    void commitFlushed();
    /// False behind a statement pooler: each exec() is a transaction of its own.
    bool inTransaction() const { return m_inTransaction; }

private:
    friend class PgSession;
    /// `tx` is a pqxx::transaction_base*, cast to void* only after that base was taken (a
    /// subtransaction's transaction_base is not at its own address).
    PgTx(void *tx, bool inTransaction) : m_tx(tx), m_inTransaction(inTransaction) {}
    void *m_tx;
    bool m_inTransaction;
};

} // namespace om
