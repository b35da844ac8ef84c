// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/connection/passwordkeychainanswer.h"
#include "core/common/sentences.h"

#include <QCoreApplication>
#include <QLibrary>
#include <QList>

#if defined(Q_OS_UNIX)
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#endif

namespace om {

namespace {

#if defined(Q_OS_UNIX)
/// Whether something listens on the unix socket `name` (a path, or with `abstract` a Linux
/// abstract name). Non-blocking: a listener whose backlog is full (EAGAIN) still counts.
bool unixSocketListens(const QByteArray &name, bool abstract) {
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const int offset = abstract ? 1 : 0; // an abstract name starts with a NUL byte
    if (name.isEmpty() || name.size() + offset >= int(sizeof addr.sun_path))
        return false;
    std::memcpy(addr.sun_path + offset, name.constData(), size_t(name.size()));
    const socklen_t length = socklen_t(offsetof(sockaddr_un, sun_path) + size_t(offset) + size_t(name.size()) + (abstract ? 0 : 1));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return false;
    const int rc = ::connect(fd, reinterpret_cast<const sockaddr *>(&addr), length);
    const bool listens = rc == 0 || errno == EAGAIN || errno == EINPROGRESS;
    ::close(fd);
    return listens;
}
#endif

} // namespace

bool sessionBusAnswers() {
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    const QByteArray address = qgetenv("DBUS_SESSION_BUS_ADDRESS");
    if (address.isEmpty()) {
        // GLib and libdbus then look for systemd's user bus (dbus-user-session) at
        // $XDG_RUNTIME_DIR/bus; a socket left there by a bus that is gone does not count.
        const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
        return !runtime.isEmpty() && unixSocketListens(runtime + "/bus", false);
    }
    // "transport:key=value,key=value;next": each value percent-escaped (D-Bus specification).
    for (const QByteArray &entry : address.split(';')) {
        const int colon = entry.indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray transport = entry.left(colon);
        if (transport != "unix")
            return true; // tcp, launchd, …: only a D-Bus client could tell
        for (const QByteArray &pair : entry.mid(colon + 1).split(',')) {
            const int eq = pair.indexOf('=');
            const QByteArray key = pair.left(eq), value = QByteArray::fromPercentEncoding(pair.mid(eq + 1));
            if ((key == "path" && unixSocketListens(value, false)) || (key == "abstract" && unixSocketListens(value, true)))
                return true;
        }
    }
    return false;
#else
    return true; // no D-Bus: the keychain is reached another way
#endif
}

KeychainAnswer::Environment KeychainAnswer::Environment::current() {
    Environment e;
    e.sessionBus = sessionBusAnswers();
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    // qtkeychain loads libsecret itself at run time (QLibrary "secret-1") and says only "Unknown
    // error" when it cannot; the same load tells.
    QLibrary libsecret(QStringLiteral("secret-1"), 0);
    e.libsecret = libsecret.load();
#endif
    return e;
}

KeychainAnswer KeychainAnswer::failure(BackendError error, const QString &backendText, const Environment &environment) {
    KeychainAnswer a;
    a.details = backendText;
    switch (error) {
    case BackendError::AccessDenied:
        a.kind = Kind::Locked;
        break;
    case BackendError::AccessDeniedByUser:
        a.kind = Kind::Denied;
        break;
    case BackendError::NoBackendAvailable:
        a.kind = environment.sessionBus ? Kind::NoSecretService : Kind::NoSessionBus;
        break;
    case BackendError::Other:
        if (!environment.sessionBus)
            a.kind = Kind::NoSessionBus;
        else if (!environment.libsecret)
            a.kind = Kind::NoLibsecret;
        // libsecret names the service it did not find (D-Bus ServiceUnknown): the name is
        // protocol, the same in every language, unlike the words around it.
        else if (backendText.contains(QLatin1String("org.freedesktop.secrets")))
            a.kind = Kind::NoSecretService;
        else
            a.kind = Kind::Failed;
        break;
    }
    return a;
}

QString KeychainAnswer::sentence(Kind kind, int boundSeconds) {
    switch (kind) {
    case Kind::Answered:
        return QString();
    case Kind::NotInThisBuild:
        return QCoreApplication::translate("PasswordKeychain", "This build of Outbox Monitor has no keychain support.");
    case Kind::NoSessionBus:
        return QCoreApplication::translate("PasswordKeychain", "No system keychain can be reached: this session has no D-Bus session bus (as over SSH, in a "
                  "container or under cron).");
    case Kind::NoLibsecret:
        return QCoreApplication::translate("PasswordKeychain", "No system keychain can be reached: libsecret, through which the program talks to it, is not "
                  "installed.");
    case Kind::NoSecretService:
        return QCoreApplication::translate("PasswordKeychain", "No system keychain is running: the session bus has no secret service (such as GNOME Keyring).");
    case Kind::Locked:
        return QCoreApplication::translate("PasswordKeychain", "The system keychain is locked, and it was not unlocked.");
    case Kind::Denied:
        return QCoreApplication::translate("PasswordKeychain", "The system keychain refused this program access.");
    case Kind::NoAnswer:
        return QCoreApplication::translate("PasswordKeychain",
                                           "The system keychain did not answer within %n second(s); it may be waiting "
                                           "for its unlock password.",
                                           nullptr, boundSeconds);
    case Kind::Failed:
        return QCoreApplication::translate("PasswordKeychain", "The system keychain could not be used.");
    }
    return QString();
}

QString KeychainAnswer::message() const {
    if (ok())
        return QString();
    return joinSentences({sentence(), QCoreApplication::translate("PasswordKeychain", "Passwords come from ~/.pgpass (or PGPASSFILE), a service file or PGPASSWORD instead.")});
}

QString KeychainAnswer::detailsLine() const {
    return details.trimmed().isEmpty() ? QString() : QCoreApplication::translate("PasswordKeychain", "Details: %1").arg(details.trimmed());
}

QString KeychainAnswer::messageWithDetails() const {
    const QString line = detailsLine();
    return line.isEmpty() ? message() : QString(message() + QLatin1Char('\n') + line);
}

} // namespace om
