// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/printkitcommand.h"
#include "cli/commandsetup.h"
#include "core/adminkit/kitsql.h"

#include <QCoreApplication>

namespace om::cli {

int runPrintKit(int &argc, char **argv, const Options &o) {
    QCoreApplication app(argc, argv);
    const std::optional<SchemaProfile> profile = startCommand(app, o, o.profile);
    if (!profile)
        return 2;
    KitSql kit(*profile, kit::KitRoles{o.auditorRole, o.operatorRole});
    kit.setReadPolicy(o.readPolicy);
    if (const QString why = kit.refusal(); !why.isEmpty())
        return fail(why);
    print(stdout, kit.script());
    return 0;
}

} // namespace om::cli
