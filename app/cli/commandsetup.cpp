// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/commandsetup.h"
#include "cli/appidentity.h"
#include "cli/installpaths.h"
#include "link/connectioninfo.h"

#include <QCoreApplication>

namespace om::cli {

void print(FILE *to, const QString &text) {
    std::fputs(qUtf8Printable(text), to);
    std::fflush(to);
}

int fail(const QString &message) {
    print(stderr, QStringLiteral("outbox-monitor: %1\n").arg(message));
    return 2;
}

std::optional<SchemaProfile> startCommand(QCoreApplication &app, const Options &o, const QString &idOrFile,
                                          const QString &connectOption, const ProfileFallback &fallback) {
    setAppIdentity();
    installTranslations(app);
    if (!connectOption.isEmpty()) {
        if (!o.connectGiven && !ConnectionInfo::environmentNamesDatabase()) {
            fail(QCoreApplication::translate("main", "%1 needs --connect (or PGDATABASE or PGSERVICE in the environment).")
                     .arg(connectOption));
            return std::nullopt;
        }
        if (const QString problem = ConnectionInfo::problem(o.conninfo); o.connectGiven && !problem.isEmpty()) {
            fail(problem);
            return std::nullopt;
        }
    }
    QString error;
    std::optional<SchemaProfile> profile = resolveProfile(idOrFile, &error);
    if (!profile && fallback && idOrFile.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        profile = fallback(idOrFile);
    if (!profile)
        fail(error);
    return profile;
}

} // namespace om::cli
