// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

class PgSession;

/// Who a server is, whatever the connection string called it: the cluster's system identifier
/// (pg_control_system(), readable by every role; the same on a primary and its physical standbys,
/// so a failover keeps one history) and the database. The local store (history, settings, saved
/// filters) is keyed by it: two strings that reach one database share their history, two that
/// look alike but reach different databases never do.
struct ServerIdentity {
    QString systemId;
    QString database;

    bool isValid() const { return !systemId.isEmpty() && !database.isEmpty(); }
    /// The local store's key for this server's database monitored with `profileId`.
    QString storeKey(const QString &profileId) const;
    /// True for a key storeKey() made (not a connection string's text key).
    static bool isIdentityKey(const QString &key) { return key.startsWith(QLatin1String("server:")); }
    bool operator==(const ServerIdentity &o) const { return systemId == o.systemId && database == o.database; }

    /// Asks the server (one round trip). Throws PgError like any query.
    static ServerIdentity read(PgSession &session);
};

} // namespace om
