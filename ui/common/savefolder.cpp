// SPDX-License-Identifier: GPL-3.0-or-later
#include "savefolder.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace om {

QString SaveFolder::suggested(const char *settingsKey) {
    const QString last = QSettings().value(QLatin1String(settingsKey)).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString SaveFolder::proposal(const char *settingsKey, const QString &fileName) {
    return QDir(suggested(settingsKey)).filePath(fileName);
}

QString SaveFolder::stampedName(const QString &stem, const QString &suffix) {
    return QStringLiteral("%1-%2.%3").arg(stem, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")), suffix);
}

void SaveFolder::remember(const char *settingsKey, const QString &chosenPath) {
    if (!chosenPath.isEmpty())
        QSettings().setValue(QLatin1String(settingsKey), QFileInfo(chosenPath).absolutePath());
}

} // namespace om
