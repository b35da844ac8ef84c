// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every row of a Triage view, fetched the way the list fetches them: page by page, by keyset.
#include "core/triage/listquery.h"
#include "pg/pgsession.h"

namespace om::test {

/// All rows of `view` in the view's default order, `pageSize` at a time (an odd size puts page
/// boundaries between rows of equal sort keys).
inline QList<MessageRow> allListPages(PgSession &session, const SchemaProfile &profile, ListFilter::View view, int pageSize) {
    ListQuery q(profile);
    PageRequest r;
    r.filter.view = view;
    r.sort = ListSort::defaultFor(view);
    r.pageSize = pageSize;
    QList<MessageRow> all;
    for (;;) {
        const MessagePage page = q.fetchPage(session, r);
        all += page.rows;
        if (page.atEnd || page.rows.isEmpty())
            break;
        r = r.after(page.rows.last());
    }
    return all;
}

} // namespace om::test
