// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/savedconnection.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace om {

/// The fields of one saved connection, as the connection manager edits them: name, connection
/// string, password (for Test connection or the keychain: never part of connection()), table profile,
/// read-only, environment with its colour (and, for a custom one, its word and colour), note, and
/// an optional standby to read from with its staleness bound.
class SavedConnectionEditor : public QWidget {
    Q_OBJECT
public:
    explicit SavedConnectionEditor(const QStringList &profileIds, QWidget *parent = nullptr);

    void setConnection(const SavedConnection &c);
    /// What the fields say (the connection string without any password).
    SavedConnection connection() const;
    /// Typed for Test connection; a password typed into the connection string counts too.
    QString password() const;
    void clearPassword();
    /// Focus on the name with all of it selected: typing replaces a proposed name, not appends.
    void focusName();

    /// Shown under the fields ("" hides it): why the connection cannot be saved.
    void setProblem(const QString &problem);
    QString problemText() const;

signals:
    /// Any field changed by the operator.
    void edited();
    /// The password typed (never part of connection(), so not an edit of it).
    void passwordChanged();

private:
    void pickColour();
    void browseProfile();
    void updateEnvironmentFields();
    void updatePasswordNotice();

    QLineEdit *m_name;
    QLineEdit *m_conn;
    QLabel *m_passwordNotice;
    QLineEdit *m_password;
    QComboBox *m_profile;
    QCheckBox *m_readOnly;
    QComboBox *m_environment;
    QLineEdit *m_customLabel;
    QPushButton *m_colour;
    QString m_customColour;
    QPlainTextEdit *m_note;
    QLineEdit *m_standby;
    QSpinBox *m_standbyMaxLag;
    QComboBox *m_pooling;
    QLabel *m_problem;
    bool m_filling = false;
};

} // namespace om
