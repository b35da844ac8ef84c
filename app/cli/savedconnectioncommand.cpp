// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/savedconnectioncommand.h"
#include "cli/installpaths.h"
#include "core/connection/passwordkeychain.h"
#include "core/connection/savedconnections.h"
#include "link/connectioninfo.h"

#include <QCoreApplication>
#include <QEventLoop>

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

QString keychainPassword(const QString &connInfo, int timeoutMs, KeychainAnswer *answer) {
    if (!PasswordKeychain::compiledIn()) {
        if (answer)
            answer->kind = KeychainAnswer::Kind::NotInThisBuild;
        return QString();
    }
    // The keychain ends the read itself within timeoutMs (NoAnswer), so this loop always ends by
    // its finished(). A job still outstanding then is the application's, not this function's:
    // its late answer finds `keychain` gone and is dropped (PasswordKeychain says why).
    PasswordKeychain keychain;
    keychain.setAnswerBoundMs(timeoutMs);
    QEventLoop loop;
    QString password;
    KeychainAnswer said;
    QObject::connect(&keychain, &PasswordKeychain::finished, &loop,
                     [&](PasswordKeychain::Operation, const QString &, const KeychainAnswer &a, const QString &found) {
                         said = a;
                         if (a.ok())
                             password = found;
                         loop.quit();
                     });
    keychain.read(PasswordKeychain::keyFor(connInfo));
    loop.exec();
    if (answer)
        *answer = said;
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
