#pragma once
#include "core/profile/schemaprofile.h"
#include "core/triage/listfilter.h"
#include "core/triage/messagepage.h"

#include <QVariant>

namespace om {

class PgSession;

/// What a list is ordered by. Each key follows an index on the tables the kit prepares (the
/// views' partial keyset indexes, the primary key), ties broken by id in the same direction.
struct ListSort {
    enum class Key { Age, Retries, Updated, Id };
    Key key = Key::Id;
    bool descending = true;     ///< on the value shown: Age descending = oldest first
    bool operator==(const ListSort &o) const { return key == o.key && descending == o.descending; }
    /// The order a view opens with: Stuck oldest first, Near max retry / Failed newest update
    /// first, All newest id first.
    static ListSort defaultFor(ListFilter::View view);
};

/// One page request: the filter, the order and the last row of the previous page (keyset).
struct PageRequest {
    ListFilter filter;
    ListSort sort;
    int pageSize = 200;
    bool hasCursor = false;     ///< false: the first page
    QString cursorKey;          ///< MessageRow::sortKey of the previous page's last row
    qint64 cursorId = 0;        ///< MessageRow::id of the previous page's last row
    /// The cursor a request for the page after `row` carries.
    PageRequest after(const MessageRow &row) const;
};

/// Builds and runs the list queries for one profile. Stateless; every call runs on the session
/// it is given (a Browse-lane job), never on the GUI thread.
class ListQuery {
public:
    static constexpr int kErrorPreviewChars = 300;
    static constexpr qint64 kExactCountCap = 10000;
    static constexpr int kExactCountTimeoutMs = 1000;
    static constexpr int kContainsTimeoutMs = 5000;
    static constexpr int kChoicesLimit = 200;
    /// Above this many rows to sort per page, the view says the order has no index behind it.
    static constexpr qint64 kSlowSortRows = 100000;

    explicit ListQuery(SchemaProfile profile);
    const SchemaProfile &profile() const { return m_profile; }

    /// SQL of one page (keyset, never OFFSET); values appended to `params`.
    QString pageSql(const PageRequest &request, QVariantList &params) const;
    /// Runs pageSql. A contains-search gets its own statement timeout (kContainsTimeoutMs unless
    /// `containsTimeoutMs` says otherwise) and fails with a message that says why and what helps.
    MessagePage fetchPage(PgSession &session, const PageRequest &request, int containsTimeoutMs = kContainsTimeoutMs) const;
    /// Exact up to kExactCountCap when that takes under kExactCountTimeoutMs, else the planner's estimate.
    MatchCount count(PgSession &session, const ListFilter &filter) const;
    /// Distinct types, destinations and error codes, bounded to kChoicesLimit each.
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
    SchemaProfile m_profile;
};

} // namespace om

Q_DECLARE_METATYPE(om::ListSort)
Q_DECLARE_METATYPE(om::PageRequest)
