// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/filtersql.h"
#include "core/sql/statement.h"
#include "core/model/pagerequest.h"

namespace om::sql {

/// The statements of the triage lists (core/triage/ListQuery runs them).

/// Logical column a sort key orders by in `view` (falls back to id when the table lacks it).
QString sortColumn(const SchemaProfile &profile, ListFilter::View view, ListSort::Key key);
/// A message's 15 output columns as a list shows them (c0 … c14, in the order ListQuery's
/// messageRow() maps them): ages from `sinceLogical` (or `age`, an expression of seconds, when
/// given), the sort key's text from `sortLogical`.
QStringList messageColumns(const SchemaProfile &profile, const QString &sinceLogical, const QString &sortLogical, const QString &age = {});
/// One page: keyset on (sort column, id), never OFFSET. Its 15 output columns are in the order
/// ListQuery maps them (id, key, type, destination, state, retries, maxRetries, nextRun epoch,
/// lockedBy, age seconds, created epoch, updated epoch, error code, error preview, sort key).
Statement listPage(const SchemaProfile &profile, const PageRequest &request);
/// `SELECT 1 FROM table WHERE <filter>`: the rows a count or its plan estimate is about.
Statement matchingRows(const SchemaProfile &profile, const ListFilter &filter);
/// count(*) of `matching`, stopped after `cap` + 1 rows (exact up to the cap, cheap above it).
Statement cappedCount(const Statement &matching, qint64 cap);
/// One boolean: a valid pg_trgm index covers the key column.
Statement trigramIndexExists(const SchemaProfile &profile);
/// One boolean: a valid, non-partial b-tree index starts with the logical column.
Statement btreeIndexLeads(const SchemaProfile &profile, const QString &logical);
/// The same for any table's column (a lookup table's id).
Statement btreeIndexLeads(const QString &qualifiedTable, const QString &column);
/// Up to `limit` distinct values of the column as text. `looseScan`: one index probe per value
/// (needs btreeIndexLeads); otherwise only the open messages are read (their partial indexes
/// keep them small).
Statement distinctValues(const SchemaProfile &profile, const QString &logical, bool looseScan, int limit);

} // namespace om::sql
