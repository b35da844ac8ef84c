// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/auditcursor.h"
#include "core/model/auditfilter.h"
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om::sql {

/// The statements over a profile's audit table (alias `a`) joined to its message table (alias
/// `m`): the audit trail's pages (core/audit/AuditQuery) and the pieces the incident report reuses.

/// The audit column for `logical` as `a."real"`, or `NULL::text` when the profile's audit
/// table has no such column (user profiles may leave some out).
QString auditColumn(const SchemaProfile &profile, const QString &logical);
/// WHERE condition over `a` and `m`, appending its values to `params` ($n continues from
/// params.size()). "TRUE" when the filter is empty.
QString auditWhere(const SchemaProfile &profile, const AuditFilter &filter, QVariantList &params);
/// `FROM audit a LEFT JOIN table m ON ... WHERE <filter>`, its values appended to `params`.
QString auditFrom(const SchemaProfile &profile, const AuditFilter &filter, QVariantList &params);
/// The join condition of an audit row (a) to its message (m), casting a text audit id to the id's type.
QString auditMessageJoin(const SchemaProfile &profile);
/// One page, newest first, keyset after `after`; `limit` + 1 rows so that the caller sees whether
/// more follow. Columns: audit id, changed-at epoch, changed-at text, action, message id, message
/// key, old status, new status, reason, ticket, db user, OS user, host, app version, action id.
Statement auditPage(const SchemaProfile &profile, const AuditFilter &filter, const AuditCursor &after, int limit);

} // namespace om::sql
