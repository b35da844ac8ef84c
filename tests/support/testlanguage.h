// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om::test {

/// "ja" when the test runs for Japanese screenshots (OM_LANG=ja), else "en".
QString testLanguage();
/// The test runs in English: texts are compared word for word only then.
inline bool english() { return testLanguage() == QLatin1String("en"); }

/// Installs the program's translation as it does at start: for OM_LANG=ja the Japanese one and
/// Qt's own (the Cancel and Close of Qt's dialogs); for English the plural forms. Once per process.
void installTestTranslations();

} // namespace om::test
