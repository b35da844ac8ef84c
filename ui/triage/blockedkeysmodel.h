// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/triage/blockedkeys.h"

#include <QAbstractTableModel>

namespace om {

/// The blocked keys of an ordered outbox, worst first (most messages waiting behind the head,
/// then the oldest waiting), as one Browse-lane query returned them (BlockedKeysView loads it).
/// The rows are replaced as a whole on every refresh; the order is the server's.
class BlockedKeysModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Key,
        Behind,
        OldestBehind,
        HeadState,
        HeadAge,
        Retries,
        ErrorCode,
        ErrorMessage,
        HeadId,
        ColumnCount
    };

    explicit BlockedKeysModel(QObject *parent = nullptr);

    void setKeys(const QList<BlockedKey> &keys);
    const BlockedKey &key(int row) const { return m_keys.at(row); }
    /// The row of the key whose head is message `headId` (-1 when none).
    int rowOfHead(const MessageId &headId) const;
    /// Why a head blocks its key, in words ("failing", "stuck", "retrying").
    static QString whyText(BlockedKey::Why why);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const BlockedKey &k, int column) const;
    QList<BlockedKey> m_keys;
};

} // namespace om
