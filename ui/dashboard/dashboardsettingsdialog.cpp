// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboardsettingsdialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace om {
namespace {

// The oldest-waiting threshold is stored in seconds but minutes are what an operator thinks in.
bool inMinutes(const QString &key) { return key == QLatin1String("oldest"); }

} // namespace

DashboardSettingsDialog::DashboardSettingsDialog(const DashboardSettings &settings, const QList<QPair<QString, QString>> &tiles,
                                                 bool ownTimeouts, QWidget *parent)
    : QDialog(parent), m_settings(settings), m_interval(new QSpinBox), m_stuck(new QSpinBox), m_retention(new QSpinBox) {
    setWindowTitle(tr("Dashboard settings"));
    auto *form = new QFormLayout;
    m_interval->setRange(1, 3600);
    m_interval->setSuffix(tr(" s"));
    m_interval->setValue(settings.intervalS);
    m_interval->setToolTip(tr("Time between two snapshots. A refresh never overlaps the previous one."));
    m_stuck->setObjectName(QStringLiteral("stuckTimeout")); // tests set it as an operator would
    m_stuck->setRange(1, 7 * 24 * 60);
    m_stuck->setSuffix(tr(" min"));
    m_stuck->setValue(settings.stuckTimeoutMinutes);
    m_stuck->setToolTip(ownTimeouts ? tr("Each message counts as stuck past its own timeout; one without a timeout, past this.")
                                    : tr("A message in flight for longer than this counts as stuck."));
    m_retention->setRange(1, 3650);
    m_retention->setSuffix(tr(" days"));
    m_retention->setValue(settings.retentionDays);
    form->addRow(tr("Sampling interval:"), m_interval);
    form->addRow(ownTimeouts ? tr("Stuck timeout (messages without their own):") : tr("Stuck timeout:"), m_stuck);
    form->addRow(tr("Keep history for:"), m_retention);

    auto *box = new QGroupBox(tr("Tile thresholds (0 = off)"));
    auto *grid = new QGridLayout(box);
    grid->addWidget(new QLabel(tr("Warning at")), 0, 1);
    grid->addWidget(new QLabel(tr("Critical at")), 0, 2);
    int row = 1;
    for (const auto &[key, caption] : tiles) {
        const Threshold t = settings.thresholds.value(key);
        const double unit = inMinutes(key) ? 60.0 : 1.0;
        auto make = [&](double v) {
            auto *spin = new QDoubleSpinBox;
            spin->setRange(0, 1e12);
            spin->setDecimals(inMinutes(key) ? 1 : 0);
            spin->setSuffix(inMinutes(key) ? tr(" min") : QString());
            spin->setValue(v / unit);
            spin->setObjectName(QStringLiteral("threshold_") + key);
            return spin;
        };
        auto *warn = make(t.warning);
        auto *crit = make(t.critical);
        grid->addWidget(new QLabel(caption), row, 0);
        grid->addWidget(warn, row, 1);
        grid->addWidget(crit, row, 2);
        m_levels.insert(key, {warn, crit});
        ++row;
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(box);
    layout->addWidget(buttons);
}

DashboardSettings DashboardSettingsDialog::settings() const {
    DashboardSettings s = m_settings;
    s.intervalS = m_interval->value();
    s.stuckTimeoutMinutes = m_stuck->value();
    s.retentionDays = m_retention->value();
    for (auto it = m_levels.cbegin(); it != m_levels.cend(); ++it) {
        const double unit = inMinutes(it.key()) ? 60.0 : 1.0;
        s.thresholds.insert(it.key(), {it->first->value() * unit, it->second->value() * unit});
    }
    return s;
}

} // namespace om
