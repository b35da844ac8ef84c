// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// Where a save dialog opens: the folder the operator last saved into (per kind of file), else
/// Documents, else home. Never the working directory: started from a desktop menu it is "/" or
/// wherever the launcher happened to be, and an export landed there unnoticed.
class SaveFolder {
public:
    /// The settings key of exports (CSV, payloads, chart images): one folder for all of them.
    static constexpr const char *kExportsKey = "files/lastExportFolder";

    /// The folder remembered under `settingsKey` while it still exists, else Documents or home.
    static QString suggested(const char *settingsKey);
    /// `fileName` in suggested(settingsKey): what a save dialog proposes.
    static QString proposal(const char *settingsKey, const QString &fileName);
    /// "stem-20261206-142501.suffix": a name that does not replace the export of a minute ago.
    static QString stampedName(const QString &stem, const QString &suffix);
    /// Remembers the folder of `chosenPath` (a file just saved) under `settingsKey`.
    static void remember(const char *settingsKey, const QString &chosenPath);
};

} // namespace om
