// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/profilecheckservice.h"
#include "core/service/servicecall.h"

namespace om {

ProfileCheckService::ProfileCheckService(DatabaseLink *link, SchemaProfile profile)
    : m_link(link), m_profile(std::move(profile)) {}

PendingCall ProfileCheckService::check(int stuckTimeoutMinutes, Reply<ProfileCheckReport> reply) const {
    const ProfileCheck check(m_profile);
    return serviceCall<ProfileCheckReport>(m_link, Lane::Monitor, std::move(reply), [check, stuckTimeoutMinutes](PgSession &s) {
        return check.run(s, stuckTimeoutMinutes);
    });
}

} // namespace om
