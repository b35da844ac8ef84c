// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/lookupsql.h"

#include "core/sql/sqltext.h"

namespace om::sql {
namespace {

/// The name whose id satisfies `idMatches` (a condition on `om_l.<id>`), NULL when none.
QString nameWhere(const LookupDef &l, const QString &idMatches) {
    // One probe of the lookup's id index per value shown.
    return QStringLiteral("(SELECT om_l.%1::text FROM %2 om_l WHERE %3 LIMIT 1)").arg(quoteIdentifier(l.nameColumn), l.qualifiedTable(), idMatches);
}

} // namespace

QString lookupName(const SchemaProfile &p, const QString &logical, const QString &value) {
    const LookupDef *l = p.lookup(logical);
    return l ? nameWhere(*l, QStringLiteral("om_l.%1 = %2").arg(quoteIdentifier(l->idColumn), value)) : QStringLiteral("NULL::text");
}

QString shownValue(const SchemaProfile &p, const QString &logical, const QString &value) {
    if (!p.lookup(logical))
        return value + QLatin1String("::text");
    return QStringLiteral("coalesce(%1, %2::text)").arg(lookupName(p, logical, value), value); // no name: the id
}

QString shownText(const SchemaProfile &p, const QString &logical, const QString &text) {
    const LookupDef *l = p.lookup(logical);
    if (!l)
        return text;
    return QStringLiteral("coalesce(%1, %2)").arg(nameWhere(*l, QStringLiteral("om_l.%1::text = %2").arg(quoteIdentifier(l->idColumn), text)), text);
}

QString shownValueIn(const SchemaProfile &p, const QString &logical, const QString &namesParam) {
    const QString column = p.col(logical);
    const LookupDef *l = p.lookup(logical);
    if (!l)
        return QStringLiteral("%1::text = ANY(%2::text[])").arg(column, namesParam);
    return QStringLiteral("(%1 IN (SELECT om_l.%2 FROM %3 om_l WHERE om_l.%4::text = ANY(%5::text[])) OR %1::text = ANY(%5::text[]))")
        .arg(column, quoteIdentifier(l->idColumn), l->qualifiedTable(), quoteIdentifier(l->nameColumn), namesParam);
}

} // namespace om::sql
