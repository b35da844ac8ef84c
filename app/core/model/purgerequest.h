// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QUuid>

namespace om {

/// What the operator asked for: delete the profile's finished rows older than `olderThanDays`,
/// `batchSize` rows per transaction, every batch audited under the one `actionId`.
struct PurgeRequest {
    int olderThanDays = 0; ///< the retention; at least 1 (the database refuses less)
    QStringList states;    ///< states to delete; empty = all of the profile's purge states
    int batchSize = 10000; ///< rows per transaction
    QString reason;        ///< validated by ReasonRules
    QString ticket;
    QString osUser; ///< the workstation fields of the audit rows (ActionRequest's)
    QString host;
    QString appVersion;
    QUuid actionId; ///< one per dialog; every batch's audit rows carry it

    /// Fills osUser / host / appVersion the way an action does.
    void fillWorkstation();
};

/// Where a purge stands after a batch, and at its end.
struct PurgeProgress {
    QUuid actionId;
    qint64 deleted = 0;     ///< rows deleted (and audited) so far, committed
    int batches = 0;        ///< batches committed
    qint64 expected = -1;   ///< the count shown before it started (-1: not counted)
    bool finished = false;  ///< no batch will follow
    bool cancelled = false; ///< stopped by the operator after a committed batch
    QString error;          ///< why it stopped early ("" when it did not fail)
    qint64 elapsedMs = 0;
};

} // namespace om

Q_DECLARE_METATYPE(om::PurgeRequest)
Q_DECLARE_METATYPE(om::PurgeProgress)
