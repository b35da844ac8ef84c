// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sql/leafsql.h"

namespace om::sql {

QString leafRelations(const QString &regclass) {
    // pg_partition_tree() returns no row at all for a plain table (PostgreSQL 15), and for a
    // partition the partition itself at level 0: the first branch keeps every table that has
    // storage, the second adds the leaves below a partitioned one, never the table twice.
    return QStringLiteral("SELECT c.oid AS relid FROM pg_class c WHERE c.oid = %1 AND c.relkind <> 'p' "
                          "UNION ALL SELECT t.relid FROM pg_partition_tree(%1) t WHERE t.isleaf AND t.level > 0")
        .arg(regclass);
}

QString isPartitioned(const QString &regclass) {
    return QStringLiteral("coalesce((SELECT c.relkind = 'p' FROM pg_class c WHERE c.oid = %1), false)").arg(regclass);
}

Statement leafNames(const QString &qualifiedTable) {
    return {QStringLiteral("SELECT c.relname::text, pg_relation_size(c.oid) FROM pg_class c WHERE c.oid IN (%1) ORDER BY 1")
                .arg(leafRelations(QStringLiteral("to_regclass($1::text)"))),
            {qualifiedTable}};
}

} // namespace om::sql
