// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/recentactionsmodel.h"
#include "audit/outcomewording.h"

#include <QLocale>

namespace om {

RecentActionsModel::RecentActionsModel(SchemaProfile profile, QObject *parent)
    : QAbstractTableModel(parent), m_profile(std::move(profile)) {}

void RecentActionsModel::setActions(const QList<ActionSummary> &actions) {
    bool sameActions = actions.size() == m_rows.size();
    for (int i = 0; sameActions && i < actions.size(); ++i)
        sameActions = actions.at(i).actionId == m_rows.at(i).actionId;
    if (!sameActions) {
        beginResetModel();
        m_rows = actions;
        endResetModel();
        return;
    }
    // The same actions: only their outcomes moved. A reset would lose the selection and scroll.
    m_rows = actions;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(m_rows.size() - 1, ColumnCount - 1));
}

int RecentActionsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : m_rows.size(); }
int RecentActionsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RecentActionsModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ActionSummary &a = m_rows.at(index.row());
    if (role == Qt::ToolTipRole)
        return index.column() == Outcome ? OutcomeWording::byState(m_profile, a.outcome) : tr("Action %1").arg(a.actionId);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Time: return QLocale().toString(a.at.toLocalTime(), QStringLiteral("HH:mm"));
    case What: return OutcomeWording::didWhat(m_profile, a.action, a.messages);
    case By: return a.osUser.isEmpty() || a.osUser == a.dbUser ? a.dbUser : tr("%1 (%2)").arg(a.dbUser, a.osUser);
    case Ticket: return a.ticket;
    case Outcome: return OutcomeWording::summary(m_profile, a.action, a.outcome);
    default: return {};
    }
}

QVariant RecentActionsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Time: return tr("Time");
    case What: return tr("Action");
    case By: return tr("By");
    case Ticket: return tr("Ticket");
    case Outcome: return tr("Outcome (now)");
    default: return {};
    }
}

} // namespace om
