// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QMetaType>
#include <QString>

namespace om {

/// What the system keychain answered one operation, as a kind the operator can act on. The
/// operator reads our sentence for the kind; the backend's own words (libsecret's, untranslated
/// and different from machine to machine: "Could not connect: No such file or directory",
/// "Failed to execute child process "dbus-launch"") are kept as details, shown on a line of their
/// own at most, never as the sentence.
struct KeychainAnswer {
    enum class Kind {
        Answered,        ///< the keychain did what was asked (a missing entry included)
        NotInThisBuild,  ///< built without qtkeychain
        NoSessionBus,    ///< no D-Bus session bus to reach a keychain through (SSH, a container, cron)
        NoLibsecret,     ///< a session bus, but libsecret (which qtkeychain loads at run time) is missing
        NoSecretService, ///< a session bus, but no secret service (GNOME Keyring, …) on it
        Locked,          ///< the keychain is locked and was not unlocked (the unlock refused or failed)
        Denied,          ///< the keychain refused this program access
        NoAnswer,        ///< no answer within the bound (an unlock prompt waiting, a hung daemon)
        Failed           ///< any other error: the details say what the backend said
    };

    Kind kind = Kind::Answered;
    QString details;      ///< the backend's own words, for a details line; "" when none
    int boundSeconds = 0; ///< NoAnswer: how long the program waited

    bool ok() const { return kind == Kind::Answered; }
    /// Our translated sentence for `kind` ("" for Answered). `boundSeconds`: NoAnswer's wait.
    static QString sentence(Kind kind, int boundSeconds = 0);
    QString sentence() const { return sentence(kind, boundSeconds); }
    /// The sentence and, after it, where passwords come from instead (libpq's own sources);
    /// "" when ok.
    QString message() const;
    /// "Details: …" with the backend's words, or "" when it said nothing.
    QString detailsLine() const;
    /// message(), and detailsLine() on a line of its own when there is one.
    QString messageWithDetails() const;

    /// qtkeychain's error codes, as far as they tell a kind apart (the rest is Other).
    enum class BackendError {
        AccessDenied,       ///< libsecret: the collection is locked (SECRET_ERROR_IS_LOCKED); KWallet: not opened
        AccessDeniedByUser, ///< macOS / Windows: the user said no
        NoBackendAvailable, ///< KWallet / old GNOME Keyring: no daemon
        Other               ///< libsecret's D-Bus errors, "Unknown error" when no backend loads, …
    };
    /// What the machine offers a keychain, read when an operation failed.
    struct Environment {
        bool sessionBus = true; ///< a D-Bus session bus answers at the address the session names
        bool libsecret = true;  ///< libsecret can be loaded (Linux; always true elsewhere)
        /// This process's environment (DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR) and libraries.
        static Environment current();
    };
    /// The kind of a failed operation, from qtkeychain's code, the backend's words (only the
    /// D-Bus name of the secret service is looked for in them, never wording) and the machine.
    static KeychainAnswer failure(BackendError error, const QString &backendText, const Environment &environment);
};

/// True when a D-Bus session bus accepts a connection where this session says it is:
/// DBUS_SESSION_BUS_ADDRESS's unix socket (path or abstract), or, when that is unset,
/// $XDG_RUNTIME_DIR/bus as GLib and libdbus look for it. A transport that cannot be tried without
/// speaking D-Bus (tcp, launchd, …) counts as answering. Only connects a local socket: no wait.
bool sessionBusAnswers();

} // namespace om

Q_DECLARE_METATYPE(om::KeychainAnswer)
