// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/flow/dashboardrecord.h"
#include "core/flow/flowpoller.h"
#include "core/model/snapshot.h"
#include "core/store/flowstore.h"
#include "core/store/historystore.h"

#include <QDateTime>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRecord, "om.dashboard.record")

namespace om {

DashboardRecord::DashboardRecord(DatabaseLink *link, SchemaProfile profile, QString key, const QString &historyPath,
                                 int retentionDays, QObject *parent)
    : QObject(parent), m_link(link), m_profile(std::move(profile)), m_key(std::move(key)), m_retentionDays(retentionDays),
      m_history(std::make_unique<HistoryStore>(historyPath)), m_flowStore(std::make_unique<FlowStore>(m_history->path())) {}

// The poller is a child: it goes first, before the store it writes into.
DashboardRecord::~DashboardRecord() { delete m_flowPoller; }

void DashboardRecord::open() {
    QString error;
    if (!m_history->open(&error))
        qCWarning(lcRecord) << "history store unavailable:" << error; // and on the dashboard: historyProblem()
    m_history->setRetentionDays(m_retentionDays);
    m_history->purge(QDateTime::currentMSecsSinceEpoch());
    if (!m_flowStore->open(&error))
        qCWarning(lcRecord) << "flow cache unavailable (every refresh asks for the whole window):" << error;
    else
        m_flowStore->purge(QDateTime::currentSecsSinceEpoch() - qint64(m_retentionDays) * 86400);
}

QString DashboardRecord::historyProblem() const { return m_history->isOpen() ? QString() : m_history->openError(); }

void DashboardRecord::startFlow() {
    if (!m_link || m_flowPoller)
        return;
    // History from the first second: the flow comes from the table's own times, not from what
    // this computer recorded.
    m_flowPoller = new FlowPoller(m_link, m_profile, m_flowStore.get(), m_key, this);
    m_flowPoller->setWindowSeconds(m_windowS);
    connect(m_flowPoller, &FlowPoller::flowReady, this, &DashboardRecord::setFlow);
    connect(m_flowPoller, &FlowPoller::flowFailed, this, &DashboardRecord::flowFailed);
    m_flowPoller->start();
}

void DashboardRecord::setRetentionDays(int days) {
    m_retentionDays = days;
    m_history->setRetentionDays(days);
}

void DashboardRecord::setWindowSeconds(qint64 seconds) {
    m_windowS = seconds;
    if (m_flowPoller)
        m_flowPoller->setWindowSeconds(seconds);
}

void DashboardRecord::record(const Snapshot &s, bool current) {
    m_backlog = 0;
    for (const StateCount &c : s.states)
        if (c.role == QLatin1String("waiting") || c.role == QLatin1String("inFlight"))
            m_backlog += qMax<qint64>(0, c.count);
    // A standby's stale numbers would be charted at its clock's time, not at the time they were
    // true on the primary: the history keeps only numbers known to be current.
    if (current)
        m_history->append(m_key, s);
    updateForecast();
}

void DashboardRecord::setFlow(const FlowSeries &chart, const FlowSeries &minutes) {
    m_flowChart = chart;
    m_flowMinutes = minutes;
    updateForecast();
}

void DashboardRecord::updateForecast() {
    if (hasFlow())
        m_forecast = DrainForecast::compute(m_flowMinutes, m_backlog, m_flowMinutes.nowS);
    emit flowChanged();
}

} // namespace om
