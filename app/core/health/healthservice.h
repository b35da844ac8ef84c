// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/health/tablehealth.h"
#include "link/pendingcall.h"

namespace om {

class DatabaseLink;

/// The table's health (sizes, dead rows, vacuum, retention) for the health view, on the Browse
/// lane; the newest read wins.
class HealthService {
public:
    HealthService(DatabaseLink *link, SchemaProfile profile);

    /// The report, with finished messages older than `olderThanDays` as purge candidates.
    PendingCall report(int olderThanDays, Reply<HealthReport> reply) const;

private:
    DatabaseLink *m_link;
    SchemaProfile m_profile;
};

} // namespace om
