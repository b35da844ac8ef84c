// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/profilechecksql.h"
#include "core/sql/leafsql.h"
#include "core/sql/statesql.h"
#include "core/sql/sqltext.h"

namespace om::sql {

Statement relationReadable(const QString &qualifiedName) { return {QStringLiteral("SELECT has_table_privilege($1::text, 'SELECT')"), {qualifiedName}}; }

Statement relationFacts(const QString &qualifiedName) {
    Statement s;
    // A partitioned table's rows and size are its leaf partitions' (leafsql): the parent has no
    // storage. Rows: the sum of those known, -1 when no leaf has been vacuumed or analysed yet.
    s.text = QStringLiteral("SELECT p.relkind, l.reltuples, l.bytes, has_table_privilege(p.oid, 'SELECT')"
                            " FROM pg_class p CROSS JOIN LATERAL (SELECT CASE WHEN count(*) FILTER (WHERE c.reltuples >= 0) = 0"
                            " THEN -1 ELSE sum(c.reltuples) FILTER (WHERE c.reltuples >= 0) END::bigint AS reltuples,"
                            " coalesce(sum(pg_relation_size(c.oid)), 0)::bigint AS bytes FROM pg_class c WHERE c.oid IN (%2)) l"
                            " WHERE p.oid = to_regclass(%1)")
                 .arg(param(s.params, qualifiedName), leafRelations(QStringLiteral("p.oid")));
    return s;
}

Statement relationColumns(const QString &qualifiedName) {
    Statement s;
    s.text = QStringLiteral(
                 "SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type,"
                 " coalesce(b.typname, t.typname) AS base, coalesce(b.typtype, t.typtype) AS typtype,"
                 " (SELECT json_agg(e.enumlabel ORDER BY e.enumsortorder)::text FROM pg_enum e"
                 "   WHERE e.enumtypid = coalesce(b.oid, t.oid)) AS labels"
                 " FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid"
                 " LEFT JOIN pg_type b ON t.typtype = 'd' AND b.oid = t.typbasetype"
                 " WHERE a.attrelid = to_regclass(%1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum")
                 .arg(param(s.params, qualifiedName));
    return s;
}

Statement stateCoverage(const SchemaProfile &p, double samplePercent) {
    // coalesce(…, false): a predicate over a NULL column is NULL, and such a row is in no state.
    QStringList counts{QStringLiteral("count(*) AS total")};
    QStringList holds;
    for (const StateDef &st : p.states) {
        const QString in = QStringLiteral("coalesce(%1, false)").arg(sql::statesPredicate(p, {st.name}));
        counts << QStringLiteral("count(*) FILTER (WHERE %1) AS %2").arg(in, quoteIdentifier(QStringLiteral("s:") + st.name));
        holds << in;
    }
    counts << QStringLiteral("count(*) FILTER (WHERE NOT (%1)) AS none").arg(holds.join(QLatin1String(" OR ")));
    QStringList ones;
    for (const QString &h : std::as_const(holds))
        ones << QStringLiteral("%1::int").arg(h);
    counts << QStringLiteral("count(*) FILTER (WHERE %1 > 1) AS several").arg(ones.join(QLatin1String(" + ")));
    Statement s;
    const QString sample = samplePercent > 0 ? QStringLiteral(" TABLESAMPLE SYSTEM (%1::float4)").arg(param(s.params, samplePercent))
                                             : QString();
    s.text = QStringLiteral("SELECT %1 FROM %2%3").arg(counts.join(QLatin1String(", ")), p.qualifiedTable(), sample);
    return s;
}

Statement replicationSlot(const QString &slotName) {
    Statement s;
    s.text = QStringLiteral("SELECT slot_type, coalesce(database = current_database(), false) FROM pg_replication_slots WHERE slot_name = %1")
                 .arg(param(s.params, slotName));
    return s;
}

Statement functionExists(const QString &signature) {
    Statement s;
    s.text = QStringLiteral("SELECT to_regprocedure(%1) IS NOT NULL").arg(param(s.params, signature));
    return s;
}

} // namespace om::sql
