// SPDX-License-Identifier: GPL-3.0-or-later
#include "waitinggroupmodel.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "dashboard/statustiles.h"

#include <QLocale>

namespace om {

WaitingGroupModel::WaitingGroupModel(const QString &labelHeader, QObject *parent)
    : QAbstractTableModel(parent), m_labelHeader(labelHeader) {}

void WaitingGroupModel::setGroups(const QList<WaitingGroup> &groups) {
    beginResetModel();
    m_groups = groups;
    endResetModel();
}

int WaitingGroupModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_groups.size()); }
int WaitingGroupModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant WaitingGroupModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return QVariant();
    const WaitingGroup &g = m_groups.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Label: return g.label;
        case Count: return formatCount(g.count);
        case OldestAge: return formatAge(g.oldestAgeS);
        }
    } else if (role == Qt::UserRole) { // raw values, for sorting and tests
        switch (index.column()) {
        case Label: return g.label;
        case Count: return g.count;
        case OldestAge: return g.oldestAgeS;
        }
    } else if (role == Qt::ToolTipRole && index.column() == Label) {
        return g.label; // the table elides long names
    } else if (role == Qt::TextAlignmentRole && index.column() != Label) {
        return int(Qt::AlignRight | Qt::AlignVCenter);
    }
    return QVariant();
}

QVariant WaitingGroupModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case Label: return m_labelHeader;
    case Count: return tr("Waiting");
    case OldestAge: return tr("Oldest");
    }
    return QVariant();
}

} // namespace om
