// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"
#include "workstation/tabledensity.h"
#include "workstation/appearance.h"
#include "workstation/keyboardmanners.h"
#include "core/common/settingskey.h"
#include "dashboard/standbywords.h"
#include "core/common/firstline.h"
#include "alerts/desktopalerts.h"
#include "actions/accessstatus.h"
#include "actions/actioncontroller.h"
#include "audit/auditview.h"
#include "common/elidinglabel.h"
#include "common/helpmenu.h"
#include "common/rowsecuritynotice.h"
#include "connection/connectioninfodialog.h"
#include "connection/environmentband.h"
#include "core/common/heaptrimmer.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/outcome/actionfeed.h"
#include "dashboard/dashboardview.h"
#include "dashboard/statustiles.h"
#include "health/tablehealthview.h"
#include "link/actionnotice.h"
#include "link/databaselink.h"
#include "dashboard/failuregrouplinks.h"
#include "triage/blockedkeysview.h"
#include "triage/detailpane.h"
#include "triage/filterbar.h"
#include "triage/triageview.h"
#include "workstation/windowstate.h"

#include <QFrame>
#include <QLabel>
#include <QLocale>
#include <QScreen>
#include <QShortcut>
#include <QStatusBar>
#include <QTabWidget>
#include <QMenuBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <utility>

