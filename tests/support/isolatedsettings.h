// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QString>

namespace om::test {

/// Keeps what the test program writes to the settings (window places, widths, appearance) in
/// `dir`, and QStandardPaths in test mode (the history store): never in the developer's own.
inline void isolateSettings(const QString &dir) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir);
}

} // namespace om::test
