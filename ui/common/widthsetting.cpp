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

void WidthSetting::write() {
    m_soon.stop();
    QSettings().setValue(m_key, m_widths);
}

} // namespace om
