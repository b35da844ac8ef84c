// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/audit/auditquery.h"
#include "core/audit/incidentquery.h"
#include "link/pendingcall.h"

namespace om {

class DatabaseLink;

/// What the audit view, its CSV export and the incident report ask of the database, on the
/// Browse lane.
class AuditService {
public:
    AuditService(DatabaseLink *link, SchemaProfile profile);

    /// Up to `limit` audit rows `filter` selects, after `after` (keyset paging, newest first).
    PendingCall page(const AuditFilter &filter, const AuditCursor &after, int limit, Reply<AuditPage> reply) const;
    /// Everything the incident report of [from, to] shows that the database knows.
    PendingCall incident(const QDateTime &from, const QDateTime &to, const QString &ticket,
                         Reply<IncidentData> reply) const;

private:
    DatabaseLink *m_link;
    SchemaProfile m_profile;
};

} // namespace om
