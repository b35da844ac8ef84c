// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/failuregroup.h"

#include <QAbstractTableModel>

namespace om {

/// The dashboard's failure groups: per group its code, the masked error text, how
/// many messages, which destinations and when it was first and last seen; largest first.
class FailureGroupModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Code,
        Error,
        Messages,
        Destinations,
        FirstSeen,
        LastSeen,
        ColumnCount
    };
    explicit FailureGroupModel(QObject *parent = nullptr);

    void setGroups(const QList<FailureGroup> &groups);
    const QList<FailureGroup> &groups() const { return m_groups; }
    /// The group of a row (a default group when out of range).
    FailureGroup group(int row) const { return m_groups.value(row); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const FailureGroup &g, int column) const;
    QList<FailureGroup> m_groups;
};

} // namespace om
