// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/adminkit/kitsql.h"
#include "core/actions/actionfunctionsql.h"
#include "core/kit/auditedfunctionsql.h"
#include "core/kit/audittablesql.h"
#include "core/kit/kitautovacuum.h"
#include "core/kit/kitfailuregroups.h"
#include "core/kit/kitindexes.h"
#include "core/sql/kitnames.h"
#include "core/purge/purgefunctionsql.h"
#include "core/sql/sqltext.h"

#include <QCoreApplication>

namespace om {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }

/// `-- ` before every line of `text`.
QString commented(const QString &text) {
    QStringList lines;
    for (const QString &line : text.split(QLatin1Char('\n')))
        lines << (line.isEmpty() ? QStringLiteral("--") : QStringLiteral("-- ") + line);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

/// ARRAY['a', 'b'] of literals.
QString textArray(const QStringList &items) {
    QStringList quoted;
    for (const QString &i : items)
        quoted << lit(i);
    return QStringLiteral("ARRAY[%1]::text[]").arg(quoted.join(QLatin1String(", ")));
}

/// PL/pgSQL that RAISEs when the relation `qualified` lacks one of `columns` (real -> logical),
/// naming each missing column with the profile's name for it.
QString missingColumnsCheck(const QString &qualified, const QMap<QString, QString> &columns, const QString &indent) {
    QStringList real, logical;
    for (auto it = columns.cbegin(); it != columns.cend(); ++it) {
        logical << it.key();
        real << it.value();
    }
    return QStringLiteral(
               "%4SELECT string_agg(format('\"%s\" (profile column %s)', replace(c.col, '\"', '\"\"'), c.logical), ', ' ORDER BY c.ord) INTO v_missing\n"
               "%4  FROM unnest(%2, %3) WITH ORDINALITY AS c(col, logical, ord)\n"
               "%4 WHERE NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = to_regclass(%1)\n"
               "%4                     AND a.attname = c.col AND a.attnum > 0 AND NOT a.attisdropped);\n"
               "%4IF v_missing IS NOT NULL THEN\n"
               "%4    RAISE EXCEPTION 'outbox monitor kit: table % has no column %: nothing was installed', %1, v_missing\n"
               "%4          USING ERRCODE = 'undefined_column',\n"
               "%4                HINT = 'Correct the profile''s \"columns\" (outbox-monitor --check-profile FILE --connect ... lists the columns the table has), then print the kit again.';\n"
               "%4END IF;\n")
        .arg(lit(qualified), textArray(real), textArray(logical), indent);
}

} // namespace

KitSql::KitSql(SchemaProfile profile, kit::KitRoles roles)
    : m_profile(std::move(profile)), m_kit(kit::withKitAudit(m_profile)), m_roles(std::move(roles)) {}

QString KitSql::roleNameProblem(const QString &name) {
    if (name.trimmed().isEmpty())
        return QCoreApplication::translate("KitSql", "A role name may not be empty.");
    if (name.contains(QChar(0)) || name.toUtf8().size() > 63)
        return QCoreApplication::translate("KitSql", "The role name \"%1\" is not possible in PostgreSQL (at most 63 bytes, no NUL).")
            .arg(kit::commentText(name));
    return {};
}

QStringList KitSql::profileTexts() const {
    QStringList out{m_kit.id, m_kit.schema, m_kit.table, m_kit.audit.schema, m_kit.audit.table, m_roles.auditor, m_roles.operatorRole};
    out += m_kit.columnMap().values();
    out += m_kit.audit.columns.values();
    for (const StateDef &s : m_kit.states) {
        out << s.name;
        for (const StateCondition &c : s.when)
            for (const QVariant &v : c.values)
                out << v.toString();
    }
    for (const ActionDef &a : m_kit.actions) {
        out << a.auditName;
        for (const SetClause &c : a.set)
            out << c.text;
    }
    return out;
}

