// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "core/dashboard/dashboardsettings.h"
#include "core/check/profilecheck.h"
#include "core/flow/dashboardrecord.h"
#include "core/model/snapshot.h"
#include "core/flow/drainforecast.h"
#include "core/model/flowseries.h"
#include "core/store/historystore.h"

#include <QElapsedTimer>
#include <QWidget>
#include <memory>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QTableView;
class QTabWidget;
class QTimer;

class QSplitter;
class QResizeEvent;
class QShowEvent;

namespace om {

class ElidingLabel;
class FailureGroupPanel;
class FlowPoller;
class FlowStore;
class HistoryChart;
class ProfileCheckBanner;
class RecentActionsView;
class RowSecurityBanner;
class SnapshotPoller;
class StatusTiles;
class WaitingGroupModel;
class WorkerGroupModel;

/// The Dashboard tab: health line, tiles with thresholds, history charts (active states,
/// terminal states on their own chart, oldest waiting age with its threshold lines), waiting work
/// by destination and by type, and the profile check's banner when the profile does not fit the
/// live table (a column missing or of the wrong type, overlapping states, a missing index).
/// Every snapshot is also written to the local history store.
class DashboardView : public QWidget {
    Q_OBJECT
public:
    /// `poller` may be null (tests feed snapshots with showSnapshot()); `historyPath` empty =
    /// the store's default file under the app-data location.
    DashboardView(const AppContext &context, SnapshotPoller *poller, const QString &historyPath = QString(),
                  QWidget *parent = nullptr);
    ~DashboardView() override;

    void showSnapshot(const Snapshot &snapshot);
    /// The flow from the table instead of the FlowPoller (a test): the flow chart and the drain forecast.
    void showFlow(const om::FlowSeries &chart, const om::FlowSeries &minutes);
    /// A refresh failed (SnapshotPoller::refreshFailed): `connectionUp` when the server answered
    /// and refused or ended the statement (its own time limit, a privilege): the health line then
    /// says so instead of "connection down", and offers no reconnect, which would not help.
    void showRefreshFailed(const QString &message, int retryInMs, bool connectionUp = false);
    /// Time window of the charts, seconds (15 min ... 7 days).
    void setWindowSeconds(qint64 seconds);
    qint64 windowSeconds() const { return m_windowS; }
    void applySettings(const DashboardSettings &settings);
    const DashboardSettings &settings() const { return m_settings; }
    /// Reads the charts' window from the store again.
    void reloadCharts();
    /// Saves the charts (all three, as shown) as one PNG.
    bool saveChartsPng(const QString &path) const;
    /// The profile check's findings (core/profile/ProfileCheck), index advice among them.
    void showProfileCheck(const ProfileCheckReport &report);
    ProfileCheckBanner *profileCheckBanner() const { return m_profileCheck; }
    RowSecurityBanner *rowSecurityBanner() const { return m_rowSecurity; }

