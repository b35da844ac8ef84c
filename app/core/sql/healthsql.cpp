// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/healthsql.h"

namespace om::sql {

Statement tableHealth(const QString &qualifiedTable) {
    // The sizes are the server's own figures (pg_total_relation_size = heap + indexes + TOAST
    // with its index, and the free-space and visibility maps); the statistics are the cumulative
    // counters autovacuum itself reads. A table never vacuumed or analyzed has NULL times.
    return {QStringLiteral(
                "SELECT c.reltuples::bigint, pg_total_relation_size(c.oid), pg_relation_size(c.oid),"
                " pg_indexes_size(c.oid),"
                " CASE WHEN c.reltoastrelid = 0 THEN 0 ELSE pg_total_relation_size(c.reltoastrelid) END,"
                " s.n_live_tup, s.n_dead_tup, s.n_mod_since_analyze,"
                " extract(epoch FROM s.last_vacuum)::float8, extract(epoch FROM s.last_autovacuum)::float8,"
                " extract(epoch FROM s.last_analyze)::float8, extract(epoch FROM s.last_autoanalyze)::float8,"
                " s.vacuum_count, s.autovacuum_count, s.analyze_count, s.autoanalyze_count"
                " FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid"
                " WHERE c.oid = to_regclass($1::text)"),
            {qualifiedTable}};
}

Statement indexSizes(const QString &qualifiedTable) {
    return {QStringLiteral("SELECT ci.relname, pg_relation_size(i.indexrelid)"
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
