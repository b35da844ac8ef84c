// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/savedconnectioncommand.h"
#include "cli/installpaths.h"
#include "core/connection/passwordkeychain.h"
#include "core/connection/savedconnections.h"
#include "link/connectioninfo.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>

namespace om::cli {

QString applySavedConnection(Options &o) {
    if (o.connectionName.isEmpty())
        return QString();
    const SavedConnections store(resolveProfile);
    const std::optional<SavedConnection> c = store.find(o.connectionName);
    if (!c) {
        const QStringList names = store.names();
        return names.isEmpty()
                   ? QCoreApplication::translate("main", "No saved connection is called \"%1\": none is saved yet "
                                                         "(Connection → Manage connections… saves them).")
                         .arg(o.connectionName)
                   : QCoreApplication::translate("main", "No saved connection is called \"%1\". Saved: %2.")
                         .arg(o.connectionName, names.join(QStringLiteral(", ")));
    }
    o.conninfo = c->connInfo;
    o.connectGiven = true;
    o.profile = c->profile;
    o.readOnly = o.readOnly || c->readOnly;
    if (!o.poolingGiven)
        o.pooling = c->pooling;
    o.saved = c;
    return QString();
}

QString keychainPassword(const QString &connInfo, int timeoutMs) {
    if (!PasswordKeychain::compiledIn())
        return QString();
    PasswordKeychain keychain;
    QEventLoop loop;
    QString password;
    QObject::connect(&keychain, &PasswordKeychain::finished, &loop,
                     [&](PasswordKeychain::Operation, const QString &, bool ok, const QString &found, const QString &) {
                         if (ok)
                             password = found;
                         loop.quit();
                     });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    keychain.read(PasswordKeychain::keyFor(connInfo));
    loop.exec();
    return password; // not found, no keychain or no answer: libpq's own sources (.pgpass, service file)
}

QString listSavedConnections() {
    const QList<SavedConnection> all = SavedConnections(resolveProfile).all();
    if (all.isEmpty())
        return QCoreApplication::translate("main", "No saved connections (Connection → Manage connections… saves them).") + QLatin1Char('\n');
    QString out;
    for (const SavedConnection &c : all)
        out += QStringLiteral("%1\t%2\t%3\n").arg(c.name, Environments::id(c.environment), ConnectionInfo::describe(c.connInfo));
    return out;
}

} // namespace om::cli
