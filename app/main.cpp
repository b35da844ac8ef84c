// Outbox Monitor — watch and recover transactional-outbox tables in PostgreSQL.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The command line is read with a QCoreApplication first, so that --help, --version, mistakes and
// --list-profiles are answered (translated) without any GUI object and work without a display.
// Only then is the application object of the chosen mode made: offscreen for --report-pdf, the
// real platform for the window.
#include "cli/appidentity.h"
#include "cli/checkprofilecommand.h"
#include "cli/commandline.h"
#include "cli/commandsetup.h"
#include "cli/installpaths.h"
#include "cli/logging.h"
#include "cli/printkitcommand.h"
#include "cli/fleetcommand.h"
#include "cli/reportcommand.h"
#include "cli/savedconnectioncommand.h"
#include "cli/windowcommand.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <cstdio>

using namespace om::cli;

Q_LOGGING_CATEGORY(lcCli, "om.cli")

namespace {

// Answers what needs no application object beyond this QCoreApplication; the options otherwise.
Options readCommandLine(int &argc, char **argv, bool *answered, int *status) {
    QCoreApplication core(argc, argv);
    setAppIdentity();
    const QString translation = installTranslations(core);
    Options o = parseCommandLine(QCoreApplication::arguments());
    applyLoggingRules(o.verbose);
    qCDebug(lcCli).noquote() << "translation:" << (translation.isEmpty() ? QStringLiteral("none") : translation)
                             << "data:" << installedDataDir();
    *answered = true;
    *status = 0;
    switch (o.mode) {
    case Options::Mode::Help:
    case Options::Mode::Version:
        print(stdout, o.text);
        break;
    case Options::Mode::Error:
        print(stderr, QStringLiteral("outbox-monitor: %1\n").arg(o.text));
        *status = 2;
        break;
    case Options::Mode::ListProfiles:
        for (const ProfileSource &s : builtInProfiles())
            print(stdout, QStringLiteral("%1\t%2\n").arg(s.profile.id, s.file));
        break;
    case Options::Mode::ListConnections:
        print(stdout, listSavedConnections());
        break;
    case Options::Mode::Window:
    case Options::Mode::Fleet:
    case Options::Mode::Report:
    case Options::Mode::CheckProfile:
    case Options::Mode::PrintKit: {
        // A saved connection is looked up here, before any window, and so are the window's
        // connection string and profile: a mistake is refused on stderr with exit 2, also without
        // a display.
        QString refusal = applySavedConnection(o);
        if (refusal.isEmpty() && o.mode == Options::Mode::Window)
            refusal = windowRefusal(o);
        if (!refusal.isEmpty()) {
            print(stderr, QStringLiteral("outbox-monitor: %1\n").arg(refusal));
            *status = 2;
            break;
        }
        *answered = false;
        break;
    }
    }
    return o;
}

} // namespace

int main(int argc, char **argv) {
    bool answered = false;
    int status = 0;
    const Options options = readCommandLine(argc, argv, &answered, &status);
    if (answered)
        return status;
    switch (options.mode) {
    case Options::Mode::Report:
        return runReport(argc, argv, options);
    case Options::Mode::CheckProfile:
        return runCheckProfile(argc, argv, options);
    case Options::Mode::PrintKit:
        return runPrintKit(argc, argv, options);
    case Options::Mode::Fleet:
        return runFleet(argc, argv, options);
    default:
        return runWindow(argc, argv, options);
    }
}
