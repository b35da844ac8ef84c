// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/reportcommand.h"
#include "audit/reportmaker.h"
#include "cli/commandsetup.h"
#include "core/connection/identitycheck.h"
#include "core/connection/storekeys.h"
#include "core/store/historystore.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"

#include <QApplication>
#include <QTimer>
#include <cstdio>

namespace om::cli {

namespace {

QtMessageHandler g_previousHandler = nullptr;

// Under cron or a plain SSH session XDG_RUNTIME_DIR is unset and Qt says so on stderr, although
// nothing here needs a runtime directory: drop that notice so that stderr holds only our line.
void quietAboutRuntimeDir(QtMsgType type, const QMessageLogContext &context, const QString &message) {
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    g_previousHandler(type, context, message);
}

/// The key the window keeps this server's history under: its identity (read now, as the window
/// does), else what was learnt for this connection string before, else the string's own key.
QString historyKey(Gateway &gateway, const QString &textKey, const QString &profileId) {
    IdentityCheck identity(&gateway);
    return identity.readWithin(gateway.config().connectTimeoutS * 1000 + 1000) ? identity.identity().storeKey(profileId)
                                                                               : StoreKeys::forStart(textKey);
}

} // namespace

int runReport(int &argc, char **argv, const Options &o) {
    // Forced, not defaulted: a DISPLAY that is set but unreachable (an SSH session without X
    // forwarding, cron) would abort the program in the xcb plugin. "offscreen" is part of libQt6Gui.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    g_previousHandler = qInstallMessageHandler(quietAboutRuntimeDir);
    QApplication app(argc, argv);
    const std::optional<SchemaProfile> profile = startCommand(app, o, o.profile, QStringLiteral("--report-pdf"));
    if (!profile)
        return 2;

    GatewayConfig config;
    config.connInfo = o.conninfo;
    config.readOnly = true; // a report only reads: let the database refuse anything else
    config.pooling = o.pooling;
    Gateway gateway(config);
    // The dashboard's history for this connection, as the window's report shows it. Without a store
    // (never ran the window here) the report says it has no samples.
    HistoryStore store;
    QString storeProblem;
    // Said, not only written into the report: the person running the command learns that the file
    // was refused (a newer release's) or broken. The report is made without charts all the same.
    if (!store.open(&storeProblem))
        print(stderr, QStringLiteral("outbox-monitor: %1\n").arg(storeProblem));
    ReportMaker maker(&gateway, *profile);
    maker.setHistory(&store, historyKey(gateway, ConnectionInfo::storeKey(o.conninfo, profile->id), profile->id));

    int status = 1;
    QObject::connect(&maker, &ReportMaker::finished, &app, [&status](bool ok, const QString &pathOrMessage) {
        if (!ok)
            fail(pathOrMessage);
        status = ok ? 0 : 1;
        QApplication::quit();
    });
    const QDateTime to = QDateTime::currentDateTime();
    const QDateTime from = to.addMSecs(qint64(-o.reportHours * 3600 * 1000));
    const QString ticket = o.auditFilter ? o.auditFilter->ticket.trimmed() : QString();
    QTimer::singleShot(0, &maker, [&] { maker.make(o.reportFile, from, to, ticket); });
    app.exec();
    return status;
}

} // namespace om::cli
