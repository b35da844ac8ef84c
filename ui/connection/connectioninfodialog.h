// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "link/linkfacts.h"

#include <QDialog>

class QFormLayout;
class QLabel;

namespace om {

class DatabaseLink;

/// Connection → Connection information: what stands between the window and the server (direct,
/// or a pooler in which mode, and how the program knows), what the program leaves on the server
/// because of it, the time limit its statements run under, whether read-only is the server's,
/// and how other operators' actions reach the window. Read from the lanes' LinkFacts (no
/// database call), refreshed when a lane reconnects.
class ConnectionInfoDialog : public QDialog {
    Q_OBJECT
public:
    ConnectionInfoDialog(DatabaseLink *gateway, QString connectionLabel, QWidget *parent = nullptr);

    /// How other operators' actions reach the window (listening, or polling and why).
    void setNotifications(const QString &how);
    /// The texts shown, row label → value (tests read them).
    QList<QPair<QString, QString>> rows() const;

    /// The path in a few words ("direct", "transaction pooler", …): the status bar's and the
    /// report's short form.
    static QString pathWords(const LinkFacts &facts);

private:
    void fill();
    void addRow(const QString &label, const QString &value);

    DatabaseLink *m_gateway;
    QString m_label;
    QString m_notifications;
    QFormLayout *m_form;
};

} // namespace om
