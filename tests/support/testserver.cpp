#include "testserver.h"

#include <QTcpServer>
#include <QtGlobal>

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
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost))
        return 9; // discard: nothing listens there on a test machine
    const quint16 port = server.serverPort();
    server.close();
    return port;
}

} // namespace om::test
