#pragma once
#include <QList>
#include <QMetaType>
#include <QString>

namespace om {

/// Why a requested message was not changed.
enum class SkipReason {
    Locked,        ///< a worker held the row: skipped instead of waited on
    StateChanged,  ///< no longer in the action's `from` states / not past the timeout / filter
    Gone,          ///< no such row any more
};

struct SkippedMessage {
    qint64 id = 0;
    SkipReason reason = SkipReason::Gone;
    QString state;   ///< the row's state when probed ("" when gone)
};

/// The outcome of one committed action (a failed action is a PgError, and changed nothing).
struct ActionResult {
    QString action;        ///< profile action key
    QString auditName;     ///< name written into the audit rows
    QList<qint64> changedIds;
    QList<SkippedMessage> skipped;  ///< capped (see skippedTotal)
    qint64 skippedTotal = 0;        ///< all skipped rows, also those beyond the cap
    qint64 elapsedMs = 0;           ///< the transaction, as seen by the client

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
