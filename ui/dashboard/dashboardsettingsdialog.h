// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/dashboard/dashboardsettings.h"

#include <QDialog>
#include <QMap>

class QDoubleSpinBox;
class QSpinBox;

namespace om {

/// Sampling interval, stuck timeout, history retention and the tiles' warning / critical
/// thresholds of one connection. The caller saves and applies the result.
class DashboardSettingsDialog : public QDialog {
    Q_OBJECT
public:
    /// `tiles`: tile key -> caption, in display order. `ownTimeouts`: the table gives each message
    /// its own timeout, and the stuck timeout here is only for messages without one.
    DashboardSettingsDialog(const DashboardSettings &settings, const QList<QPair<QString, QString>> &tiles, bool ownTimeouts = false,
                            QWidget *parent = nullptr);
    DashboardSettings settings() const;

private:
    DashboardSettings m_settings;
    QSpinBox *m_interval;
    QSpinBox *m_stuck;
    QSpinBox *m_retention;
    QMap<QString, QPair<QDoubleSpinBox *, QDoubleSpinBox *>> m_levels;
};

} // namespace om
