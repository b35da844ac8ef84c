// SPDX-License-Identifier: GPL-3.0-or-later
#include "testserver.h"

#include <QFileInfo>
#include <QtGlobal>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace om::test {

quint16 serverPort() { return quint16(qEnvironmentVariableIntValue("PGPORT")); }

QString serverUser() { return qEnvironmentVariable("PGUSER", QStringLiteral("postgres")); }

QString loopbackConnectionString(quint16 port, const QString &dbname, const QString &extra) {
    QString s = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3").arg(port).arg(serverUser(), dbname);
    if (!extra.isEmpty())
        s += QLatin1Char(' ') + extra;
    return s;
}

quint16 poolerPort(const QString &mode) {
    return quint16(qEnvironmentVariableIntValue(qPrintable(QStringLiteral("OM_PGB_%1_PORT").arg(mode.toUpper()))));
}

quint16 closedPort() {
    // Bound and never listening, for as long as the test runs: a port merely found free and let
    // go may be handed to a proxy of a test running beside this one, which would then answer.
    static const quint16 port = [] {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
            || ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0)
            qFatal("closedPort: no port could be bound on 127.0.0.1");
        return quint16(ntohs(address.sin_port)); // the descriptor stays open until the process ends
    }();
    return port;
}

quint16 tlsServerPort() { return quint16(qEnvironmentVariableIntValue("OM_TLS_PORT")); }

QString tlsFile(const QString &name) { return qEnvironmentVariable("OM_TLS_DIR") + QLatin1Char('/') + name; }

QString tlsRole() { return qEnvironmentVariable("OM_TLS_ROLE"); }

QString tlsDatabase() { return qEnvironmentVariable("OM_TLS_DATABASE"); }

QString tlsConnectionString(const QString &extra, const QString &user) {
    // hostaddr: libpq connects there and checks the certificate against `host`; without it,
    // localhost could resolve to ::1 first, where nothing listens, and every failure message
    // would start with that refusal.
    QString s = QStringLiteral("host=localhost hostaddr=127.0.0.1 port=%1 user=%2 dbname=%3 connect_timeout=5")
                    .arg(tlsServerPort())
                    .arg(user.isEmpty() ? tlsRole() : user, tlsDatabase());
    if (!extra.isEmpty())
        s += QLatin1Char(' ') + extra;
    return s;
}

QString tlsHarnessProblem() {
    if (tlsServerPort() == 0 || tlsRole().isEmpty() || tlsDatabase().isEmpty())
        return QStringLiteral("no TLS server: OM_TLS_PORT, OM_TLS_ROLE or OM_TLS_DATABASE unset (run through scripts/test)");
    for (const char *name : {"ca.crt", "client.crt", "client.key", "wrong-ca.crt", "wrong-client.crt", "wrong-client.key"})
        if (!QFileInfo::exists(tlsFile(QLatin1String(name))))
            return QStringLiteral("no %1 in OM_TLS_DIR (%2)").arg(QLatin1String(name), qEnvironmentVariable("OM_TLS_DIR"));
    return {};
}

} // namespace om::test
