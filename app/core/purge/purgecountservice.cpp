// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/purge/purgecountservice.h"
#include "core/purge/purgerunner.h"
#include "core/service/servicecall.h"

namespace om {

PurgeCountService::PurgeCountService(DatabaseLink *link, SchemaProfile profile)
    : m_link(link), m_profile(std::move(profile)) {}

PendingCall PurgeCountService::estimate(const PurgeRequest &request, Reply<qint64> reply) const {
    const PurgeRunner runner(m_profile);
    return serviceCall<qint64>(
        m_link, Lane::Browse, std::move(reply),
        [runner, request](PgSession &s) { return runner.estimate(s, request); },
        QStringLiteral("purge-estimate"));
}

PendingCall PurgeCountService::count(const PurgeRequest &request, Reply<qint64> reply) const {
    const PurgeRunner runner(m_profile);
    return serviceCall<qint64>(
        m_link, Lane::Browse, std::move(reply),
        [runner, request](PgSession &s) { return runner.count(s, request); },
        QStringLiteral("purge-count"));
}

} // namespace om
