// SPDX-License-Identifier: GPL-3.0-or-later
#include "pg/connectprobe.h"
#include "link/connectioninfo.h"

#include <libpq-fe.h>

namespace om {

namespace {

PingAnswer ping(const QString &connInfo) {
    // The last keyword wins in a libpq connection string: the probe waits 2 s at most, whatever
    // the operator's own connect_timeout (an unreachable host already cost that once).
    const QByteArray probe = (connInfo + QStringLiteral(" connect_timeout=2")).toUtf8();
    switch (PQping(probe.constData())) {
    case PQPING_OK: return PingAnswer::Accepting;
    case PQPING_REJECT: return PingAnswer::Rejecting;
    case PQPING_NO_ATTEMPT: return PingAnswer::NotAttempted;
    case PQPING_NO_RESPONSE: break;
    }
    return PingAnswer::NoResponse;
}

/// The sslmode libpq uses for `connInfo` (its own, its service's or PGSSLMODE) makes TLS a
/// condition: libpq gives up rather than continue without it (prefer and allow fall back).
bool requiresTls(const QString &connInfo) {
    for (const ConnectionInfo::Option &o : ConnectionInfo::effective(connInfo))
        if (o.keyword == QLatin1String("sslmode"))
            return o.value == QLatin1String("require") || o.value.startsWith(QLatin1String("verify-"));
    return false;
}

} // namespace

ConnectProblem probeConnectFailure(const QString &connInfo, const QString &message) {
    PingAnswer answer = ping(connInfo);
    // PQping reports "no response" whenever no server error came back, and a failed TLS
    // handshake (a certificate not trusted, a server without TLS) sends none: the operator would
    // hear that nothing answers, and the monitor would retry for ever. Asked again without TLS,
    // a server that answers shows the address is right and TLS is what failed.
    if (answer == PingAnswer::NoResponse && requiresTls(connInfo)) {
        QList<ConnectionInfo::Option> plain = ConnectionInfo::parse(connInfo).value_or(QList<ConnectionInfo::Option>{});
        plain.removeIf([](const ConnectionInfo::Option &o) { return o.keyword == QLatin1String("sslmode"); });
        plain << ConnectionInfo::Option{QStringLiteral("sslmode"), QStringLiteral("disable")};
        const PingAnswer withoutTls = ping(ConnectionInfo::format(plain));
        if (withoutTls == PingAnswer::Accepting || withoutTls == PingAnswer::Rejecting)
            answer = PingAnswer::AnswersWithoutTls;
    }
    return classifyConnectFailure(answer, message);
}

} // namespace om
