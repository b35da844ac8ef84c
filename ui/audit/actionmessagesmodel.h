// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionoutcome.h"

#include <QAbstractTableModel>

namespace om {

/// One action's messages as they are now (the Audit tab's drill-down): id, key, current state
/// ("gone" when deleted), error, time since the last update. A small list, set at once.
class ActionMessagesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Id,
        Key,
        State,
        Error,
        SinceUpdate,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setMessages(const QList<ActionMessage> &messages);
    const QList<ActionMessage> &messages() const { return m_rows; }
    /// The ids of the messages still in the table (Triage can show only those).
    QList<MessageId> presentIds() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ActionMessage> m_rows;
};

} // namespace om
