// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/flow/drainforecast.h"
#include "core/model/flowseries.h"
#include "core/profile/schemaprofile.h"

#include <QObject>
#include <memory>

namespace om {

class DatabaseLink;
class FlowPoller;
class FlowStore;
class HistoryStore;
struct Snapshot;

/// What the dashboard keeps over time for one connection and profile, apart from the view that
/// shows it: this computer's record of every current snapshot (HistoryStore, the charts' open
/// states and oldest age), and the flow from the table's own times (FlowPoller into FlowStore,
/// both in the same SQLite file), with the drain forecast computed from the flow's minutes and
/// the newest snapshot's backlog. The dashboard observes flowChanged() and reads the history
/// for its charts; without a database link (a test of the view) there is no flow.
class DashboardRecord : public QObject {
    Q_OBJECT
public:
    /// `key` names the connection and profile in the stores; `historyPath` is the SQLite file.
    DashboardRecord(DatabaseLink *link, SchemaProfile profile, QString key, const QString &historyPath,
                    int retentionDays, QObject *parent = nullptr);
    ~DashboardRecord() override;

    /// Opens both stores (each says in the log when it cannot, and the dashboard works without
    /// it) and drops what is older than the retention.
    void open();
    /// Starts the flow from the table (nothing without a link).
    void startFlow();
    void setRetentionDays(int days);
    /// The window the flow chart covers.
    void setWindowSeconds(qint64 seconds);
    /// A snapshot arrived: its backlog feeds the forecast; a `current` one (not a standby's
    /// stale numbers) is kept in the history.
    void record(const Snapshot &s, bool current);

    HistoryStore &history() const { return *m_history; }
    /// Why this computer keeps no history for the dashboard (the store could not be opened, or a
    /// newer release wrote it: HistoryStore::openError()); empty when it does.
    QString historyProblem() const;
    FlowStore *flowStore() const { return m_flowStore.get(); }
    FlowPoller *flowPoller() const { return m_flowPoller; }
    /// The flow of the window (the chart's buckets) and of the last hour by minute.
    const FlowSeries &flowChart() const { return m_flowChart; }
    const FlowSeries &flowMinutes() const { return m_flowMinutes; }
    /// No flow has arrived yet (or none can: no link).
    bool hasFlow() const { return !m_flowMinutes.buckets.isEmpty() || !m_flowChart.buckets.isEmpty(); }
    /// From the flow and the newest backlog; NotEnoughHistory until both are known.
    const DrainForecast &forecast() const { return m_forecast; }
    /// The flow from a test instead of the poller.
    void setFlow(const FlowSeries &chart, const FlowSeries &minutes);

signals:
    /// The flow, the forecast or both changed.
    void flowChanged();
    /// A flow refresh failed (the last flow stays).
    void flowFailed(const QString &message);

private:
    void updateForecast();

    DatabaseLink *m_link;
    SchemaProfile m_profile;
    QString m_key;
    int m_retentionDays;
    qint64 m_windowS = 3600;
    std::unique_ptr<HistoryStore> m_history;
    std::unique_ptr<FlowStore> m_flowStore;
    FlowPoller *m_flowPoller = nullptr;
    FlowSeries m_flowChart;
    FlowSeries m_flowMinutes;
    qint64 m_backlog = -1; ///< open messages of the newest snapshot (waiting and in flight)
    DrainForecast m_forecast;
};

} // namespace om
