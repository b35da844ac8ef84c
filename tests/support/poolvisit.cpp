// SPDX-License-Identifier: GPL-3.0-or-later
#include "poolvisit.h"
#include "pg/pgsession.h"

#include <memory>
#include <vector>

namespace om::test {

QList<ServerConnectionSeen> visitEveryServerConnection(const QString &connInfo, int poolSize, const QString &writeTable) {
    std::vector<std::unique_ptr<PgSession>> clients;
    for (int i = 0; i < poolSize; ++i) {
        PgSession::Options o;
        o.connInfo = connInfo;
        // Configured as statement pooling: each statement is sent as it is, with no BEGIN, SET
        // LOCAL or named statement of the session's own (what a plain client of the pool sends).
        o.pooling = PoolSetting::Statement;
        o.statementTimeoutMs = 0;
        o.applicationName = QStringLiteral("pool-visitor");
        clients.push_back(std::make_unique<PgSession>(o));
        clients.back()->open();
    }
    // An open transaction keeps its server connection: with every client in one, each holds a
    // different server connection of the pool.
    for (auto &c : clients)
        c->execScript(QStringLiteral("BEGIN"));
    QList<ServerConnectionSeen> out;
    for (auto &c : clients) {
        const QVariantList row = c->query(QStringLiteral("SELECT pg_backend_pid(), current_setting('default_transaction_read_only'), "
                                                         "current_setting('statement_timeout'), "
                                                         "(SELECT count(*) FROM pg_prepared_statements), "
                                                         "(SELECT count(*) FROM pg_listening_channels())"))
                                     .rows.value(0);
        ServerConnectionSeen seen;
        seen.serverPid = row.value(0).toInt();
        seen.readOnlyDefault = row.value(1).toString();
        seen.statementTimeout = row.value(2).toString();
        seen.preparedStatements = row.value(3).toInt();
        seen.listeningChannels = row.value(4).toInt();
        try {
            c->query(QStringLiteral("INSERT INTO %1 VALUES (pg_backend_pid())").arg(writeTable));
        } catch (const PgError &e) {
            seen.writeError = e.message;
        }
        out << seen;
    }
    for (auto &c : clients)
        c->execScript(QStringLiteral("COMMIT"));
    return out;
}

} // namespace om::test
