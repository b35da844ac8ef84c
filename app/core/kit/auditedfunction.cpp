// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/auditedfunction.h"
#include "core/sql/sqltext.h"

namespace om::kit {

AuditedFunction AuditedFunction::ofTable(const SchemaProfile &profile, const QString &kind, const QString &name) {
    AuditedFunction f;
    f.kind = kind;
    f.profileId = profile.id;
    f.schema = profile.schema;
    f.name = name;
    f.table = profile.qualifiedTable();
    f.auditTable = profile.qualifiedAuditTable();
    return f;
}

QString AuditedFunction::qualifiedName() const {
    return sql::quoteIdentifier(schema) + QLatin1Char('.') + sql::quoteIdentifier(name);
}

QString AuditedFunction::signature() const {
    QStringList types;
    for (const SqlVariable &a : arguments)
        types << a.type;
    return qualifiedName() + QLatin1Char('(') + types.join(QLatin1Char(',')) + QLatin1Char(')');
}

} // namespace om::kit
