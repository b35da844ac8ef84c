// SPDX-License-Identifier: GPL-3.0-or-later
#include "link/actionnotice.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace om {

ActionNotice ActionNotice::fromPayload(const QString &json, bool *ok) {
    const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
    ActionNotice n;
    n.profile = o.value(QLatin1String("profile")).toString();
    n.action = o.value(QLatin1String("action")).toString();
    n.auditName = o.value(QLatin1String("auditName")).toString();
    n.count = o.value(QLatin1String("count")).toInt();
    n.user = o.value(QLatin1String("user")).toString();
    n.osUser = o.value(QLatin1String("osUser")).toString();
    n.host = o.value(QLatin1String("host")).toString();
    if (ok)
        *ok = !n.profile.isEmpty() && !n.action.isEmpty();
    return n;
}

} // namespace om
