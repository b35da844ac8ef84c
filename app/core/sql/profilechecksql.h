// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/statement.h"

namespace om::sql {

/// What `outbox-monitor --check-profile` and the window's profile check ask the catalog and the
/// table (core/profile/ProfileCheck reads the answers). Catalog questions only, plus one count.

/// One row when the relation `qualifiedName` ($1, a quoted "schema"."table") exists: relkind,
/// reltuples (-1 when never analysed), relation size in bytes, and whether this role may read it;
/// for a partitioned table (relkind p) the rows and bytes are the sums over its leaf partitions.
Statement relationFacts(const QString &qualifiedName);
/// One boolean: the connected role may SELECT from the relation (bound as text).
Statement relationReadable(const QString &qualifiedName);
/// The relation's columns in order: attname, type (format_type), base (the type's name, or its
/// base type's for a domain), typtype ('e' for an enum) and labels (a JSON array of an enum's labels).
Statement relationColumns(const QString &qualifiedName);
/// Rows per state of the profile, rows in no state and rows in more than one: total, "s:<state>",
/// none, several. With `samplePercent` > 0 it reads a TABLESAMPLE SYSTEM of that many percent of the
/// table's pages instead of the whole table.
Statement stateCoverage(const SchemaProfile &profile, double samplePercent);
/// One row, one boolean: whether the function with this regprocedure text exists.
Statement functionExists(const QString &signature);
/// At most one row: the replication slot of that name, its type and whether it reads this database.
Statement replicationSlot(const QString &slotName);

} // namespace om::sql
