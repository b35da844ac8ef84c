// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/profileerror.h"

#include <QFileInfo>

namespace om {

QString ProfileError::format() const {
    QString place = file.isEmpty() ? QString() : QFileInfo(file).fileName();
    if (line > 0) {
        place += (place.isEmpty() ? QStringLiteral("line %1") : QStringLiteral(":%1")).arg(line);
        if (column > 0)
            place += QStringLiteral(":%1").arg(column);
    }
    QString out = place.isEmpty() ? QString() : place + QLatin1String(": ");
    if (!path.isEmpty())
        out += path + QLatin1String(": ");
    return out + message;
}

} // namespace om