QString KitSql::refusal() const {
    for (const QString &role : {m_roles.auditor, m_roles.operatorRole})
        if (const QString why = roleNameProblem(role); !why.isEmpty())
            return why;
    if (m_roles.auditor == m_roles.operatorRole)
        return QCoreApplication::translate("KitSql", "The auditor and the operator role must be two different roles.");
    // Every block of the kit is dollar-quoted with tags that start so: a text holding one could
    // end a block early and run as SQL of its own.
    for (const QString &text : profileTexts())
        if (text.contains(QLatin1String("$om_")))
            return QCoreApplication::translate("KitSql", "The profile's text \"%1\" contains \"$om_\", which the kit's SQL cannot quote.")
                .arg(kit::commentText(text));
    return {};
}

bool KitSql::installsFunction() const {
    return !m_kit.actions.isEmpty() && !ActionFunctionSql(m_kit).actionIdColumn().isEmpty();
}

QString KitSql::auditTable(const SchemaProfile &profile) {
    return kit::auditTableStatements(kit::withKitAudit(profile)).join(QLatin1String(";\n")) + QLatin1String(";\n");
}

QString KitSql::header() const {
    QString h = QStringLiteral(
                    "Outbox Monitor admin kit for profile %1: table %2, audit table %3.\n"
                    "Generated from the profile by outbox-monitor --print-kit (om::KitSql, app/core/adminkit/).\n"
                    "\n"
                    "Apply it as the table's owner (a role the operators are not members of), in one transaction:\n"
                    "  psql -v ON_ERROR_STOP=1 -1 -d DBNAME -f this-file.sql\n"
                    "It is plain SQL without psql meta-commands: any libpq client can send it as one script.\n"
                    "It first checks that the table and every column the profile maps exist; if one does not, it\n"
                    "stops with its name and the transaction leaves nothing behind. It creates indexes on the\n"
                    "table but never creates or alters the table itself. Applied again, it changes nothing.\n"
                    "Index builds block writes to the table while they read it: on a busy table, create each\n"
                    "index below by hand first with CREATE INDEX CONCURRENTLY under the same name.\n"
                    "A partitioned table: the kit's CREATE INDEX on the parent makes the same index on every\n"
                    "partition, and on every partition made later (pg_partman, CREATE TABLE ... PARTITION OF,\n"
                    "ATTACH PARTITION) at once, which is why it is made on the parent and why the kit still installs\n"
                    "in one transaction. CREATE INDEX CONCURRENTLY is refused on a partitioned parent: to build\n"
                    "without blocking writes, first CREATE INDEX ... ON ONLY the parent under the kit's name, then\n"
                    "CREATE INDEX CONCURRENTLY on each partition, then ALTER INDEX <the parent's index> ATTACH\n"
                    "PARTITION <each partition's index>; the kit then finds the index there.\n"
                    "\n"
                    "Roles: %4 (read-only: SELECT) and %5 (SELECT, and EXECUTE on the action function).\n"
                    "Login roles join them: CREATE ROLE alice LOGIN IN ROLE %5;\n")
                    .arg(kit::commentText(m_kit.id), kit::commentText(m_kit.qualifiedTable()),
                         kit::commentText(m_kit.qualifiedAuditTable()), kit::commentText(sql::quoteIdentifier(m_roles.auditor)),
                         kit::commentText(sql::quoteIdentifier(m_roles.operatorRole)));
    if (!installsFunction())
        h += QStringLiteral(
                 "\n"
                 "READ-ONLY PROFILE: it declares no actions%1, so this kit installs no action function.\n"
                 "Operators can read this table and its audit table, but nobody can change a message through\n"
                 "Outbox Monitor. Add \"actions\" to the profile and print the kit again to change that.\n")
                 .arg(m_kit.actions.isEmpty() ? QString() : QStringLiteral(" whose audit maps \"actionId\""));
    if (!m_profile.hasAudit())
        h += QStringLiteral(
                 "\n"
                 "The profile has no \"audit\" section. This kit creates the audit table %1 (message ids as\n"
                 "text, so any id type fits). Add this section to the profile to use it:\n\n")
                 .arg(kit::commentText(m_kit.qualifiedAuditTable()))
             + kit::auditSectionJson(m_kit) + QLatin1Char('\n');
    return commented(h);
}