    StatusTiles *tiles() const { return m_tiles; }
    HistoryChart *activeChart() const { return m_active; }
    HistoryChart *terminalChart() const { return m_terminal; }
    HistoryChart *oldestChart() const { return m_oldest; }
    HistoryChart *flowChart() const { return m_flow; }
    /// The drain forecast's line ("Draining: empty in ~25 min …").
    QString forecastText() const;
    const DrainForecast &forecast() const { return m_record->forecast(); }
    /// Null without a gateway (tests that feed showFlow()).
    FlowPoller *flowPoller() const { return m_record->flowPoller(); }
    FlowStore *flowStore() const { return m_record->flowStore(); }
    DashboardRecord *record() const { return m_record; }
    WaitingGroupModel *byDestination() const { return m_byDestination; }
    WaitingGroupModel *byType() const { return m_byType; }
    /// Who holds the in-flight rows; nullptr for profiles whose in-flight rows name no worker.
    WorkerGroupModel *byWorker() const { return m_byWorker; }
    HistoryStore *store() const { return &m_record->history(); }
    /// The connection's key in the store (AppContext::connectionKey, or its label when empty).
    QString storeKey() const;
    QString healthText() const;
    /// What the charts' banner says while they cannot grow ("" when they are live).
    QString notLiveText() const;
    /// Why the charts keep no history on this computer (the local store refused or failed to
    /// open: DashboardRecord::historyProblem()), as the banner above them says; "" when they do.
    QString historyProblemText() const;
    /// True while the data shown could not be refreshed (tiles, charts and lists greyed).
    bool isStale() const { return m_stale; }
    /// The window reads a standby whose replay is further behind than the connection allows
    /// (or cannot tell how far): its numbers are shown as stale.
    bool standbyStale() const;
    /// Drops the Monitor lane's connection and refreshes now, instead of waiting out the backoff.
    void reconnectNow();
    /// Milliseconds the last reloadCharts() took.
    qint64 lastReloadMs() const { return m_lastReloadMs; }
    /// Most points a series is read with: one per pixel of the plot's width (720 ... 2000).
    int chartPoints() const;

signals:
    /// The operator changed the settings (already saved).
    void settingsChanged(const om::DashboardSettings &settings);
    /// The profile check answered (on reconnect, every few minutes, on "Check again"): the kit
    /// may have been applied or removed since the last answer.
    void profileChecked();

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Splits the width 3:2 and the breakdown column by share, once each has its real size.
    void splitByShare();
    // The constructor's steps, in order.
    void setupWindowChoice();
    QHBoxLayout *buildTopRow();
    QWidget *buildBreakdownTables();
    void buildLayout(QHBoxLayout *top);
    void connectSources();
    void updateHealth();
    /// The health line while the connection counts as up: live, or (no answer for more than two
    /// refresh intervals, before the connection is declared lost) already shown as not live.
    void showConnectionUp(const QString &when, qint64 ageS);
    void startFlow();
    void showForecast();
    void setStale(bool stale);
    void showNotLive(const QString &text);
    void showBreakdownTime(const QDateTime &breakdownAt, const QDateTime &serverTime);
    void editSettings();
    /// Settings → OK: saved, applied, a refresh, settingsChanged().
    void settingsEdited(const DashboardSettings &settings);
    void saveChartsInteractively();
    void runProfileCheck();
    QList<QPair<QString, QString>> thresholdTiles() const;

    AppContext m_context;
    SnapshotPoller *m_poller;
    DashboardSettings m_settings;
    StatusTiles *m_tiles;
    ElidingLabel *m_health;
    ProfileCheckBanner *m_profileCheck;
    RowSecurityBanner *m_rowSecurity;
    QLabel *m_notLive;        ///< above the charts while no new point can arrive
    QLabel *m_historyProblem; ///< above the charts when the local store is not open
    QComboBox *m_window;
    QWidget *m_charts;
    HistoryChart *m_active;
    HistoryChart *m_terminal;
    HistoryChart *m_oldest;
    HistoryChart *m_flow;
    QLabel *m_forecast;
    FailureGroupPanel *m_groupPanel = nullptr;
    RecentActionsView *m_recentActions = nullptr;
    WaitingGroupModel *m_byDestination;
    WaitingGroupModel *m_byType;
    QTimer *m_healthTimer;
    QPushButton *m_reconnect;
    DashboardRecord *m_record; ///< the history and the flow, which the view observes
    QTableView *m_byDestinationTable = nullptr;
    QTableView *m_byTypeTable = nullptr;
    QSplitter *m_column = nullptr;         ///< the breakdown column's panes
    QTabWidget *m_breakdownTabs = nullptr; ///< the waiting breakdowns, one tab each
    WorkerGroupModel *m_byWorker = nullptr;
    QTableView *m_byWorkerTable = nullptr;
    bool m_stale = false;
    qint64 m_lastServerMs = 0;
    qint64 m_windowS = 3600;
    qint64 m_nowMs = 0;            ///< server time of the newest snapshot
    QElapsedTimer m_sinceSnapshot; ///< workstation time since it arrived
    QElapsedTimer m_sinceReload;
    qint64 m_lastReloadMs = 0;
    QString m_lastError;
    QString m_notAnswering;         ///< the watchdog's verdict, until a refresh succeeds
    bool m_refusedByServer = false; ///< the last refresh failed with the connection up
    int m_retryInMs = 0;
    int m_failures = 0;
    qint64 m_lastRoundTripMs = 0;
    std::optional<StandbyReplay> m_standby; ///< the newest snapshot's, when the window reads a standby
    bool m_checkRequested = false;          ///< asked since the Monitor lane's session last (re)opened
    QSplitter *m_split = nullptr;
    bool m_splitSized = false;  ///< the first show split the width 3:2
    bool m_columnSized = false; ///< and the breakdown column's height by share
};

} // namespace om
