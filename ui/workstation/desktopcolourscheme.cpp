// SPDX-License-Identifier: GPL-3.0-or-later
#include "workstation/desktopcolourscheme.h"

#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QFileInfo>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcDesktopScheme, "om.appearance", QtInfoMsg)

namespace om {
namespace {

const QString kPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString kInterface = QStringLiteral("org.freedesktop.portal.Settings");
const QString kGroup = QStringLiteral("org.freedesktop.appearance");
const QString kKey = QStringLiteral("color-scheme");

/// Read returns the value in a variant, which older portals wrap once more: unwrap all.
QVariant unwrap(QVariant v) {
    while (v.canConvert<QDBusVariant>() && v.userType() == qMetaTypeId<QDBusVariant>())
        v = v.value<QDBusVariant>().variant();
    return v;
}

DesktopColourScheme::Scheme schemeOf(const QVariant &value) {
    bool ok = false;
    const uint n = unwrap(value).toUInt(&ok);
    if (!ok)
        return DesktopColourScheme::Scheme::Unknown;
    switch (n) {
    case 1: return DesktopColourScheme::Scheme::Dark;
    case 2: return DesktopColourScheme::Scheme::Light;
    default: return DesktopColourScheme::Scheme::NoPreference; // 0, and values of a later spec
    }
}

} // namespace

DesktopColourScheme *DesktopColourScheme::sessionPortal(QObject *parent) {
    // Only a session bus that is there: without one, libdbus would try to launch a bus of its own.
    const QString runtimeBus = qEnvironmentVariable("XDG_RUNTIME_DIR") + QStringLiteral("/bus");
    const bool haveBus = qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS")
                         || (qEnvironmentVariableIsSet("XDG_RUNTIME_DIR") && QFileInfo::exists(runtimeBus));
    const QDBusConnection bus = haveBus ? QDBusConnection::sessionBus() : QDBusConnection(QStringLiteral("om-no-session-bus"));
    return new DesktopColourScheme(bus, QStringLiteral("org.freedesktop.portal.Desktop"), parent);
}

DesktopColourScheme::DesktopColourScheme(const QDBusConnection &connection, const QString &service, QObject *parent)
    : QObject(parent), m_connection(connection), m_service(service) {}

void DesktopColourScheme::start() {
    if (!m_connection.isConnected()) {
        qCInfo(lcDesktopScheme) << "no D-Bus session: the platform's palette is used as it is";
        return;
    }
    m_connection.connect(m_service, kPath, kInterface, QStringLiteral("SettingChanged"), this,
                         SLOT(onSettingChanged(QString, QString, QDBusVariant)));
    QDBusMessage read = QDBusMessage::createMethodCall(m_service, kPath, kInterface, QStringLiteral("Read"));
    read << kGroup << kKey;
    // Asynchronous, with a short timeout: a portal that does not answer is no portal.
    auto *watcher = new QDBusPendingCallWatcher(m_connection.asyncCall(read, 2000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *call) {
        call->deleteLater();
        const QDBusPendingReply<QDBusVariant> reply = *call;
        if (reply.isError()) {
            qCInfo(lcDesktopScheme) << "the desktop's settings portal did not say light or dark:" << reply.error().message();
            return;
        }
        setScheme(schemeOf(QVariant::fromValue(reply.value())));
    });
}

void DesktopColourScheme::onSettingChanged(const QString &group, const QString &key, const QDBusVariant &value) {
    if (group == kGroup && key == kKey)
        setScheme(schemeOf(QVariant::fromValue(value)));
}

void DesktopColourScheme::setScheme(Scheme scheme) {
    if (scheme == m_scheme)
        return;
    m_scheme = scheme;
    qCInfo(lcDesktopScheme) << "the desktop's colour scheme:" << scheme;
    emit schemeChanged(scheme);
}

} // namespace om
