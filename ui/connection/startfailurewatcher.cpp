// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/startfailurewatcher.h"
#include "core/dashboard/snapshotpoller.h"

#include <QMessageBox>
#include <QPushButton>

namespace om {

StartFailureWatcher::StartFailureWatcher(SnapshotPoller *poller, QWidget *window, QString connectionLabel)
    : QObject(window), m_poller(poller), m_window(window), m_label(std::move(connectionLabel)) {
    connect(poller, &SnapshotPoller::startFailed, this, &StartFailureWatcher::onStartFailed);
    connect(poller, &SnapshotPoller::snapshotReady, this, [this] {
        if (m_box)
            m_box->close(); // the server came up while the question was open: nothing to ask
    });
}

QString StartFailureWatcher::explain(ConnectProblem problem, const QString &label) {
    switch (problem) {
    case ConnectProblem::Unreachable:
        return tr("No server answered at %1. It may be down, or the host, the port or the network "
                  "(VPN, firewall) may be wrong.")
            .arg(label);
    case ConnectProblem::NotAccepting:
        return tr("The server at %1 answered but takes no connections now: it is starting up, "
                  "shutting down or has no free connection slot. With several hosts listed: none of "
                  "them takes changes now, as while a standby is being promoted.")
            .arg(label);
    case ConnectProblem::BadParameters:
        return tr("The connection string for %1 is not valid; no connection was tried.").arg(label);
    case ConnectProblem::Authentication:
        return tr("The server at %1 refused the login: a wrong or missing password, or no "
                  "pg_hba.conf entry lets this user in from here.")
            .arg(label);
    case ConnectProblem::RoleMissing:
        return tr("The server at %1 has no such role (user name).").arg(label);
    case ConnectProblem::DatabaseMissing:
        return tr("The server at %1 has no such database.").arg(label);
    case ConnectProblem::Tls:
        return tr("A server answers at %1, but the encrypted (TLS) connection failed: its certificate is not "
                  "trusted here (root certificate, host name), it offers no TLS, or it refused the client "
                  "certificate.")
            .arg(label);
    case ConnectProblem::LoginRefused:
    case ConnectProblem::None:
        break;
    }
    return tr("The server at %1 refused the login.").arg(label);
}

void StartFailureWatcher::onStartFailed(ConnectProblem problem, const QString &message, bool retrying) {
    if (m_box)
        m_box->close();
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Could not connect"), explain(problem, m_label),
                                QMessageBox::NoButton, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->setInformativeText(retrying ? tr("The monitor keeps trying in the background.")
                                     : tr("Trying again will not help until the connection changes; "
                                          "the monitor stopped trying."));
    box->setDetailedText(message); // the server's or libpq's own words, whole
    QPushButton *change = box->addButton(tr("Change connection…"), QMessageBox::AcceptRole);
    QPushButton *again = retrying ? nullptr : box->addButton(tr("Try again"), QMessageBox::ActionRole);
    box->addButton(retrying ? tr("Wait") : tr("Close"), QMessageBox::RejectRole);
    connect(box, &QMessageBox::buttonClicked, this, [this, change, again](QAbstractButton *b) {
        if (b == change)
            emit changeConnectionRequested();
        else if (again && b == again)
            m_poller->start();
    });
    m_box = box;
    box->open();
}

} // namespace om
