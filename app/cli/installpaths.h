// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QList>
#include <QString>
#include <optional>

class QCoreApplication;

namespace om::cli {

/// Where an installed program keeps its data: `<prefix>/share/outbox-monitor`, found relative to
/// the executable (`<prefix>/bin/outbox-monitor`), so that any prefix works (/usr from the .deb,
/// /usr/local or a DESTDIR from `cmake --install`). Empty when the program runs from the build tree.
QString installedDataDir();

/// One built-in profile and the file it was read from (installed file, or ":/profiles/…" embedded).
struct ProfileSource {
    SchemaProfile profile;
    QString file;
};
/// The built-in profiles: the installed ones, and the embedded ones whose id is not installed.
QList<ProfileSource> builtInProfiles();
/// Their ids, in the same order (the connection dialogs' and menus' choices).
QStringList builtInProfileIds();
/// A built-in id or a JSON file; nullopt and *error (one line) when neither.
std::optional<SchemaProfile> resolveProfile(const QString &idOrFile, QString *error);

/// Installs the program's translation for the system locale (installed .qm first, the embedded
/// one otherwise), the English plural forms for a locale without one, and Qt's own; returns the
/// file it took for ours ("" when none could be loaded).
QString installTranslations(QCoreApplication &app);

} // namespace om::cli
