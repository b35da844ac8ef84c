// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/installpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace om::cli {

namespace {

QList<ProfileSource> profilesIn(const QString &dirPath) {
    QList<ProfileSource> out;
    const QDir dir(dirPath);
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QString error;
        if (auto p = SchemaProfile::fromFile(dir.filePath(name), &error))
            out << ProfileSource{*p, dir.filePath(name)};
        else
            qWarning("profile %s is invalid: %s", qPrintable(dir.filePath(name)), qPrintable(error));
    }
    return out;
}

} // namespace

QString installedDataDir() {
    const QString dir = QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(QStringLiteral("../share/outbox-monitor"));
    return QFileInfo(dir).isDir() ? QDir::cleanPath(dir) : QString();
}

QList<ProfileSource> builtInProfiles() {
    const QString data = installedDataDir();
    QList<ProfileSource> out = data.isEmpty() ? QList<ProfileSource>() : profilesIn(data + QStringLiteral("/profiles"));
    for (const ProfileSource &embedded : profilesIn(QStringLiteral(":/profiles"))) {
        const bool installed = std::any_of(out.cbegin(), out.cend(), [&](const ProfileSource &s) { return s.profile.id == embedded.profile.id; });
        if (!installed)
            out << embedded;
    }
    return out;
}

QStringList builtInProfileIds() {
    QStringList ids;
    for (const ProfileSource &p : builtInProfiles())
        ids << p.profile.id;
    return ids;
}

std::optional<SchemaProfile> resolveProfile(const QString &idOrFile, QString *error) {
    if (idOrFile.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        // The error names the file, the JSON path and the line (ProfileError::format).
        ProfileError why;
        auto p = SchemaProfile::fromFile(idOrFile, &why);
        if (!p)
            *error = why.format();
        return p;
    }
    QStringList ids;
    for (const ProfileSource &s : builtInProfiles()) {
        if (s.profile.id == idOrFile)
            return s.profile;
        ids << s.profile.id;
    }
    *error = QCoreApplication::translate("main", "Unknown profile \"%1\" (built-in: %2; or a .json file).").arg(idOrFile, ids.join(QLatin1String(", ")));
    return std::nullopt;
}

QString installTranslations(QCoreApplication &app) {
    const QLocale locale;
    QString used;
    auto *own = new QTranslator(&app);
    const QString data = installedDataDir();
    const QStringList dirs = {data.isEmpty() ? QString() : data + QStringLiteral("/translations"), QStringLiteral(":/i18n")};
    // The locale's language first; else English, whose file holds only the plural forms
    // ("1 message", "2 messages"): the source texts say "%n message(s)".
    for (bool english : {false, true}) {
        for (const QString &dir : dirs) {
            const bool loaded = !dir.isEmpty()
                                && (english ? own->load(QStringLiteral("outbox-monitor_en"), dir)
                                            : own->load(locale, QStringLiteral("outbox-monitor"), QStringLiteral("_"), dir));
            if (loaded) {
                used = own->filePath();
                app.installTranslator(own);
                break;
            }
        }
        if (!used.isEmpty())
            break;
    }
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    return used;
}

} // namespace om::cli
