// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/check/profilecheck.h"
#include "link/pendingcall.h"

namespace om {

class DatabaseLink;

/// The profile check the dashboard runs once per connection (its banner), on the Monitor lane
/// beside the snapshot it explains.
class ProfileCheckService {
public:
    ProfileCheckService(DatabaseLink *link, SchemaProfile profile);

    PendingCall check(int stuckTimeoutMinutes, Reply<ProfileCheckReport> reply) const;

private:
    DatabaseLink *m_link;
    SchemaProfile m_profile;
};

} // namespace om
