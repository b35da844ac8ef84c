#include "testlanguage.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace om::test {

QString testLanguage() { return qEnvironmentVariable("OM_LANG", QStringLiteral("en")); }

void installTestTranslations() {
    if (testLanguage() != QLatin1String("ja"))
        return;
    // Function-static: a translator must outlive every tr() call of the test program.
    static QTranslator own, qt;
    static bool installed = false;
    if (installed)
        return;
    installed = true;
    if (own.load(QStringLiteral(OM_BUILD_DIR "/outbox-monitor_ja.qm")))
        QCoreApplication::installTranslator(&own);
    if (qt.load(QStringLiteral("qtbase_ja"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
}

} // namespace om::test
