#include "pg/pgsession.h"
#include "pg/connectioninfo.h"

#include <QLoggingCategory>
#include <QMutex>
#include <pqxx/pqxx>

#include <map>
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
    qCDebug(lcSql).noquote() << sql << params;
    const std::string text = sql.toStdString();
    if (params.isEmpty())
        return tx.exec(text);
    BoundParams bound(params);
    return tx.exec_params(text, pqxx::prepare::make_dynamic_params(bound.pointers));
}

QString withConnectTimeout(const QString &connInfo, int seconds) {
    if (connInfo.contains(QLatin1String("connect_timeout")) || seconds <= 0)
        return connInfo;
    const QString opt = QStringLiteral("connect_timeout=%1").arg(seconds);
    if (connInfo.startsWith(QLatin1String("postgres://")) || connInfo.startsWith(QLatin1String("postgresql://")))
        return connInfo + (!connInfo.contains(QLatin1Char('?')) ? QStringLiteral("?") : connInfo.endsWith(QLatin1Char('?')) ? QString() : QStringLiteral("&")) + opt;
    return connInfo.isEmpty() ? opt : connInfo + QLatin1Char(' ') + opt;
}

} // namespace

struct PgSession::Impl {
    std::unique_ptr<pqxx::connection> conn;
    std::vector<std::unique_ptr<Receiver>> receivers;
    QList<PgNotification> pending;
    mutable QMutex cancelLock; // guards `conn` against cancel() from another thread
};

PgSession::PgSession(Options options) : m_options(std::move(options)), d(std::make_unique<Impl>()) {}
PgSession::~PgSession() { close(); }

/// libpqxx 6.4 throws its typed exceptions (insufficient_privilege, unique_violation, ...)
/// without the SQLSTATE it matched on, so sqlstate() is empty for exactly the errors callers
/// test for. Recover the code from the type (most specific first).
static QString sqlStateFromType(const std::exception &e) {
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
    for (const Map &m : maps)
        if (m.is(e))
            return QString::fromLatin1(m.state);
    return {};
}

/// Turns whatever libpqxx threw into a PgError, noting whether the connection is still usable.
[[noreturn]] static void rethrowAsPgError(pqxx::connection *conn) {
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
        throw PgError(PgError::Kind::ConnectionLost, QString::fromUtf8(e.what()).trimmed());
    } catch (const pqxx::in_doubt_error &e) {
        throw PgError(PgError::Kind::ConnectionLost, QString::fromUtf8(e.what()).trimmed());
    } catch (const std::exception &e) {
        const bool lost = conn && !conn->is_open();
        throw PgError(lost ? PgError::Kind::ConnectionLost : PgError::Kind::Query, QString::fromUtf8(e.what()).trimmed());
    }
}

void PgSession::open() {
    close();
    std::unique_ptr<pqxx::connection> c;
    try {
        const QString libpq = ConnectionInfo::withPassword(withConnectTimeout(m_options.connInfo, m_options.connectTimeoutS),
                                                           m_options.password);
        c = std::make_unique<pqxx::connection>(libpq.toStdString());
    } catch (const std::exception &e) {
        throw PgError(PgError::Kind::ConnectFailed, QString::fromUtf8(e.what()).trimmed());
    }
    try {
        // Session settings in one round trip. The server's clock is the clock: times travel in
        // UTC and the UI converts them to the operator's zone.
        QStringList sets = {
            QStringLiteral("SET application_name = %1").arg(quoteLiteral(m_options.applicationName)),
            QStringLiteral("SET statement_timeout = %1").arg(m_options.statementTimeoutMs),
            QStringLiteral("SET standard_conforming_strings = on"),
            QStringLiteral("SET TIME ZONE 'UTC'"),
            QStringLiteral("SET DateStyle = 'ISO, YMD'"),
            QStringLiteral("SET IntervalStyle = 'iso_8601'"),
        };
        if (m_options.lockTimeoutMs > 0)
            sets << QStringLiteral("SET lock_timeout = %1").arg(m_options.lockTimeoutMs);
        if (m_options.serialPlans)
            sets << QStringLiteral("SET max_parallel_workers_per_gather = 0");
        if (m_options.noJit)
            sets << QStringLiteral("SET jit = off");
        if (m_options.readOnly)
            sets << QStringLiteral("SET default_transaction_read_only = on");
        pqxx::nontransaction tx(*c);
        tx.exec(sets.join(QLatin1String("; ")).toStdString());
    } catch (const std::exception &e) {
        throw PgError(PgError::Kind::ConnectFailed, QString::fromUtf8(e.what()).trimmed());
    }
    QMutexLocker lock(&d->cancelLock);
    d->conn = std::move(c);
}

bool PgSession::isOpen() const {
    QMutexLocker lock(&d->cancelLock);
    return d->conn && d->conn->is_open();
}

void PgSession::close() {
    d->receivers.clear();
    QMutexLocker lock(&d->cancelLock);
    if (d->conn) {
        try { d->conn->disconnect(); } catch (...) {}
    }
    d->conn.reset();
}

static pqxx::connection &requireOpen(std::unique_ptr<pqxx::connection> &c) {
    if (!c || !c->is_open())
        throw PgError(PgError::Kind::ConnectionLost, QStringLiteral("not connected"));
    return *c;
}

PgResult PgSession::query(const QString &sql, const QVariantList &params) {
    pqxx::connection &c = requireOpen(d->conn);
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

void PgSession::execScript(const QString &sql) {
    pqxx::connection &c = requireOpen(d->conn);
    try {
        pqxx::nontransaction tx(c);
        tx.exec(sql.toStdString());
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
}

void PgSession::transact(const std::function<void(PgTx &)> &work) {
    pqxx::connection &c = requireOpen(d->conn);
    try {
        pqxx::work tx(c);
        PgTx handle(&tx);
        work(handle);
        tx.commit();
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
}

PgResult PgTx::exec(const QString &sql, const QVariantList &params) {
    return copyResult(execWith(*static_cast<pqxx::work *>(m_tx), sql, params));
}

void PgSession::cancel() {
    QMutexLocker lock(&d->cancelLock);
    if (!d->conn || !d->conn->is_open())
        return;
    try { d->conn->cancel_query(); } catch (const std::exception &e) {
        qCWarning(lcSql) << "cancel failed:" << e.what();
    }
}

int PgSession::backendPid() const {
    QMutexLocker lock(&d->cancelLock);
    return d->conn && d->conn->is_open() ? d->conn->backendpid() : 0;
}

void PgSession::listen(const QString &channel) {
    pqxx::connection &c = requireOpen(d->conn);
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
    pqxx::connection &c = requireOpen(d->conn);
    try {
        c.get_notifs();
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
    return std::exchange(d->pending, {});
}

QList<PgNotification> PgSession::waitNotifications(int timeoutMs) {
    pqxx::connection &c = requireOpen(d->conn);
    try {
        if (d->pending.isEmpty())
            c.await_notification(timeoutMs / 1000, (timeoutMs % 1000) * 1000);
        c.get_notifs();
    } catch (...) {
        rethrowAsPgError(d->conn.get());
    }
    return std::exchange(d->pending, {});
}

QString PgSession::quoteIdentifier(const QString &name) {
    QString out = name;
    out.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

QString PgSession::quoteLiteral(const QString &value) {
    QString out = value;
    out.replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

} // namespace om
