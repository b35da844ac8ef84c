// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/gatewayconfig.h"
#include "link/lane.h"
#include "link/limits.h"
#include "link/linkfacts.h"
#include "link/tlsfacts.h"

#include <QObject>
#include <QString>

namespace om {

/// What the layers above the database may know of, and ask of, the program's connection to it:
/// its settings, what each lane found out about its path, whether it is up, and reconnecting or
/// cancelling. Running statements is not here: core's services do that, each with its own typed
/// call, so that no view writes a database job. The one implementation is the Gateway (om_pg),
/// which is why only it can construct one: core's services rely on that to reach the lanes.
class DatabaseLink : public QObject {
    Q_OBJECT
public:
    ~DatabaseLink() override;

    const GatewayConfig &config() const { return m_config; }
    bool isReadOnly() const { return m_config.readOnly; }
    /// The Monitor and Browse lanes read a standby (GatewayConfig::standbyConnInfo).
    virtual bool readsStandby() const = 0;
    /// Read your writes through the standby: the Monitor and Browse lanes' next jobs first wait
    /// (on their own threads, within limits::kReplayWaitMs) until the standby has replayed the
    /// primary's WAL up to `lsn` (another session's change, learned from its NOTIFY). Nothing when
    /// there is no standby.
    virtual void requireReplayOf(quint64 lsn) = 0;

    /// Cancels job `id` if it is the one running on its lane right now. Returns at once; the
    /// request to the server goes from a thread of its own.
    virtual void cancel(Lane lane, quint64 id) = 0;
    /// Drops the lane's queued jobs and closes its connection at once, failing what runs there;
    /// the next job opens a new connection. ("Reconnect now".)
    virtual void reconnect(Lane lane) = 0;
    /// Stops every lane without waiting for the server; each thread is given at most `waitMs`.
    virtual void shutdown(int waitMs = limits::kShutdownWaitMs) = 0;
    /// The first half of shutdown(), without waiting (many links closing together).
    virtual void stopLanes() = 0;

    /// What the lane's session found out about its path (`known` false until it first connected).
    virtual LinkFacts linkFacts(Lane lane) const = 0;
    /// What libpq said about the lane's TLS when its connection opened.
    virtual TlsFacts tlsFacts(Lane lane) const = 0;
    /// Number of jobs waiting on the lane (not counting the one running).
    virtual int queuedJobs(Lane lane) const = 0;

signals:
    /// The lane's session opened (up = true) or broke / failed to open (message says why).
    void connectionChanged(om::Lane lane, bool up, const QString &message);
    /// The watchdog found the lane's job without an answer for `silentMs` and shut its connection.
    void serverNotAnswering(om::Lane lane, int silentMs);

private:
    friend class Gateway;
    DatabaseLink(GatewayConfig config, QObject *parent);

    GatewayConfig m_config;
};

} // namespace om
