// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/limits.h"
#include "link/linkfacts.h"

#include <QString>

namespace om {

/// Settings shared by every lane's session.
struct GatewayConfig {
    QString connInfo;
    QString password;      ///< from the OS keychain; see PgSession::Options::password
    bool readOnly = false; ///< every session read-only; the Action lane refuses work
    int statementTimeoutMs = limits::kStatementTimeoutMs;
    int lockTimeoutMs = limits::kActionLockTimeoutMs; ///< Action lane only: a worker's row lock never hangs an action
    QString applicationName = QStringLiteral("outbox-monitor");
    int connectTimeoutS = 5;
    /// A job on the Monitor or Browse lane with no answer after this long means the server (or
    /// the network to it) stopped answering; 0 = watchdogBoundMs()'s default.
    int watchdogMs = 0;
    /// A read-only hot standby of the same cluster: when set, the Monitor and Browse lanes read
    /// it (read-only sessions) and only the Action lane (and the NOTIFY listener) reach connInfo,
    /// the primary. The same password serves both: a physical standby has the primary's roles.
    QString standbyConnInfo;
    /// Numbers read from the standby while its replay is further behind than this are shown as
    /// stale (the dashboard's health line, the lists' age labels).
    int standbyMaxLagS = limits::kStandbyMaxLagS;
    /// What stands between the program and the server (a pooler, and in which mode); Auto finds
    /// out on each lane's connection (LinkFacts).
    PoolSetting pooling = PoolSetting::Auto;
};

} // namespace om
