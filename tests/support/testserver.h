#pragma once
// How a test reaches the throwaway PostgreSQL server that scripts/test started: one place for
// its port, its user and the loopback connection strings the proxies and the TLS tests need.
#include <QString>

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
/// A port on 127.0.0.1 where nothing listens (the system picked it free, then it was closed):
/// a connection there is refused at once.
quint16 closedPort();

} // namespace om::test
