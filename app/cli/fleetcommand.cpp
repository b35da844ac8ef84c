// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/fleetcommand.h"
#include "cli/appidentity.h"
#include "cli/installpaths.h"
#include "cli/savedconnectioncommand.h"
#include "connection/connectionmenu.h"
#include "core/connection/savedconnections.h"
#include "fleet/fleetwindow.h"
#include "pg/threadstop.h"
#include "workstation/workstationsetup.h"

#include <QApplication>
#include <QTimer>

namespace om::cli {
namespace {

/// How long the keychain may take to answer the first read; without an answer by then it is not
/// asked for the others (libpq's own sources apply), so a stuck daemon delays the start once.
constexpr int kKeychainWaitMs = 3000;

QList<FleetMember::Setup> setupsOfSavedConnections(const Options &o) {
    QList<FleetMember::Setup> setups;
    bool keychainAnswers = true;
    for (const SavedConnection &c : SavedConnections(resolveProfile).all()) {
        FleetMember::Setup s;
        s.connection = c;
        s.profile = resolveProfile(c.profile, &s.profileError);
        if (o.intervalSeconds)
            s.intervalMs = int(*o.intervalSeconds * 1000);
        if (keychainAnswers) {
            KeychainAnswer answer;
            s.password = keychainPassword(c.connInfo, kKeychainWaitMs, &answer);
            // The keychain runs one job at a time: after one that did not answer, the others
            // would only wait behind it.
            keychainAnswers = answer.kind != KeychainAnswer::Kind::NoAnswer;
        }
        setups << s;
    }
    return setups;
}

} // namespace

int runFleet(int &argc, char **argv, const Options &o) {
    QApplication app(argc, argv);
    shutdownWhenQuitting(&app); // the lanes of every window stop within one shared wait
    setAppIdentity();
    installTranslations(app);
    setUpWorkstation();

    FleetWindow window(FleetWindow::SetupSource([&o] { return setupsOfSavedConnections(o); }));
    QObject::connect(&window, &FleetWindow::openRequested, &window,
                     [&window](const QString &name) { ConnectionMenu::openOrWarn(&window, name); });
    new ConnectionMenu(&window, builtInProfileIds(), resolveProfile, false);
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
