// SPDX-License-Identifier: GPL-3.0-or-later
#include "skippedmodel.h"

namespace om {

SkippedModel::SkippedModel(QList<SkippedMessage> rows, QObject *parent)
    : QAbstractTableModel(parent), m_rows(std::move(rows)) {}

int SkippedModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }
int SkippedModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : 3; }

QString SkippedModel::describe(SkipReason reason) {
    switch (reason) {
    case SkipReason::Locked: return tr("locked by a worker (skipped, not waited on)");
    case SkipReason::StateChanged: return tr("state changed since it was shown");
    case SkipReason::Gone: return tr("gone (no such message)");
    }
    return {};
}

QVariant SkippedModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const SkippedMessage &s = m_rows.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case 0: return s.id.text();
        case 1: return describe(s.reason);
        case 2: return s.state;
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() == 0)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant SkippedModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case 0: return tr("Message id");
    case 1: return tr("Why not changed");
    case 2: return tr("State now");
    }
    return {};
}

} // namespace om
