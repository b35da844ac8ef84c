// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// What stands between the program and the server decides which server state may outlive one
/// transaction. A pooler in transaction mode hands the next transaction to any of its server
/// connections and gives this one's to another client: a session-level SET or a named prepared
/// statement would then act on, or be missing for, someone else.
enum class PoolMode {
    Own,         ///< the server connection stays this session's: direct (never where a pooler answered)
    Transaction, ///< each transaction may run on another server connection (transaction pooling)
    Statement,   ///< each statement may (statement pooling): no transaction blocks at all
};

/// What a connection's settings say of its path. Auto finds out at connect: a pooler hands
/// libpq a backend pid of its own making, so a pid that differs from pg_backend_pid() means one
/// stands in between, and the program then keeps nothing beyond its transactions.
enum class PoolSetting {
    Auto,
    Own,
    Transaction,
    Statement
};

/// The settings key of each PoolSetting ("auto", "own", "transaction", "statement"), and back
/// (nullopt-like: `ok` false for anything else).
QString poolSettingKey(PoolSetting setting);
PoolSetting poolSettingFromKey(const QString &key, bool *ok = nullptr);

/// What a session found out about its path when it connected (and learned after). A value
/// type: the gateway copies it out of a lane's thread.
struct LinkFacts {
    bool known = false; ///< false until a connection opened
    PoolMode mode = PoolMode::Own;
    bool poolerAnswered = false; ///< libpq's backend pid is not the server's: a pooler speaks for it
    bool modeConfigured = false; ///< the mode is the connection's setting, not found out
    /// Declared its own (`own`), but a pooler answered: a session pool cannot be told from a
    /// transaction pool from outside, so it is treated as transaction pooling and nothing is
    /// kept on the server beyond each transaction, whatever was declared.
    bool ownOverruled = false;
    QString learnedBecause;        ///< non-empty when the mode changed after connecting: why
    int serverPid = 0;             ///< the server process that answered first
    int serverConnectionsSeen = 0; ///< distinct server processes seen by this session (pooled modes)
    /// The statement_timeout the program's statements run under: its own, or the server's own
    /// (role, database or server setting) when that is shorter. 0 = none.
    int statementTimeoutMs = 0;
    int serverStatementTimeoutMs = 0; ///< the server's own, as the session found it; 0 = none
    bool readOnlyByServer = false;    ///< each transaction is read-only in the server's own terms

    bool canListen() const { return mode == PoolMode::Own; }
    /// A cancel request reaches only this session's statement: on its own connection. Behind a
    /// pooler it goes to whichever server connection the pooler links this client to when the
    /// request arrives, which may by then run another client's statement.
    bool cancelReachesOnlyOurs() const { return known && mode == PoolMode::Own; }
    bool canTransact() const { return mode != PoolMode::Statement; }
};

/// What an action says behind a statement pooler, which allows no transaction blocks: an audited
/// change needs its UPDATE and its audit row in one transaction.
QString statementPoolingRefusal();

/// True when `message` is a pooler's refusal of a transaction block in statement pooling
/// (PgBouncer: "transaction blocks not allowed in statement pooling mode").
bool isStatementPoolRefusal(const QString &message);

} // namespace om
