// SPDX-License-Identifier: GPL-3.0-or-later
#include "triage/blockedkeysmodel.h"
#include "core/common/timeformat.h"

#include <QLocale>

namespace om {

BlockedKeysModel::BlockedKeysModel(QObject *parent) : QAbstractTableModel(parent) {}

void BlockedKeysModel::setKeys(const QList<BlockedKey> &keys) {
    beginResetModel();
    m_keys = keys;
    endResetModel();
}

int BlockedKeysModel::rowOfHead(const MessageId &headId) const {
    for (int i = 0; i < m_keys.size(); ++i)
        if (m_keys.at(i).head.id == headId)
            return i;
    return -1;
}

QString BlockedKeysModel::whyText(BlockedKey::Why why) {
    switch (why) {
    case BlockedKey::Why::Failed: return tr("failing");
    case BlockedKey::Why::Stuck: return tr("stuck");
    case BlockedKey::Why::Retrying: return tr("retrying");
    case BlockedKey::Why::LockHolderGone: return tr("key locked by a process that is gone");
    case BlockedKey::Why::LockHeldTooLong: return tr("key locked too long");
    case BlockedKey::Why::LockHeartbeatStale: return tr("key locked by a holder whose heartbeat stopped");
    }
    return {};
}

int BlockedKeysModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_keys.size()); }
int BlockedKeysModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BlockedKeysModel::display(const BlockedKey &k, int column) const {
    const QLocale loc;
    switch (column) {
    case Key: return k.nullKey ? tr("(no key: one line)", "the line of the messages whose ordering key is NULL") : k.orderingKey;
    case Behind: return loc.toString(k.behind);
    case OldestBehind: return k.oldestBehindAgeS < 0 ? tr("none") : formatAge(k.oldestBehindAgeS);
    case HeadState: return tr("%1 (%2)").arg(k.head.state, whyText(k.why));
    case HeadAge: return k.head.ageSeconds < 0 ? QString() : formatAge(k.head.ageSeconds);
    case Retries:
        if (k.head.retries < 0) return QString();
        return k.head.maxRetries < 0 ? loc.toString(k.head.retries) : tr("%1 of %2").arg(k.head.retries).arg(k.head.maxRetries);
    case ErrorCode: return k.head.errorCode;
    case ErrorMessage: return k.head.errorMessage.simplified();
    case HeadId: return k.head.id.text();
    }
    return {};
}

QVariant BlockedKeysModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const BlockedKey &k = m_keys.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return display(k, index.column());
    case Qt::ToolTipRole:
        if (index.column() == ErrorMessage || index.column() == Key) return display(k, index.column());
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Behind || index.column() == Retries || index.column() == HeadId)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::UserRole: // numbers for tests and sorting-free reading
        if (index.column() == Behind) return k.behind;
        if (index.column() == HeadId) return k.head.id.isNumber() ? QVariant(k.head.id.number()) : QVariant(k.head.id.text());
        return {};
    default: return {};
    }
}

QVariant BlockedKeysModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Key: return tr("Ordering key");
    case Behind: return tr("Waiting behind");
    case OldestBehind: return tr("Oldest waiting");
    case HeadState: return tr("Head state");
    case HeadAge: return tr("Head age");
    case Retries: return tr("Retries");
    case ErrorCode: return tr("Error code");
    case ErrorMessage: return tr("Last error");
    case HeadId: return tr("Head id");
    }
    return {};
}

} // namespace om
