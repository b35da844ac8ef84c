// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/printkitcommand.h"
#include "cli/commandsetup.h"
#include "core/adminkit/kitauditsection.h"
#include "core/adminkit/kitsql.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace om::cli {

int runPrintKit(int &argc, char **argv, const Options &o) {
    QCoreApplication app(argc, argv);
    // A profile with actions but no audit table: the kit creates the table, and the section that
    // names it is said on stderr, to paste into the file.
    QString pasteSection;
    const auto withKitAudit = [&pasteSection](const QString &file) -> std::optional<SchemaProfile> {
        QFile in(file);
        if (!in.open(QIODevice::ReadOnly))
            return std::nullopt;
        std::optional<kit::KitAuditSection> k = kit::withKitAuditSection(in.readAll(), QFileInfo(file).fileName());
        if (!k)
            return std::nullopt;
        pasteSection = k->section;
        return k->profile;
    };
    const std::optional<SchemaProfile> profile = startCommand(app, o, o.profile, {}, withKitAudit);
    if (!profile)
        return 2;
    if (!pasteSection.isEmpty())
        print(stderr, QCoreApplication::translate("main", "outbox-monitor: %1 declares actions but no \"audit\" section, and "
                                                          "no change may be made without its audit row. The kit below creates "
                                                          "the audit table %2. Once it is applied, add this section to the profile "
                                                          "(the window and --check-profile then accept it):\n\n%3\n")
                          .arg(QFileInfo(o.profile).fileName(), profile->qualifiedAuditTable(), pasteSection));
    KitSql kit(*profile, kit::KitRoles{o.auditorRole, o.operatorRole});
    kit.setReadPolicy(o.readPolicy);
    if (const QString why = kit.refusal(); !why.isEmpty())
        return fail(why);
    print(stdout, kit.script());
    return 0;
}

} // namespace om::cli
