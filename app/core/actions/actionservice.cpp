// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/actions/actionservice.h"
#include "core/service/servicecall.h"

namespace om {

ActionService::ActionService(DatabaseLink *link, SchemaProfile profile) : m_link(link), m_profile(std::move(profile)) {}

PendingCall ActionService::preview(const ActionRequest &request, int cap, Reply<ActionPreview> reply) const {
    const SchemaProfile profile = m_profile;
    const Lane lane = m_link->readsStandby() ? Lane::Action : Lane::Browse;
    return serviceCall<ActionPreview>(m_link, lane, std::move(reply), [profile, request, cap](PgSession &s) {
        return ActionRunner(profile).preview(s, request, cap);
    });
}

PendingCall ActionService::run(const ActionRequest &request, std::shared_ptr<ActionProgress> progress,
                               Reply<ActionResult> reply) const {
    const SchemaProfile profile = m_profile;
    return serviceCall<ActionResult>(m_link, Lane::Action, std::move(reply), [profile, request, progress](PgSession &s) {
        return ActionRunner(profile).run(s, request, progress.get());
    });
}

PendingCall ActionService::recheck(const QUuid &actionId, qint64 xid, Reply<ActionRecheck> reply) const {
    const SchemaProfile profile = m_profile;
    return serviceCall<ActionRecheck>(m_link, Lane::Action, std::move(reply), [profile, actionId, xid](PgSession &s) {
        return ActionRunner(profile).recheck(s, actionId, xid);
    });
}

PendingCall ActionService::privileges(Lane lane, Reply<Privileges> reply) const {
    const PrivilegeCheck check(m_profile);
    return serviceCall<Privileges>(m_link, lane, std::move(reply), [check](PgSession &s) { return check.run(s); });
}

} // namespace om
