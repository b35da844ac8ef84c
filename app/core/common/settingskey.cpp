// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/settingskey.h"

#include <QByteArray>
#include <QSettings>

namespace om {

QString connectionSettingsGroup(const QString &section, const QString &connectionKey) {
    return section + QLatin1Char('/') + QString::fromLatin1(connectionKey.toUtf8().toPercentEncoding());
}

void adoptConnectionSettings(const QString &from, const QString &to) {
    QSettings q;
    const QString fromGroup = QString::fromLatin1(from.toUtf8().toPercentEncoding());
    const QString toGroup = QString::fromLatin1(to.toUtf8().toPercentEncoding());
    for (const QString &section : q.childGroups()) {
        q.beginGroup(section);
        const QStringList connections = q.childGroups();
        const bool move = connections.contains(fromGroup) && !connections.contains(toGroup);
        QList<QPair<QString, QVariant>> values;
        if (connections.contains(fromGroup)) {
            q.beginGroup(fromGroup);
            for (const QString &key : q.allKeys())
                values << qMakePair(key, q.value(key));
            q.endGroup();
            q.remove(fromGroup);
        }
        if (move)
            for (const auto &[key, value] : values)
                q.setValue(toGroup + QLatin1Char('/') + key, value);
        q.endGroup();
    }
}

} // namespace om
