#pragma once
#include <QString>

namespace om::test {

/// "ja" when the test runs for Japanese screenshots (OM_LANG=ja), else "en".
QString testLanguage();

/// For OM_LANG=ja: installs the program's Japanese translation and Qt's own (the Cancel and
/// Close of Qt's dialogs), as the program does at start. Nothing for English. Once per process.
void installTestTranslations();

} // namespace om::test
