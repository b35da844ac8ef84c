// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg/pipelinedquery.h"
#include "link/pgerror.h"

#include <QLoggingCategory>
#include <libpq-fe.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

Q_DECLARE_LOGGING_CATEGORY(lcSql)

namespace om {
namespace {

struct ResultFree {
    void operator()(PGresult *r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultFree>;

PgResult copyResult(const PGresult *r) {
    PgResult out;
    const int cols = PQnfields(r), rows = PQntuples(r);
    for (int c = 0; c < cols; ++c)
        out.columns << QString::fromUtf8(PQfname(r, c));
    out.rows.reserve(rows);
    for (int i = 0; i < rows; ++i) {
        QVariantList values;
        values.reserve(cols);
        for (int c = 0; c < cols; ++c)
            values << (PQgetisnull(r, i, c) ? QVariant() : QVariant(QString::fromUtf8(PQgetvalue(r, i, c), PQgetlength(r, i, c))));
        out.rows << values;
    }
    out.affectedRows = QByteArray(PQcmdTuples(const_cast<PGresult *>(r))).toLongLong();
    return out;
}

PgError errorOf(PGconn *conn, const PGresult *r) {
    const QString state = r ? QString::fromUtf8(PQresultErrorField(r, PG_DIAG_SQLSTATE)) : QString();
    const QString message = QString::fromUtf8(r ? PQresultErrorMessage(r) : PQerrorMessage(conn)).trimmed();
    if (state == QLatin1String("57014")) // query_canceled: a cancel or the statement timeout
        return PgError(PgError::Kind::Cancelled, message, state);
    if (PQstatus(conn) != CONNECTION_OK)
        return PgError(PgError::Kind::ConnectionLost, message.isEmpty() ? QStringLiteral("connection lost") : message, state);
    return PgError(PgError::Kind::Query, message, state);
}

bool failed(const PGresult *r) {
    const ExecStatusType s = PQresultStatus(r);
    return s != PGRES_TUPLES_OK && s != PGRES_COMMAND_OK;
}

/// Reads the results up to and including the Sync's; the first failure (if any) is kept.
void drain(PGconn *conn, Result &prelude, Result &statement, std::optional<PgError> &error) {
    Result *slot[] = {&prelude, &statement};
    int query = 0;
    for (;;) {
        Result r(PQgetResult(conn));
        if (!r) {
            if (PQstatus(conn) != CONNECTION_OK) { // broken: no Sync will come
                if (!error)
                    error = errorOf(conn, nullptr);
                return;
            }
            ++query; // the end of one query's results
            continue;
        }
        const ExecStatusType s = PQresultStatus(r.get());
        if (s == PGRES_PIPELINE_SYNC)
            return;
        if (s == PGRES_PIPELINE_ABORTED)
            continue; // skipped after an earlier error, which is the one to tell
        if (failed(r.get()) && !error)
            error = errorOf(conn, r.get());
        if (query < 2 && !*slot[query])
            *slot[query] = std::move(r);
    }
}

} // namespace

PgResult runPipelined(PGconn *conn, const QString &prelude, const QString &sql, const QVariantList &params, int *serverPid) {
    qCDebug(lcSql).noquote() << sql << "--" << params.size() << "parameters, pipelined";
    if (PQpipelineStatus(conn) != PQ_PIPELINE_OFF || PQtransactionStatus(conn) != PQTRANS_IDLE)
        throw PgError(PgError::Kind::Query, QStringLiteral("connection not idle for a pipelined statement"));
    const std::string preludeText = prelude.toStdString(), text = sql.toStdString();
    std::vector<std::string> storage;
    storage.reserve(size_t(params.size()));
    std::vector<const char *> values;
    for (const QVariant &v : params) {
        storage.push_back(v.isNull() ? std::string() : v.toString().toStdString());
        values.push_back(v.isNull() ? nullptr : storage.back().c_str());
    }
    if (PQenterPipelineMode(conn) != 1)
        throw errorOf(conn, nullptr);
    const bool sent = PQsendQueryParams(conn, preludeText.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0) == 1
                      && PQsendQueryParams(conn, text.c_str(), int(values.size()), nullptr, values.data(), nullptr, nullptr, 0) == 1
                      && PQpipelineSync(conn) == 1;
    Result preludeResult, statementResult;
    std::optional<PgError> error;
    if (!sent)
        error = errorOf(conn, nullptr);
    else
        drain(conn, preludeResult, statementResult, error);
    PQexitPipelineMode(conn); // refused only while results are unread, i.e. when the connection broke
    if (error)
        throw *error;
    if (!preludeResult || !statementResult)
        throw PgError(PgError::Kind::ConnectionLost, QStringLiteral("the pipelined statement got no result"));
    if (serverPid && PQntuples(preludeResult.get()) == 1)
        *serverPid = QByteArray(PQgetvalue(preludeResult.get(), 0, PQnfields(preludeResult.get()) - 1)).toInt();
    return copyResult(statementResult.get());
}

} // namespace om
