// SPDX-License-Identifier: GPL-3.0-or-later
#include "link/tlsfacts.h"

#include <QFileInfo>
#include <libpq-fe.h>

#include <pwd.h>
#include <unistd.h>
#include <vector>

namespace om {

namespace {

/// The home directory libpq looks in for ~/.postgresql (pqGetHomeDirectory): $HOME when set,
/// else the account's own.
QString libpqHome() {
    const QString home = qEnvironmentVariable("HOME");
    if (!home.isEmpty())
        return home;
    passwd entry{};
    passwd *found = nullptr;
    std::vector<char> buffer(16384);
    if (getpwuid_r(geteuid(), &entry, buffer.data(), buffer.size(), &found) == 0 && found && found->pw_dir)
        return QString::fromLocal8Bit(found->pw_dir);
    return {};
}

} // namespace

TlsFacts tlsFactsFrom(const TlsReadings &r) {
    TlsFacts f;
    f.sslMode = r.sslMode;
    if (!r.inUse)
        return f;
    f.inUse = true;
    f.protocol = r.protocol;
    f.cipher = r.cipher;
    f.keyBits = r.keyBits.toInt();
    // libpq checks the server's chain whenever it loaded a root certificate (in any sslmode;
    // with prefer a failed check falls back to no TLS, so a session still encrypted passed it),
    // and in verify-ca/verify-full it refuses to connect without one.
    f.serverVerified = r.sslMode.startsWith(QLatin1String("verify-")) || r.rootCertificateFound;
    f.hostVerified = r.sslMode == QLatin1String("verify-full");
    // libpq loads the client certificate whenever its file exists (a missing one is not an
    // error); a connection that then succeeded had it to offer.
    f.clientCertificate = r.clientCertificateFound;
    return f;
}

QString libpqCertificatePath(const QString &setting, const QString &home, const QString &defaultName) {
    if (!setting.isEmpty())
        return setting;
    if (home.isEmpty())
        return {};
    return home + QStringLiteral("/.postgresql/") + defaultName;
}

TlsFacts readTlsFacts(pg_conn *conn) {
    if (!conn)
        return {};
    TlsReadings r;
    r.inUse = PQsslInUse(conn) == 1;
    QString sslCert, sslRootCert;
    // The options the connection was made with, the environment's and libpq's defaults included.
    if (PQconninfoOption *options = PQconninfo(conn)) {
        for (const PQconninfoOption *o = options; o->keyword; ++o) {
            if (!o->val)
                continue;
            const QLatin1String keyword(o->keyword);
            if (keyword == QLatin1String("sslmode"))
                r.sslMode = QString::fromUtf8(o->val);
            else if (keyword == QLatin1String("sslcert"))
                sslCert = QString::fromUtf8(o->val);
            else if (keyword == QLatin1String("sslrootcert"))
                sslRootCert = QString::fromUtf8(o->val);
        }
        PQconninfoFree(options);
    }
    if (r.inUse) {
        auto attribute = [conn](const char *name) {
            const char *value = PQsslAttribute(conn, name);
            return value ? QString::fromUtf8(value) : QString();
        };
        r.protocol = attribute("protocol");
        r.cipher = attribute("cipher");
        r.keyBits = attribute("key_bits");
        const QString home = libpqHome();
        const QString root = libpqCertificatePath(sslRootCert, home, QStringLiteral("root.crt"));
        const QString client = libpqCertificatePath(sslCert, home, QStringLiteral("postgresql.crt"));
        r.rootCertificateFound = !root.isEmpty() && QFileInfo::exists(root);
        r.clientCertificateFound = !client.isEmpty() && QFileInfo::exists(client);
    }
    return tlsFactsFrom(r);
}

} // namespace om