QString KitSql::columnCheck() const {
    QMap<QString, QString> auditColumns = m_kit.audit.columns;
    auditColumns.remove(QStringLiteral("actionId")); // the action function adds it when missing
    return QStringLiteral(
               "-- 1. The table and the columns the profile maps must exist (nothing is installed otherwise).\n"
               "DO $om_kit$\n"
               "DECLARE\n"
               "    v_missing text;\n"
               "BEGIN\n"
               "    IF to_regclass(%1) IS NULL THEN\n"
               "        RAISE EXCEPTION 'outbox monitor kit: table % does not exist: nothing was installed', %1\n"
               "              USING ERRCODE = 'undefined_table',\n"
               "                    HINT = 'The kit never creates the monitored table: correct the profile''s \"schema\" and \"table\", or apply the kit to the database that holds it.';\n"
               "    END IF;\n"
               "%5"
               "%2"
               "    IF to_regclass(%3) IS NOT NULL THEN\n"
               "%4"
               "    END IF;\n"
               "END\n"
               "$om_kit$;\n")
        .arg(lit(m_kit.qualifiedTable()), missingColumnsCheck(m_kit.qualifiedTable(), m_kit.columnMap(), QStringLiteral("    ")),
             lit(m_kit.qualifiedAuditTable()), missingColumnsCheck(m_kit.qualifiedAuditTable(), auditColumns, QStringLiteral("        ")),
             storageCheck());
}

// A view holds no rows of its own: CREATE INDEX and the autovacuum settings would stop on it with
// the server's bare "not supported for views". With "base" the kit works on the table the view
// reads, which must exist and have the mapped columns under the same names.
QString KitSql::storageCheck() const {
    if (m_kit.baseTable.isEmpty())
        return QStringLiteral(
                   "    IF (SELECT c.relkind FROM pg_class c WHERE c.oid = to_regclass(%1)) IN ('v', 'm') THEN\n"
                   "        RAISE EXCEPTION 'outbox monitor kit: % is a view: nothing was installed. A view has no indexes, statistics "
                   "or rows of its own, so the kit''s indexes, autovacuum settings and audited functions belong on the table it reads', %1\n"
                   "              USING ERRCODE = 'wrong_object_type',\n"
                   "                    HINT = 'Name the table the view reads in the profile''s \"base\" (same column names) and print "
                   "the kit again. The window can keep reading through the view.';\n"
                   "    END IF;\n")
            .arg(lit(m_kit.qualifiedTable()));
    const QString base = m_kit.qualifiedStorageTable();
    return QStringLiteral("    IF to_regclass(%1) IS NULL THEN\n"
                          "        RAISE EXCEPTION 'outbox monitor kit: base table % does not exist: nothing was installed', %1\n"
                          "              USING ERRCODE = 'undefined_table',\n"
                          "                    HINT = 'Correct the profile''s \"base\": the table the view reads.';\n"
                          "    END IF;\n")
               .arg(lit(base))
           + missingColumnsCheck(base, m_kit.columnMap(), QStringLiteral("    "));
}

QString KitSql::indexSection() const {
    QString out = QStringLiteral("\n-- 2. Monitoring indexes: the dashboard and the triage lists read only these, never the whole table.\n");
    const QList<kit::KitIndex> indexes = kit::monitoringIndexes(m_kit);
    QString rebuilt;
    for (const kit::KitIndex &i : indexes)
        rebuilt += kit::lackingRebuilt(m_kit, i, QStringLiteral("    "));
    if (!rebuilt.isEmpty())
        out += QStringLiteral("-- An index an earlier kit made under one of these names without a column it now holds is built again.\n"
                              "DO $om_kit$\nBEGIN\n%1END\n$om_kit$;\n")
                   .arg(rebuilt);
    for (const kit::KitIndex &i : indexes)
        out += QStringLiteral("-- %1: %2\n%3;\n").arg(kit::commentText(i.name), kit::commentText(i.why), i.statement);
    return out + vacuumNote();
}

