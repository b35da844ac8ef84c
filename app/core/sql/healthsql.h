// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/sql/statement.h"

namespace om::sql {

/// Table health from the catalog only (pg_class, pg_stat_user_tables, the size functions): never
/// a scan of the table, so it costs the same on ten rows and ten million. `qualifiedTable` is the
/// profile's quoted name, bound as text and resolved with to_regclass (no row when absent).

/// One row: reltuples, total, heap, indexes, TOAST (bytes), n_live_tup, n_dead_tup,
/// n_mod_since_analyze, last_vacuum, last_autovacuum, last_analyze, last_autoanalyze (epoch
/// seconds or NULL), vacuum_count, autovacuum_count, analyze_count, autoanalyze_count,
/// partitioned (boolean), leaf count. Sums over the leaf partitions of a partitioned table.
Statement tableHealth(const QString &qualifiedTable);
/// One row per leaf partition of a partitioned table (its own table for a plain one), by name:
/// name, reltuples, total bytes, n_live_tup, n_dead_tup, last_vacuum, last_autovacuum,
/// last_analyze, last_autoanalyze (epoch seconds or NULL).
Statement partitionHealth(const QString &qualifiedTable);
/// One row per index of the table: name, bytes (a partitioned index: its partitions'), largest first.
Statement indexSizes(const QString &qualifiedTable);
/// One boolean: the kit's purge function `signature` (regprocedure text) exists and this login
/// may EXECUTE it (false, never an error, when it is missing).
Statement purgePrivilege(const QString &signature);

} // namespace om::sql
