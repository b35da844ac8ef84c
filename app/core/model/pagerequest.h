// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/listfilter.h"
#include "core/model/messagepage.h"

#include <QMetaType>
#include <QString>

namespace om {

/// What a list is ordered by. Each key follows an index on the tables the kit prepares (the
/// views' partial keyset indexes, the primary key), ties broken by id in the same direction.
struct ListSort {
    enum class Key {
        Age,
        Retries,
        Updated,
        Id
    };
    Key key = Key::Id;
    bool descending = true; ///< on the value shown: Age descending = oldest first
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
    bool hasCursor = false; ///< false: the first page
    QString cursorKey;      ///< MessageRow::sortKey of the previous page's last row
    MessageId cursorId;     ///< MessageRow::id of the previous page's last row
    /// The cursor a request for the page after `row` carries.
    PageRequest after(const MessageRow &row) const;
    /// Rows one page holds: pageSize, bounded to what one round trip should carry.
    int boundedPageSize() const;
};

} // namespace om

Q_DECLARE_METATYPE(om::ListSort)
Q_DECLARE_METATYPE(om::PageRequest)
