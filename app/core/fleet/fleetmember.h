// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/alerts/alertwatch.h"
#include "core/connection/savedconnection.h"
#include "core/fleet/fleetreading.h"
#include "core/profile/schemaprofile.h"
#include "link/connectproblem.h"

#include <QObject>

#include <functional>
#include <optional>

namespace om {

class DatabaseLink;
class SnapshotPoller;
struct Snapshot;

/// One database of the fleet overview: a saved connection with its own gateway (its
/// own lanes and threads: a database that hangs holds up no other), polled for its snapshot's
/// totals only (no breakdown) on a read-only session. It keeps a FleetReading, judges it against
/// the thresholds the operator set for that connection's dashboard, and says once per crossing
/// when a threshold is crossed (AlertWatch).
class FleetMember : public QObject {
    Q_OBJECT
public:
    struct Setup {
        SavedConnection connection;
        std::optional<SchemaProfile> profile; ///< empty: the profile could not be read (profileError says why)
        QString profileError;
        QString password;        ///< from the keychain, when one was used; else libpq's own sources
        int intervalMs = 0;      ///< 0: the connection's own dashboard interval
        int connectTimeoutS = 0; ///< 0: the application's default
    };

    explicit FleetMember(Setup setup, QObject *parent = nullptr);
    ~FleetMember() override;

    const SavedConnection &connection() const { return m_setup.connection; }
    const FleetReading &reading() const { return m_reading; }
    /// Milliseconds since the last good snapshot arrived, -1 when none has.
    qint64 msSinceSnapshot() const;
    /// The thresholds the reading is judged by (the connection's dashboard settings).
    const QMap<QString, Threshold> &thresholds() const { return m_thresholds; }
    int intervalMs() const { return m_intervalMs; }
    /// Its own gateway (null when the profile could not be read): tests ask it what the session is.
    DatabaseLink *gateway() const { return m_gateway; }

    /// Starts polling (also again after a Refused start). A member whose profile could not be read
    /// stays Refused.
    void start();
    /// Stops polling and tells the gateway's lanes to end, without waiting (see stop()).
    void stopPolling();
    /// Stops polling and ends the gateway's lanes, waiting at most `waitMs` for them (a lane that
    /// waits for the network is left to end on its own).
    void stop(int waitMs);
    /// The clock the alerts' quiet period runs on (ms since the epoch); tests pass their own.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }

signals:
    /// The reading changed (every refresh, and every change of health).
    void changed();
    /// A threshold was crossed upwards: announce it once.
    void crossed(const om::AlertCrossing &crossing);

private:
    void onSnapshot(const Snapshot &s);
    void onRefreshFailed(const QString &message, int retryInMs);
    void onStartFailed(ConnectProblem problem, const QString &message, bool retrying);

    Setup m_setup;
    int m_intervalMs = 5000;
    QMap<QString, Threshold> m_thresholds;
    DatabaseLink *m_gateway = nullptr;
    SnapshotPoller *m_poller = nullptr;
    AlertWatch m_watch;
    FleetReading m_reading;
    std::function<qint64()> m_clock;
};

} // namespace om
