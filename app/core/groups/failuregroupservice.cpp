// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/groups/failuregroupservice.h"
#include "core/groups/failuregroupquery.h"
#include "core/service/servicecall.h"

namespace om {

FailureGroupService::FailureGroupService(DatabaseLink *link, SchemaProfile profile)
    : m_link(link), m_profile(std::move(profile)) {}

PendingCall FailureGroupService::groups(Reply<FailureGroups> reply) const {
    const FailureGroupQuery q(m_profile);
    // The newest wins: a reading still queued behind a slow snapshot is replaced, never doubled.
    return serviceCall<FailureGroups>(
        m_link, Lane::Monitor, std::move(reply), [q](PgSession &s) { return q.read(s); },
        QStringLiteral("failureGroups"));
}

} // namespace om
