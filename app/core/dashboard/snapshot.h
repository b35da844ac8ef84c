#pragma once
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <optional>

namespace om {

/// Count of messages in one state at the snapshot's server time.
struct StateCount {
    QString name;
    QString role;
    qint64 count = 0;
    bool estimated = false; ///< from planner statistics (terminal states of big tables)
};

/// Waiting work for one destination or one event type.
struct WaitingGroup {
    QString label;
    qint64 count = 0;
    double oldestAgeS = 0; ///< age of its oldest waiting message, server clock
};

/// What the dashboard shows, computed by the server in one round trip.
struct Snapshot {
    QString profileId;
    QDateTime serverTime;            ///< now() on the server, UTC
    QList<StateCount> states;
    qint64 waiting = 0;              ///< messages in the profile's waiting states
    std::optional<double> oldestWaitingAgeS; ///< empty when nothing waits
    qint64 stuck = 0;                ///< in a stuck state for longer than the timeout
    int stuckTimeoutMinutes = 30;
    std::optional<qint64> nearMaxRetry; ///< empty when the table has no retry columns
    QList<WaitingGroup> byDestination;
    QList<WaitingGroup> byType;
    /// Server time the two breakdowns above were computed at. They are refreshed less often than
    /// the counts while many messages wait (SnapshotPoller), so this can be older than serverTime;
    /// invalid when the snapshot carries none yet.
    QDateTime breakdownTime;
    qint64 roundTripMs = 0;          ///< measured by the client
    qint64 serverMs = -1;            ///< the statement's own duration on the server (-1 unknown)

    qint64 count(const QString &state) const {
        for (const StateCount &s : states)
            if (s.name == state)
                return s.count;
        return 0;
    }
};

} // namespace om

Q_DECLARE_METATYPE(om::Snapshot)
