#include "cli/windowcommand.h"
#include "appcontext.h"
#include "audit/auditview.h"
#include "cli/appidentity.h"
#include "cli/installpaths.h"
#include "connection/connectiondialog.h"
#include "connection/startfailurewatcher.h"
#include "pg/connectioninfo.h"
#include "core/dashboard/snapshotpoller.h"
#include "mainwindow.h"
#include "pg/gateway.h"

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
    window.setTabIndex(o.tab);
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
};

/// The connection dialog, filled with `previous` when given; nullopt when the operator cancels.
std::optional<Target> askTarget(const Target *previous, bool forceReadOnly) {
    QStringList ids;
    for (const ProfileSource &s : builtInProfiles())
        ids << s.profile.id;
    ConnectionDialog dialog(ids);
    if (previous)
        dialog.preset(previous->conninfo, previous->profileId, previous->readOnly);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return Target{dialog.connectionString(), dialog.password(), dialog.profileId(), forceReadOnly || dialog.readOnly()};
}

AppContext contextFor(const Target &t, const SchemaProfile &profile) {
    GatewayConfig config;
    config.connInfo = t.conninfo;
    config.password = t.password;
    config.readOnly = t.readOnly;
    AppContext ctx;
    ctx.gateway = new Gateway(config);
    ctx.profile = profile;
    ctx.profileSource = t.profileId;
    ctx.connectionLabel = ConnectionInfo::describe(t.conninfo);
    ctx.connectionKey = ConnectionInfo::storeKey(t.conninfo, profile.id);
    ctx.readOnly = t.readOnly;
    return ctx;
}

/// The running window and what it was opened with; replaced when the operator changes the
/// connection after a failed start (StartFailureWatcher).
class WindowSession {
public:
    WindowSession(QApplication &app, const Options &o) : m_app(app), m_options(o) {}

    /// Opens the window for `target`. False (after saying why) when its profile is unusable.
    bool open(const Target &target, bool first) {
        QString error;
        const std::optional<SchemaProfile> profile = resolveProfile(target.profileId, &error);
        if (!profile) {
            refuse(error);
            return false;
        }
        m_target = target;
        m_window = std::make_unique<MainWindow>(contextFor(target, *profile));
        auto *watcher = new StartFailureWatcher(m_window->poller(), m_window.get(), m_window->context().connectionLabel);
        // Queued: the window is replaced from the event loop, not from inside its own box.
        QObject::connect(watcher, &StartFailureWatcher::changeConnectionRequested, &m_app,
                         [this] { changeConnection(); }, Qt::QueuedConnection);
        if (first)
            applyWindowOptions(*m_window, m_options);
        m_window->show();
        if (first && !m_options.screenshotFile.isEmpty()) {
            const QString file = m_options.screenshotFile;
            QTimer::singleShot(int(m_options.screenshotDelaySeconds * 1000), m_window.get(), [w = m_window.get(), file] {
                w->grab().save(file);
                QApplication::quit();
            });
        }
        return true;
    }

private:
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
    std::unique_ptr<MainWindow> m_window;
};

} // namespace

int runWindow(int &argc, char **argv, const Options &o) {
    QApplication app(argc, argv);
    setAppIdentity();
    installTranslations(app);

    std::optional<Target> target = Target{o.conninfo, {}, o.profile, o.readOnly};
    if (!o.connectGiven && !ConnectionInfo::environmentNamesDatabase())
        target = askTarget(nullptr, o.readOnly);
    if (!target)
        return 0;
    if (const QString problem = ConnectionDialog::validate(target->conninfo); o.connectGiven && !problem.isEmpty())
        return refuse(problem);
    WindowSession session(app, o);
    if (!session.open(*target, true))
        return 2;
    return app.exec();
}

} // namespace om::cli
