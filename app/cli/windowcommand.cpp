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
    ctx.connectionLabel = ConnectionInfo::describe(t.conninfo);
    ctx.connectionKey = ConnectionInfo::storeKey(t.conninfo, profile.id);
    ctx.readOnly = t.readOnly;
    return ctx;
}

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
    // A failed start offers the connection dialog (StartFailureWatcher): the window closes, the
    // dialog opens with what failed, and a new window opens with what the operator corrected.
    for (bool first = true;; first = false) {
        QString error;
        const std::optional<SchemaProfile> profile = resolveProfile(target->profileId, &error);
        if (!profile)
            return refuse(error);
        auto window = std::make_unique<MainWindow>(contextFor(*target, *profile));
        bool changeConnection = false;
        auto *watcher = new StartFailureWatcher(window->poller(), window.get(), window->context().connectionLabel);
        QObject::connect(watcher, &StartFailureWatcher::changeConnectionRequested, window.get(), [&changeConnection, &window] {
            changeConnection = true;
            window->close();
        });
        if (first)
            applyWindowOptions(*window, o);
        window->show();
        if (first && !o.screenshotFile.isEmpty()) {
            const QString file = o.screenshotFile;
            QTimer::singleShot(int(o.screenshotDelaySeconds * 1000), window.get(), [w = window.get(), file] {
                w->grab().save(file);
                QApplication::quit();
            });
        }
        const int rc = app.exec();
        if (!changeConnection)
            return rc;
        window.reset(); // its lanes shut before the next window's open
        target = askTarget(&*target, o.readOnly);
        if (!target)
            return 0;
    }
}

} // namespace om::cli
