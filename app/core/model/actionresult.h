// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/model/actionserver.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QUuid>

namespace om {

/// Why a requested message was not changed.
enum class SkipReason {
    Locked,       ///< a worker held the row: skipped instead of waited on
    StateChanged, ///< no longer in the action's `from` states / not past the timeout / filter
    Gone,         ///< no such row any more
};

struct SkippedMessage {
    MessageId id;
    SkipReason reason = SkipReason::Gone;
    QString state; ///< the row's state when probed ("" when gone)
};

/// The outcome of one committed action (a failed action is a PgError, and changed nothing).
struct ActionResult {
    QString action;    ///< profile action key
    QString auditName; ///< name written into the audit rows
    QString toState;   ///< the state the changed messages now have (the profile's value)
    QList<MessageId> changedIds;
    QList<SkippedMessage> skipped; ///< capped (see skippedTotal)
    qint64 skippedTotal = 0;       ///< all skipped rows, also those beyond the cap
    qint64 elapsedMs = 0;          ///< the transaction, as seen by the client
    QUuid actionId;                ///< in every audit row of this action
    qint64 xid = 0;                ///< the transaction's txid_current()
    /// The COMMIT acknowledgement was lost and the outcome was re-checked on a new connection:
    /// changedIds come from the audit rows, skipped rows are not known.
    bool rechecked = false;
    ActionServer confirmedOn; ///< where the operator's counts came from (the request's)
    ActionServer ranOn;       ///< where the transaction ran (unknown after a re-check)

    /// The action ran on the same data at another address than it was counted on: a failover
    /// (a promoted standby) happened between the count and the run.
    bool serverMoved() const {
        return confirmedOn.isKnown() && ranOn.isKnown() && confirmedOn.sameData(ranOn) && confirmedOn.address != ranOn.address;
    }
    qint64 changed() const { return changedIds.size(); }
    qint64 count(SkipReason r) const {
        qint64 n = 0;
        for (const SkippedMessage &s : skipped)
            n += s.reason == r;
        return n;
    }
};

} // namespace om

Q_DECLARE_METATYPE(om::ActionResult)
