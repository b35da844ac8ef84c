#include "pg/connectproblem.h"

#include <libpq-fe.h>

namespace om {

bool retryCannotHelp(ConnectProblem problem) {
    switch (problem) {
    case ConnectProblem::BadParameters:
    case ConnectProblem::Authentication:
    case ConnectProblem::RoleMissing:
    case ConnectProblem::DatabaseMissing:
    case ConnectProblem::LoginRefused:
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
    if (has("authentication failed") || has("no password supplied") || has("no pg_hba.conf entry")
        || has("password is required"))
        return ConnectProblem::Authentication;
    return ConnectProblem::LoginRefused;
}

ConnectProblem probeConnectFailure(const QString &connInfo, const QString &message) {
    // The last keyword wins in a libpq connection string: the probe waits 2 s at most, whatever
    // the operator's own connect_timeout (an unreachable host already cost that once).
    const QByteArray probe = (connInfo + QStringLiteral(" connect_timeout=2")).toUtf8();
    PingAnswer answer = PingAnswer::NoResponse;
    switch (PQping(probe.constData())) {
    case PQPING_OK: answer = PingAnswer::Accepting; break;
    case PQPING_REJECT: answer = PingAnswer::Rejecting; break;
    case PQPING_NO_ATTEMPT: answer = PingAnswer::NotAttempted; break;
    case PQPING_NO_RESPONSE: break;
    }
    return classifyConnectFailure(answer, message);
}

} // namespace om
