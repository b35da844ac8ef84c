// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/connectproblem.h"

#include <QString>
#include <stdexcept>

namespace om {

/// A failure reported by PostgreSQL or by the connection to it, in plain Qt types so that it can
/// cross threads. `sqlState` is the five-character SQLSTATE when the server sent one.
struct PgError : std::runtime_error {
    enum class Kind {
        Query,          ///< the server refused or failed the statement
        ConnectionLost, ///< the connection broke (server gone, network, backend terminated)
        ConnectFailed,  ///< could not connect at all (bad connection string, unreachable, auth)
        Cancelled,      ///< cancelled on purpose (newest request wins) or by statement_timeout
        ReadOnly,       ///< refused by the application before reaching the server
        InDoubt,        ///< the connection broke during COMMIT: it may or may not have committed
    };
    PgError(Kind k, QString msg, QString state = {})
        : std::runtime_error(msg.toStdString()), kind(k), message(std::move(msg)), sqlState(std::move(state)) {}
    Kind kind;
    QString message;
    QString sqlState;
    ConnectProblem connectProblem = ConnectProblem::None; ///< why, for Kind::ConnectFailed
};

} // namespace om
