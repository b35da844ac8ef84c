// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QSortFilterProxyModel>

namespace om {

/// The fleet overview's order: by FleetModel's SortRole; rows that tie (every "ok"
/// database) stay in name order, A to Z whichever way the column sorts, so that they do not trade
/// places between refreshes. It does not sort on every change (no dynamicSortFilter): the model
/// asks, and it sorts again only when a row is out of place.
class FleetSortProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit FleetSortProxy(QObject *parent = nullptr);

    /// Whether every row still stands where the sort puts it (readings change under it).
    bool inOrder() const;
    /// Sorts again when inOrder() no longer holds (true); does nothing else (no layout change, no
    /// repaint).
    bool resortIfNeeded();

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};

} // namespace om
