#include "core/common/settingskey.h"

#include <QByteArray>

namespace om {

QString connectionSettingsGroup(const QString &section, const QString &connectionKey) {
    return section + QLatin1Char('/') + QString::fromLatin1(connectionKey.toUtf8().toPercentEncoding());
}

} // namespace om
