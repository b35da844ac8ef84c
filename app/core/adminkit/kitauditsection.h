// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace om::kit {

/// A profile file that declares actions but no "audit" is refused everywhere (no change without
/// its audit row), yet the kit is exactly how that audit table comes to exist. For --print-kit
/// such a profile is read once more with the kit's own audit section put in: `profile` is then
/// the profile as the kit installs it and `section` the JSON to paste into the file.
struct KitAuditSection {
    SchemaProfile profile;
    QString section;
};

/// The profile of `json` with the kit's audit section, when `json` is an object that declares
/// "actions" and no "audit" and otherwise parses; nullopt when that is not the case (the caller
/// then reports the parser's own message).
std::optional<KitAuditSection> withKitAuditSection(const QByteArray &json, const QString &fileName);

} // namespace om::kit
