// Outbox Monitor — watch and recover transactional-outbox tables in PostgreSQL.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "appcontext.h"
#include "audit/auditview.h"
#include "connection/connectiondialog.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/profile/schemaprofile.h"
#include "mainwindow.h"
#include "pg/connectioninfo.h"
#include "pg/gateway.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTimer>
#include <QTranslator>

using namespace om;

static void installTranslations(QApplication &app, const QLocale &locale) {
    auto *own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("outbox-monitor"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        app.installTranslator(own);
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
}

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("outbox-monitor"));
    QApplication::setOrganizationName(QStringLiteral("OutboxMonitor"));
    QApplication::setApplicationVersion(QStringLiteral(OM_VERSION));
    installTranslations(app, QLocale());

    QCommandLineParser cli;
    cli.setApplicationDescription(QApplication::translate("main", "Watch and recover transactional-outbox tables in PostgreSQL."));
    cli.addHelpOption();
    cli.addVersionOption();
    const QCommandLineOption connectOpt(QStringLiteral("connect"),
        QApplication::translate("main", "libpq connection string or URI (PG* environment, service files and .pgpass apply)."),
        QStringLiteral("conninfo"));
    const QCommandLineOption readOnlyOpt(QStringLiteral("read-only"),
        QApplication::translate("main", "Open read-only sessions (default_transaction_read_only): nothing can be changed."));
    const QCommandLineOption profileOpt(QStringLiteral("profile"),
        QApplication::translate("main", "Schema profile: a built-in id (app_outbox, batch_work_item, outbox) or a JSON file."),
        QStringLiteral("profile"), QStringLiteral("app_outbox"));
    const QCommandLineOption intervalOpt(QStringLiteral("interval"),
        QApplication::translate("main", "Seconds between dashboard refreshes for this run (default: the connection's setting, 5 s)."),
        QStringLiteral("seconds"));
    const QCommandLineOption screenshotOpt(QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a picture of the window to this PNG file after --screenshot-delay seconds, then quit."),
        QStringLiteral("file"));
    const QCommandLineOption screenshotDelayOpt(QStringLiteral("screenshot-delay"),
        QApplication::translate("main", "Seconds to wait before --screenshot."), QStringLiteral("seconds"), QStringLiteral("8"));
    const QCommandLineOption tabOpt(QStringLiteral("tab"),
        QApplication::translate("main", "Index of the tab to show first."), QStringLiteral("index"), QStringLiteral("0"));
    const QCommandLineOption auditFilterOpt(QStringLiteral("audit-filter"),
        QApplication::translate("main", "Filter the Audit tab: action=, operator=, key=, ticket=, reason= pairs separated by ';'."),
        QStringLiteral("filter"));
    const QCommandLineOption reportOpt(QStringLiteral("report-pdf"),
        QApplication::translate("main", "Write the incident report (as Audit → Incident report… does) to this PDF after --screenshot-delay seconds, then quit."),
        QStringLiteral("file"));
    const QCommandLineOption reportHoursOpt(QStringLiteral("report-hours"),
        QApplication::translate("main", "Hours before now that --report-pdf covers."), QStringLiteral("hours"), QStringLiteral("24"));
    cli.addOptions({connectOpt, readOnlyOpt, profileOpt, intervalOpt, screenshotOpt, screenshotDelayOpt, tabOpt, auditFilterOpt,
                    reportOpt, reportHoursOpt});
    cli.process(app);

    QString conninfo = cli.value(connectOpt);
    bool readOnly = cli.isSet(readOnlyOpt);
    QString profileArg = cli.value(profileOpt);
    QString password; // from the dialog or the OS keychain: handed to libpq only, never stored
    if (!cli.isSet(connectOpt) && !ConnectionInfo::environmentNamesDatabase()) {
        QStringList ids;
        for (const SchemaProfile &p : SchemaProfile::builtIns())
            ids << p.id;
        ConnectionDialog dialog(ids);
        if (dialog.exec() != QDialog::Accepted)
            return 0;
        conninfo = dialog.connectionString();
        password = dialog.password();
        profileArg = dialog.profileId();
        readOnly = readOnly || dialog.readOnly();
    }
    if (const QString problem = ConnectionDialog::validate(conninfo); cli.isSet(connectOpt) && !problem.isEmpty()) {
        QMessageBox::critical(nullptr, QApplication::translate("main", "Outbox Monitor"), problem);
        return 2;
    }

    QString error;
    std::optional<SchemaProfile> profile = profileArg.endsWith(QLatin1String(".json"))
        ? SchemaProfile::fromFile(profileArg, &error) : SchemaProfile::builtIn(profileArg);
    if (!profile) {
        QMessageBox::critical(nullptr, QApplication::translate("main", "Outbox Monitor"),
            error.isEmpty() ? QApplication::translate("main", "Unknown profile \"%1\".").arg(profileArg) : error);
        return 2;
    }

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
    if (cli.isSet(intervalOpt)) {
        // Overrides the stored per-connection setting for this run only.
        window.poller()->setIntervalMs(int(cli.value(intervalOpt).toDouble() * 1000));
    }
    window.setTabIndex(cli.value(tabOpt).toInt());
    if (cli.isSet(auditFilterOpt)) {
        AuditFilter f = window.auditView()->currentFilter();
        for (const QString &pair : cli.value(auditFilterOpt).split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            const QString name = pair.section(QLatin1Char('='), 0, 0).trimmed();
            const QString value = pair.section(QLatin1Char('='), 1).trimmed();
            QString *field = name == QLatin1String("action") ? &f.action : name == QLatin1String("operator") ? &f.operatorName
                           : name == QLatin1String("key") ? &f.keyText : name == QLatin1String("ticket") ? &f.ticket
                           : name == QLatin1String("reason") ? &f.reasonText : nullptr;
            if (field)
                *field = value;
        }
        window.auditView()->setFilter(f);
    }
    window.show();
    const int delayMs = int(cli.value(screenshotDelayOpt).toDouble() * 1000);
    if (cli.isSet(reportOpt)) {
        // The menu's code path: the bar's range and ticket, then AuditView::makeReport().
        const QString file = cli.value(reportOpt);
        const double hours = cli.value(reportHoursOpt).toDouble();
        QObject::connect(window.auditView(), &AuditView::reportFinished, &app, [](bool ok, const QString &message) {
            if (!ok)
                qCritical().noquote() << message;
            QApplication::exit(ok ? 0 : 1);
        });
        QTimer::singleShot(delayMs, &window, [&window, file, hours] {
            AuditFilter f = window.auditView()->currentFilter();
            f.to = QDateTime::currentDateTime();
            f.from = f.to.addSecs(qint64(-hours * 3600));
            window.auditView()->setFilter(f);
            window.auditView()->makeReport(file);
        });
    }
    if (cli.isSet(screenshotOpt)) {
        const QString file = cli.value(screenshotOpt);
        QTimer::singleShot(delayMs, &window, [&window, file] {
            window.grab().save(file);
            QApplication::quit();
        });
    }
    return app.exec();
}
