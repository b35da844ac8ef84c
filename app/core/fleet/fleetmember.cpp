// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/fleet/fleetmember.h"
#include "core/common/firstline.h"
#include "core/connection/storekeys.h"
#include "core/dashboard/dashboardsettings.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/dashboard/tilevalues.h"
#include "link/connectioninfo.h"
#include "core/service/servicecall.h"
#include "link/limits.h"

#include <QDateTime>

namespace om {

FleetMember::FleetMember(Setup setup, QObject *parent)
    : QObject(parent), m_setup(std::move(setup)), m_clock([] { return QDateTime::currentMSecsSinceEpoch(); }) {
    if (!m_setup.profile) {
        m_reading.health = FleetReading::Health::Refused;
        m_reading.message = m_setup.profileError;
        return;
    }
    const SchemaProfile &profile = *m_setup.profile;
    // The same settings the connection's own window shows and alerts by: one set of thresholds.
    const QString key = StoreKeys::forStart(ConnectionInfo::storeKey(m_setup.connection.connInfo, profile.id));
    const DashboardSettings settings = DashboardSettings::load(key, profile.stuckTimeoutMinutes);
    m_thresholds = settings.thresholds;
    m_intervalMs = m_setup.intervalMs > 0 ? m_setup.intervalMs : settings.intervalS * 1000;

    GatewayConfig config;
    config.connInfo = m_setup.connection.connInfo;
    config.password = m_setup.password;
    config.readOnly = true;                                      // the overview only reads, whatever the connection allows
    config.standbyConnInfo = m_setup.connection.standbyConnInfo; // the standby, when the connection names one
    config.standbyMaxLagS = m_setup.connection.standbyMaxLagS;
    config.pooling = m_setup.connection.pooling;
    config.applicationName = QStringLiteral("outbox-monitor-fleet");
    if (m_setup.connectTimeoutS > 0)
        config.connectTimeoutS = m_setup.connectTimeoutS;
    m_gateway = new Gateway(config, this);
    m_poller = new SnapshotPoller(m_gateway, profile, this);
    m_poller->setIntervalMs(m_intervalMs);
    m_poller->setStuckTimeoutMinutes(settings.stuckTimeoutMinutes);
    m_poller->setBreakdownWanted(false); // totals only: twenty databases, one short statement each
    connect(m_poller, &SnapshotPoller::snapshotReady, this, &FleetMember::onSnapshot);
    connect(m_poller, &SnapshotPoller::refreshFailed, this, &FleetMember::onRefreshFailed);
    connect(m_poller, &SnapshotPoller::startFailed, this, &FleetMember::onStartFailed);
}

FleetMember::~FleetMember() { stop(limits::kShutdownWaitMs); }

qint64 FleetMember::msSinceSnapshot() const { return m_poller ? m_poller->msSinceLastSnapshot() : -1; }

void FleetMember::start() {
    if (m_poller)
        m_poller->start();
}

void FleetMember::stopPolling() {
    if (!m_poller)
        return;
    m_poller->stop();
    m_gateway->stopLanes();
}

void FleetMember::stop(int waitMs) {
    if (!m_poller)
        return;
    stopPolling();
    m_gateway->shutdown(waitMs);
}

void FleetMember::onSnapshot(const Snapshot &s) {
    const SchemaProfile &profile = *m_setup.profile;
    FleetReading r;
    r.health = FleetReading::Health::Up;
    r.hasNumbers = true;
    r.waiting = s.waiting;
    r.oldestWaitingS = s.oldestWaitingAgeS;
    for (const QString &state : profile.failedStates)
        r.failed += s.count(state);
    r.stuck = s.stuck;
    if (s.blockedHeads)
        r.blocked = s.blockedBehind.value_or(0);
    r.blockedNeedsIndex = s.blockedNeedsIndex;
    if (s.standby) {
        r.readsStandby = true;
        r.standbyLagS = s.standby->lagS;
        r.standbyStale = s.standby->isStale(m_setup.connection.standbyMaxLagS);
    }
    r.serverMs = s.serverMs;
    r.roundTripMs = s.roundTripMs;
    // As the tiles colour themselves (no hysteresis): the overview never disagrees with the window.
    const QMap<QString, double> values = tileValues(s);
    for (auto it = m_thresholds.cbegin(); it != m_thresholds.cend(); ++it)
        if (values.contains(it.key()))
            r.level = qMax(r.level, it.value().levelOf(values.value(it.key())));
    if (s.readSecurity.hidesRows()) {
        r.rowsHidden = true;
        r.message = s.readSecurity.hiddenRowsText();
        r.level = qMax(r.level, 1);
    }
    m_reading = r;
    const QList<AlertCrossing> crossings = m_watch.update(values, m_thresholds, m_clock());
    emit changed();
    for (const AlertCrossing &c : crossings)
        emit crossed(c);
}

void FleetMember::onRefreshFailed(const QString &message, int retryInMs) {
    if (retryInMs < 0)
        return; // startFailed says it, with whether retrying can help
    m_reading.health = FleetReading::Health::Failing;
    m_reading.message = firstLine(message);
    emit changed();
}

void FleetMember::onStartFailed(ConnectProblem, const QString &message, bool retrying) {
    m_reading.health = retrying ? FleetReading::Health::Failing : FleetReading::Health::Refused;
    m_reading.message = firstLine(message);
    emit changed();
}

} // namespace om
