// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/environmentband.h"

#include <QAction>
#include <QLabel>
#include <QMainWindow>
#include <cmath>

namespace om {

EnvironmentBand::EnvironmentBand(const SavedConnection &connection, QWidget *parent)
    : QToolBar(tr("Environment"), parent), m_label(new QLabel), m_background(connection.colour()),
      m_foreground(textColourOn(m_background)) {
    setObjectName(QStringLiteral("environmentBand"));
    setMovable(false);
    setFloatable(false);
    // Always there: the toolbars' context menu must not offer to hide what says "production".
    toggleViewAction()->setEnabled(false);
    m_label->setText(bandText(connection));
    m_label->setAlignment(Qt::AlignCenter);
    m_label->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_label->setToolTip(connection.note.isEmpty() ? connection.connInfo : connection.note);
    QFont f = m_label->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.3);
    m_label->setFont(f);
    addWidget(m_label);
    setStyleSheet(QStringLiteral("QToolBar#environmentBand { background: %1; border: none; padding: 6px; }"
                                 "QToolBar#environmentBand QLabel { color: %2; }")
                      .arg(m_background.name(), m_foreground.name()));
}

EnvironmentBand *EnvironmentBand::attach(QMainWindow *window, const SavedConnection &connection) {
    auto *band = new EnvironmentBand(connection, window);
    QToolBar *first = nullptr;
    for (QToolBar *t : window->findChildren<QToolBar *>(QString(), Qt::FindDirectChildrenOnly))
        if (t != band && window->toolBarArea(t) == Qt::TopToolBarArea && !first)
            first = t;
    if (first) {
        window->insertToolBar(first, band);
        window->insertToolBarBreak(first); // the band alone on the top row, across the window
    } else {
        window->addToolBar(Qt::TopToolBarArea, band);
    }
    return band;
}

QString EnvironmentBand::bandText(const SavedConnection &c) {
    return tr("%1 — %2").arg(c.environmentWords().toUpper(), c.name);
}

QString EnvironmentBand::label(const SavedConnection &c) { return tr("[%1] %2").arg(c.environmentWords(), c.name); }

QString EnvironmentBand::windowTitle(const SavedConnection &c) {
    return tr("[%1] %2 — Outbox Monitor").arg(c.environmentWords(), c.name);
}

QColor EnvironmentBand::textColourOn(const QColor &background) {
    auto linear = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const double l = 0.2126 * linear(background.redF()) + 0.7152 * linear(background.greenF()) + 0.0722 * linear(background.blueF());
    // The luminance where black and white text have the same contrast ratio ((l+0.05)/0.05 = 1.05/(l+0.05)).
    return l > 0.179 ? QColor(Qt::black) : QColor(Qt::white);
}

QString EnvironmentBand::text() const { return m_label->text(); }

} // namespace om
