// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/checkprofilecommand.h"
#include "cli/commandsetup.h"
#include "core/service/serverlimits.h"
#include "core/profile/jsonlocator.h"
#include "core/check/profilecheck.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"

#include <QCoreApplication>
#include <QFile>
#include <QTimer>

namespace om::cli {

int runCheckProfile(int &argc, char **argv, const Options &o) {
    QCoreApplication app(argc, argv);
    const std::optional<SchemaProfile> profile = startCommand(app, o, o.checkProfile, QStringLiteral("--check-profile"));
    if (!profile)
        return 2;

    GatewayConfig config;
    config.connInfo = o.conninfo;
    config.readOnly = true; // a check only reads: let the database refuse anything else
    config.pooling = o.pooling;
    Gateway gateway(config);
    // The profile's own text, to name the line of each finding (a built-in id has none).
    QByteArray text;
    if (QFile file(o.checkProfile); file.open(QIODevice::ReadOnly))
        text = file.readAll();
    const JsonLocator locator(text);
    const ProfileCheck check(*profile);
    int status = 2;
    QTimer::singleShot(0, &app, [&] {
        gateway.run<ProfileCheckReport>(
            Lane::Monitor, &app, namingServerLimits([check](PgSession &s) { return check.run(s); }),
            [&](const ProfileCheckReport &r) {
                print(stdout, QCoreApplication::translate("main", "Checking %1 against %2 on %3\n").arg(o.checkProfile, r.table, ConnectionInfo::describe(o.conninfo)));
                const auto lineOf = [&locator](const QString &path) { return locator.line(path); };
                print(stdout, r.lines(o.checkProfile, text.isEmpty() ? std::function<int(const QString &)>() : lineOf)
                                      .join(QLatin1Char('\n'))
                                  + QLatin1Char('\n'));
                status = r.ok() ? 0 : 1;
                QCoreApplication::quit();
            },
            [&](const PgError &e) {
                print(stderr, QStringLiteral("outbox-monitor: %1\n").arg(QCoreApplication::translate("main", "The check could not run: %1").arg(e.message)));
                QCoreApplication::quit();
            });
    });
    app.exec();
    return status;
}

} // namespace om::cli
