#pragma once
#include "core/triage/listfilter.h"

#include <QList>

class QTableView;

namespace om {

/// Which of Triage's columns are shown, in which order and how wide. One job: what decides an
/// action comes first (state, age, destination, type, retries, error code), the column the view
/// is sorted by is on screen beside them, columns that are always empty in a view are hidden,
/// and the first columns are as wide as their text (a destination is never cut).
class TriageColumns {
public:
    /// Logical columns (MessageListModel::Column) in the order shown for `view` sorted by
    /// `sortColumn`.
    static QList<int> order(ListFilter::View view, int sortColumn);
    /// False for a column that has nothing to say in `view` (who holds a message only matters
    /// while it is in flight). Columns the profile lacks are hidden apart from this.
    static bool usefulIn(ListFilter::View view, int column);
    /// Applies order() and usefulIn() to `table` (the profile's own hidden columns stay hidden).
    static void arrange(QTableView *table, const SchemaProfile &profile, ListFilter::View view, int sortColumn);
    /// Fits the leading columns to the rows loaded, each up to a cap, and gives the last error
    /// the width that is left on screen. Called once a view's first page is in.
    static void fit(QTableView *table);
};

} // namespace om
