#include "connection/connectionmenu.h"
#include "connection/connectionmanager.h"

#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>

namespace om {

ConnectionMenu::ConnectionMenu(QMainWindow *window, QStringList profileIds, ProfileResolver resolve)
    : QObject(window), m_window(window), m_profileIds(std::move(profileIds)), m_resolve(std::move(resolve)),
      m_menu(window->menuBar()->addMenu(tr("&Connection"))), m_open(new QMenu(tr("Open saved connection"), m_menu)) {
    m_menu->addAction(tr("Manage connections…"), this, &ConnectionMenu::manage);
    m_menu->addMenu(m_open);
    // Read when shown: connections saved in another window appear without a restart.
    connect(m_open, &QMenu::aboutToShow, this, &ConnectionMenu::fillOpenMenu);
    fillOpenMenu();
}

void ConnectionMenu::fillOpenMenu() {
    m_open->clear();
    const QList<SavedConnection> all = SavedConnections(m_resolve).all();
    for (const SavedConnection &c : all)
        m_open->addAction(tr("%1 (%2)").arg(c.name, c.environmentWords()), this, [this, name = c.name] {
            if (!openInNewProcess(name))
                QMessageBox::warning(m_window, tr("Open saved connection"), tr("Could not start a new window for \"%1\".").arg(name));
        });
    if (all.isEmpty())
        m_open->addAction(tr("(none saved: Manage connections…)"))->setEnabled(false);
}

void ConnectionMenu::manage() {
    auto *dialog = new ConnectionManager(m_profileIds, m_resolve, nullptr, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ConnectionManager::openRequested, this, [this](const QString &name) {
        if (!openInNewProcess(name))
            QMessageBox::warning(m_window, tr("Open saved connection"), tr("Could not start a new window for \"%1\".").arg(name));
    });
    dialog->open(); // window-modal, not exec'd: the window keeps refreshing behind it
}

bool ConnectionMenu::openInNewProcess(const QString &name) {
    return QProcess::startDetached(QCoreApplication::applicationFilePath(), {QStringLiteral("--connection"), name});
}

} // namespace om
