// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QMetaType>
#include <QString>

struct pg_conn; // libpq's PGconn; libpq's header stays inside app/pg's .cpp files

namespace om {

/// What libpq can say about the TLS of one open connection, read once when it opened. Plain
/// values, so that they can cross threads and be shown as they are.
struct TlsFacts {
    bool inUse = false; ///< the session is encrypted with TLS (PQsslInUse)
    QString protocol;   ///< e.g. "TLSv1.3" (empty when not in use)
    QString cipher;     ///< e.g. "TLS_AES_256_GCM_SHA384"
    int keyBits = 0;    ///< bits of the cipher's key (256 for AES-256), not the certificate's key
    QString sslMode;    ///< the sslmode libpq connected with (the string's, the environment's or "prefer")
    /// libpq checked the server's certificate against a root certificate and the session is
    /// encrypted: sslmode verify-ca or verify-full, or any TLS session for which libpq found a
    /// root certificate file (sslrootcert, or ~/.postgresql/root.crt), which it then always checks.
    bool serverVerified = false;
    /// libpq also checked that the certificate names the host connected to (sslmode verify-full).
    bool hostVerified = false;
    /// libpq had a client certificate to offer (sslcert, or ~/.postgresql/postgresql.crt, exists)
    /// and the session is encrypted. libpq sends it when the server asks for one; whether the
    /// server asked and what it made of it, only the server can say (pg_stat_ssl.client_dn).
    bool clientCertificate = false;
};

/// What libpq reported, before the files named in it were looked at: the pure input of
/// tlsFactsFrom(), so that the rules can be tested without a connection.
struct TlsReadings {
    bool inUse = false;
    QString protocol, cipher, keyBits;   ///< PQsslAttribute's strings (null when not in use)
    QString sslMode;                     ///< PQconninfo's sslmode
    bool rootCertificateFound = false;   ///< the root certificate file libpq would load exists
    bool clientCertificateFound = false; ///< the client certificate file libpq would load exists
};

/// The facts that follow from libpq's readings (libpq's own rules, see TlsFacts).
TlsFacts tlsFactsFrom(const TlsReadings &readings);

/// The file libpq loads for `setting` (sslcert, sslrootcert): the setting itself when given, else
/// `defaultName` in ~/.postgresql of `home` (libpq's home: $HOME, else the account's); empty when
/// neither is known.
QString libpqCertificatePath(const QString &setting, const QString &home, const QString &defaultName);

/// Reads the facts of an open connection (its thread only, like any call on it). Never throws;
/// a null connection gives TlsFacts().
TlsFacts readTlsFacts(pg_conn *conn);

} // namespace om

Q_DECLARE_METATYPE(om::TlsFacts)
