// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboardview.h"
#include "common/restoredsplit.h"
#include "common/savefolder.h"
#include "core/common/firstline.h"
#include "dashboard/recentactionsview.h"
#include "core/common/timeformat.h"
#include "core/dashboard/snapshotpoller.h"
#include "dashboard/failuregrouppanel.h"
#include "dashboard/flowchart.h"
#include "common/elidinglabel.h"
#include "common/stalelook.h"
#include "common/tones.h"
#include "core/check/profilecheckservice.h"
#include "dashboard/profilecheckbanner.h"
#include "dashboard/rowsecuritybanner.h"
#include "common/rowsecuritynotice.h"
#include "dashboard/standbywords.h"
#include "dashboard/statustiles.h"
#include "dashboardsettingsdialog.h"
#include "historychart.h"
#include "historycharts.h"
#include "link/databaselink.h"
#include "waitinggroupmodel.h"
#include "workergroupmodel.h"
#include "core/sql/workersql.h"

#include <QChart>
#include <QComboBox>
#include <QDateTime>
#include <QFileDialog>
#include <QGraphicsColorizeEffect>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QLoggingCategory>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QTabWidget>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

Q_LOGGING_CATEGORY(lcDashboard, "om.dashboard")

namespace om {

namespace {

/// Draws a widget (a chart) in shades of grey: the look of a reading that is not live.
QGraphicsEffect *greyEffect() {
    auto *effect = new QGraphicsColorizeEffect;
    effect->setColor(Qt::gray);
    effect->setStrength(1.0);
    return effect;
}

QTableView *groupTable(QAbstractItemModel *model, int stretchColumn) {
    auto *view = new QTableView;
    view->setModel(model);
    view->verticalHeader()->hide();
    // The numbers always show whole; a long name gives way (elided, whole in its tooltip), so
    // that a narrow window never hides the oldest age behind a scroll bar.
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
    view->setTextElideMode(Qt::ElideMiddle);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    return view;
}

/// Each list of the breakdown column keeps its header and a row: below that the operator
/// drags the column's handles (kept per connection), and no list is squeezed to nothing.
void keepReadable(QWidget *column) {
    for (QTableView *t : column->findChildren<QTableView *>())
        t->setMinimumHeight(t->horizontalHeader()->sizeHint().height() + t->verticalHeader()->defaultSectionSize() + 4);
}

/// A pane's share of the breakdown column's height: the flow chart three, each list two.
int columnShare(int pane) { return pane == 0 ? 3 : 2; }

/// Points per series at most, whatever the width: an hour of the default 5 s refresh (720
/// samples) is drawn sample by sample even on a narrow chart, and a wider one gains nothing
/// from more than 2,000.
constexpr int kMinChartPoints = 720;
constexpr int kMaxChartPoints = 2000;

} // namespace

DashboardView::DashboardView(const AppContext &context, SnapshotPoller *poller, const QString &historyPath, QWidget *parent)
    : QWidget(parent), m_context(context), m_poller(poller),
      m_settings(DashboardSettings::load(storeKey(), context.profile.stuckTimeoutMinutes)),
      m_tiles(new StatusTiles), m_health(new ElidingLabel), m_profileCheck(new ProfileCheckBanner(context.profileSource.isEmpty() ? context.profile.id : context.profileSource)), m_rowSecurity(new RowSecurityBanner), m_notLive(new QLabel), m_historyProblem(new QLabel),
      m_window(new QComboBox), m_charts(new QWidget),
      m_active(HistoryCharts::createOpen()), m_terminal(HistoryCharts::createFinished()), m_oldest(HistoryCharts::createOldest()),
      m_flow(FlowChart::create()), m_forecast(new QLabel),
      m_byDestination(new WaitingGroupModel(tr("Destination"), this)), m_byType(new WaitingGroupModel(tr("Event type"), this)),
      m_healthTimer(new QTimer(this)), m_reconnect(new QPushButton(tr("Reconnect now"))),
      m_record(new DashboardRecord(context.gateway, context.profile, storeKey(), historyPath, m_settings.retentionDays, this)) {
    m_record->open();
    // The window's notice when there is one; standing alone, the dashboard follows its poller.
    if (!m_context.rowSecurity)
        m_context.rowSecurity = new RowSecurityNotice(poller, this);
    m_rowSecurity->observe(m_context.rowSecurity);
    setupWindowChoice();
    auto *top = buildTopRow();
    buildLayout(top);
    applySettings(m_settings);
    connectSources();
    connect(m_healthTimer, &QTimer::timeout, this, &DashboardView::updateHealth);
    m_healthTimer->start(1000);
    updateHealth();
    reloadCharts();
    startFlow();
}

void DashboardView::startFlow() {
    connect(m_record, &DashboardRecord::flowChanged, this, &DashboardView::showForecast);
    // Before the first reading arrives, "reading the table's history…" would stay up while the
    // server refuses: say that it could not be read (later failures leave the last flow shown,
    // under the "Not live" banner).
    connect(m_record, &DashboardRecord::flowFailed, this, [this](const QString &message) {
        if (!m_record->hasFlow())
            m_forecast->setText(tr("Flow: the table's history could not be read (%1); trying again with the next refresh.")
                                    .arg(firstLine(message)));
    });
    m_record->setWindowSeconds(m_windowS);
    m_record->startFlow();
}

void DashboardView::showFlow(const FlowSeries &chart, const FlowSeries &minutes) { m_record->setFlow(chart, minutes); }

void DashboardView::showForecast() {
    if (!m_record->hasFlow()) {
        m_forecast->setText(tr("Flow: reading the table's history…"));
        return;
    }
    const DrainForecast &forecast = m_record->forecast();
    m_forecast->setText(forecast.text() + QStringLiteral(" · ") + forecast.netText());
    if (!m_record->flowChart().buckets.isEmpty())
        FlowChart::show(m_flow, m_record->flowChart(), forecast);
}

QString DashboardView::forecastText() const { return m_forecast->text(); }

void DashboardView::setupWindowChoice() {
    // Window choices: 15 min ... 7 days.
    const QList<QPair<QString, qint64>> windows = {{tr("15 minutes"), 900}, {tr("1 hour"), 3600}, {tr("6 hours"), 6 * 3600}, {tr("24 hours"), 86400}, {tr("7 days"), 7 * 86400}};
    for (const auto &[label, seconds] : windows)
        m_window->addItem(label, seconds);
    m_windowS = m_settings.windowS; // the window the operator chose last time, for this connection
    m_window->setCurrentIndex(qMax(0, m_window->findData(m_windowS)));
    m_windowS = m_window->currentData().toLongLong();
    connect(m_window, &QComboBox::currentIndexChanged, this, [this](int i) {
        setWindowSeconds(m_window->itemData(i).toLongLong());
        m_settings.windowS = m_windowS;
        m_settings.save(storeKey());
    });
}

QHBoxLayout *DashboardView::buildTopRow() {
    auto *settingsButton = new QPushButton(tr("Settings…"));
    settingsButton->setObjectName(QStringLiteral("dashboardSettings"));
    connect(settingsButton, &QPushButton::clicked, this, &DashboardView::editSettings);
    auto *saveButton = new QPushButton(tr("Save charts as PNG…"));
    connect(saveButton, &QPushButton::clicked, this, &DashboardView::saveChartsInteractively);

    auto *top = new QHBoxLayout;
    // One line, elided, the whole text in its tooltip: a long outage message never widens the
    // window (it used to push it past the screen's edge, and keep it there after recovery).
    top->addWidget(m_health, 1);
    m_reconnect->setObjectName(QStringLiteral("reconnectNow"));
    m_reconnect->setToolTip(tr("Try the server again now instead of waiting for the next retry"));
    m_reconnect->hide();
    connect(m_reconnect, &QPushButton::clicked, this, &DashboardView::reconnectNow);
    top->addWidget(m_reconnect);
    top->addWidget(new QLabel(tr("Window:")));
    top->addWidget(m_window);
    top->addWidget(settingsButton);
    top->addWidget(saveButton);
    return top;
}

QWidget *DashboardView::buildBreakdownTables() {
    // One column of panes with handles between them, not a scrolled column of lists that each
    // scroll too: on a 1366×768 screen the nested scroll bars hid rows twice over. The operator
    // moves the handles; the split is kept per connection (named: WindowState).
    auto *column = new QSplitter(Qt::Vertical);
    column->setObjectName(QStringLiteral("breakdownSplit"));
    m_column = column;
    column->setChildrenCollapsible(false);
    // The flow from the table heads this column: beside the charts of what this computer
    // recorded, so that those keep their height (the age chart's threshold lines stay apart).
    column->addWidget(m_flow);
    // In an incident the first questions after "is it draining?" are "how many distinct problems?"
    // and "did my retry work?": those lists come before the waiting breakdowns.
    m_groupPanel = new FailureGroupPanel(m_context);
    m_recentActions = new RecentActionsView(m_context);
    column->addWidget(m_groupPanel);    // failure groups
    column->addWidget(m_recentActions); // what became of the last hour's actions
    // What waits, by destination, by type and (where rows name it) who holds what: one pane of
    // tabs, whose names say how old the lists are when they are older than the counts.
    auto *waiting = new QTabWidget;
    m_breakdownTabs = waiting;
    waiting->setObjectName(QStringLiteral("waitingBreakdowns"));
    waiting->setDocumentMode(true);
    // A table without a destination (or type) column has nothing to group by: an empty list
    // under its title would read as "nothing waits". The list is not made at all then.
    if (m_context.profile.has(QStringLiteral("destination"))) {
        m_byDestinationTable = groupTable(m_byDestination, WaitingGroupModel::Label);
        waiting->addTab(m_byDestinationTable, QString());
    }
    if (m_context.profile.has(QStringLiteral("type"))) {
        m_byTypeTable = groupTable(m_byType, WaitingGroupModel::Label);
        waiting->addTab(m_byTypeTable, QString());
    }
    // Who holds the in-flight rows: only where the rows name their worker.
    if (sql::hasWorkerBreakdown(m_context.profile)) {
        m_byWorker = new WorkerGroupModel(this);
        m_byWorkerTable = groupTable(m_byWorker, WorkerGroupModel::What);
        // Worker names run long (host.pid): they share the room with what they hold, both elided.
        m_byWorkerTable->horizontalHeader()->setSectionResizeMode(WorkerGroupModel::Worker, QHeaderView::Stretch);
        waiting->addTab(m_byWorkerTable, QString());
    }
    if (waiting->count() > 0) {
        column->addWidget(waiting);
    } else {
        delete waiting;
        m_breakdownTabs = nullptr;
    }
    showBreakdownTime({}, {});
    column->setMinimumWidth(300);
    keepReadable(column);
    m_flow->setMinimumHeight(100);
    for (int i = 0; i < column->count(); ++i)
        column->setStretchFactor(i, columnShare(i));
    // Without either breakdown list the charts take the whole width.
    column->setVisible(m_byDestinationTable || m_byTypeTable);
    return column;
}

void DashboardView::buildLayout(QHBoxLayout *top) {
    m_notLive->setObjectName(QStringLiteral("notLive"));
    m_notLive->setWordWrap(true);
    followPalette(m_notLive, [label = m_notLive] { label->setStyleSheet(bannerStyle(true)); });
    m_notLive->hide();
    // The store is opened once, with the view: a refused or broken file is said for as long as
    // the window shows charts that cannot keep anything.
    m_historyProblem->setObjectName(QStringLiteral("historyProblem"));
    m_historyProblem->setWordWrap(true);
    m_historyProblem->setTextInteractionFlags(Qt::TextSelectableByMouse); // the file's path, to copy
    followPalette(m_historyProblem, [label = m_historyProblem] { label->setStyleSheet(bannerStyle(false)); });
    const QString problem = m_record->historyProblem();
    m_historyProblem->setText(problem.isEmpty() ? QString() : tr("The charts keep no history on this computer. %1").arg(problem));
    m_historyProblem->setVisible(!problem.isEmpty());
    auto *chartBox = new QVBoxLayout(m_charts);
    chartBox->setContentsMargins(0, 0, 0, 0);
    chartBox->addWidget(m_active, 3);
    chartBox->addWidget(m_oldest, 2);
    chartBox->addWidget(m_terminal, 2);

    auto *split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("dashboardSplit")); // named: kept per connection (WindowState)
    split->addWidget(m_charts);
    split->addWidget(buildBreakdownTables());
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    m_split = split;

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_rowSecurity);
    layout->addWidget(m_profileCheck);
    layout->addWidget(m_tiles);
    layout->addWidget(m_notLive); // outside the charts: they are greyed while stale, the banner is not
    layout->addWidget(m_historyProblem);
    m_forecast->setObjectName(QStringLiteral("drainForecast"));
    m_forecast->setWordWrap(true);
    m_forecast->setText(tr("Flow: reading the table's history…"));
    layout->addWidget(m_forecast);
    layout->addWidget(split, 1);
}

