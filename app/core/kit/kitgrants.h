#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om::kit {

/// The two group roles of the kit and the names a DBA gives them.
struct KitRoles {
    QString auditor = QStringLiteral("outbox_auditor");
    QString operatorRole = QStringLiteral("outbox_operator");
};

/// The roles and this table's privileges, by the rules of kit/roles.sql: both roles created when
/// missing (NOLOGIN); SELECT only on the table and its audit table for both (every other
/// privilege revoked, the audit id's sequence included); EXECUTE on the action function for the
/// operator only (revoked from PUBLIC and the auditor), refused when the operator role can become
/// the function's owner. `withFunction`: the profile has an action function. Idempotent.
QString grantsSql(const SchemaProfile &withAudit, const KitRoles &roles, bool withFunction);

} // namespace om::kit
