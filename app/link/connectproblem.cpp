// SPDX-License-Identifier: GPL-3.0-or-later
#include "link/connectproblem.h"

namespace om {

bool retryCannotHelp(ConnectProblem problem) {
    switch (problem) {
    case ConnectProblem::BadParameters:
    case ConnectProblem::Authentication:
    case ConnectProblem::RoleMissing:
    case ConnectProblem::DatabaseMissing:
    case ConnectProblem::LoginRefused:
    case ConnectProblem::Tls:
        return true;
    case ConnectProblem::None:
    case ConnectProblem::Unreachable:
    case ConnectProblem::NotAccepting:
        break;
    }
    return false;
}

ConnectProblem classifyConnectFailure(PingAnswer ping, const QString &message) {
    switch (ping) {
    case PingAnswer::NoResponse:
        return ConnectProblem::Unreachable;
    case PingAnswer::Rejecting:
        return ConnectProblem::NotAccepting;
    case PingAnswer::NotAttempted:
        return ConnectProblem::BadParameters;
    case PingAnswer::AnswersWithoutTls:
        return ConnectProblem::Tls;
    case PingAnswer::Accepting:
        break;
    }
    // A server answered, so the login itself failed: the server's FATAL message says why. Its
    // words are English unless the server's lc_messages says otherwise.
    auto has = [&message](const char *s) { return message.contains(QLatin1String(s), Qt::CaseInsensitive); };
    if (has("too many clients") || has("remaining connection slots") || has("the database system is"))
        return ConnectProblem::NotAccepting;
    // libpq's own words, not a server's: every host of a list answered, but none was the kind of
    // server target_session_attrs asks for (a writable one, for a window that may act). During a
    // failover the new primary is moments away: retrying helps, asking the operator does not.
    if (has("session is read-only") || has("could not make a writable connection") || has("session is not read-only")
        || has("server is in hot standby mode") || has("server is not in hot standby mode"))
        return ConnectProblem::NotAccepting;
    if (has("role \"") && has("does not exist"))
        return ConnectProblem::RoleMissing;
    if (has("database \"") && has("does not exist"))
        return ConnectProblem::DatabaseMissing;
    // Before the authentication rule: with the cert method the server says "certificate
    // authentication failed", and no password would help. Its other words for a client
    // certificate: "connection requires a valid client certificate" (none was sent) and
    // "certificate validation (clientcert=verify-full) failed" (its CN is not the user).
    if (has("certificate"))
        return ConnectProblem::Tls;
    if (has("authentication failed") || has("no password supplied") || has("no pg_hba.conf entry")
        || has("pg_hba.conf rejects connection") || has("password is required"))
        return ConnectProblem::Authentication;
    return ConnectProblem::LoginRefused;
}

} // namespace om