void DashboardView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    splitByShare();
}

void DashboardView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    splitByShare(); // the first sizes at show can be a default the layout has not replaced yet
}

void DashboardView::splitByShare() {
    if (!isVisible())
        return;
    // The first split is 3:2 too, not by size hints: a chart view hints little width, and the
    // breakdown tables took two thirds of the window until the operator dragged the handle. Not
    // where WindowState put the operator's own split back.
    if (!m_splitSized && m_split->width() >= m_split->minimumSizeHint().width()) {
        m_splitSized = true;
        if (!m_split->property(kRestoredSplitProperty).toBool()) {
            const int w = m_split->width();
            m_split->setSizes({w * 3 / 5, w - w * 3 / 5});
        }
    }
    // The column's panes by share too (by size hints the flow chart got its minimum only).
    if (!m_columnSized && m_column && m_column->isVisible() && m_column->height() >= m_column->minimumSizeHint().height()) {
        m_columnSized = true;
        if (!m_column->property(kRestoredSplitProperty).toBool()) {
            int shares = 0;
            for (int i = 0; i < m_column->count(); ++i)
                shares += columnShare(i);
            QList<int> sizes;
            for (int i = 0; i < m_column->count(); ++i)
                sizes << m_column->height() * columnShare(i) / shares;
            m_column->setSizes(sizes);
        }
    }
}

