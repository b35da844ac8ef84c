// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"

#include <QAbstractTableModel>

namespace om {

/// Waiting work per destination or per event type: label, count, age of the oldest.
class WaitingGroupModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Label,
        Count,
        OldestAge,
        ColumnCount
    };
    WaitingGroupModel(const QString &labelHeader, QObject *parent = nullptr);

    void setGroups(const QList<WaitingGroup> &groups);
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString m_labelHeader;
    QList<WaitingGroup> m_groups;
};

} // namespace om
