// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/failuregroupmodel.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "core/model/failuregrouptext.h"

#include <QDateTime>

namespace om {

namespace {

QDateTime utcOf(double epochS) { return QDateTime::fromMSecsSinceEpoch(qint64(epochS * 1000), Qt::UTC); }

} // namespace

FailureGroupModel::FailureGroupModel(QObject *parent) : QAbstractTableModel(parent) {}

void FailureGroupModel::setGroups(const QList<FailureGroup> &groups) {
    beginResetModel();
    m_groups = groups;
    endResetModel();
}

int FailureGroupModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_groups.size()); }
int FailureGroupModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FailureGroupModel::display(const FailureGroup &g, int column) const {
    switch (column) {
    case Code: return FailureGroupText::code(g.key());
    case Error: return FailureGroupText::error(g.key());
    case Messages: return formatCount(g.messages);
    case Destinations: return FailureGroupText::destinations(g);
    case FirstSeen: return formatLocalMinutes(utcOf(g.firstSeenS));
    case LastSeen: return formatLocalMinutes(utcOf(g.lastSeenS));
    }
    return QVariant();
}

QVariant FailureGroupModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return QVariant();
    const FailureGroup &g = m_groups.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(g, index.column());
    case Qt::UserRole: // raw values, for sorting and tests
        switch (index.column()) {
        case Code: return g.code;
        case Error: return g.fingerprint;
        case Messages: return g.messages;
        case Destinations: return g.destinationCount;
        case FirstSeen: return g.firstSeenS;
        case LastSeen: return g.lastSeenS;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == Error || index.column() == Destinations || index.column() == Code)
            return display(g, index.column()); // the table elides long texts
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == Messages)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return QVariant();
}

QVariant FailureGroupModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case Code: return tr("Code");
    case Error: return tr("Error (masked)");
    case Messages: return tr("Messages");
    case Destinations: return tr("Destinations");
    case FirstSeen: return tr("First seen");
    case LastSeen: return tr("Last seen");
    }
    return QVariant();
}

} // namespace om