void DashboardView::connectSources() {
    if (m_poller) {
        connect(m_poller, &SnapshotPoller::snapshotReady, this, &DashboardView::showSnapshot);
        connect(m_poller, &SnapshotPoller::refreshFailed, this, &DashboardView::showRefreshFailed);
    }
    if (!m_context.gateway)
        return;
    // A new session (first connect or after the server came back): check the profile again (a DBA
    // may have added the missing index or column meanwhile).
    connect(m_context.gateway, &DatabaseLink::connectionChanged, this, [this](Lane lane, bool up, const QString &) {
        if (lane == Lane::Monitor && up)
            m_checkRequested = false;
    });
    // And every few minutes (at the next refresh after it, so never while the server is away),
    // and when the operator asks.
    auto *recheck = new QTimer(this);
    connect(recheck, &QTimer::timeout, this, [this] { m_checkRequested = false; });
    recheck->start(limits::kProfileRecheckMs);
    connect(m_profileCheck, &ProfileCheckBanner::recheckRequested, this, &DashboardView::runProfileCheck);
    // The watchdog's verdict outlives the refresh it ended: the retries after it fail to
    // connect ("timeout expired"), and the operator should still read what happened.
    connect(m_context.gateway, &DatabaseLink::serverNotAnswering, this, [this](Lane lane, int silentMs) {
        if (lane != Lane::Monitor)
            return;
        m_notAnswering = tr("server not answering (no reply in %1 s)").arg((silentMs + 500) / 1000);
        if (m_lastError.isEmpty())
            m_lastError = m_notAnswering;
        updateHealth();
    });
}

