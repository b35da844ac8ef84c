// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/auditfilter.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

#include <QDateTime>

namespace om::sql {

/// The statements of the incident report (core/audit/IncidentQuery): what was done in a range,
/// from the audit trail, and what is still open now, from the message table.

/// The server's clock as epoch seconds (a report without an audit table still needs its "now").
Statement serverNow();
/// One row: audit rows, distinct messages touched, the server's now() as epoch seconds.
Statement incidentTotals(const SchemaProfile &profile, const AuditFilter &filter);
/// Audit rows grouped by action, database user, OS user@host and ticket, most rows first, at
/// most `limit` groups. Columns: action, db user, os@host, ticket, rows, distinct messages, first
/// and last epoch, the three most frequent reasons as a JSON array.
Statement incidentGroups(const SchemaProfile &profile, const AuditFilter &filter, int limit);
/// Audit rows per (bucket, action): bucket start epoch (date_bin aligned to `origin`), action, count.
Statement incidentTimeline(const SchemaProfile &profile, const AuditFilter &filter, int bucketSeconds,
                           const QDateTime &origin);
/// Messages in `states`, oldest `sinceLogical` first, at most `limit`; with `pastTimeoutMinutes`
/// > 0 only those older than that. Columns: id, key, state, age seconds, error message.
/// `sinceLogical` must be a column of the profile.
Statement openMessages(const SchemaProfile &profile, const QStringList &states, const QString &sinceLogical,
                       int pastTimeoutMinutes, int limit);
/// Messages now in `states` whose `sinceLogical` time lies in [from, to) (the report's range),
/// earliest first, at most `limit`. Columns: id, key, state, age seconds (now - since), error
/// message, since as epoch seconds, and how many match in all (the same in every row: one round
/// trip). `sinceLogical` must be a column of the profile.
Statement messagesInRange(const SchemaProfile &profile, const QStringList &states, const QString &sinceLogical,
                          const QDateTime &from, const QDateTime &to, int limit);

} // namespace om::sql
