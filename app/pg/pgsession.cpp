// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg/pgsession.h"

#include <QCryptographicHash>
#include <set>
#include "link/connectioninfo.h"
#include "pg/connectprobe.h"
#include "pg/pipelinedquery.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QMutex>
#include <libpq-fe.h>
#include <poll.h>
#include <pqxx/pqxx>
#include <pqxx/subtransaction>
#include <sys/socket.h>

#include <map>
#include <optional>
#include <vector>

Q_LOGGING_CATEGORY(lcSql, "om.sql", QtInfoMsg) // enable with QT_LOGGING_RULES="om.sql.debug=true"

namespace om {
namespace {

/// Collects NOTIFY messages for one channel; libpqxx calls it from get_notifs().
class Receiver final : public pqxx::notification_receiver {
public:
    Receiver(pqxx::connection_base &c, const std::string &channel, QList<PgNotification> *sink)
        : pqxx::notification_receiver(c, channel), m_sink(sink) {}
    void operator()(const std::string &payload, int backendPid) override {
        m_sink->append({QString::fromStdString(channel()), QString::fromStdString(payload), backendPid});
    }

private:
    QList<PgNotification> *m_sink;
};

PgResult copyResult(const pqxx::result &r) {
    PgResult out;
    const auto cols = r.columns();
    for (pqxx::row::size_type c = 0; c < cols; ++c)
        out.columns << QString::fromUtf8(r.column_name(c));
    out.rows.reserve(int(r.size()));
    for (const auto &row : r) {
        QVariantList values;
        values.reserve(int(cols));
        for (const auto &f : row)
            values << (f.is_null() ? QVariant() : QVariant(QString::fromUtf8(f.c_str(), int(f.size()))));
        out.rows << values;
    }
    out.affectedRows = r.affected_rows();
    return out;
}

/// Keeps the strings alive while libpqxx reads them through `const char *`; nullptr = SQL NULL.
struct BoundParams {
    explicit BoundParams(const QVariantList &params) {
        storage.reserve(size_t(params.size()));
        for (const QVariant &v : params)
            storage.push_back(v.isNull() ? std::string() : v.toString().toStdString());
        for (int i = 0; i < params.size(); ++i)
            pointers.push_back(params.at(i).isNull() ? nullptr : storage[size_t(i)].c_str());
    }
    std::vector<std::string> storage;
    std::vector<const char *> pointers;
};

pqxx::result execWith(pqxx::transaction_base &tx, const QString &sql, const QVariantList &params) {
    // The statement only: its bound values may hold anything a user typed (a key, a reason, a secret).
    qCDebug(lcSql).noquote() << sql << "--" << params.size() << "parameters";
    const std::string text = sql.toStdString();
    if (params.isEmpty())
        return tx.exec(text);
    BoundParams bound(params);
    return tx.exec_params(text, pqxx::prepare::make_dynamic_params(bound.pointers));
}

/// The application's client-side time limits, added to the user's connection string where it
/// does not set them. Keepalives notice a peer that vanished while the connection was idle;
/// tcp_user_timeout one that stopped acknowledging what we sent. Neither notices a peer that
/// acknowledges but never answers (a proxy or middlebox that froze): the Gateway's watchdog does.
QString withClientLimits(const QString &connInfo, const PgSession::Options &o) {
    QList<QPair<QString, QString>> defaults;
    if (o.connectTimeoutS > 0)
        defaults << qMakePair(QStringLiteral("connect_timeout"), QString::number(o.connectTimeoutS));
    if (o.tcpDeadPeerS > 0) {
        const int idle = qMax(1, o.tcpDeadPeerS / 2), count = 3, interval = qMax(1, (o.tcpDeadPeerS - idle) / count);
        defaults << qMakePair(QStringLiteral("keepalives"), QStringLiteral("1"))
                 << qMakePair(QStringLiteral("keepalives_idle"), QString::number(idle))
                 << qMakePair(QStringLiteral("keepalives_interval"), QString::number(interval))
                 << qMakePair(QStringLiteral("keepalives_count"), QString::number(count))
                 << qMakePair(QStringLiteral("tcp_user_timeout"), QString::number(o.tcpDeadPeerS * 1000));
    }
    return ConnectionInfo::withDefaults(connInfo, defaults);
}

/// libpqxx 6.4 keeps libpq's PGconn to itself; its connection policy is the documented hook that
/// sees it. The policy is built inside the connection's constructor with only the options, so the
/// handle is passed out through a thread-local set and read on the same thread.
thread_local pqxx::connectionpolicy::handle t_lastHandle = nullptr;
class CapturingPolicy final : public pqxx::connect_direct {
public:
    explicit CapturingPolicy(const std::string &opts) : pqxx::connect_direct(opts) {}
    handle do_startconnect(handle orig) override {
        handle h = pqxx::connect_direct::do_startconnect(orig);
        t_lastHandle = h;
        return h;
    }
};
using Connection = pqxx::basic_connection_base<CapturingPolicy>;

/// Behind a statement pooler no SET can hold: the time zone and date style then travel in every
/// connection's startup packet, which poolers keep per client (PgBouncer tracks both). libpq puts
/// PGTZ and PGDATESTYLE there; set once, before any thread runs, for this process only.
void startupSettingsFromEnvironment() {
    qputenv("PGTZ", "UTC");
    qputenv("PGDATESTYLE", "ISO, YMD");
}
Q_CONSTRUCTOR_FUNCTION(startupSettingsFromEnvironment)

} // namespace

struct PgSession::Impl {
    std::unique_ptr<Connection> conn;
    PgCancelHandle cancel; ///< taken when the connection opened
    TlsFacts tls;          ///< read when the connection opened
    int socket = -1;       ///< the connection's socket, for abort()
    std::vector<std::unique_ptr<Receiver>> receivers;
    QList<PgNotification> pending;
    mutable QMutex cancelLock;       // guards `conn` against cancel() from another thread
    std::set<std::string> prepared;  ///< statements prepared on `conn` (queryPrepared)
    LinkFacts facts;                 ///< guarded by cancelLock: read from other threads
    std::optional<PoolMode> learned; ///< kept across reconnects: what the path turned out to be
    QString learnedBecause;
    QString localSets;                         ///< the settings as SET LOCAL (and read-only), for pooled transactions
    QString pipelinePrelude;                   ///< the same as set_config calls, for pipelined statements
    PGconn *pg = nullptr;                      ///< libpq's handle of `conn` (pipelined statements)
    std::set<int> serverPids;                  ///< server processes seen (pooled modes)
    pqxx::dbtransaction *snapshotTx = nullptr; ///< readOneSnapshot()'s transaction while it runs
    PoolMode mode() const;
    void sawServer(int pid);
    /// A transaction just begun behind a transaction pooler: its settings as SET LOCAL, and which
    /// server connection the pooler gave it.
    void settleTransaction(pqxx::transaction_base &tx);
};

PgSession::PgSession(Options options) : m_options(std::move(options)), d(std::make_unique<Impl>()) {}
PgSession::~PgSession() { close(); }

/// libpqxx 6.4 throws its typed exceptions (insufficient_privilege, unique_violation, ...)
/// without the SQLSTATE it matched on, so sqlstate() is empty for exactly the errors callers
/// test for. Recover the code from the type (most specific first).
static QString sqlStateFromType(const std::exception &e) {
    // clang-format off
    struct Map { bool (*is)(const std::exception &); const char *state; };
#define OM_STATE(type, code) Map{[](const std::exception &x) { return dynamic_cast<const pqxx::type *>(&x) != nullptr; }, code}
    static const Map maps[] = {
        OM_STATE(insufficient_privilege, "42501"), OM_STATE(unique_violation, "23505"),
        OM_STATE(foreign_key_violation, "23503"), OM_STATE(not_null_violation, "23502"),
        OM_STATE(check_violation, "23514"), OM_STATE(restrict_violation, "23001"),
        OM_STATE(integrity_constraint_violation, "23000"), OM_STATE(undefined_column, "42703"),
        OM_STATE(undefined_function, "42883"), OM_STATE(undefined_table, "42P01"), OM_STATE(syntax_error, "42601"),
        OM_STATE(serialization_failure, "40001"), OM_STATE(deadlock_detected, "40P01"),
        OM_STATE(statement_completion_unknown, "40003"), OM_STATE(transaction_rollback, "40000"),
        OM_STATE(feature_not_supported, "0A000"), OM_STATE(data_exception, "22000"),
        OM_STATE(invalid_cursor_state, "24000"), OM_STATE(invalid_sql_statement_name, "26000"),
        OM_STATE(invalid_cursor_name, "34000"), OM_STATE(disk_full, "53100"), OM_STATE(out_of_memory, "53200"),
        OM_STATE(insufficient_resources, "53000"), OM_STATE(plpgsql_raise, "P0001"),
        OM_STATE(plpgsql_no_data_found, "P0002"), OM_STATE(plpgsql_too_many_rows, "P0003"),
        OM_STATE(plpgsql_error, "P0000"),
    };
#undef OM_STATE
    // clang-format on
    for (const Map &m : maps)
        if (m.is(e))
            return QString::fromLatin1(m.state);
    return {};
}

/// A connection that broke, said in the program's words: libpq's and libpqxx's ("Could not obtain
/// client encoding: not connected", "server closed the connection unexpectedly", "SSL SYSCALL
/// error") name their own bookkeeping, untranslated. Theirs goes to the log.
static PgError lostConnection(const QString &said) {
    qCInfo(lcSql).noquote() << "connection lost:" << said;
    const bool timedOut = said.contains(QLatin1String("timed out"), Qt::CaseInsensitive);
    return PgError(PgError::Kind::ConnectionLost,
                   timedOut ? QCoreApplication::translate("PgSession", "The connection to the server timed out: the server or "
                                                                       "the network stopped answering.")
                            : QCoreApplication::translate("PgSession", "The connection to the server was lost: the server closed "
                                                                       "it (it stopped, restarted or failed over, or ended this "
                                                                       "session) or the network broke."));
}

/// Turns whatever libpqxx threw into a PgError, noting whether the connection is still usable.
[[noreturn]] static void rethrowAsPgError(pqxx::connection_base *conn) {
    try {
        throw;
    } catch (const PgError &) {
        throw;
    } catch (const pqxx::sql_error &e) {
        // 57014: query_canceled (our cancel() or statement_timeout); 6.4 has no exception class for it.
        if (e.sqlstate() == "57014")
            throw PgError(PgError::Kind::Cancelled, QString::fromUtf8(e.what()).trimmed(), QStringLiteral("57014"));
        const bool lost = conn && !conn->is_open();
        const QString state = e.sqlstate().empty() ? sqlStateFromType(e) : QString::fromStdString(e.sqlstate());
        throw PgError(lost ? PgError::Kind::ConnectionLost : PgError::Kind::Query,
                      QString::fromUtf8(e.what()).trimmed(), state);
    } catch (const pqxx::transaction_rollback &e) {
        // Not an sql_error in 6.4: deadlock (40P01) and serialization failure (40001) land here.
        throw PgError(PgError::Kind::Query, QString::fromUtf8(e.what()).trimmed(), sqlStateFromType(e));
    } catch (const pqxx::broken_connection &e) {
        throw lostConnection(QString::fromUtf8(e.what()).trimmed());
    } catch (const pqxx::in_doubt_error &e) {
        // COMMIT was sent and its answer lost: never report this as "nothing changed".
        throw PgError(PgError::Kind::InDoubt, QString::fromUtf8(e.what()).trimmed());
    } catch (const std::exception &e) {
        const QString message = QString::fromUtf8(e.what()).trimmed();
        if (conn && !conn->is_open())
            throw lostConnection(message);
        throw PgError(PgError::Kind::Query, message);
    }
}

namespace {

/// The settings every statement of the program relies on, with their values: the server's clock
/// is the clock (times travel in UTC and the UI converts them to the operator's zone), dates and
/// intervals in ISO forms the parsers read, and the session's limits. Program constants only,
/// never user input: they are written into the SET text.
QList<QPair<QString, QString>> neededSettings(const PgSession::Options &o, int statementTimeoutMs, int lockTimeoutMs) {
    QList<QPair<QString, QString>> out = {
        {QStringLiteral("standard_conforming_strings"), QStringLiteral("on")},
        {QStringLiteral("TimeZone"), QStringLiteral("UTC")},
        {QStringLiteral("DateStyle"), QStringLiteral("ISO, YMD")},
        {QStringLiteral("IntervalStyle"), QStringLiteral("iso_8601")},
    };
    if (lockTimeoutMs > 0)
        out << qMakePair(QStringLiteral("lock_timeout"), QString::number(lockTimeoutMs));
    if (o.serialPlans)
        out << qMakePair(QStringLiteral("max_parallel_workers_per_gather"), QStringLiteral("0"));
    if (o.noJit)
        out << qMakePair(QStringLiteral("jit"), QStringLiteral("off"));
    // Last: in one string of SETs, the statements after it would run under it, and a short
    // timeout on a busy server then cancelled the session's own set-up (seen with 1 ms in
    // tst_snapshotpoller, reported as "canceling statement due to user request").
    if (statementTimeoutMs > 0)
        out << qMakePair(QStringLiteral("statement_timeout"), QString::number(statementTimeoutMs));
    return out;
}

QString setText(const QList<QPair<QString, QString>> &settings, bool local) {
    QStringList parts;
    for (const auto &[name, value] : settings)
        parts << QStringLiteral("SET %1%2 = '%3'").arg(local ? QStringLiteral("LOCAL ") : QString(), name, value);
    return parts.join(QLatin1String("; "));
}

/// The settings as one SELECT of set_config(…, true) calls ending in pg_backend_pid(), for a
/// pipelined statement (runPipelined): SET LOCAL in effect, inside the pipeline's implicit
/// transaction. Read-only first: switching a transaction to read-only is allowed at any point.
QString pipelinePrelude(const QList<QPair<QString, QString>> &settings, bool readOnly) {
    QStringList calls;
    if (readOnly)
        calls << QStringLiteral("set_config('transaction_read_only', 'on', true)");
    for (const auto &[name, value] : settings)
        calls << QStringLiteral("set_config('%1', '%2', true)").arg(name, value);
    calls << QStringLiteral("pg_backend_pid()");
    return QStringLiteral("SELECT ") + calls.join(QLatin1String(", "));
}

/// The smaller of the program's limit and the server's own (0 = none on that side): a guest
/// never lifts a limit the DBA set for its role or database.
int tighterLimit(int own, int server) {
    if (server > 0 && (own <= 0 || server < own))
        return server;
    return own;
}

/// Thrown inside open() when a statement pooler refused the probe's transaction block: the
/// connection is gone (the pooler closes it), the next one is opened knowing the mode.
struct StatementPoolFound {};

} // namespace

void PgSession::open() {
    close();
    // Twice at most: a statement pooler found on the first connection closes it.
    for (int attempt = 0;; ++attempt) {
        std::unique_ptr<Connection> c;
        PgCancelHandle cancel;
        void *pgHandle = nullptr;
        TlsFacts tls;
        // What the program needs whatever the string says goes in the startup packet, where a
        // pooler keeps it per client (PgBouncer tracks both) instead of leaving it on a server
        // connection: the lane's name, and UTF-8 for every string it sends (without it libpq
        // speaks the database's encoding, and on a LATIN1 or SJIS database a Japanese reason
        // would be stored garbled; with it the server converts, or refuses what it cannot hold).
        const QString startup = ConnectionInfo::withForced(withClientLimits(m_options.connInfo, m_options),
                                                           {{QStringLiteral("application_name"), m_options.applicationName},
                                                            {QStringLiteral("client_encoding"), QStringLiteral("UTF8")}});
        const QString libpq = ConnectionInfo::withPassword(startup, m_options.password);
        try {
            t_lastHandle = nullptr;
            c = std::make_unique<Connection>(libpq.toStdString());
            // The handle belongs to this connection only: a broken one is never reused
            // (requireOpen checks is_open()), the lane opens a new session and takes a new handle.
            pgHandle = t_lastHandle;
            if (auto *pg = reinterpret_cast<PGconn *>(t_lastHandle))
                cancel.m_cancel = std::shared_ptr<void>(PQgetCancel(pg), [](void *p) { PQfreeCancel(static_cast<PGcancel *>(p)); });
            tls = readTlsFacts(reinterpret_cast<PGconn *>(t_lastHandle));
        } catch (const std::exception &e) {
            PgError failed(PgError::Kind::ConnectFailed, QString::fromUtf8(e.what()).trimmed());
            failed.connectProblem = probeConnectFailure(libpq, failed.message);
            throw failed;
        }
        try {
            settle(c.get());
        } catch (const StatementPoolFound &) {
            if (attempt == 0)
                continue;
            throw PgError(PgError::Kind::ConnectFailed, QStringLiteral("the connection pooler refused a transaction block twice"));
        } catch (const std::exception &e) {
            throw PgError(PgError::Kind::ConnectFailed, QString::fromUtf8(e.what()).trimmed());
        }
        d->prepared.clear();
        d->pg = reinterpret_cast<PGconn *>(pgHandle);
        QMutexLocker lock(&d->cancelLock);
        d->socket = c->sock();
        d->cancel = cancel;
        d->tls = tls;
        d->conn = std::move(c);
        return;
    }
}

void PgSession::settle(void *connection) {
    Connection &c = *static_cast<Connection *>(connection);
    LinkFacts f;
    f.known = true;
    int serverLockTimeoutMs = 0;
    {
        // Nothing is set yet: the first statement only reads. reset_val is what the role,
        // database and server give a session, not what another client of a pooler left behind.
        pqxx::nontransaction tx(c);
        const pqxx::result r = tx.exec(
            "SELECT pg_backend_pid(), "
            "(SELECT reset_val FROM pg_settings WHERE name = 'statement_timeout'), "
            "(SELECT reset_val FROM pg_settings WHERE name = 'lock_timeout')");
        f.serverPid = r[0][0].as<int>();
        f.serverStatementTimeoutMs = r[0][1].as<int>();
        serverLockTimeoutMs = r[0][2].as<int>();
    }
    // Decided here, before anything that outlives a transaction (SET, PREPARE, LISTEN) is sent.
    f.poolerAnswered = f.serverPid != c.backendpid();
    f.serverConnectionsSeen = 1;
    f.modeConfigured = m_options.pooling != PoolSetting::Auto;
    switch (m_options.pooling) {
    case PoolSetting::Own:
        // Declared own (direct, or a session pool), but a pooler answered. A session pool cannot
        // be told from a transaction pool from outside, and a wrong "own" on a transaction pool
        // left read-only mode, time limits and prepared statements to other clients: whatever
        // was declared, nothing is kept beyond each transaction.
        f.ownOverruled = f.poolerAnswered;
        f.mode = f.poolerAnswered ? PoolMode::Transaction : PoolMode::Own;
        break;
    case PoolSetting::Transaction: f.mode = PoolMode::Transaction; break;
    case PoolSetting::Statement: f.mode = PoolMode::Statement; break;
    case PoolSetting::Auto: f.mode = f.poolerAnswered ? PoolMode::Transaction : PoolMode::Own; break;
    }
    if (d->learned) {
        f.mode = *d->learned;
        f.learnedBecause = d->learnedBecause;
    }
    f.statementTimeoutMs = tighterLimit(m_options.statementTimeoutMs, f.serverStatementTimeoutMs);
    const auto settings = neededSettings(m_options, f.statementTimeoutMs, tighterLimit(m_options.lockTimeoutMs, serverLockTimeoutMs));
    d->localSets = (m_options.readOnly ? QStringLiteral("SET TRANSACTION READ ONLY; ") : QString()) + setText(settings, true);
    d->pipelinePrelude = pipelinePrelude(settings, m_options.readOnly);
    if (f.mode == PoolMode::Own) {
        QString sets = setText(settings, false);
        if (m_options.readOnly)
            sets = QStringLiteral("SET default_transaction_read_only = on; ") + sets;
        pqxx::nontransaction tx(c);
        tx.exec(sets.toStdString());
    } else if (f.mode == PoolMode::Transaction && m_options.pooling != PoolSetting::Transaction && !d->learned) {
        // A pooler answered: in statement pooling it refuses (and closes) a connection whose
        // statement leaves a transaction open. Found out now, not at the operator's first action.
        {
            pqxx::nontransaction tx(c);
            tx.exec(("BEGIN; " + d->localSets + "; ROLLBACK").toStdString()); // the settings themselves are fine
        }
        try {
            pqxx::nontransaction tx(c);
            tx.exec("BEGIN");
            tx.exec("ROLLBACK");
        } catch (const std::exception &e) {
            // PgBouncer answers "transaction blocks not allowed in statement pooling mode" and
            // closes the connection; libpqxx may then report only the closed connection.
            if (!isStatementPoolRefusal(QString::fromUtf8(e.what())) && c.is_open())
                throw;
            learn(PoolMode::Statement, QStringLiteral("the pooler closed the connection at a transaction block (statement pooling)"));
            throw StatementPoolFound{};
        }
    }
    // In statement pooling nothing can hold a setting: the startup packet's (time zone, date
    // style via the environment) and the server's own limits are what statements run under.
    f.readOnlyByServer = m_options.readOnly && f.mode != PoolMode::Statement;
    if (f.mode == PoolMode::Statement)
        f.statementTimeoutMs = f.serverStatementTimeoutMs;
    d->serverPids = {f.serverPid};
    QMutexLocker lock(&d->cancelLock);
    d->facts = f;
}

void PgSession::learn(PoolMode mode, const QString &because) {
    qCWarning(lcSql).noquote() << "connection path:" << because;
    d->learned = mode;
    d->learnedBecause = because;
    QMutexLocker lock(&d->cancelLock);
    d->facts.mode = mode;
    d->facts.learnedBecause = because;
    d->facts.readOnlyByServer = d->facts.readOnlyByServer && mode != PoolMode::Statement;
}

LinkFacts PgSession::linkFacts() const {
    QMutexLocker lock(&d->cancelLock);
    return d->facts;
}

PoolMode PgSession::Impl::mode() const {
    QMutexLocker lock(&cancelLock);
    return facts.mode;
}

void PgSession::Impl::sawServer(int pid) {
    if (serverPids.size() < 10000)
        serverPids.insert(pid);
    QMutexLocker lock(&cancelLock);
    facts.serverConnectionsSeen = int(serverPids.size());
}

void PgSession::Impl::settleTransaction(pqxx::transaction_base &tx) {
    if (mode() == PoolMode::Transaction)
        sawServer(tx.exec((localSets + "; SELECT pg_backend_pid()").toStdString())[0][0].as<int>());
}

bool PgSession::isOpen() const {
    QMutexLocker lock(&d->cancelLock);
    return d->conn && d->conn->is_open();
}

void PgSession::close() {
    d->receivers.clear();
    d->pg = nullptr;
    std::unique_ptr<Connection> gone;
    {
        QMutexLocker lock(&d->cancelLock);
        d->socket = -1;
        d->cancel = PgCancelHandle();
        d->tls = TlsFacts();
        gone = std::move(d->conn);
    }
    // Outside the lock: abort() and cancelHandle() from other threads never wait for this.
    if (gone) {
        try {
            gone->disconnect();
        } catch (...) {}
    }
}

static Connection &requireOpen(std::unique_ptr<Connection> &c) {
    if (!c || !c->is_open())
        throw lostConnection(QStringLiteral("not connected"));
    return *c;
}

bool PgSession::closedByServer() {
    if (!isOpen() || !d->pg)
        return false;
    // What the server sent while the session was idle: nothing at all, normally. A server that
    // stops (a crash, a shutdown, a failover) or ends the session sends its FATAL message and
    // closes the socket; libpq learns of it only by reading. Read without waiting, a few times
    // (the message, then the end), and send nothing.
    const int fd = PQsocket(d->pg);
    int waitMs = 0;
    for (int i = 0; i < 8 && fd >= 0; ++i) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, waitMs) <= 0)
            break;
        if (PQconsumeInput(d->pg) == 0 || PQstatus(d->pg) != CONNECTION_OK)
            break;
        // Something arrived while idle. A server that ends the session writes its FATAL message
        // and closes the socket only as its process exits, a moment later on a busy machine: that
        // moment is waited for (on the lane's thread), or the job would go to a dying connection.
        waitMs = 100;
    }
    if (PQstatus(d->pg) == CONNECTION_OK)
        return false;
    qCInfo(lcSql).noquote() << "the server closed an idle connection:" << QString::fromUtf8(PQerrorMessage(d->pg)).trimmed();
    return true;
}

