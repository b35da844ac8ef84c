// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionoutcome.h"
#include "core/profile/schemaprofile.h"

#include <QAbstractTableModel>

namespace om {

/// The last hour's actions with what became of them (the dashboard's "Recent actions"): one row
/// per action id, newest first, replaced as a whole at each refresh (a short list).
class RecentActionsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Time,
        What,
        By,
        Ticket,
        Outcome,
        ColumnCount
    };
    explicit RecentActionsModel(SchemaProfile profile, QObject *parent = nullptr);

    /// Replaces the rows; rows of the same action keep their place (no reset while watched).
    void setActions(const QList<ActionSummary> &actions);
    const QList<ActionSummary> &actions() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    SchemaProfile m_profile;
    QList<ActionSummary> m_rows;
};

} // namespace om