DashboardView::~DashboardView() = default;

QString DashboardView::storeKey() const {
    return m_context.connectionKey.isEmpty() ? m_context.connectionLabel : m_context.connectionKey;
}

QList<QPair<QString, QString>> DashboardView::thresholdTiles() const {
    QList<QPair<QString, QString>> tiles = {{QStringLiteral("oldest"), tr("Oldest waiting")},
                                            {QStringLiteral("stuck"), tr("Stuck")}};
    if (m_context.profile.hasRetries())
        tiles << qMakePair(QStringLiteral("nearMax"), tr("At or near max retries"));
    for (const StateDef &s : m_context.profile.states)
        if (!s.terminal)
            tiles << qMakePair(QStringLiteral("state:") + s.name, s.name);
    return tiles;
}

void DashboardView::applySettings(const DashboardSettings &settings) {
    m_settings = settings;
    m_tiles->setThresholds(settings.thresholds);
    m_record->setRetentionDays(settings.retentionDays);
    if (m_poller) {
        m_poller->setIntervalMs(settings.intervalS * 1000);
        m_poller->setStuckTimeoutMinutes(settings.stuckTimeoutMinutes);
    }
    m_oldest->setThresholdLines(HistoryCharts::oldestLines(settings.thresholds.value(QStringLiteral("oldest"))));
}

