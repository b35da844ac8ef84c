// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/actionmessagesmodel.h"
#include "core/common/timeformat.h"

namespace om {

void ActionMessagesModel::setMessages(const QList<ActionMessage> &messages) {
    beginResetModel();
    m_rows = messages;
    endResetModel();
}

QList<MessageId> ActionMessagesModel::presentIds() const {
    QList<MessageId> ids;
    for (const ActionMessage &m : m_rows)
        if (!m.gone && !m.archived) // an archived message is no longer in the table Triage lists
            ids << m.id;
    return ids;
}

int ActionMessagesModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : m_rows.size(); }
int ActionMessagesModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ActionMessagesModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ActionMessage &m = m_rows.at(index.row());
    if (role == Qt::UserRole)
        return QVariant::fromValue(m.id);
    if (role == Qt::ToolTipRole && index.column() == Error)
        return m.error;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Id: return m.id.text();
    case Key: return m.key;
    case State:
        if (m.gone)
            return tr("(gone)");
        if (m.archived) // the state the archive kept: a cancelled message stays cancelled
            return m.state.isEmpty() ? tr("(archived, in no state)") : tr("%1 (archived)").arg(m.state);
        return m.state.isEmpty() ? tr("(no state)") : m.state;
    case Error: return m.error;
    case SinceUpdate: return m.sinceUpdateS < 0 ? QString() : formatAge(m.sinceUpdateS);
    default: return {};
    }
}

QVariant ActionMessagesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id: return tr("Message");
    case Key: return tr("Key");
    case State: return tr("State now");
    case Error: return tr("Error");
    case SinceUpdate: return tr("Last update");
    default: return {};
    }
}

} // namespace om
