// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// The server a step of an action met: which data it holds (the cluster's system identifier and
/// the database) and where it was (its address and port, for the operator). A primary and its
/// standby promoted in a failover hold the same data at another address; a server reached at
/// the same address after a rebuild or a DNS change may hold other data.
struct ActionServer {
    QString systemId; ///< pg_control_system(): a physical standby has its primary's
    QString database;
    QString address; ///< "10.0.0.7:5432", as the server sees itself (inet_server_addr, port)

    bool isKnown() const { return !systemId.isEmpty() && !database.isEmpty(); }
    /// The same database of the same cluster: the same data, wherever it is now.
    bool sameData(const ActionServer &o) const { return systemId == o.systemId && database == o.database; }
};

} // namespace om
