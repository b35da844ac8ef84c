// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "connection/connectioninfodialog.h"
#include "core/model/snapshot.h"

#include <QMainWindow>
#include <QPointer>

class QLabel;
class QTabWidget;
class QTimer;

namespace om {

class ActionController;
class ActionFeed;
class AccessStatus;
class AuditView;
class BlockedKeysView;
class DashboardView;
class DesktopAlerts;
class ElidingLabel;
struct SavedConnection;
class TriageView;
class WindowState;
class SnapshotPoller;
class StatusTiles;

/// Wires the views together; owns the gateway and the poller. Holds no business logic.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// Takes ownership of `context.gateway`.
    explicit MainWindow(AppContext context, QWidget *parent = nullptr);
    ~MainWindow() override;
    /// View → Connection information… (the Connection menu shows it too).
    QAction *connectionInfoAction() const { return m_connectionInfo; }
    ConnectionInfoDialog *connectionInfoDialog() const { return m_connectionInfoDialog; }

    SnapshotPoller *poller() const { return m_poller; }
    StatusTiles *tiles() const { return m_tiles; }
    const AppContext &context() const { return m_context; }
    /// The status bar's connection text, for tests.
    QString connectionText() const;
    /// The status bar's "Numbers as of …" text (with the standby's replay lag when it reads one).
    QString serverTimeText() const;
    DashboardView *dashboardView() const { return m_dashboard; }
    void setTabIndex(int index);
    /// Shows the next (step 1) or previous (-1) visible tab, going round.
    void stepTab(int step);
    QTabWidget *tabs() const { return m_tabs; }
    ActionController *actions() const { return m_actions; }
    /// True only when the server confirmed the role may run the actions (never when read-only).
    bool canChangeMessages() const;
    AccessStatus *access() const { return m_access; }
    AuditView *auditView() const { return m_audit; }
    TriageView *triageView() const { return m_triage; }
    /// The head-of-line view; null for a profile without an ordering key (the tab is absent).
    BlockedKeysView *blockedKeysView() const { return m_blocked; }
    /// The status bar's access text ("read-only: this role cannot change messages (…)").
    QString accessText() const;
    /// What the status bar shows of it (accessText() is the whole sentence, in its tooltip).
    QString accessHeadline() const;
    /// Opened from a saved connection: its environment as a band across the top, in
    /// the title ("[production] orders-eu — Outbox Monitor") and in the tray's tooltip.
    void showSavedConnection(const SavedConnection &connection);

signals:
    /// The role's right to change messages was found out or changed; actions follow it.
    void accessChanged(bool canChangeMessages);

private:
    // The constructor's steps, in order.
    DashboardView *buildTabs();
    void setupActions();
    void connectScope();
    void connectStuckTimeout(DashboardView *dashboard);
    void connectRefreshAfterChange();
    void connectAccess();
    void showConnectionInfo();
    void setNotificationsHow(const QString &how);
    void buildStatusBar();
    void fitToScreen();
    /// A restored size no larger than the screen's room, and the window on it.
    void keepWithinScreen();
    /// The available area of the screen the window is on.
    QRect screenArea() const;
    /// The largest window that fits `area` with its title bar.
    static QSize largestWithin(const QRect &area);
    /// After an own action or another window's NOTIFY: every view that shows rows reads again.
    void refreshAfterChange();
    void onSnapshot(const Snapshot &s);
    void connectDesktopAlerts();
    void onRefreshFailed(const QString &message, int retryInMs, bool connectionUp);
    void updateStaleness();
    void showListsStale(bool stale);
    void connectBlockedKeys();

    AppContext m_context;
    QTabWidget *m_tabs;
    StatusTiles *m_tiles;
    ElidingLabel *m_serverTime; ///< elided, not clipped, in a narrow window (full text as tooltip)
    ElidingLabel *m_connection;
    ElidingLabel *m_mode; ///< what this login may do (the whole sentence as tooltip)
    SnapshotPoller *m_poller;
    WindowState *m_windowState = nullptr; ///< geometry and tab per connection
    AccessStatus *m_access;
    AuditView *m_audit;
    QTimer *m_staleTimer;
    QString m_lastError;
    bool m_refusedByServer = false; ///< the last refresh failed with the connection up
    ActionController *m_actions = nullptr;
    ActionFeed *m_feed = nullptr; ///< other windows' actions, heard or polled
    QAction *m_connectionInfo = nullptr;
    QPointer<ConnectionInfoDialog> m_connectionInfoDialog;
    QString m_notificationsHow; ///< how other operators' actions reach this window
    TriageView *m_triage = nullptr;
    DashboardView *m_dashboard = nullptr;
    DesktopAlerts *m_alerts = nullptr; ///< tray icon and notifications
    BlockedKeysView *m_blocked = nullptr;
};

} // namespace om
