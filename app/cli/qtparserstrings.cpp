// SPDX-License-Identifier: GPL-3.0-or-later
// Qt's QCommandLineParser translates its own texts in the context "QCommandLineParser". Listing
// them here puts them into our .ts files, so that --help and parse errors are translated from our
// own .qm, installed or embedded, whether or not Qt's qtbase_*.qm (qt6-translations-l10n) is there.
#include <QtGlobal>

namespace om::cli {

[[maybe_unused]] static const char *const kQtParserTexts[] = {
    QT_TRANSLATE_NOOP("QCommandLineParser", "Usage: %1"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Options:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Arguments:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "[options]"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown option '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown options: %1."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Missing value after '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unexpected value after '%1'."),
};

} // namespace om::cli
