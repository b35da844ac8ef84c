#include "cli/windowcommand.h"
#include "appcontext.h"
#include "audit/auditview.h"
#include "cli/appidentity.h"
#include "cli/installpaths.h"
#include "connection/connectiondialog.h"
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

} // namespace

int runWindow(int &argc, char **argv, const Options &o) {
    QApplication app(argc, argv);
    setAppIdentity();
    installTranslations(app);

    QString conninfo = o.conninfo;
    bool readOnly = o.readOnly;
    QString profileArg = o.profile;
    QString password; // from the dialog or the OS keychain: handed to libpq only, never stored
    if (!o.connectGiven && !ConnectionInfo::environmentNamesDatabase()) {
        QStringList ids;
        for (const ProfileSource &s : builtInProfiles())
            ids << s.profile.id;
        ConnectionDialog dialog(ids);
        if (dialog.exec() != QDialog::Accepted)
            return 0;
        conninfo = dialog.connectionString();
        password = dialog.password();
        profileArg = dialog.profileId();
        readOnly = readOnly || dialog.readOnly();
    }
    if (const QString problem = ConnectionDialog::validate(conninfo); o.connectGiven && !problem.isEmpty())
        return refuse(problem);
    QString error;
    const std::optional<SchemaProfile> profile = resolveProfile(profileArg, &error);
    if (!profile)
        return refuse(error);

    GatewayConfig config;
    config.connInfo = conninfo;
    config.password = password;
    config.readOnly = readOnly;
    AppContext ctx;
    ctx.gateway = new Gateway(config);
    ctx.profile = *profile;
    ctx.connectionLabel = ConnectionInfo::describe(conninfo);
    ctx.connectionKey = ConnectionInfo::storeKey(conninfo, profile->id);
    ctx.readOnly = readOnly;

    MainWindow window(ctx);
    applyWindowOptions(window, o);
    window.show();
    if (!o.screenshotFile.isEmpty()) {
        const QString file = o.screenshotFile;
        QTimer::singleShot(int(o.screenshotDelaySeconds * 1000), &window, [&window, file] {
            window.grab().save(file);
            QApplication::quit();
        });
    }
    return app.exec();
}

} // namespace om::cli
