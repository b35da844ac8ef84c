// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QObject>
#include <QPointer>
#include <QString>

class QMainWindow;
class QTabWidget;

namespace om {

/// Remembers, per connection (its store key: the server's identity), where the window stood, how
/// large it was, which tab was chosen and where each named splitter's handle was (Triage's
/// column widths are kept by TriageView, under the same group), so that the production database's window comes back on
/// the wall screen it was left on and the staging one on the laptop. Restored once, at
/// construction; saved whenever the tab changes, and by the window's destructor before anything
/// of it is gone (save()). A saved geometry
/// that no longer fits the screens (a monitor unplugged) is moved back onto one by Qt.
class WindowState : public QObject {
    Q_OBJECT
public:
    /// Restores what `connectionKey` saved, if anything. Call after the window's default size is set.
    WindowState(QMainWindow *window, QTabWidget *tabs, const QString &connectionKey);

    /// True when something was restored.
    bool restored() const { return m_restored; }
    /// The settings group (tests).
    QString group() const { return m_group; }
    void save() const;

private:
    QPointer<QMainWindow> m_window;
    QPointer<QTabWidget> m_tabs;
    QString m_group;
    bool m_restored = false;
};

} // namespace om
