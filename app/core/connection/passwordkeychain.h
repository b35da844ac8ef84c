// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/passwordkeychainanswer.h"

#include <QObject>
#include <QString>

namespace om {

/// Remembers a connection's password in the operating system's keychain (qtkeychain: Secret
/// Service / KWallet, macOS Keychain, Windows Credential Store), never anywhere else: no
/// QSettings, no local store, no connection string, and never the library's plain-text fallback.
///
/// Every operation is asynchronous (qtkeychain talks to a daemon over D-Bus) and ends with
/// exactly one finished() signal: the keychain's answer, or NoAnswer when none came within
/// answerBoundMs(). When this build has no keychain support, or no keychain answers (CI,
/// offscreen, a bare server, a locked keychain), the answer's kind says which, in a sentence of
/// ours that also names libpq's own sources (.pgpass, PGPASSFILE, a service file, PGPASSWORD).
///
/// This object may be destroyed at any time, also while an operation is outstanding: qtkeychain's
/// libsecret backend keeps a raw pointer to its job until libsecret answers (there is no way to
/// cancel it), so the jobs are never children of this object. They belong to the application,
/// delete themselves once finished, and their answer reaches this object only while it exists.
class PasswordKeychain : public QObject {
    Q_OBJECT
public:
    enum class Operation {
        Read,
        Write,
        Remove
    };
    Q_ENUM(Operation)

    /// How long an operation waits for the keychain before it ends with NoAnswer: below D-Bus's
    /// own 25 s call timeout, so that a hung daemon is said as such, and long enough for an
    /// operator to type the keychain's unlock password when it asks.
    static constexpr int kDefaultAnswerBoundMs = 20000;

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
    /// The service name entries are kept under (what a keyring manager, or secret-tool's
    /// "server" attribute, shows).
    static QString serviceName();

    void setAnswerBoundMs(int ms) { m_boundMs = ms; }
    int answerBoundMs() const { return m_boundMs; }

    /// Reads the password stored for `key`; finished(Read, key, answer, password).
    /// A missing entry is answered (ok) with an empty password.
    void read(const QString &key);
    /// Stores `password` for `key`, replacing what was stored.
    void write(const QString &key, const QString &password);
    /// Removes the entry for `key` (a missing entry is not an error).
    void remove(const QString &key);

signals:
    /// One per read/write/remove. `answer.ok()` = false: the keychain could not be used; its
    /// message() says why in words for the operator (the password is never part of it).
    void finished(om::PasswordKeychain::Operation operation, const QString &key, const om::KeychainAnswer &answer,
                  const QString &password);

private:
    /// Delivers `answer` queued: callers connect after calling, and a failure found at once must
    /// look like any other finish.
    void finishLater(Operation operation, const QString &key, const KeychainAnswer &answer);

    int m_boundMs = kDefaultAnswerBoundMs;
};

} // namespace om
