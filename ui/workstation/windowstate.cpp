// SPDX-License-Identifier: GPL-3.0-or-later
#include "workstation/windowstate.h"
#include "common/restoredsplit.h"
#include "core/common/settingskey.h"

#include <QMainWindow>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>

namespace om {

namespace {
const auto kGeometry = QLatin1String("/geometry");
const auto kTab = QLatin1String("/tab");
const auto kSplitters = QLatin1String("/splitters/");

/// The window's splitters that have a name (the name is their key in the settings).
QList<QSplitter *> namedSplitters(QMainWindow *window) {
    QList<QSplitter *> out;
    for (QSplitter *s : window->findChildren<QSplitter *>())
        if (!s->objectName().isEmpty())
            out << s;
    return out;
}
} // namespace

WindowState::WindowState(QMainWindow *window, QTabWidget *tabs, const QString &connectionKey)
    : QObject(window), m_window(window), m_tabs(tabs), m_group(connectionSettingsGroup(QStringLiteral("window"), connectionKey)) {
    const QSettings s;
    if (const QByteArray geometry = s.value(m_group + kGeometry).toByteArray(); !geometry.isEmpty())
        m_restored = window->restoreGeometry(geometry); // false (nothing changed) for bytes it cannot read
    if (const QVariant tab = s.value(m_group + kTab); tab.isValid()) {
        bool ok = false;
        const int index = tab.toInt(&ok);
        // A tab that this profile does not have (Blocked keys) or that is hidden: the first one.
        if (ok && index >= 0 && index < tabs->count() && tabs->isTabVisible(index)) {
            tabs->setCurrentIndex(index);
            m_restored = true;
        }
    }
    // Where the operator put each splitter's handle for this connection (the charts wider on the
    // wall screen, the message pane wider on the laptop). Unknown bytes change nothing.
    // A restored splitter is marked (kRestoredSplitProperty): its view's first-show split must not
    // replace where the operator left the handle.
    for (QSplitter *splitter : namedSplitters(window))
        if (const QByteArray state = s.value(m_group + kSplitters + splitter->objectName()).toByteArray(); !state.isEmpty())
            if (splitter->restoreState(state)) {
                splitter->setProperty(kRestoredSplitProperty, true);
                m_restored = true;
            }
    connect(tabs, &QTabWidget::currentChanged, this, &WindowState::save);
}

void WindowState::save() const {
    if (!m_window || !m_tabs)
        return;
    QSettings s;
    s.setValue(m_group + kGeometry, m_window->saveGeometry());
    s.setValue(m_group + kTab, m_tabs->currentIndex());
    for (QSplitter *splitter : namedSplitters(m_window))
        s.setValue(m_group + kSplitters + splitter->objectName(), splitter->saveState());
}

} // namespace om
