// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/windowcommand.h"
#include "appcontext.h"
#include "audit/auditview.h"
#include "cli/appidentity.h"
#include "cli/installpaths.h"
#include "cli/savedconnectioncommand.h"
#include "connection/connectiondialog.h"
#include "connection/connectionmenu.h"
#include "connection/startfailurewatcher.h"
#include "core/connection/identitycheck.h"
#include "core/connection/savedconnections.h"
#include "core/connection/storekeys.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/store/historystore.h"
#include "link/connectioninfo.h"
#include "mainwindow.h"
#include "pg/gateway.h"
#include "pg/threadstop.h"
#include "workstation/workstationsetup.h"

#include <QMenu>
#include <QApplication>
#include <QMessageBox>
#include <QTimer>

namespace om::cli {

namespace {

// A problem with the command line's own values: on stderr for scripts, in a box for the person.
int refuse(const QString &message) {
    qCritical().noquote() << message;
    QMessageBox::critical(nullptr, QApplication::translate("main", "Outbox Monitor"), message);
    return 2;
}

void applyWindowOptions(MainWindow &window, const Options &o) {
    if (o.intervalSeconds) // overrides the stored per-connection setting for this run only
        window.poller()->setIntervalMs(int(*o.intervalSeconds * 1000));
    if (o.tab) // otherwise the tab this connection's window was left on (WindowState)
        window.setTabIndex(*o.tab);
    if (o.auditFilter) {
        AuditFilter f = window.auditView()->currentFilter();
        const AuditFilter given = *o.auditFilter;
        for (auto field : {&AuditFilter::action, &AuditFilter::operatorName, &AuditFilter::keyText, &AuditFilter::ticket,
                           &AuditFilter::reasonText})
            if (!(given.*field).isEmpty())
                f.*field = given.*field;
        window.auditView()->setFilter(f);
    }
}

/// What the window connects with: from the command line, the environment or the dialog.
struct Target {
    QString conninfo;
    QString password; // from the dialog or the OS keychain: handed to libpq only, never stored
    QString profileId;
    bool readOnly = false;
    std::optional<SavedConnection> saved;    // --connection NAME: its environment is shown
    PoolSetting pooling = PoolSetting::Auto; // --pooling, or the saved connection's
};

/// The connection dialog, filled with `previous` when given; nullopt when the operator cancels.
std::optional<Target> askTarget(const Target *previous, bool forceReadOnly) {
    ConnectionDialog dialog(builtInProfileIds());
    dialog.setSavedConnections(SavedConnections(resolveProfile).all());
    if (previous && !(previous->saved && dialog.chooseSaved(previous->saved->name)))
        dialog.preset(previous->conninfo, previous->profileId, previous->readOnly);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    // A saved connection opens as --connection NAME does: its band, its standby, its key.
    const std::optional<SavedConnection> saved = dialog.savedConnection();
    return Target{dialog.connectionString(), dialog.password(), dialog.profileId(), forceReadOnly || dialog.readOnly(),
                  saved, saved ? saved->pooling : PoolSetting::Auto};
}

AppContext contextFor(const Target &t, const SchemaProfile &profile) {
    GatewayConfig config;
    config.connInfo = t.conninfo;
    config.password = t.password;
    config.readOnly = t.readOnly;
    if (t.saved) { // a saved connection may name a standby for the dashboard and the lists
        config.standbyConnInfo = t.saved->standbyConnInfo;
        config.standbyMaxLagS = t.saved->standbyMaxLagS;
    }
    config.pooling = t.pooling;
    AppContext ctx;
    ctx.gateway = new Gateway(config);
    ctx.profile = profile;
    ctx.profileSource = t.profileId;
    ctx.connectionLabel = ConnectionInfo::describe(t.conninfo);
    ctx.connectionKey = StoreKeys::forStart(ConnectionInfo::storeKey(t.conninfo, profile.id));
    ctx.readOnly = t.readOnly;
    return ctx;
}

/// How long a window waits, before it first opens, for a server it has never identified: a
/// server that answers at all answers within this, and one that does not must not keep the
/// operator from the window (it then opens under the text key and reopens when identified).
constexpr int kFirstIdentityWaitMs = 2000;

/// Moves what `textKey` gathered to `identityKey` (StoreKeys::adopt) with a store of its own:
/// no window holds the history store while it runs.
void adoptUnderIdentity(const QString &textKey, const QString &identityKey) {
    HistoryStore store;
    store.open();
    StoreKeys::adopt(&store, textKey, identityKey);
}

/// The running window and what it was opened with; replaced when the operator changes the
/// connection after a failed start (StartFailureWatcher).
class WindowSession {
public:
    WindowSession(QApplication &app, const Options &o) : m_app(app), m_options(o) {}

