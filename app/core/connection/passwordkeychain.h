// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QObject>
#include <QString>

namespace om {

/// Remembers a connection's password in the operating system's keychain (qtkeychain: Secret
/// Service / KWallet, macOS Keychain, Windows Credential Store), never anywhere else: no
/// QSettings, no local store, no connection string, and never the library's plain-text fallback.
///
/// Every operation is asynchronous (qtkeychain talks to a daemon over D-Bus) and ends with
/// exactly one finished() signal. When this build has no keychain support, or no keychain daemon
/// answers (CI, offscreen, a bare server), the operation finishes with ok = false and a message
/// saying that libpq's own sources (.pgpass, PGPASSFILE, a service file, PGPASSWORD) apply.
class PasswordKeychain : public QObject {
    Q_OBJECT
public:
    enum class Operation {
        Read,
        Write,
        Remove
    };
    Q_ENUM(Operation)

    explicit PasswordKeychain(QObject *parent = nullptr);

    /// True when the program was built with qtkeychain (whether a daemon runs is known only
    /// after the first operation: see finished()).
    static bool compiledIn();
    /// The keychain entry's name for a connection: "user@host:port/dbname", plus the service or
    /// hostaddr when one is given (the PG* environment applied), so that the same database reached
    /// under the same role finds its password and no other server ever does.
    static QString keyFor(const QString &connInfo);
    /// An entry name no connection has: reading it only asks whether a keychain answers (an
    /// empty connection string's key would be a real entry: the default database's).
    static QString probeKey() { return QStringLiteral("outbox-monitor: keychain availability probe"); }

    /// Reads the password stored for `key`; finished(Read, key, ok, password, message).
    /// A missing entry is ok = true with an empty password.
    void read(const QString &key);
    /// Stores `password` for `key`.
    void write(const QString &key, const QString &password);
    /// Removes the entry for `key` (a missing entry is not an error).
    void remove(const QString &key);

signals:
    /// One per read/write/remove. `ok` = false: the keychain could not be used, `message` says
    /// why in words for the operator (the password is never part of it).
    void finished(om::PasswordKeychain::Operation operation, const QString &key, bool ok,
                  const QString &password, const QString &message);

private:
    void fail(Operation operation, const QString &key, const QString &reason);
};

} // namespace om
