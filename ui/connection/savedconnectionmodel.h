// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/savedconnection.h"

#include <QAbstractTableModel>
#include <QList>

namespace om {

/// The saved connections as the manager lists them: name (with the environment's colour as a
/// swatch), environment in words, and where the string leads (ConnectionInfo::describe, never a
/// password). A small list: it holds every row.
class SavedConnectionModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        EnvironmentColumn,
        Target,
        ColumnCount
    };
    /// The row's SavedConnection::name, for any column.
    static constexpr int NameRole = Qt::UserRole + 1;

    explicit SavedConnectionModel(QObject *parent = nullptr);

    /// Replaces every row (the store's list after a change).
    void setConnections(const QList<SavedConnection> &connections);
    const QList<SavedConnection> &connections() const { return m_rows; }
    /// Row of the connection called `name`, -1 when none.
    int rowOf(const QString &name) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<SavedConnection> m_rows;
    QStringList m_targets; ///< describe() of each row, computed once (it may read the service file)
};

} // namespace om
