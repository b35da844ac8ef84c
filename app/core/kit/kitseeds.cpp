// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/kitseeds.h"

namespace om::kit {

QList<SchemaProfile> seedProfiles() {
    QList<SchemaProfile> out;
    for (const QString &id : {QStringLiteral("app_outbox"), QStringLiteral("batch_work_item"), QStringLiteral("outbox")})
        out << *SchemaProfile::builtIn(id);
    return out;
}

} // namespace om::kit
