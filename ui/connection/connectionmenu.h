#pragma once
#include "core/connection/savedconnections.h"

#include <QObject>
#include <QStringList>

class QMainWindow;
class QMenu;

namespace om {

/// The window's Connection menu (issue #16): "Manage connections…" opens the connection manager,
/// "Open saved connection ▸" lists the saved ones. Opening one starts a new process of this
/// program with --connection NAME (one database per window, for now).
class ConnectionMenu : public QObject {
    Q_OBJECT
public:
    ConnectionMenu(QMainWindow *window, QStringList profileIds, ProfileResolver resolve);

    QMenu *menu() const { return m_menu; }
    /// Starts `program --connection NAME` detached; false (and a warning) when it could not start.
    static bool openInNewProcess(const QString &name);

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
