// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/auditinsert.h"
#include "core/sql/sqltext.h"

namespace om::kit {

QString auditInsertSql(const SchemaProfile &p, const AuditRows &rows) {
    const AuditDef &au = p.audit;
    QStringList cols, values;
    auto add = [&](const char *logical, const QString &value) {
        if (au.columns.contains(QLatin1String(logical))) {
            cols << sql::quoteIdentifier(au.column(QLatin1String(logical)));
            values << value;
        }
    };
    // A text audit column (the kit's own audit table) holds any id type as the server prints it.
    add("messageId", p.types.auditMessageId == p.types.id ? QStringLiteral("om_id")
                                                          : QStringLiteral("om_id::") + sqlTypeName(p.types.auditMessageId));
    add("action", sql::quoteLiteral(rows.action));
    add("reason", QStringLiteral("v_reason"));
    add("ticket", QStringLiteral("v_ticket"));
    add("oldStatus", QStringLiteral("om_old"));
    add("newStatus", sql::quoteLiteral(rows.newStatus));
    add("changedBy", QStringLiteral("session_user"));
    add("changedAt", QStringLiteral("now()"));
    add("osUser", QStringLiteral("nullif(p_os_user, '')"));
    add("host", QStringLiteral("nullif(p_client_host, '')"));
    add("appVersion", QStringLiteral("nullif(p_app_version, '')"));
    add("actionId", QStringLiteral("p_action_id"));
    return QStringLiteral("INSERT INTO %1 (%2) SELECT %3 FROM %4")
        .arg(p.qualifiedAuditTable(), cols.join(QLatin1String(", ")), values.join(QLatin1String(", ")), rows.source);
}

} // namespace om::kit