void DashboardView::editSettings() {
    // Opened, not exec()'d: the dashboard keeps refreshing behind it, and an answer given after
    // the view is gone reaches nothing.
    auto *dialog = new DashboardSettingsDialog(m_settings, thresholdTiles(), !m_context.profile.stuckTimeoutColumn.isEmpty(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { settingsEdited(dialog->settings()); });
    dialog->open();
}

void DashboardView::settingsEdited(const DashboardSettings &s) {
    s.save(storeKey());
    applySettings(s);
    if (m_poller)
        m_poller->refreshNow();
    emit settingsChanged(s); // the stuck timeout reaches Triage, Recover stuck and the report
}

void DashboardView::showBreakdownTime(const QDateTime &breakdownAt, const QDateTime &serverTime) {
    // With many messages waiting the breakdown is refreshed less often than the counts
    // (SnapshotPoller): say how old it is rather than pass it off as current.
    const bool carried = breakdownAt.isValid() && serverTime.isValid() && breakdownAt.msecsTo(serverTime) >= 1000;
    const QString age = carried ? tr(" · %1 s ago").arg(breakdownAt.secsTo(serverTime)) : QString();
    const QString tip = carried ? tr("As of %1: with many messages waiting these lists are read less often than the counts.")
                                      .arg(QLocale().toString(breakdownAt.toLocalTime().time(), QStringLiteral("HH:mm:ss")))
                                : QString();
    const QList<QPair<QWidget *, QString>> tabs = {{m_byDestinationTable, tr("Waiting by destination")},
                                                   {m_byTypeTable, tr("Waiting by event type")},
                                                   {m_byWorkerTable, tr("In flight by worker")}};
    for (const auto &[table, name] : tabs)
        if (const int i = m_breakdownTabs && table ? m_breakdownTabs->indexOf(table) : -1; i >= 0) {
            m_breakdownTabs->setTabText(i, name + age);
            m_breakdownTabs->setTabToolTip(i, tip);
        }
}

void DashboardView::showSnapshot(const Snapshot &s) {
    m_lastError.clear();
    m_notAnswering.clear();
    m_refusedByServer = false;
    m_failures = 0;
    m_sinceSnapshot.start();
    m_nowMs = s.serverTime.toMSecsSinceEpoch();
    m_lastRoundTripMs = s.roundTripMs;
    m_lastServerMs = s.serverMs >= 0 ? s.serverMs : s.roundTripMs;
    m_standby = s.standby;
    m_tiles->showSnapshot(s);
    m_record->record(s, !standbyStale()); // the forecast follows the backlog
    m_byDestination->setGroups(s.byDestination);
    m_byType->setGroups(s.byType);
    if (m_byWorker)
        m_byWorker->setGroups(s.byWorker, s.breakdownTime); // ages as of the breakdown
    showBreakdownTime(s.breakdownTime, s.serverTime);
    // Windows up to a day follow every sample (a reload costs a few ms); longer ones at most once
    // a minute, as their buckets are several minutes wide anyway.
    if (m_windowS <= 86400 || !m_sinceReload.isValid() || m_sinceReload.elapsed() >= 60000)
        reloadCharts();
    updateHealth();
    if (!m_checkRequested)
        runProfileCheck();
}

void DashboardView::showRefreshFailed(const QString &message, int retryInMs, bool connectionUp) {
    if (!m_checkRequested)
        runProfileCheck(); // the failure may be the profile's: a column the table does not have
    m_refusedByServer = connectionUp;
    if (connectionUp)
        m_notAnswering.clear(); // the server answered this time
    m_lastError = firstLine(message);
    if (!m_notAnswering.isEmpty() && !m_lastError.contains(m_notAnswering))
        m_lastError = m_notAnswering + QStringLiteral(" · ") + m_lastError;
    m_retryInMs = retryInMs;
    ++m_failures;
    updateHealth();
}

void DashboardView::setWindowSeconds(qint64 seconds) {
    m_windowS = qBound(qint64(60), seconds, qint64(7 * 86400));
    const int i = m_window->findData(m_windowS);
    if (i >= 0 && i != m_window->currentIndex())
        m_window->setCurrentIndex(i);
    m_record->setWindowSeconds(m_windowS);
    reloadCharts();
}

void DashboardView::reloadCharts() {
    QElapsedTimer timer;
    timer.start();
    const qint64 to = m_nowMs > 0 ? m_nowMs : QDateTime::currentMSecsSinceEpoch();
    const qint64 from = to - m_windowS * 1000;
    HistoryCharts::show(HistoryCharts::load(m_record->history(), storeKey(), m_context.profile, from, to, chartPoints()), m_active, m_terminal,
                        m_oldest);
    m_lastReloadMs = timer.elapsed();
    m_sinceReload.start();
    qCDebug(lcDashboard) << "charts reloaded for" << m_windowS << "s in" << m_lastReloadMs << "ms";
}

int DashboardView::chartPoints() const {
    // A line cannot show more than a point per pixel across. Every point is kept by the series
    // and stroked again at each reload: at 2,000 points a series the window's memory grew all
    // through the first hour of a chart (a point per 1.8 s bucket), ~100 KB a minute of live heap
    // in the 200 ms soak (scripts/bench gui, heaptrack), and never reached its plateau in 30 min.
    const QRectF plot = m_active->chart()->plotArea();
    const int width = plot.width() > 0 ? int(plot.width()) : m_active->width();
    return qBound(kMinChartPoints, width, kMaxChartPoints);
}

bool DashboardView::saveChartsPng(const QString &path) const {
    return m_charts->grab().save(path, "PNG");
}

void DashboardView::saveChartsInteractively() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save charts"), SaveFolder::proposal(SaveFolder::kExportsKey, SaveFolder::stampedName(QStringLiteral("dashboard"), QStringLiteral("png"))),
        tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    SaveFolder::remember(SaveFolder::kExportsKey, path);
    if (!saveChartsPng(path))
        QMessageBox::warning(this, tr("Save charts"), tr("Could not write %1.").arg(path));
}