QString KitSql::flowIndexSection() const {
    QString out = QStringLiteral("\n-- 3b. The flow chart's indexes (after the audit table: a status-history table's time has one).\n");
    for (const kit::KitIndex &i : kit::flowIndexes(m_kit))
        out += QStringLiteral("-- %1: %2\n%3;\n").arg(kit::commentText(i.name), kit::commentText(i.why), i.statement);
    return out;
}

QString KitSql::vacuumNote() const {
    // Storage parameters alter the table, which the kit never does; they are the DBA's call.
    return commented(QStringLiteral(
                         "Recommended, not applied (it would alter the table): autovacuum after a fixed amount of churn\n"
                         "whatever the table's size, so that the index-only scans above stay index-only and the\n"
                         "estimated counts of the big terminal states stay fresh (kit/monitoring_indexes.sql explains it):\n"
                         "  %1;\n"
                         "A partitioned table takes no such settings (autovacuum works on each partition): set them on\n"
                         "each partition instead, and on pg_partman's template table, which passes them on to the\n"
                         "partitions it makes later.")
                         .arg(kit::autovacuumSettingsSql(kit::commentText(m_kit.qualifiedStorageTable())).replace(QLatin1Char('\n'), QLatin1String("\n  "))));
}

QString KitSql::auditSection() const {
    QStringList steps;
    for (const QString &statement : kit::auditTableStatements(m_kit))
        steps << QStringLiteral("        EXECUTE %1;\n").arg(lit(statement));
    return QStringLiteral(
               "\n-- 3. The audit table, created only when it does not exist yet, and its append-only triggers.\n"
               "DO $om_kit$\n"
               "BEGIN\n"
               "    IF to_regclass(%1) IS NULL THEN\n"
               "%2"
               "    END IF;\n"
               "END\n"
               "$om_kit$;\n")
               .arg(lit(m_kit.qualifiedAuditTable()), steps.join(QString()))
           + kit::appendOnlyTriggers(m_kit);
}

QString KitSql::script() const {
    QString out = header() + QLatin1Char('\n') + columnCheck() + indexSection() + auditSection() + flowIndexSection()
                  + kit::failureGroupSection(m_kit);
    const kit::AuditedFunction action = ActionFunctionSql(m_kit).function();
    if (installsFunction())
        out += QStringLiteral("\n-- 4. The action function, the only way operators change messages (audited by the database).\n")
               + kit::functionInstallSql(action);
    else
        out += QStringLiteral("\n-- 4. No action function: the profile is read-only (see the header).\n");
    const kit::AuditedFunction purge = PurgeFunctionSql(m_kit).function();
    if (purge.installs())
        out += QStringLiteral("\n-- 5. The purge function (the profile's \"purge\"): audited deletes of finished rows, operators only.\n")
               + kit::functionInstallSql(purge);
    out += QStringLiteral("\n-- 6. The roles and this table's privileges: EXECUTE on the functions above for the operator role only.\n")
           + kit::grantsSql({{m_kit, {action, purge}}}, m_roles);
    if (m_readPolicy)
        out += QStringLiteral("\n-- 7. Row-level security (--read-policy): the policy %1 lets both roles read every row of every\n"
                              "--    table the window reads (the table, its archive, lock table, lookups and audit table), whatever\n"
                              "--    the other permissive policies allow. It grants no writing;\n"
                              "--    a RESTRICTIVE policy still narrows what they see; on a table without row-level security it\n"
                              "--    does nothing until that is enabled.\n")
                   .arg(QLatin1String(kit::kReadPolicyName))
               + kit::readPolicySql(m_kit, m_roles);
    return out;
}

} // namespace om
