// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/widthsetting.h"

#include <QSettings>

namespace om {

WidthSetting::WidthSetting(const QString &key, QObject *parent) : QObject(parent), m_key(key) {
    m_soon.setSingleShot(true);
    m_soon.setInterval(500);
    connect(&m_soon, &QTimer::timeout, this, &WidthSetting::write);
}

WidthSetting::~WidthSetting() {
    if (m_soon.isActive())
        write();
}

QVariantMap WidthSetting::stored() const { return QSettings().value(m_key).toMap(); }

void WidthSetting::set(const QVariantMap &widths) {
    m_widths = widths;
    m_soon.start();
}

QVariantMap widthMap(const QHash<int, int> &widths) {
    QVariantMap out;
    for (auto it = widths.cbegin(); it != widths.cend(); ++it)
        out.insert(QString::number(it.key()), it.value());
    return out;
}

QHash<int, int> widthsOf(const QVariantMap &map, int columnCount) {
    QHash<int, int> out;
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        bool columnOk = false, widthOk = false;
        const int column = it.key().toInt(&columnOk), width = it.value().toInt(&widthOk);
        if (columnOk && widthOk && column >= 0 && column < columnCount && width > 0 && width < 5000)
            out.insert(column, width);
    }
    return out;
}

void WidthSetting::write() {
    m_soon.stop();
    QSettings().setValue(m_key, m_widths);
}

} // namespace om
