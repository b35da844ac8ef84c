// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om::kit {

/// What one audited statement writes into its audit rows besides who, when and why.
struct AuditRows {
    QString source;    ///< the CTE of the rows it changed, with om_id (the row's id) and om_old (its state before)
    QString action;    ///< the audit action name
    QString newStatus; ///< the state the rows are in afterwards
};

/// `INSERT INTO <audit table> (...) SELECT ... FROM <source>`: one audit row per row of the
/// source, in the profile's audit columns (those it does not map are left out). Who and when
/// come from the server (session_user is the login role, also inside SECURITY DEFINER); the
/// reason, the ticket, the action id and the workstation fields are the audited function's
/// v_reason, v_ticket and arguments (AuditedFunction::arguments), stored as the caller's word.
QString auditInsertSql(const SchemaProfile &withAudit, const AuditRows &rows);

} // namespace om::kit
