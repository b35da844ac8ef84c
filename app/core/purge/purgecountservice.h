// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/purgerequest.h"
#include "core/profile/schemaprofile.h"
#include "link/pendingcall.h"

namespace om {

class DatabaseLink;

/// How many messages a purge would delete, as the purge dialog asks before the operator confirms:
/// the planner's estimate first (milliseconds), then the exact count (a scan of the matching rows).
/// Both on the Browse lane; the newest of each wins.
class PurgeCountService {
public:
    PurgeCountService(DatabaseLink *link, SchemaProfile profile);

    PendingCall estimate(const PurgeRequest &request, Reply<qint64> reply) const;
    PendingCall count(const PurgeRequest &request, Reply<qint64> reply) const;

private:
    DatabaseLink *m_link;
    SchemaProfile m_profile;
};

} // namespace om
