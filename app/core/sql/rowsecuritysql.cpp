// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/rowsecuritysql.h"
#include "core/sql/sqltext.h"

namespace om::sql {

namespace {

/// A policy applies to the role when it names PUBLIC (oid 0) or a role whose privileges the
/// role has; pg_has_role() refuses oid 0, hence the CASE.
const char *const kAppliesToRole =
    "EXISTS (SELECT 1 FROM unnest(pol.polroles) pr(oid) "
    "WHERE CASE WHEN pr.oid = 0 THEN true ELSE pg_has_role(current_user, pr.oid, 'USAGE') END)";

} // namespace

QString rowSecurityObject(const QString &regclass) {
    const QString applies = QLatin1String(kAppliesToRole);
    // polcmd: 'r' SELECT, '*' ALL; a read uses both kinds.
    return QStringLiteral(
               "SELECT json_build_object('enabled', c.relrowsecurity, 'forced', c.relforcerowsecurity, "
               "'active', row_security_active(c.oid), 'role', current_user, "
               "'superuser', r.rolsuper, 'bypass', r.rolbypassrls, "
               "'owner', pg_has_role(current_user, c.relowner, 'USAGE'), "
               "'open_policy', (SELECT min(pol.polname::text) FROM pg_policy pol WHERE pol.polrelid = c.oid "
               "AND pol.polpermissive AND pol.polcmd IN ('r', '*') "
               "AND pg_get_expr(pol.polqual, pol.polrelid) = 'true' AND %2), "
               "'restrictive', (SELECT count(*) FROM pg_policy pol WHERE pol.polrelid = c.oid "
               "AND NOT pol.polpermissive AND pol.polcmd IN ('r', '*') AND %2))::text "
               "FROM pg_class c JOIN pg_roles r ON r.rolname = current_user WHERE c.oid = %1")
        .arg(regclass, applies);
}

QString rowSecurityColumn(const SchemaProfile &profile) {
    return QStringLiteral("(%1) AS row_security").arg(rowSecurityObject(quoteLiteral(profile.qualifiedTable()) + QLatin1String("::regclass")));
}

QString otherRowSecurityColumn(const SchemaProfile &profile) {
    const QList<ReadTable> tables = profile.readTables();
    if (tables.size() < 2)
        return QStringLiteral("NULL::text AS row_security_others");
    QStringList names;
    for (const ReadTable &t : tables.mid(1))
        names << QLatin1Char('(') + quoteLiteral(t.name) + QLatin1Char(')');
    // to_regclass: a missing table has no facts (the check says it is missing), no error here.
    return QStringLiteral("(SELECT json_agg(json_build_object('table', t.name, 'facts', (%1)::json))::text "
                          "FROM (VALUES %2) t(name)) AS row_security_others")
        .arg(rowSecurityObject(QStringLiteral("to_regclass(t.name)")), names.join(QLatin1String(", ")));
}

Statement rowSecurityFacts(const QString &qualifiedName) {
    Statement s;
    s.text = rowSecurityObject(QStringLiteral("to_regclass(%1)").arg(param(s.params, qualifiedName)));
    return s;
}

} // namespace om::sql
