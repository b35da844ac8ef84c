// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/healthsql.h"
#include "core/sql/leafsql.h"

namespace om::sql {

Statement tableHealth(const QString &qualifiedTable) {
    // The sizes are the server's own figures (pg_total_relation_size = heap + indexes + TOAST
    // with its index, and the free-space and visibility maps); the statistics are the cumulative
    // counters autovacuum itself reads. A table never vacuumed or analyzed has NULL times.
    // A partitioned table has no storage and no counters of its own: each figure is the sum over
    // its leaf partitions (leafsql), each time the latest of theirs, the rows estimate the sum of
    // those known (-1 when no leaf has one yet); a plain table is its own one leaf.
    return {QStringLiteral(
                "SELECT l.* FROM pg_class p CROSS JOIN LATERAL (SELECT"
                " CASE WHEN count(*) FILTER (WHERE c.reltuples >= 0) = 0 THEN -1"
                " ELSE sum(c.reltuples) FILTER (WHERE c.reltuples >= 0) END::bigint,"
                " sum(pg_total_relation_size(c.oid))::bigint, sum(pg_relation_size(c.oid))::bigint,"
                " sum(pg_indexes_size(c.oid))::bigint,"
                " sum(CASE WHEN c.reltoastrelid = 0 THEN 0 ELSE pg_total_relation_size(c.reltoastrelid) END)::bigint,"
                " sum(s.n_live_tup)::bigint, sum(s.n_dead_tup)::bigint, sum(s.n_mod_since_analyze)::bigint,"
                " extract(epoch FROM max(s.last_vacuum))::float8, extract(epoch FROM max(s.last_autovacuum))::float8,"
                " extract(epoch FROM max(s.last_analyze))::float8, extract(epoch FROM max(s.last_autoanalyze))::float8,"
                " sum(s.vacuum_count)::bigint, sum(s.autovacuum_count)::bigint, sum(s.analyze_count)::bigint,"
                " sum(s.autoanalyze_count)::bigint, p.relkind = 'p', count(*)"
                " FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid"
                " WHERE c.oid IN (%1)) l"
                " WHERE p.oid = to_regclass($1::text)")
                .arg(leafRelations(QStringLiteral("p.oid"))),
            {qualifiedTable}};
}

Statement partitionHealth(const QString &qualifiedTable) {
    return {QStringLiteral("SELECT c.oid::regclass::text, c.reltuples::bigint, pg_total_relation_size(c.oid), s.n_live_tup, s.n_dead_tup,"
                           " extract(epoch FROM s.last_vacuum)::float8, extract(epoch FROM s.last_autovacuum)::float8,"
                           " extract(epoch FROM s.last_analyze)::float8, extract(epoch FROM s.last_autoanalyze)::float8,"
                           " pg_get_expr(c.relpartbound, c.oid)"
                           " FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid"
                           " WHERE c.oid IN (%1) ORDER BY 1")
                .arg(leafRelations(QStringLiteral("to_regclass($1::text)"))),
            {qualifiedTable}};
}

Statement indexSizes(const QString &qualifiedTable) {
    // An index on a partitioned parent is itself empty: its size is that of the leaf indexes
    // below it, one per partition.
    return {QStringLiteral("SELECT ci.relname, CASE WHEN ci.relkind = 'I' THEN (SELECT coalesce(sum(pg_relation_size(t.relid)), 0)"
                           " FROM pg_partition_tree(i.indexrelid) t WHERE t.isleaf)::bigint ELSE pg_relation_size(i.indexrelid) END"
                           " FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid"
                           " WHERE i.indrelid = to_regclass($1::text)"
                           " ORDER BY 2 DESC, 1"),
            {qualifiedTable}};
}

Statement purgePrivilege(const QString &signature) {
    return {QStringLiteral("SELECT CASE WHEN to_regprocedure($1::text) IS NULL THEN false"
                           " ELSE has_function_privilege(to_regprocedure($1::text), 'EXECUTE') END"),
            {signature}};
}

} // namespace om::sql
