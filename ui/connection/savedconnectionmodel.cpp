// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/savedconnectionmodel.h"
#include "common/paintedicon.h"
#include "link/connectioninfo.h"

#include <QColor>
#include <QIcon>
#include <QPainter>
#include <QPixmap>

namespace om {

SavedConnectionModel::SavedConnectionModel(QObject *parent) : QAbstractTableModel(parent) {}

void SavedConnectionModel::setConnections(const QList<SavedConnection> &connections) {
    beginResetModel();
    m_rows = connections;
    m_targets.clear();
    for (const SavedConnection &c : m_rows)
        m_targets << ConnectionInfo::describe(c.connInfo);
    endResetModel();
}

int SavedConnectionModel::rowOf(const QString &name) const {
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).name == name)
            return i;
    return -1;
}

int SavedConnectionModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int SavedConnectionModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SavedConnectionModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const SavedConnection &c = m_rows.at(index.row());
    if (role == NameRole)
        return c.name;
    switch (index.column()) {
    case Name:
        if (role == Qt::DisplayRole)
            return c.name;
        if (role == Qt::DecorationRole)
            return swatchIcon(QColor(c.colour()));
        if (role == Qt::ToolTipRole)
            return c.note.isEmpty() ? QVariant() : c.note;
        break;
    case EnvironmentColumn:
        if (role == Qt::DisplayRole)
            return c.environmentWords();
        break;
    case Target:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return m_targets.value(index.row());
        break;
    default:
        break;
    }
    return QVariant();
}

QVariant SavedConnectionModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case Name: return tr("Name");
    case EnvironmentColumn: return tr("Environment");
    case Target: return tr("Leads to");
    default: return QVariant();
    }
}

} // namespace om