// After the first snapshot or the first failed one, on the Monitor lane (it costs one sampled
// count and an EXPLAIN, once per session): a snapshot that fails on a missing column is exactly
// when the operator needs the check's answer.
void DashboardView::runProfileCheck() {
    if (!m_context.gateway)
        return;
    m_checkRequested = true;
    const auto onDone = [this](const ProfileCheckReport &r) { showProfileCheck(r); };
    // Not again until the lane reconnects (connectionChanged): while the server is away every
    // retry would otherwise queue one more check behind the snapshot.
    const auto onFailed = [](const PgError &e) { qCWarning(lcDashboard) << "profile check failed:" << e.message; };
    ProfileCheckService(m_context.gateway, m_context.profile).check(m_settings.stuckTimeoutMinutes, {this, onDone, onFailed});
}

void DashboardView::showProfileCheck(const ProfileCheckReport &report) {
    // Row-level security has its own banner, kept current by every snapshot.
    ProfileCheckReport aboutProfile = report;
    aboutProfile.findings.removeIf([](const ProfileFinding &f) { return f.path == QLatin1String(kRowSecurityPath); });
    m_profileCheck->showReport(aboutProfile);
    // The log keeps what the banner sums up, for whoever reads it after the incident.
    if (!aboutProfile.findings.isEmpty())
        for (const QString &line : m_profileCheck->detailsText().split(QLatin1Char('\n')))
            qCWarning(lcDashboard).noquote() << line;
    emit profileChecked();
}

