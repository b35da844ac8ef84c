// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/rowsecurity.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace om {

RowSecurity RowSecurity::fromJson(const QVariant &json) {
    RowSecurity r;
    if (json.isNull())
        return r;
    const QJsonObject o = QJsonDocument::fromJson(json.toString().toUtf8()).object();
    if (o.isEmpty())
        return r;
    r.known = true;
    r.enabled = o.value(QLatin1String("enabled")).toBool();
    r.forced = o.value(QLatin1String("forced")).toBool();
    r.active = o.value(QLatin1String("active")).toBool();
    r.role = o.value(QLatin1String("role")).toString();
    r.superuser = o.value(QLatin1String("superuser")).toBool();
    r.bypassRls = o.value(QLatin1String("bypass")).toBool();
    r.owner = o.value(QLatin1String("owner")).toBool();
    r.openPolicy = o.value(QLatin1String("open_policy")).toString();
    r.restrictivePolicies = o.value(QLatin1String("restrictive")).toInt();
    return r;
}

QString RowSecurity::reasonText() const {
    if (!enabled)
        return {};
    if (superuser)
        return tr("%1 is a superuser, which row-level security does not apply to.").arg(role);
    if (bypassRls)
        return tr("%1 has BYPASSRLS, which row-level security does not apply to.").arg(role);
    if (owner && !forced)
        return tr("%1 owns the table, which row-level security does not apply to (the table does not FORCE it).").arg(role);
    if (owner && forced)
        return tr("%1 owns the table, but the table FORCEs row-level security on its owner too.").arg(role);
    return tr("%1 is not the table's owner, a superuser or a role with BYPASSRLS.").arg(role);
}

QString RowSecurity::hiddenRowsText(const QString &table) const {
    const QString policies = restrictivePolicies > 0 && !openPolicy.isEmpty()
                                 ? tr("restrictive policies narrow what the policy %1 would show").arg(openPolicy)
                                 : tr("it sees only the rows its policies allow, possibly none");
    return tr("Row-level security on %1 applies to the role %2: %3. Every count, list and action here covers only those "
              "rows, and the server cannot say how many are hidden. %4")
        .arg(table, role, policies, reasonText());
}

QString RowSecurity::remedyText() const {
    return tr("Connect as a role that may read every row, or ask the DBA to apply the admin kit's read policy "
              "(outbox-monitor --print-kit --read-policy --profile FILE).");
}

} // namespace om
