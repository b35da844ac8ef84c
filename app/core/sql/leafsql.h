// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/sql/statement.h"

#include <QString>

namespace om::sql {

/// The relations that hold a table's rows, as a subquery of oids (one column `relid`) for
/// `WHERE x IN (...)` or a FROM clause: the table itself when it is a plain table, its leaf
/// partitions when it is partitioned (at any depth). A partitioned parent has no storage of its
/// own (relpages, reltuples, pg_relation_size and its statistics say nothing), so sizes,
/// estimates and activity counters are the sums over these. `regclass` is an SQL expression of
/// type regclass (e.g. `'public.t'::regclass`, or a column).
QString leafRelations(const QString &regclass);

/// An SQL boolean: `regclass` is a partitioned table (pg_class.relkind 'p').
QString isPartitioned(const QString &regclass);

/// The relations that hold the rows of `qualifiedTable` (bound as text), one row each: name
/// (pg_class.relname, as an EXPLAIN plan names the relations it scans) and size in bytes
/// (pg_relation_size). The table itself for a plain table, its leaf partitions for a partitioned
/// one. No row when the table does not exist.
Statement leafNames(const QString &qualifiedTable);

} // namespace om::sql
