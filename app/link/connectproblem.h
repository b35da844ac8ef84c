// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// Why a connection could not be opened. Found out structurally where libpq allows it (PQping:
/// did a server answer at that address at all?), and from the server's own words only for what
/// only the server knows (which name it did not find). A server that answers in another language
/// than English gives LoginRefused with its own message: still true, less specific.
enum class ConnectProblem {
    None,
    Unreachable,     ///< no server answered: host down or unknown, wrong port, network or firewall
    NotAccepting,    ///< a server answered but takes no connections now (starting, stopping, full), or of
                     ///< several hosts none is the kind asked for (target_session_attrs: no primary now)
    BadParameters,   ///< libpq did not try: the connection string itself is wrong
    Authentication,  ///< the server refused the login: password, or no pg_hba.conf entry
    RoleMissing,     ///< the server has no such role
    DatabaseMissing, ///< the server has no such database
    LoginRefused,    ///< the server refused the login for another reason, in its own words
    /// TLS failed: a server answers at the address, but the encrypted session could not be set
    /// up: its certificate is not trusted (root certificate, host name), it offers no TLS where
    /// the connection requires it, or it refused (or missed) the client's certificate
    Tls,
};

/// True when trying the same connection again cannot succeed by itself (a wrong name, password
/// or parameter): the program stops retrying at start and asks the operator instead.
bool retryCannotHelp(ConnectProblem problem);

/// What a ping (PQping: a connection attempt without login) found at the same address.
enum class PingAnswer {
    Accepting,    ///< a server answered and takes connections: the login itself failed
    Rejecting,    ///< a server answered and refuses connections now
    NoResponse,   ///< nothing answered
    NotAttempted, ///< the connection string is invalid: nothing was tried
    /// Nothing answered with the connection's TLS settings, but a server answered the same
    /// ping without TLS: the TLS handshake, not the address, is what failed
    AnswersWithoutTls,
};

/// Classifies a failed connection from the ping's answer for the same connection string and
/// libpq's message. Pure: the tests feed it the messages PostgreSQL sends.
ConnectProblem classifyConnectFailure(PingAnswer ping, const QString &message);

} // namespace om
