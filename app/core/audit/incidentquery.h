// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/auditfilter.h"
#include "core/audit/incidentflow.h"
#include "core/common/messageid.h"
#include "core/model/snapshot.h"
#include "core/model/failuregroup.h"
#include "core/model/actionoutcome.h"
#include "core/profile/schemaprofile.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace om {

class PgSession;

/// Actions of one kind by one operator under one ticket, within the report's range.
struct ActionGroup {
    QString action, dbUser, osUserAtHost, ticket;
    qint64 count = 0;      ///< audit rows
    qint64 messages = 0;   ///< distinct messages
    QDateTime first, last; ///< UTC
    QStringList reasons;   ///< the most frequent distinct reasons (at most 3)
};

/// Audit rows of one action in one time bucket (for the report's chart).
struct TimelinePoint {
    QDateTime bucketStart; ///< UTC
    QString action;
    qint64 count = 0;
};

/// A message that is still stuck or failed when the report is made.
struct OpenMessage {
    MessageId id;
    QString key, state, error;
    double ageS = 0; ///< server clock
    QDateTime since; ///< UTC; the failed list's time of failure (last update), else invalid
};

/// Everything the incident report shows, read from the database in one job.
struct IncidentData {
    QDateTime from, to; ///< the range asked for (UTC)
    QString ticket;     ///< empty: every ticket
    QDateTime serverNow;
    qint64 auditRows = 0, messagesTouched = 0;
    bool noAuditTable = false; ///< the profile names none: no actions to report, said so in the report
    QList<ActionGroup> groups;
    /// Each action (one per action id) in the range, oldest first, with where its messages are
    /// at report time (core/outcome); the newest outcome::kReportLimit when there are more.
    QList<ActionSummary> actionOutcomes;
    int bucketSeconds = 3600;
    QList<TimelinePoint> timeline;
    Snapshot end;             ///< the live dashboard numbers at report time
    QList<OpenMessage> stuck; ///< stuck now, bounded list (oldest first)
    qint64 failedTotal = 0;   ///< failed now, whenever they failed
    /// Failed now and failed within [from, to) (by the failed-since column, failedSince): the
    /// earliest up to the list limit, and how many in all.
    QList<OpenMessage> failed;
    qint64 failedInRange = 0;
    QString failedSince; ///< logical column the failed list is dated by ("" without failed states)
    /// Failure groups of the messages failed now and last seen within the range, from the table
    /// itself (core/groups/failuregroupquery). `available` false: the profile has none.
    FailureGroups failureGroups;
    IncidentFlow flow; ///< created / finished / failed over the range, from the table itself
};

/// Reads the data for an incident report: actions in [from, to) (optionally one ticket),
/// grouped by action, operator and ticket; audit rows per time bucket; the messages stuck now;
/// and the messages failed now that failed within the range, counted exactly and listed up to
/// `listLimit`.
class IncidentQuery {
public:
    explicit IncidentQuery(SchemaProfile profile, int listLimit = 50) : m_profile(std::move(profile)), m_listLimit(listLimit) {}
    /// Bucket width for a range: about 48 buckets, rounded to 1/5/15/30 min, 1/3/6/12 h or days.
    static int bucketSecondsFor(qint64 rangeSeconds);
    /// Runs on a lane's thread. Throws PgError.
    IncidentData run(PgSession &session, const QDateTime &from, const QDateTime &to, const QString &ticket) const;
    /// As SnapshotQuery's: tables up to this many pages count their finished states exactly
    /// (tests make a small table count as a big one).
    void setExactCountMaxPages(int pages) { m_exactCountMaxPages = pages; }

private:
    /// Totals, groups and timeline of the audit rows the filter selects.
    void readActions(PgSession &session, const AuditFilter &filter, IncidentData &d) const;
    /// The live numbers and the stuck and failed messages, now.
    void readEndState(PgSession &session, IncidentData &d) const;
    /// Up to m_listLimit messages in `states`, oldest `since` first (none when the table lacks it).
    QList<OpenMessage> openMessages(PgSession &session, const QStringList &states, const QString &since,
                                    int pastTimeoutMinutes) const;
    /// The failed messages of the range (d.failed, d.failedInRange, d.failedSince).
    void readFailedInRange(PgSession &session, IncidentData &d) const;

    SchemaProfile m_profile;
    int m_listLimit;
    int m_exactCountMaxPages = -1; ///< -1: SnapshotQuery's own default
};

} // namespace om

Q_DECLARE_METATYPE(om::IncidentData)
