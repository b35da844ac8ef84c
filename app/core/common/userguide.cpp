// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/userguide.h"

#include <QDir>
#include <QFileInfo>

namespace om {

QString userGuideFile(const QString &applicationDir, const QString &sourceDocsDir) {
    // The installed guide wins even when the source tree is still there: a package built on this
    // computer must show what it ships, not what the checkout holds today.
    const QStringList candidates = {
        QDir(applicationDir).absoluteFilePath(QStringLiteral("../share/doc/outbox-monitor/user-guide.md")),
        sourceDocsDir.isEmpty() ? QString() : QDir(sourceDocsDir).absoluteFilePath(QStringLiteral("user-guide.md")),
    };
    for (const QString &file : candidates)
        if (!file.isEmpty() && QFileInfo(file).isFile())
            return QDir::cleanPath(file);
    return {};
}

} // namespace om
