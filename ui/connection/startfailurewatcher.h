// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/connectproblem.h"

#include <QMessageBox>
#include <QObject>
#include <QPointer>


class QWidget;

namespace om {

class SnapshotPoller;

/// Turns a failed start into a question for the operator instead of an endless retry: when the
/// window's first connection fails, a window-modal box says what failed (no server answered,
/// authentication, no such role, no such database, …) with the server's own words, and offers
/// "Change connection…" and, when the poller stopped, "Try again". A start that succeeds later
/// (a server that came up) closes the box by itself. Never blocks: the box is opened, not exec'd.
class StartFailureWatcher : public QObject {
    Q_OBJECT
public:
    StartFailureWatcher(SnapshotPoller *poller, QWidget *window, QString connectionLabel);

    /// The operator's words for a problem ("No server answered at …"), for the box and tests.
    static QString explain(ConnectProblem problem, const QString &connectionLabel);
    /// The box while it is open (tests), else null.
    QMessageBox *box() const { return m_box; }

signals:
    /// The operator wants to connect somewhere else (or as someone else): close this window and
    /// show the connection dialog.
    void changeConnectionRequested();

private:
    void onStartFailed(ConnectProblem problem, const QString &message, bool retrying);

    SnapshotPoller *m_poller;
    QWidget *m_window;
    QString m_label;
    QPointer<QMessageBox> m_box;
};

} // namespace om
