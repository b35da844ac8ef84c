// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/auditservice.h"
#include "core/service/servicecall.h"

namespace om {

AuditService::AuditService(DatabaseLink *link, SchemaProfile profile) : m_link(link), m_profile(std::move(profile)) {}

PendingCall AuditService::page(const AuditFilter &filter, const AuditCursor &after, int limit, Reply<AuditPage> reply) const {
    const AuditQuery q(m_profile);
    return serviceCall<AuditPage>(m_link, Lane::Browse, std::move(reply), [q, filter, after, limit](PgSession &s) {
        return q.fetchPage(s, filter, after, limit);
    });
}

PendingCall AuditService::incident(const QDateTime &from, const QDateTime &to, const QString &ticket,
                                   Reply<IncidentData> reply) const {
    const IncidentQuery q(m_profile);
    return serviceCall<IncidentData>(m_link, Lane::Browse, std::move(reply),
                                     [q, from, to, ticket](PgSession &s) { return q.run(s, from, to, ticket); });
}

} // namespace om
