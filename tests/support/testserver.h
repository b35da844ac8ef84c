// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a test reaches the throwaway PostgreSQL server that scripts/test started: one place for
// its port, its user and the loopback connection strings the proxies and the TLS tests need.
#include <QString>
#include <QtGlobal>

namespace om::test {

/// The server's TCP port (PGPORT); 0 when the harness gave none.
quint16 serverPort();
/// The role the tests log in as (PGUSER, postgres by default).
QString serverUser();
/// libpq keyword/value string to `dbname` over TCP on 127.0.0.1:`port` (the server's own port,
/// or a proxy's in front of it) as serverUser(), with `extra` keywords appended.
QString loopbackConnectionString(quint16 port, const QString &dbname, const QString &extra = QString());
/// The port of the harness's PgBouncer in `mode` ("session", "transaction" or "statement") in
/// front of the server (scripts/lib/pgbouncer.sh); 0 when the harness started none.
quint16 poolerPort(const QString &mode);
/// A port on 127.0.0.1 where nothing listens: a socket of the test's own holds it bound, never
/// listening, so a connection there is refused at once and nothing else can take the port.
quint16 closedPort();

/// The TLS server scripts/test starts beside the suite's server (scripts/lib/pgtls.sh): its port
/// (OM_TLS_PORT; 0 when the harness gave none). The suite's own server has no TLS.
quint16 tlsServerPort();
/// A file of the run's certificates (OM_TLS_DIR): ca.crt, client.crt/.key, wrong-ca.crt,
/// wrong-client.crt/.key (see pgtls.sh).
QString tlsFile(const QString &name);
/// The role that the TLS server lets in only over TLS with a verified client certificate, and the
/// only database it may reach (OM_TLS_ROLE, OM_TLS_DATABASE).
QString tlsRole();
QString tlsDatabase();
/// libpq keyword/value string to the TLS server as `user` (tlsRole() when empty) and tlsDatabase():
/// host name localhost (what the server's certificate names) at 127.0.0.1 (where it listens), with
/// `extra` appended. Say sslmode in `extra`: the tests choose it, not the environment.
QString tlsConnectionString(const QString &extra, const QString &user = QString());
/// Empty when the harness set up the TLS server; otherwise what is missing (a test fails with it).
QString tlsHarnessProblem();

} // namespace om::test
