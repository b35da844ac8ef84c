// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"

#include <QAbstractTableModel>
#include <QDateTime>

namespace om {

/// Who holds the in-flight rows: per worker, the rows it holds, how many of them are stuck, since
/// when (its oldest lock's time of day; the age in the tooltip) and what they are. A worker that holds rows
/// past the stuck timeout reads as a dead worker at a glance ("worker-7 · 90 · 90 stuck · since 02:14").
class WorkerGroupModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Worker,
        InFlight,
        Stuck,
        Since,
        What,
        ColumnCount
    };
    explicit WorkerGroupModel(QObject *parent = nullptr);

    /// `asOf` (the server time the ages were computed at) turns each oldest lock's age into a time of day.
    void setGroups(const QList<WorkerGroup> &groups, const QDateTime &asOf);
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const WorkerGroup &g, int column) const;

    QList<WorkerGroup> m_groups;
    QDateTime m_asOf;
};

} // namespace om
