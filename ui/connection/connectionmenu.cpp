// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/connectionmenu.h"
#include "connection/connectionmanager.h"

#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>

namespace om {

ConnectionMenu::ConnectionMenu(QMainWindow *window, QStringList profileIds, ProfileResolver resolve, bool offerFleet)
    : QObject(window), m_window(window), m_profileIds(std::move(profileIds)), m_resolve(std::move(resolve)),
      m_menu(new QMenu(tr("&Connection"), window)), m_open(new QMenu(tr("Open saved connection"), m_menu)) {
    // First in the menu bar, before the window's own menus (View).
    window->menuBar()->insertMenu(window->menuBar()->actions().value(0), m_menu);
    m_menu->addAction(tr("Manage connections…"), this, &ConnectionMenu::manage);
    m_menu->addMenu(m_open);
    if (offerFleet)
        m_menu->addAction(tr("Fleet overview…"), this, [this] {
            if (!openFleetInNewProcess())
                QMessageBox::warning(m_window, tr("Fleet overview"), tr("Could not start the fleet overview."));
        });
    // Read when shown: connections saved in another window appear without a restart.
    connect(m_open, &QMenu::aboutToShow, this, &ConnectionMenu::fillOpenMenu);
    fillOpenMenu();
}

void ConnectionMenu::fillOpenMenu() {
    m_open->clear();
    const QList<SavedConnection> all = SavedConnections(m_resolve).all();
    for (const SavedConnection &c : all)
        m_open->addAction(tr("%1 (%2)").arg(c.name, c.environmentWords()), this,
                          [this, name = c.name] { openOrWarn(m_window, name); });
    if (all.isEmpty())
        m_open->addAction(tr("(none saved: Manage connections…)"))->setEnabled(false);
}

void ConnectionMenu::manage() {
    auto *dialog = new ConnectionManager(m_profileIds, m_resolve, nullptr, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ConnectionManager::openRequested, this, [this](const QString &name) { openOrWarn(m_window, name); });
    dialog->open(); // window-modal, not exec'd: the window keeps refreshing behind it
}

bool ConnectionMenu::openInNewProcess(const QString &name) {
    return QProcess::startDetached(QCoreApplication::applicationFilePath(), {QStringLiteral("--connection"), name});
}

bool ConnectionMenu::openFleetInNewProcess() {
    return QProcess::startDetached(QCoreApplication::applicationFilePath(), {QStringLiteral("--fleet")});
}

void ConnectionMenu::openOrWarn(QWidget *parent, const QString &name) {
    if (!openInNewProcess(name))
        QMessageBox::warning(parent, tr("Open saved connection"), tr("Could not start a new window for \"%1\".").arg(name));
}

} // namespace om
