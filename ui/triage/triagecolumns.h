// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/listfilter.h"

#include <QHash>
#include <QList>
#include <QVariantMap>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <utility>

class QTableView;

namespace om {

/// Which of Triage's columns are shown, in which order and how wide. One job: what decides an
/// action comes first (state, age, destination, type, retries, error code), the column the view
/// is sorted by is on screen beside them, columns that are always empty in a view are hidden,
/// and the leading columns are as wide as their text (a state or a destination is never cut),
/// except those the operator sized by hand.
class TriageColumns : public QObject {
    Q_OBJECT
public:
    TriageColumns(QTableView *table, SchemaProfile profile, QObject *parent = nullptr);

    /// Logical columns (MessageListModel::Column) in the order shown for `view` sorted by
    /// `sortColumn`.
    static QList<int> order(ListFilter::View view, int sortColumn);
    /// False for a column that has nothing to say in `view` (who holds a message only matters
    /// while it is in flight). Columns the profile lacks are hidden apart from this.
    static bool usefulIn(ListFilter::View view, int column);

    /// A (new) view or sort: order and hide the columns, give back the widths the operator chose
    /// in this view, and fit the others to the next rows that arrive. Nothing when view and sort
    /// are unchanged.
    void arrange(ListFilter::View view, int sortColumn);
    /// The widths the operator dragged, per view ({"<view>": {"<column>": width}}): they come
    /// back with the view, and with the window (TriageView keeps them per connection).
    QVariantMap chosenWidths() const;
    void setChosenWidths(const QVariantMap &widths);
    /// Rows arrived (a page, a refresh): the first rows after arrange() size the leading
    /// columns and give the last error the width left on screen; later rows only widen a column
    /// whose text no longer fits (PENDING after FAILED), never narrow one, and leave alone
    /// those the operator sized.
    void rowsArrived();
    /// Rows scrolled into view are measured once the scrolling pauses: true until then.
    bool isMeasurePending() const { return m_widenSoon.isActive(); }

signals:
    /// The operator dragged a column's edge (keep chosenWidths()).
    void chosenWidthsChanged();

private:
    void fit();
    void widen();
    /// Sets a width as the program, not the operator (sectionResized cannot tell them apart).
    void setWidth(int column, int width);
    /// The column's width for the rows on screen, up to the cap.
    int fittedWidth(int column) const;

    QTableView *m_table;
    SchemaProfile m_profile;
    std::pair<ListFilter::View, int> m_arrangedFor{ListFilter::View::All, -1};
    bool m_fitPending = false;
    bool m_sizing = false;
    QSet<int> m_operatorSized;            ///< columns whose width the operator chose for the view shown
    QHash<int, QHash<int, int>> m_chosen; ///< view → column → width the operator dragged
    QTimer m_widenSoon;                   ///< rows scrolled into view are measured once the scrolling pauses
};

} // namespace om
