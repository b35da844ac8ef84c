// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/health/healthservice.h"
#include "core/service/servicecall.h"

namespace om {

HealthService::HealthService(DatabaseLink *link, SchemaProfile profile) : m_link(link), m_profile(std::move(profile)) {}

PendingCall HealthService::report(int olderThanDays, Reply<HealthReport> reply) const {
    const TableHealthReader reader(m_profile);
    return serviceCall<HealthReport>(
        m_link, Lane::Browse, std::move(reply),
        [reader, olderThanDays](PgSession &s) { return reader.read(s, olderThanDays); },
        QStringLiteral("table-health"));
}

} // namespace om
