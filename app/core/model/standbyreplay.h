// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QDateTime>
#include <optional>

namespace om {

/// How far a standby is behind its primary, as the standby itself can tell (read on the Monitor
/// lane with every snapshot when the window reads a standby, GatewayConfig::standbyConnInfo; the
/// statement is dashboard/standbyreplayquery).
struct StandbyReplay {
    bool inRecovery = true; ///< false: the server is not a standby (any more: promoted)
    bool receiving = false; ///< a WAL receiver runs: the standby streams from its primary
    /// Seconds the numbers may be behind the primary: 0 while it streams and has replayed all it
    /// received; else since the last replayed commit (an idle primary then makes it look further
    /// behind than it is, never less). Empty when nothing has been replayed since it started.
    std::optional<double> lagS;
    QDateTime lastReplayAt; ///< commit time of the last replayed transaction (UTC); invalid when none

    /// The numbers are older than `maxLagS` allows (or how old cannot be told while not streaming).
    bool isStale(int maxLagS) const;
};

} // namespace om
