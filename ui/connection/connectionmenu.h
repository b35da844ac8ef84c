// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/savedconnections.h"

#include <QObject>
#include <QStringList>

class QMainWindow;
class QWidget;
class QMenu;

namespace om {

/// The window's Connection menu: "Manage connections…" opens the connection manager,
/// "Open saved connection ▸" lists the saved ones, "Fleet overview…" shows them all in one table.
/// Opening one starts a new process of this program with --connection NAME (one database per
/// window, and per process: a database that hangs its window holds up no other).
class ConnectionMenu : public QObject {
    Q_OBJECT
public:
    /// `offerFleet`: false in the fleet overview itself.
    ConnectionMenu(QMainWindow *window, QStringList profileIds, ProfileResolver resolve, bool offerFleet = true);

    QMenu *menu() const { return m_menu; }
    /// Starts `program --connection NAME` detached; false (and a warning) when it could not start.
    static bool openInNewProcess(const QString &name);
    /// Starts `program --fleet` detached; false when it could not start.
    static bool openFleetInNewProcess();
    /// openInNewProcess, with a warning over `parent` when the process could not start.
    static void openOrWarn(QWidget *parent, const QString &name);

private:
    void fillOpenMenu();
    void manage();

    QMainWindow *m_window;
    QStringList m_profileIds;
    ProfileResolver m_resolve;
    QMenu *m_menu;
    QMenu *m_open;
};

} // namespace om
