// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetsortproxy.h"
#include "fleet/fleetmodel.h"

namespace om {

FleetSortProxy::FleetSortProxy(QObject *parent) : QSortFilterProxyModel(parent) {
    setSortRole(FleetModel::SortRole);
    // Not dynamicSortFilter: on every dataChanged that touched the sort column it re-sorted and
    // announced a layout change even when no row moved, and the view then laid out and repainted
    // every cell of the table: with 20 databases each refreshed every 5 s, nearly all of the
    // program's CPU time. resortIfNeeded() sorts only when a row is out of place.
    setDynamicSortFilter(false);
}

bool FleetSortProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const {
    const QVariant a = left.data(FleetModel::SortRole), b = right.data(FleetModel::SortRole);
    if (QVariant::compare(a, b) != QPartialOrdering::Equivalent)
        return QSortFilterProxyModel::lessThan(left, right);
    const QString nameA = left.data(FleetModel::NameRole).toString(), nameB = right.data(FleetModel::NameRole).toString();
    const int byName = nameA.compare(nameB, Qt::CaseInsensitive);
    return sortOrder() == Qt::AscendingOrder ? byName < 0 : byName > 0;
}

bool FleetSortProxy::inOrder() const {
    const int column = sortColumn();
    if (column < 0)
        return true;
    const bool ascending = sortOrder() == Qt::AscendingOrder;
    for (int row = 1; row < rowCount(); ++row) {
        const QModelIndex above = mapToSource(index(row - 1, column)), below = mapToSource(index(row, column));
        // The same comparison the sort makes: descending puts `a` first when b < a.
        if (ascending ? lessThan(below, above) : lessThan(above, below))
            return false;
    }
    return true;
}

bool FleetSortProxy::resortIfNeeded() {
    if (inOrder())
        return false;
    sort(sortColumn(), sortOrder());
    return true;
}

} // namespace om