QString DashboardView::healthText() const { return m_health->fullText(); }
QString DashboardView::notLiveText() const { return m_notLive->isHidden() ? QString() : m_notLive->text(); }

QString DashboardView::historyProblemText() const { return m_historyProblem->isHidden() ? QString() : m_historyProblem->text(); }

void DashboardView::showNotLive(const QString &text) {
    // The charts keep what this computer recorded, up to the current minute's axis: without a
    // word they look live while nothing new can arrive.
    m_notLive->setText(text);
    m_notLive->setVisible(!text.isEmpty());
}

void DashboardView::reconnectNow() {
    if (m_context.gateway)
        m_context.gateway->reconnect(Lane::Monitor);
    if (m_poller && !m_poller->isRunning())
        m_poller->start(); // it stopped after a start that retrying could not fix: the operator tries again
    else if (m_poller)
        m_poller->refreshNow();
}

void DashboardView::setStale(bool stale) {
    // Values that can no longer be refreshed are shown for what they are: greyed, not in the
    // colours of a live reading.
    if (stale == m_stale)
        return;
    m_stale = stale;
    m_tiles->setStale(stale);
    for (QWidget *w : {m_charts, static_cast<QWidget *>(m_flow), static_cast<QWidget *>(m_byDestinationTable),
                       static_cast<QWidget *>(m_byTypeTable), static_cast<QWidget *>(m_byWorkerTable)})
        if (w)
            w->setEnabled(!stale);
    // A disabled chart still draws its series in colour: the charts are drawn in grey instead.
    for (QWidget *w : {m_charts, static_cast<QWidget *>(m_flow)})
        if (w)
            w->setGraphicsEffect(stale ? greyEffect() : nullptr);
    // What stays usable (a group opened in Triage, an action's outcome read) is greyed, not
    // disabled: every reading on the tab is as old as the last refresh.
    for (QWidget *w : {static_cast<QWidget *>(m_forecast), static_cast<QWidget *>(m_groupPanel), static_cast<QWidget *>(m_recentActions)})
        if (w)
            showStale(w, stale);
}

