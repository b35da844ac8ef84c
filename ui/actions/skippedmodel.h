// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/actionresult.h"

#include <QAbstractTableModel>

namespace om {

/// The messages an action did not change, with why: id, reason, state when probed.
class SkippedModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit SkippedModel(QList<SkippedMessage> rows, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    /// The operator's words for a skip reason.
    static QString describe(SkipReason reason);

private:
    QList<SkippedMessage> m_rows;
};

} // namespace om