    /// Opens the window for `target`, at once or, the first time this connection is opened, once
    /// the server said who it is (or kFirstIdentityWaitMs passed: waitForIdentity). False (after
    /// saying why) when its profile is unusable. `commandLine`: the window the command line asked
    /// for (its options apply to it).
    bool open(const Target &target, bool commandLine) {
        QString error;
        const std::optional<SchemaProfile> profile = resolveProfile(target.profileId, &error);
        if (!profile) {
            refuse(error);
            return false;
        }
        m_target = target;
        m_commandLine = commandLine;
        m_textKey = ConnectionInfo::storeKey(target.conninfo, profile->id);
        AppContext context = contextFor(target, *profile);
        auto *identity = new IdentityCheck(context.gateway);
        if (context.connectionKey == m_textKey)
            waitForIdentity(context, identity);
        else
            show(context, identity);
        return true;
    }

private:
    /// The first time this connection is opened: its identity, read on the Monitor lane while the
    /// event loop runs on (no window yet), for at most kFirstIdentityWaitMs; then the window opens
    /// under the identity's key, or under the text key when the server has not said.
    void waitForIdentity(AppContext context, IdentityCheck *identity) {
        // The check belongs to the Gateway until the window opens and takes both.
        identity->setParent(context.gateway);
        const quint64 wait = ++m_identityWait;
        QObject::connect(
            identity, &IdentityCheck::settled, &m_app,
            [this, context, identity, wait](bool identified) mutable {
                if (wait != m_identityWait) // another open() began meanwhile: this one is dropped
                    return context.gateway->deleteLater();
                if (identified) {
                    const QString key = identity->identity().storeKey(context.profile.id);
                    StoreKeys::remember(m_textKey, key);
                    adoptUnderIdentity(m_textKey, key);
                    context.connectionKey = key;
                }
                show(context, identity);
            },
            Qt::SingleShotConnection);
        identity->startWithin(kFirstIdentityWaitMs);
    }

    /// The window itself, for `context`; `identity` keeps watching the server from inside it.
    void show(const AppContext &context, IdentityCheck *identity) {
        ++m_identityWait; // a wait still running is over
        m_window = std::make_unique<MainWindow>(context);
        identity->setParent(m_window.get());
        // Every later reading (a server down at start that answers, a reconnection that reaches
        // another cluster): a window never shows one server's history under another's numbers.
        QObject::connect(identity, &IdentityCheck::identified, m_window.get(),
                         [this, profileId = context.profile.id](const ServerIdentity &id) { onIdentified(id.storeKey(profileId)); });
        if (!identity->identity().isValid())
            identity->start();
        auto *watcher = new StartFailureWatcher(m_window->poller(), m_window.get(), m_window->context().connectionLabel);
        // Queued: the window is replaced from the event loop, not from inside its own box.
        QObject::connect(
            watcher, &StartFailureWatcher::changeConnectionRequested, &m_app,
            [this] { changeConnection(); }, Qt::QueuedConnection);
        if (m_target.saved)
            m_window->showSavedConnection(*m_target.saved);
        auto *connectionMenu = new ConnectionMenu(m_window.get(), builtInProfileIds(), resolveProfile);
        connectionMenu->menu()->addSeparator();
        connectionMenu->menu()->addAction(m_window->connectionInfoAction());
        if (m_commandLine)
            applyWindowOptions(*m_window, m_options);
        m_window->show();
        if (m_commandLine && !m_options.screenshotFile.isEmpty()) {
            const QString file = m_options.screenshotFile;
            QTimer::singleShot(int(m_options.screenshotDelaySeconds * 1000), m_window.get(), [w = m_window.get(), file] {
                w->grab().save(file);
                QApplication::quit();
            });
        }
    }

