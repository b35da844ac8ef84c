// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QList>
#include <QString>

namespace om::test {

/// What another client of a pool met on one of its server connections.
struct ServerConnectionSeen {
    int serverPid = 0;
    QString readOnlyDefault;  ///< default_transaction_read_only
    QString statementTimeout; ///< statement_timeout as the client's transaction runs under it
    int preparedStatements = 0;
    int listeningChannels = 0;
    QString writeError; ///< empty when the client's INSERT into `writeTable` committed
};

/// Another client of a transaction pool visits every server connection of it at once: `poolSize`
/// clients (sending no SET and no BEGIN of their own but the one that holds the connection) each
/// open a transaction, which pins one server connection to each, read what it carries and insert
/// a row of their server pid into `writeTable` (a table with one int column), then commit.
/// Throws PgError when a client cannot connect or read.
QList<ServerConnectionSeen> visitEveryServerConnection(const QString &connInfo, int poolSize, const QString &writeTable);

} // namespace om::test