namespace om {

MainWindow::MainWindow(AppContext context, QWidget *parent)
    : QMainWindow(parent), m_context(std::move(context)), m_tabs(new QTabWidget(this)),
      m_tiles(nullptr), m_serverTime(new ElidingLabel), m_connection(new ElidingLabel), m_mode(new ElidingLabel),
      m_poller(new SnapshotPoller(m_context.gateway, m_context.profile, this)),
      m_access(new AccessStatus(m_context.gateway, m_context.profile, this)),
      m_audit(new AuditView(m_context.gateway, m_context.profile)), m_staleTimer(new QTimer(this)) {
    m_context.gateway->setParent(this);
    // Before the views: each that shows a number or an absence observes it.
    m_context.rowSecurity = new RowSecurityNotice(m_poller, this);
    setWindowTitle(tr("Outbox Monitor — %1 — %2").arg(m_context.profile.table, m_context.connectionLabel));
    KeyboardManners::install(); // Tab leaves tables and text boxes, here and in dialogs opened later
    DashboardView *dashboard = buildTabs();
    m_dashboard = dashboard;
    setupActions();
    connectScope();
    connectStuckTimeout(dashboard);
    connectRefreshAfterChange();
    connectAccess();
    connectBlockedKeys();
    connectFailureGroups(dashboard, m_tabs, m_triage, m_actions); // dashboard/failuregrouplinks.cpp
    buildStatusBar();
    connectDesktopAlerts();
    // Row density and light or dark, one choice each for the program; the Connection menu goes
    // before this menu when added.
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *refresh = view->addAction(tr("&Refresh now"), this, &MainWindow::refreshAfterChange);
    refresh->setObjectName(QStringLiteral("refreshNow"));
    refresh->setShortcut(QKeySequence::Refresh); // F5, as in every browser and file manager
    m_connectionInfo = view->addAction(tr("Connection &information…"), this, &MainWindow::showConnectionInfo);
    m_connectionInfo->setObjectName(QStringLiteral("connectionInformation"));
    view->addSeparator();
    TableDensity::instance()->addMenuTo(view);
    Appearance::instance()->addMenuTo(view);
    HelpMenu::addTo(this);
    m_poller->start();
    fitToScreen();
    m_windowState = new WindowState(this, m_tabs, m_context.connectionKey);
    if (m_windowState->restored())
        keepWithinScreen();
    // Triage keeps its own (per view); the audit trail's are kept here, under the same group.
    m_audit->rememberColumnWidths(connectionSettingsGroup(QStringLiteral("window"), m_context.connectionKey)
                                  + QStringLiteral("/auditColumns"));
}

DashboardView *MainWindow::buildTabs() {
    auto *dashboard = new DashboardView(m_context, m_poller);
    m_tiles = dashboard->tiles();
    m_tabs->addTab(dashboard, tr("Dashboard"));
    m_triage = new TriageView(m_context);
    m_tabs->addTab(m_triage, tr("Triage"));
    m_tabs->addTab(m_audit, tr("Audit"));
    // Head of line: only where the profile names an ordering key; elsewhere absent,
    // not empty. Last, so that Ctrl+1…3 stay what they are for every table. Its own tab rather
    // than a fifth Triage view: its scope is one head, chosen in its own list, and the toolbar's
    // "everything matching" must never mean the keys listed there.
    if (m_context.profile.isOrdered()) {
        m_blocked = new BlockedKeysView(m_context);
        m_tabs->addTab(m_blocked, tr("Blocked keys"));
    }
    // Table health and the audited purge: last, for every profile.
    m_tabs->addTab(new TableHealthView(m_context), tr("Table"));
    m_audit->setHistory(dashboard->store(), dashboard->storeKey()); // the report draws the dashboard's charts
    setCentralWidget(m_tabs);
    // From an audit row to the message it changed.
    connect(m_audit, &AuditView::messageOpenRequested, this, [this](const MessageId &id) {
        m_tabs->setCurrentWidget(m_triage);
        m_triage->detailPane()->showMessage(id);
    });
    // From an action's outcome to its messages, in Triage's id filter.
    connect(m_audit, &AuditView::actionMessagesOpenRequested, this, [this](const QList<MessageId> &ids) {
        ListFilter f;
        f.ids = ids;
        m_tabs->setCurrentWidget(m_triage);
        m_triage->applyFilter(f);
    });
    return dashboard;
}

void MainWindow::setupActions() {
    // Audited actions: they act on the triage selection, or with nothing selected on
    // everything matching its filter.
    m_actions = new ActionController(m_context, this);
    m_actions->setAllowed(false); // until the server has said what the role may do
    addToolBar(m_actions->toolBar());
    // The same actions in a menu: a tool bar's buttons take no keyboard focus, a menu opens with
    // Alt+A and says each action's shortcut. Shown when the tool bar is: once the server has said
    // that the role may change messages (an empty menu would only puzzle).
    if (!m_actions->actions().isEmpty()) {
        QMenu *menu = menuBar()->addMenu(tr("&Actions"));
        menu->setObjectName(QStringLiteral("actionsMenu"));
        menu->addActions(m_actions->actions());
        menu->menuAction()->setVisible(false);
        connect(m_access, &AccessStatus::accessChanged, menu, [menu](bool can) { menu->menuAction()->setVisible(can); });
    }
    // No tab of typed ids: ids from a ticket go into Triage's id filter, so the operator sees the
    // messages (state, age, error) before acting, and the action names them as its scope.
    m_triage->addListActions(m_actions->actions());
    for (int i = 0; i < qMin(m_tabs->count(), 9); ++i) // Ctrl+1… shows the i-th tab, as in a browser
        connect(new QShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)), this), &QShortcut::activated, this, [this, i] { if (m_tabs->isTabVisible(i)) setTabIndex(i); });
    // Ctrl+Tab and Ctrl+PgDown go round the tabs from anywhere in the window: QTabWidget answers
    // them only with the focus inside it, and on the Dashboard nothing holds the focus.
    auto *next = new QShortcut(this);
    next->setKeys(QKeySequence::keyBindings(QKeySequence::NextChild) << QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    connect(next, &QShortcut::activated, this, [this] { stepTab(1); });
    auto *previous = new QShortcut(this);
    previous->setKeys(QKeySequence::keyBindings(QKeySequence::PreviousChild) << QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    connect(previous, &QShortcut::activated, this, [this] { stepTab(-1); });
}

void MainWindow::stepTab(int step) {
    const int n = m_tabs->count();
    for (int i = 1; i < n; ++i) { // the next visible tab, round the end
        const int candidate = ((m_tabs->currentIndex() + step * i) % n + n) % n;
        if (m_tabs->isTabVisible(candidate)) {
            setTabIndex(candidate);
            return;
        }
    }
}

void MainWindow::connectScope() {
    connect(m_triage, &TriageView::selectionChanged, this, [this](const QList<MessageId> &ids) { m_actions->setSelection(ids); });
    // While the ids box holds a mistake the list matches nothing (ListFilter::idsUnreadable), and
    // "everything matching" is not offered at all: it would not be what the operator typed. Only
    // a selection can be acted on until the box is right again.
    auto filterScope = [this] {
        m_actions->setScopeName(tr("Triage › %1").arg(m_triage->viewTitle()));
        if (m_triage->filterBar()->idsProblem().isEmpty())
            m_actions->setFilter(m_triage->currentFilter());
        else
            m_actions->setFilter(std::nullopt);
    };
    connect(m_triage, &TriageView::filterChanged, this, filterScope);
    connect(m_triage, &TriageView::matchesNothingChanged, m_actions, &ActionController::setFilterMatchesNothing);
    connect(m_triage->filterBar(), &FilterBar::idsProblemChanged, this, filterScope);
    filterScope();
    // An action's target must be on screen. The toolbar's actions act on the Triage
    // list (its selection or its filter): enabled only while that list is the tab shown.
    auto scopeShown = [this] { m_actions->setScopeVisible(m_tabs->currentWidget() == m_triage); };
    connect(m_tabs, &QTabWidget::currentChanged, this, scopeShown);
    scopeShown();
}

void MainWindow::connectStuckTimeout(DashboardView *dashboard) {
    // One stuck timeout per connection and profile, the dashboard's Settings value: the Stuck
    // view, Recover stuck and the incident report use it too.
    auto stuckTimeout = [this](int minutes) {
        m_triage->setStuckTimeoutMinutes(minutes);
        m_actions->setStuckTimeoutMinutes(minutes);
        m_audit->setStuckTimeoutMinutes(minutes);
        if (m_blocked)
            m_blocked->setStuckTimeoutMinutes(minutes);
    };
    stuckTimeout(dashboard->settings().stuckTimeoutMinutes);
    connect(dashboard, &DashboardView::settingsChanged, this,
            [stuckTimeout](const DashboardSettings &s) { stuckTimeout(s.stuckTimeoutMinutes); });
}

void MainWindow::refreshAfterChange() {
    // The tiles, the Triage list (keeping the selection by id), its detail pane and the Audit
    // tab: whatever changed rows, nobody has to press Apply or reselect to see it.
    m_poller->refreshNow();
    m_triage->refresh();
    m_audit->refresh();
    if (m_blocked)
        m_blocked->refresh();
}

void MainWindow::connectBlockedKeys() {
    if (!m_blocked)
        return;
    // The tile counts what the view lists: a click opens it.
    connect(m_tiles, &StatusTiles::blockedTileClicked, this, [this] { m_tabs->setCurrentWidget(m_blocked); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { if (m_tabs->currentWidget() == m_blocked) m_blocked->refresh(); });
    // Retry / Cancel of the head: the same audited path as Triage's (reason dialog, one action id,
    // audit rows), with the head as the only target, named in words.
    connect(m_blocked, &BlockedKeysView::headActionRequested, this,
            [this](const QString &kind, const MessageId &id, const QString &scope) { m_actions->startOnIds(kind, {id}, scope); });
    connect(m_blocked, &BlockedKeysView::keyMessagesRequested, this, [this](const ListFilter &f) {
        m_tabs->setCurrentWidget(m_triage);
        m_triage->applyFilter(f);
    });
    connect(this, &MainWindow::accessChanged, m_blocked, &BlockedKeysView::setActionsAllowed);
}

void MainWindow::connectRefreshAfterChange() {
    connect(m_actions, &ActionController::actionFinished, this, &MainWindow::refreshAfterChange);
    // Other windows' actions arrive as NOTIFY on a connection of its own (LISTEN waits on a
    // socket, not on a lane), or from the audit trail where a pooler keeps NOTIFY away.
    m_feed = new ActionFeed(m_context.gateway, m_context.profile, m_context.readOnly, this);
    connect(m_feed, &ActionFeed::actionAnnounced, this, [this](const ActionNotice &n) {
        m_context.gateway->requireReplayOf(n.walPosition); // a standby shows the change before the lists read it
        refreshAfterChange();
        statusBar()->showMessage(ActionController::describe(n), 20000);
    });
    connect(m_feed, &ActionFeed::listeningChanged, this, [this](bool listening, const QString &message) {
        setNotificationsHow(listening ? tr("Heard at once (LISTEN on a connection of its own).")
                                      : tr("Not heard while the listening connection is down: %1").arg(message));
    });
    // Behind a transaction pooler the audit trail is read instead, and the operator told once.
    connect(m_feed, &ActionFeed::pollingInstead, this, [this](const QString &why) {
        statusBar()->showMessage(why, 30000);
        setNotificationsHow(why);
    });
    m_feed->start();
}

void MainWindow::setNotificationsHow(const QString &how) {
    m_notificationsHow = how;
    if (m_connectionInfoDialog)
        m_connectionInfoDialog->setNotifications(how);
}

void MainWindow::showConnectionInfo() {
    if (!m_connectionInfoDialog) {
        m_connectionInfoDialog = new ConnectionInfoDialog(m_context.gateway, m_context.connectionLabel, this);
        m_connectionInfoDialog->setNotifications(m_notificationsHow);
    }
    m_connectionInfoDialog->show(); // modeless: the window keeps refreshing beside it
    m_connectionInfoDialog->raise();
}

void MainWindow::connectAccess() {
    // Until the server has said what the role may do, nothing may change.
    m_mode->setFullText(m_context.readOnly ? tr("read-only") : tr("checking privileges…"));
    connect(m_access, &AccessStatus::accessChanged, this, [this](bool can, const QString &summary) {
        // The headline in the bar (the whole sentence was cut mid-word beside the other
        // segments), the whole of it in the tooltip and in Connection information.
        m_mode->setFullText(m_access->privileges().headline());
        m_mode->setToolTip(summary);
        m_actions->setAllowed(can);
        emit accessChanged(can);
    });
    // A kit applied (or removed) while the window is open: whenever the profile check looks at
    // the database again, so does the question what this role may change, or the window would
    // stay read-only ("the kit's action function is missing") until restarted.
    connect(m_dashboard, &DashboardView::profileChecked, m_access, &AccessStatus::recheck);
}

void MainWindow::buildStatusBar() {
    // Three segments, each elided to its share (the whole text in its tooltip) and set apart by
    // a line: a long privileges sentence no longer squeezes the connection to "Connec…".
    // Equal shares: the connection's text is the shortest when all is well, and with a share of
    // three it left the time of the numbers cut at "(server clock) · …" on a laptop screen.
    statusBar()->addWidget(m_connection, 1);
    for (auto [segment, stretch] : {std::pair<QWidget *, int>{m_serverTime, 1}, {m_mode, 1}}) {
        auto *line = new QFrame;
        line->setFrameShape(QFrame::VLine);
        line->setFrameShadow(QFrame::Sunken);
        statusBar()->addPermanentWidget(line);
        statusBar()->addPermanentWidget(segment, stretch);
    }
    connect(m_poller, &SnapshotPoller::snapshotReady, this, &MainWindow::onSnapshot);
    connect(m_poller, &SnapshotPoller::refreshFailed, this, &MainWindow::onRefreshFailed);
    connect(m_staleTimer, &QTimer::timeout, this, &MainWindow::updateStaleness);
    m_staleTimer->start(1000);
    // A window left open for weeks must reach a memory plateau: freed memory goes back to the system.
    new HeapTrimmer(std::chrono::minutes(1), this);
    m_connection->setFullText(tr("Connecting to %1 …").arg(m_context.connectionLabel));
}

QRect MainWindow::screenArea() const { return screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 800); }

QSize MainWindow::largestWithin(const QRect &area) {
    constexpr int kTitleBar = 40; // frame margins are known only once the window is shown
    return area.size() - QSize(0, kTitleBar);
}

void MainWindow::fitToScreen() {
    // Most of the screen it opens on (the audit table has ten columns, the triage list a detail
    // pane beside it), within 1100×720 .. 1600×1000, and never more than the screen has room for
    // with the title bar: on a 1366×768 laptop it opened taller than the screen, its status bar
    // (where the connection's state is said) below the edge.
    const QRect area = screenArea();
    const QSize wished(qBound(1100, area.width() * 9 / 10, 1600), qBound(720, area.height() * 9 / 10, 1000));
    resize(wished.boundedTo(largestWithin(area)));
}

void MainWindow::keepWithinScreen() {
    // A size saved on a bigger screen (the desk's, before the laptop left) is not brought back
    // larger than the screen the window opens on: its status bar would be below the edge.
    const QRect area = screenArea();
    const QSize fits = size().boundedTo(largestWithin(area));
    if (fits != size())
        resize(fits);
    if (!area.contains(geometry().topLeft()))
        move(area.topLeft());
}

MainWindow::~MainWindow() {
    m_windowState->save(); // while every part of the window still stands
    // Before any view is destroyed: no refresh starts, the lanes' statements are cancelled and
    // their connections shut, and no result reaches a view after this. Never waits for the
    // server (a lane still busy connecting ends on its own).
    m_poller->stop();
    m_context.gateway->shutdown();
}

QString MainWindow::connectionText() const { return m_connection->fullText(); }
QString MainWindow::serverTimeText() const { return m_serverTime->fullText(); }
QString MainWindow::accessText() const { return m_mode->toolTip(); }
QString MainWindow::accessHeadline() const { return m_mode->fullText(); }
bool MainWindow::canChangeMessages() const { return !m_context.readOnly && m_access->canChangeMessages(); }

void MainWindow::showSavedConnection(const SavedConnection &connection) {
    EnvironmentBand::attach(this, connection);
    setWindowTitle(EnvironmentBand::windowTitle(connection));
    m_alerts->setDatabaseName(EnvironmentBand::label(connection));
}

void MainWindow::setTabIndex(int index) { m_tabs->setCurrentIndex(qBound(0, index, m_tabs->count() - 1)); }

void MainWindow::connectDesktopAlerts() {
    // A threshold crossed while the window is minimised or behind others still reaches the operator.
    m_alerts = new DesktopAlerts(m_context.connectionLabel, this);
    connect(m_alerts, &DesktopAlerts::openRequested, this, [this] {
        showNormal();
        raise();
        activateWindow();
        m_tabs->setCurrentWidget(m_dashboard);
    });
    if (!m_alerts->trayProblem().isEmpty()) {
        // Said for as long as it is true, in a few words (the sentence in its tooltip): a
        // temporary status message would cover the connection segment, then be gone.
        auto *noTray = new QLabel(tr("Alerts: in this window only"));
        noTray->setObjectName(QStringLiteral("noTray"));
        noTray->setToolTip(m_alerts->trayProblem());
        statusBar()->addPermanentWidget(noTray);
    }
}

void MainWindow::onSnapshot(const Snapshot &s) {
    m_lastError.clear();
    m_alerts->showSnapshot(s, m_dashboard->settings().thresholds);
    // The lists read the same standby as the dashboard: as stale as its numbers.
    showListsStale(m_dashboard->standbyStale());
    const QDateTime local = s.serverTime.toLocalTime();
    // The date only when it is not today's: the segment shares the bar with three others.
    const QString when = QLocale().toString(local, local.date() == QDate::currentDate() ? QStringLiteral("HH:mm:ss")
                                                                                        : QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    QString text = tr("Numbers as of %1 %2 (server clock) · %3 ms").arg(when, local.timeZoneAbbreviation()).arg(s.roundTripMs);
    if (s.standby)
        text += QStringLiteral(" · ") + standbywords::describe(*s.standby, m_context.gateway->config().standbyMaxLagS);
    m_serverTime->setFullText(text);
    updateStaleness();
}

void MainWindow::onRefreshFailed(const QString &message, int retryInMs, bool connectionUp) {
    const QString first = firstLine(message);
    m_refusedByServer = connectionUp;
    if (connectionUp)
        m_alerts->setCannotRead(first);
    else
        m_alerts->setNotAnswering(first);
    m_lastError = retryInMs < 0 ? tr("%1 — not retrying: change the connection, or try again").arg(first)
                                : tr("%1 — retrying in %2 s").arg(first).arg((retryInMs + 999) / 1000);
    // The lists learn of an outage from the poller; a refresh the server refused (its time limit,
    // a privilege) says nothing about them: each says so itself when its own reading fails.
    if (!connectionUp)
        showListsStale(true);
    updateStaleness();
}

void MainWindow::showListsStale(bool stale) {
    // The poller is the one that notices an outage (every few seconds, whatever tab is shown);
    // the lists read only when asked, so they learn it from here.
    m_triage->setStale(stale);
    m_audit->setStale(stale);
    if (m_blocked)
        m_blocked->setStale(stale);
}

void MainWindow::updateStaleness() {
    const qint64 age = m_poller->msSinceLastSnapshot();
    if (m_lastError.isEmpty()) {
        if (age >= 0)
            m_connection->setFullText(tr("Connected to %1 · updated %2 s ago").arg(m_context.connectionLabel).arg(age / 1000));
        return;
    }
    if (m_refusedByServer)
        m_connection->setFullText(age < 0 ? tr("Connected to %1, but the first refresh failed: %2").arg(m_context.connectionLabel, m_lastError)
                                          : tr("Connected to %1, but the refresh failed; data is %2 s old: %3")
                                                .arg(m_context.connectionLabel)
                                                .arg(age / 1000)
                                                .arg(m_lastError));
    else
        m_connection->setFullText(age < 0 ? tr("Not connected: %1").arg(m_lastError)
                                          : tr("Connection lost; data is %1 s old: %2").arg(age / 1000).arg(m_lastError));
}

} // namespace om
