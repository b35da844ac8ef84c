// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"
#include "core/sql/listsql.h"
#include "core/model/listfilter.h"
#include "core/model/messagepage.h"
#include "core/model/pagerequest.h"
#include "link/limits.h"

#include <QVariant>

namespace om {

class PgSession;
struct PgResult;

/// One message from the 15 columns of sql::messageColumns (the first 15 values of `values`).
MessageRow messageRow(const QVariantList &values);

/// Runs the list queries for one profile (core/sql/listsql builds them) and maps their rows. Stateless; every call runs on the session
/// it is given (a Browse-lane job), never on the GUI thread.
class ListQuery {
public:
    explicit ListQuery(SchemaProfile profile);
    const SchemaProfile &profile() const { return m_profile; }

    /// SQL of one page (keyset, never OFFSET); `params` is replaced by its values.
    QString pageSql(const PageRequest &request, QVariantList &params) const;
    /// Runs pageSql. A contains-search gets its own statement timeout (limits::kContainsTimeoutMs unless
    /// `containsTimeoutMs` says otherwise) and fails with a message that says why and what helps.
    MessagePage fetchPage(PgSession &session, const PageRequest &request, int containsTimeoutMs = limits::kContainsTimeoutMs) const;
    /// Exact up to limits::kExactCountCap when that takes under limits::kExactCountTimeoutMs, else the planner's estimate.
    MatchCount count(PgSession &session, const ListFilter &filter) const;
    /// Distinct types, destinations and error codes, bounded to limits::kChoicesLimit each.
    FilterChoices choices(PgSession &session) const;
    /// True when a pg_trgm index covers the key column (a contains-search is then indexed).
    bool hasTrigramIndex(PgSession &session) const;
    /// Rows the plan of `request`'s first page sorts (0 when an index delivers the order), from
    /// EXPLAIN: each page of such an order reads and sorts that many rows.
    qint64 unindexedSortRows(PgSession &session, const PageRequest &request) const;

    /// Logical column a sort key orders by in `view` (falls back to id when the table lacks it).
    QString sortColumn(ListFilter::View view, ListSort::Key key) const;

private:
    QStringList distinctValues(PgSession &session, const QString &logical, bool *openOnly) const;
    /// Runs a page statement; a statement timeout becomes a message that says why and what helps.
    PgResult runPage(PgSession &session, const sql::Statement &page, const PageRequest &request, qint64 sortRows,
                     int containsTimeoutMs) const;
    SchemaProfile m_profile;
};

} // namespace om
