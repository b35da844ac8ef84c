// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/failuregroup.h"
#include "core/profile/schemaprofile.h"
#include "link/pendingcall.h"

namespace om {

class DatabaseLink;

/// The failure groups the dashboard shows, read on the Monitor lane between snapshots.
class FailureGroupService {
public:
    FailureGroupService(DatabaseLink *link, SchemaProfile profile);

    PendingCall groups(Reply<FailureGroups> reply) const;

private:
    DatabaseLink *m_link;
    SchemaProfile m_profile;
};

} // namespace om
