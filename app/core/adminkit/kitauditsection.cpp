// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/adminkit/kitauditsection.h"
#include "core/kit/audittablesql.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace om::kit {

std::optional<KitAuditSection> withKitAuditSection(const QByteArray &json, const QString &fileName) {
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    const QString audit = QStringLiteral("audit");
    if (!doc.isObject() || doc.object().contains(audit) || !doc.object().contains(QLatin1String("actions")))
        return std::nullopt;
    // The audit section depends on the table and its id type only: read the profile without what
    // needs an audit table (its actions, and a purge, which needs actions) to make it.
    QJsonObject readOnly = doc.object();
    readOnly.remove(QStringLiteral("actions"));
    readOnly.remove(QStringLiteral("purge"));
    ProfileError ignored;
    const std::optional<SchemaProfile> bare = SchemaProfile::fromJson(QJsonDocument(readOnly).toJson(), &ignored, fileName);
    if (!bare)
        return std::nullopt;
    const QString section = auditSectionJson(withKitAudit(*bare));
    const QJsonDocument parsed = QJsonDocument::fromJson(QStringLiteral("{%1}").arg(section).toUtf8());
    QJsonObject full = doc.object();
    full.insert(audit, parsed.object().value(audit));
    std::optional<SchemaProfile> withAudit = SchemaProfile::fromJson(QJsonDocument(full).toJson(), &ignored, fileName);
    if (!withAudit)
        return std::nullopt;
    return KitAuditSection{*withAudit, section};
}

} // namespace om::kit
