// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/pagerequest.h"
#include "link/limits.h"

namespace om {

ListSort ListSort::defaultFor(ListFilter::View view) {
    switch (view) {
    case ListFilter::View::Stuck: return {Key::Age, true};
    case ListFilter::View::NearMaxRetry:
    case ListFilter::View::Failed: return {Key::Updated, true};
    case ListFilter::View::All: break;
    }
    return {Key::Id, true};
}

PageRequest PageRequest::after(const MessageRow &row) const {
    PageRequest r = *this;
    r.hasCursor = true;
    r.cursorKey = row.sortKey;
    r.cursorId = row.id;
    return r;
}

int PageRequest::boundedPageSize() const { return qBound(1, pageSize, limits::kMaxPageRows); }

} // namespace om