void DashboardView::updateHealth() {
    if (!m_sinceSnapshot.isValid()) {
        m_reconnect->setVisible(!m_lastError.isEmpty() && !m_refusedByServer);
        QString health = tr("Connecting…");
        QString notLive;
        if (m_lastError.isEmpty()) {
            // the first connection is still being made
        } else if (m_refusedByServer) {
            health = tr("Connected, but the first refresh failed: %1 · retry %2 in %3 s").arg(m_lastError).arg(m_failures).arg((m_retryInMs + 999) / 1000);
            notLive = tr("Not live: the server refuses the refresh. %1 The charts show only what this "
                         "computer recorded earlier.")
                          .arg(m_lastError);
        } else {
            health = m_retryInMs < 0 ? tr("Not connected: %1 · not retrying: change the connection, or try again").arg(m_lastError)
                                     : tr("Not connected: %1 · retry %2 in %3 s").arg(m_lastError).arg(m_failures).arg((m_retryInMs + 999) / 1000);
            notLive = tr("Not live: the charts show only what this computer recorded earlier; nothing new "
                         "arrives until the connection is up.");
        }
        m_health->setFullText(health);
        showNotLive(notLive);
        return;
    }
    const QDateTime last = QDateTime::fromMSecsSinceEpoch(m_nowMs);
    const QString when = QLocale().toString(last, QStringLiteral("HH:mm:ss")) + QLatin1Char(' ') + last.timeZoneAbbreviation();
    const qint64 ageS = m_sinceSnapshot.elapsed() / 1000;
    if (m_lastError.isEmpty()) {
        showConnectionUp(when, ageS);
    } else if (m_refusedByServer) {
        // The server answered, and refused or ended the refresh (a time limit of its own, a
        // privilege): the connection is fine and reconnecting would not help. The numbers are
        // as old as the last refresh that worked, and shown so.
        m_reconnect->hide();
        setStale(true);
        showNotLive(tr("Not live since %1: the server refuses the refresh. %2 The charts show what this computer "
                       "recorded up to then.")
                        .arg(when, m_lastError));
        m_health->setFullText(tr("● Connected, but the refresh failed: %3 · data is %1 old (last refresh %2) · retry %4 in %5 s")
                                  .arg(formatAge(double(ageS)), when, m_lastError)
                                  .arg(m_failures)
                                  .arg((m_retryInMs + 999) / 1000));
        m_health->setStyleSheet(notLiveLabelStyle());
    } else {
        m_reconnect->show();
        setStale(true);
        showNotLive(tr("Not live since %1: the charts show what this computer recorded up to then.").arg(when));
        m_health->setFullText(tr("● Connection down · data is %1 old (last refresh %2) · %3 · retry %4 in %5 s")
                                  .arg(formatAge(double(ageS)), when, m_lastError)
                                  .arg(m_failures)
                                  .arg((m_retryInMs + 999) / 1000));
        m_health->setStyleSheet(notLiveLabelStyle());
    }
}

void DashboardView::showConnectionUp(const QString &when, qint64 ageS) {
    m_reconnect->hide();
    // No answer for more than two refresh intervals: the numbers are old now, whatever the
    // connection will later be declared (that takes the detection bound, 30 s by default).
    const int intervalMs = m_poller ? m_poller->effectiveIntervalMs() : 0;
    if (intervalMs > 0 && m_sinceSnapshot.elapsed() > 2 * qint64(intervalMs)) {
        setStale(true);
        showNotLive(tr("Not live since %1: the server has not answered for %2 s; the connection is being checked.").arg(when).arg(ageS));
        m_health->setFullText(tr("● No answer for %1 s · data as of %2, not refreshed since · the connection is being checked").arg(ageS).arg(when));
        m_health->setStyleSheet(notLiveLabelStyle());
        return;
    }
    QString text = tr("● Connection up · last refresh %1 (%2 s ago, %3 ms)").arg(when).arg(ageS).arg(m_lastRoundTripMs);
    if (m_poller && m_poller->effectiveIntervalMs() > m_poller->intervalMs())
        text += QStringLiteral(" · ")
                + tr("refreshing every %1 s instead of %2 s: a refresh takes %3 ms, and the monitor keeps the server "
                     "busy at most 1/%4 of the time")
                      .arg((m_poller->effectiveIntervalMs() + 999) / 1000)
                      .arg((m_poller->intervalMs() + 999) / 1000)
                      .arg(m_lastServerMs)
                      .arg(limits::kMaxDutyDivisor);
    if (m_standby)
        text += QStringLiteral(" · ") + standbywords::describe(*m_standby, m_context.gateway->config().standbyMaxLagS);
    m_health->setFullText(text);
    const bool stale = standbyStale();
    m_health->setStyleSheet(stale ? notLiveLabelStyle() : QString());
    setStale(stale);
    showNotLive(stale ? tr("Not live: the standby this window reads is behind its primary.") : QString());
}

bool DashboardView::standbyStale() const {
    return m_standby && m_context.gateway && m_standby->isStale(m_context.gateway->config().standbyMaxLagS);
}

} // namespace om