PgResult PgSession::query(const QString &sql, const QVariantList &params) {
    Connection &c = requireOpen(d->conn);
    if (d->snapshotTx) {
        try {
            return copyResult(execWith(*d->snapshotTx, sql, params));
        } catch (...) {
            rethrowAsPgError(d->conn.get());
        }
    }
    if (d->mode() == PoolMode::Transaction)
        return queryPooled(sql, params);
    try {
        // One statement is its own transaction on the server (a data-modifying CTE included), so
        // no BEGIN/COMMIT around it: pqxx::work would cost two more round trips per query, the
        // dashboard's refresh among them. Read-only sessions stay read-only
        // (default_transaction_read_only applies to implicit transactions too).
        pqxx::nontransaction tx(c);
        return copyResult(execWith(tx, sql, params));
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
}

PgResult PgSession::queryPooled(const QString &sql, const QVariantList &params) {
    requireOpen(d->conn);
    // The settings and the statement in one implicit transaction, one round trip: the pooler
    // keeps one server connection for it, and the settings leave with it.
    int serverPid = 0;
    PgResult out = runPipelined(d->pg, d->pipelinePrelude, sql, params, &serverPid);
    d->sawServer(serverPid);
    return out;
}

PgResult PgSession::queryPrepared(const QString &sql, const QVariantList &params) {
    Connection &c = requireOpen(d->conn);
    if (d->mode() != PoolMode::Own || d->snapshotTx)
        return query(sql, params);
    const std::string name =
        "om_" + QCryptographicHash::hash(sql.toUtf8(), QCryptographicHash::Sha1).toHex().left(24).toStdString();
    try {
        if (d->prepared.insert(name).second)
            c.prepare(name, sql.toStdString());
        qCDebug(lcSql).noquote() << "prepared" << QString::fromStdString(name) << sql << "--" << params.size() << "parameters";
        pqxx::nontransaction tx(c);
        BoundParams bound(params);
        return copyResult(tx.exec_prepared(name, pqxx::prepare::make_dynamic_params(bound.pointers)));
    } catch (const pqxx::invalid_sql_statement_name &) {
        // Prepared on this connection and now missing: the server connection changed under the
        // session, as a transaction pooler does. Named statements (and session settings) stop
        // here for good; the statement runs again the pooled way, once.
        d->prepared.clear();
        learn(PoolMode::Transaction, QStringLiteral("a prepared statement vanished between transactions (a transaction pooler)"));
        return queryPooled(sql, params);
    } catch (...) {
        // Prepared again next time: the statement may have failed before the server kept it.
        d->prepared.erase(name);
        try {
            c.unprepare(name);
        } catch (...) {}
        rethrowAsPgError(d->conn.get());
    }
}

void PgSession::execScript(const QString &sql) {
    Connection &c = requireOpen(d->conn);
    try {
        pqxx::nontransaction tx(c);
        // Behind a transaction pooler the settings lead the script's implicit transaction.
        tx.exec((d->mode() == PoolMode::Transaction ? d->localSets + QStringLiteral("; ") + sql : sql).toStdString());
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
}

void PgSession::transact(const std::function<void(PgTx &)> &work) {
    Connection &c = requireOpen(d->conn);
    const PoolMode mode = d->mode();
    try {
        if (d->snapshotTx) {
            // Inside readOneSnapshot(): a savepoint, so that an error here (a refused EXPLAIN)
            // rolls back only this part and the snapshot's other reads go on.
            pqxx::subtransaction sub(*d->snapshotTx);
            PgTx handle(static_cast<pqxx::transaction_base *>(&sub), true); // PgTx casts back from void*
            work(handle);
            sub.commit();
            return;
        }
        if (mode == PoolMode::Statement) {
            pqxx::nontransaction tx(c);
            PgTx handle(static_cast<pqxx::transaction_base *>(&tx), false);
            work(handle);
            return;
        }
        pqxx::work tx(c);
        d->settleTransaction(tx);
        PgTx handle(static_cast<pqxx::transaction_base *>(&tx), true);
        work(handle);
        tx.commit();
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
}

void PgSession::readOneSnapshot(const std::function<void()> &work) {
    Connection &c = requireOpen(d->conn);
    if (d->snapshotTx || d->mode() == PoolMode::Statement) {
        work();
        return;
    }
    struct Release {
        Impl *d;
        ~Release() { d->snapshotTx = nullptr; }
    };
    try {
        pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> tx(c);
        d->settleTransaction(tx);
        d->snapshotTx = &tx;
        const Release release{d.get()};
        work();
        tx.commit();
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
}

bool PgSession::inSnapshot() const { return d->snapshotTx != nullptr; }

PgResult PgTx::exec(const QString &sql, const QVariantList &params) {
    return copyResult(execWith(*static_cast<pqxx::transaction_base *>(m_tx), sql, params));
}

bool PgTx::setLocal(const QString &setting, const QString &value) {
    if (!m_inTransaction)
        return false;
    exec(QStringLiteral("SELECT set_config($1, $2, true)"), {setting, value});
    return true;
}

void PgTx::commitFlushed() {
    exec(QStringLiteral("SELECT set_config('synchronous_commit', 'local', true) WHERE current_setting('synchronous_commit') = 'off'"));
}

void PgSession::cancel() {
    const PgCancelHandle handle = cancelHandle();
    if (!handle.isValid())
        qCInfo(lcSql) << "no cancel request sent: the connection is not the session's own";
    else if (!handle.send())
        qCWarning(lcSql) << "cancel request not delivered";
}

PgCancelHandle PgSession::cancelHandle() const {
    QMutexLocker lock(&d->cancelLock);
    // Behind a pooler the key is the pooler's: it forwards the request to whichever server
    // connection this client holds when the request arrives, by then perhaps running another
    // client's statement (PgBouncer before 1.18 did so; other poolers may). Never sent there.
    if (!d->facts.cancelReachesOnlyOurs())
        return PgCancelHandle();
    return d->cancel;
}

void PgSession::abort() {
    QMutexLocker lock(&d->cancelLock);
    // shutdown() (not close()): the descriptor stays libpq's until the session's own thread
    // closes it, so no other file can take its number meanwhile; a blocked recv() returns now.
    if (d->socket >= 0)
        ::shutdown(d->socket, SHUT_RDWR);
}

bool PgCancelHandle::send() const {
    if (!m_cancel)
        return false;
    char error[256] = {};
    if (PQcancel(static_cast<PGcancel *>(m_cancel.get()), error, int(sizeof error)) == 1)
        return true;
    qCWarning(lcSql) << "cancel failed:" << error;
    return false;
}

int PgSession::backendPid() const {
    QMutexLocker lock(&d->cancelLock);
    return d->conn && d->conn->is_open() ? d->conn->backendpid() : 0;
}

TlsFacts PgSession::tlsFacts() const {
    QMutexLocker lock(&d->cancelLock);
    return d->tls;
}

void PgSession::listen(const QString &channel) {
    Connection &c = requireOpen(d->conn);
    try {
        d->receivers.push_back(std::make_unique<Receiver>(c, channel.toStdString(), &d->pending));
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
}

int PgSession::socket() const {
    QMutexLocker lock(&d->cancelLock);
    return d->conn && d->conn->is_open() ? d->conn->sock() : -1;
}

QList<PgNotification> PgSession::takeNotifications() {
    Connection &c = requireOpen(d->conn);
    try {
        c.get_notifs();
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
    return std::exchange(d->pending, {});
}

QList<PgNotification> PgSession::waitNotifications(int timeoutMs) {
    Connection &c = requireOpen(d->conn);
    try {
        if (d->pending.isEmpty())
            c.await_notification(timeoutMs / 1000, (timeoutMs % 1000) * 1000);
        c.get_notifs();
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
    return std::exchange(d->pending, {});
}

} // namespace om
