// SPDX-License-Identifier: GPL-3.0-or-later
#include "testlanguage.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace om::test {

QString testLanguage() { return qEnvironmentVariable("OM_LANG", QStringLiteral("en")); }

void installTestTranslations() {
    // Function-static: a translator must outlive every tr() call of the test program.
    static QTranslator own, qt;
    static bool installed = false;
    if (installed)
        return;
    installed = true;
    // English too: its file holds the plural forms ("1 message", "2 messages").
    if (own.load(QStringLiteral(OM_BUILD_DIR "/outbox-monitor_%1.qm").arg(testLanguage())))
        QCoreApplication::installTranslator(&own);
    if (testLanguage() == QLatin1String("ja") && qt.load(QStringLiteral("qtbase_ja"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
}

} // namespace om::test
