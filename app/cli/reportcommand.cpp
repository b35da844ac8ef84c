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
    // The key the window keeps this server's history under: its identity (read first, as the
    // window does), else what was learnt for this connection string before, else the string's
    // own key. The report is made once the server said who it is, or the wait ran out.
    IdentityCheck identity(&gateway);
    const QString textKey = ConnectionInfo::storeKey(o.conninfo, profile->id);
    QObject::connect(
        &identity, &IdentityCheck::settled, &maker,
        [&](bool identified) {
            maker.setHistory(&store, identified ? identity.identity().storeKey(profile->id) : StoreKeys::forStart(textKey));
            maker.make(o.reportFile, from, to, ticket);
        },
        Qt::SingleShotConnection);
    identity.startWithin(gateway.config().connectTimeoutS * 1000 + 1000);
    app.exec();
    return status;
}

} // namespace om::cli