    /// The server said who it is. Under another key than the window's (identified late, or
    /// another server now answers): remembered, and the window reopens under it.
    void onIdentified(const QString &key) {
        if (!m_window || key == m_window->context().connectionKey)
            return;
        qInfo().noquote() << "the connection's local history is now that of" << key;
        StoreKeys::remember(m_textKey, key);
        reopenUnder(key);
    }

    void reopenUnder(const QString &key) {
        // Never from under a dialog the operator is in (its own event loop runs inside the window
        // this would destroy): once it is closed.
        if (QApplication::activeModalWidget()) {
            QTimer::singleShot(1000, &m_app, [this, key] { reopenUnder(key); });
            return;
        }
        QTimer::singleShot(0, &m_app, [this, key] {
            if (!m_window || m_window->context().connectionKey == key)
                return;
            m_app.setQuitOnLastWindowClosed(false);
            m_window.reset();
            adoptUnderIdentity(m_textKey, key);
            m_app.setQuitOnLastWindowClosed(true);
            open(m_target, m_commandLine);
        });
    }

    // The window closes (its lanes shut) before the dialog opens, filled with what failed. The
    // event loop keeps running throughout: closing the last window must not end the program.
    void changeConnection() {
        m_app.setQuitOnLastWindowClosed(false);
        m_window.reset();
        const std::optional<Target> next = askTarget(&m_target, m_options.readOnly);
        m_app.setQuitOnLastWindowClosed(true);
        if (!next || !open(*next, false))
            m_app.exit(next ? 2 : 0);
    }

    QApplication &m_app;
    const Options &m_options;
    Target m_target;
    bool m_commandLine = false;
    QString m_textKey; ///< ConnectionInfo::storeKey of m_target: what StoreKeys remembers the identity under
    std::unique_ptr<MainWindow> m_window;
    quint64 m_identityWait = 0; ///< counts open()s: a wait for an identity that is no longer the latest drops its window
};

} // namespace

QString windowRefusal(const Options &o) {
    if (o.connectGiven)
        if (const QString problem = ConnectionInfo::problem(o.conninfo); !problem.isEmpty())
            return problem;
    QString error;
    if (!resolveProfile(o.profile, &error))
        return error;
    return {};
}

int runWindow(int &argc, char **argv, const Options &o) {
    QApplication app(argc, argv);
    shutdownWhenQuitting(&app); // the lanes of every window stop within one shared wait
    setAppIdentity();
    installTranslations(app);
    setUpWorkstation();

    std::optional<Target> target = Target{o.conninfo, {}, o.profile, o.readOnly, o.saved, o.pooling};
    if (!o.connectGiven && !ConnectionInfo::environmentNamesDatabase())
        target = askTarget(nullptr, o.readOnly);
    if (!target)
        return 0;
    // --connection NAME: a password remembered in the keychain, as the connection dialog reads
    // one (a saved connection picked in the dialog comes with what the dialog typed or read).
    if (target->saved && target->password.isEmpty())
        target->password = keychainPassword(target->conninfo);
    if (const QString problem = ConnectionDialog::validate(target->conninfo); o.connectGiven && !problem.isEmpty())
        return refuse(problem);
    WindowSession session(app, o);
    if (!session.open(*target, true))
        return 2;
    return app.exec();
}

} // namespace om::cli
