// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/profile/schemaprofile.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>

namespace om {

/// Where one action's messages are now ("what became of every action"), read from the
/// message table at one moment: counted by current state, those still stuck, those gone.
struct ActionOutcome {
    QString actionId;                   ///< the uuid every audit row of the action carries
    QDateTime at;                       ///< UTC, the action's first audit row
    qint64 messages = 0;                ///< distinct messages the action touched
    QMap<QString, qint64> byState;      ///< state name -> messages in it now
    qint64 noState = 0;                 ///< present, but in no state of the profile
    qint64 stuck = 0;                   ///< in a stuck state past the timeout (also counted in byState)
    QMap<QString, qint64> stuckByState; ///< state name -> of its messages, those stuck
    qint64 gone = 0;                    ///< no longer in the table (deleted, purged)
    qint64 archived = 0;                ///< moved to the profile's archive (also counted in byState)
    QMap<QString, qint64> archivedByState; ///< state name -> of its messages, those in the archive
    double finishedWithinS = -1;        ///< longest time from the action to a finished time after it; -1: unknown
    QString topFailure;                 ///< the most frequent error (code, else text) of the failed ones
    qint64 topFailureCount = 0;

    /// Messages in states of `role` (waiting, inFlight, done, failed, cancelled).
    qint64 inRole(const SchemaProfile &profile, const QString &role) const;
    /// Of those, the ones stuck past the timeout.
    qint64 stuckInRole(const SchemaProfile &profile, const QString &role) const;
    /// Of those, the ones the library moved to its archive.
    qint64 archivedInRole(const SchemaProfile &profile, const QString &role) const;
};

/// One action as the audit table tells it, with its outcome.
struct ActionSummary {
    QString actionId, action, dbUser, osUser, host, ticket;
    QDateTime at; ///< UTC, its first audit row
    qint64 messages = 0;
    ActionOutcome outcome;
};

/// One message of an action, as it is now (the drill-down list).
struct ActionMessage {
    MessageId id;
    QString key;
    QString state; ///< empty when gone or in no state
    bool gone = false;
    bool archived = false; ///< found in the profile's archive (its state read there)
    QString error;
    double sinceUpdateS = -1; ///< -1: the profile maps no updatedAt
};

using ActionOutcomes = QHash<QString, ActionOutcome>;

namespace outcome {
/// How often the outcomes on screen are read again while they are shown: a retry's messages
/// move within seconds, and one read of 50 actions' outcomes costs milliseconds (bench insight).
constexpr int kRefreshMs = 5000;
/// At most this many actions per read (the Audit tab's visible rows name fewer).
constexpr int kMaxActionsPerRead = 50;
/// The dashboard's recent actions: the last hour, at most this many.
constexpr int kRecentSeconds = 3600;
constexpr int kRecentLimit = 20;
/// The drill-down lists at most this many messages (Triage's id filter takes as many).
constexpr int kMessagesLimit = 5000;
/// The incident report's lines: at most this many actions in its range.
constexpr int kReportLimit = 100;
} // namespace outcome

} // namespace om

Q_DECLARE_METATYPE(om::ActionOutcome)
Q_DECLARE_METATYPE(om::ActionSummary)
