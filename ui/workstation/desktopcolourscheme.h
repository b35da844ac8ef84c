// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDBusConnection>
#include <QDBusVariant>
#include <QObject>

namespace om {

/// What the desktop says about light and dark (palettes that follow the desktop).
/// Qt 6.4 has no colour-scheme API; GNOME, KDE and the other XDG desktops publish the choice
/// through the settings portal (org.freedesktop.appearance color-scheme: 1 dark, 2 light, 0 none)
/// and announce each change. Everything here is asynchronous: a slow or absent portal never
/// holds up the window.
class DesktopColourScheme : public QObject {
    Q_OBJECT
public:
    enum class Scheme {
        Unknown,      ///< no portal answered (no session bus, an old desktop): the platform's palette stands
        NoPreference, ///< the portal answered and the user chose neither
        Dark,
        Light,
    };
    Q_ENUM(Scheme)

    /// The portal on the session bus.
    static DesktopColourScheme *sessionPortal(QObject *parent);
    /// The portal's Settings interface on `connection`, at `service` (empty on a peer-to-peer
    /// connection, which has no bus names).
    DesktopColourScheme(const QDBusConnection &connection, const QString &service, QObject *parent = nullptr);

    /// Asks once and listens for changes; schemeChanged follows when the answer differs.
    void start();
    Scheme scheme() const { return m_scheme; }

signals:
    void schemeChanged(om::DesktopColourScheme::Scheme scheme);

private slots:
    void onSettingChanged(const QString &group, const QString &key, const QDBusVariant &value);

private:
    void setScheme(Scheme scheme);

    QDBusConnection m_connection;
    QString m_service;
    Scheme m_scheme = Scheme::Unknown;
};

} // namespace om
