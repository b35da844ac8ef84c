// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/passwordkeychain.h"
#include "core/connection/savedconnection.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace om {

/// Asked when the command line names no database: a libpq connection string or URI, an optional
/// password, the schema profile, and read-only. The password is never part of the connection
/// string the program keeps (one typed into it is taken out, with a notice); it may be
/// remembered in the OS keychain when one is available, otherwise libpq's .pgpass, PGPASSFILE,
/// service file and environment apply.
class ConnectionDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConnectionDialog(const QStringList &profileIds, QWidget *parent = nullptr);
    /// What was typed, without any password (safe to keep, show or save).
    QString connectionString() const;
    /// Fills the dialog with the connection that failed, so that the operator corrects it rather
    /// than types it again (never a password: it is asked again or read from the keychain).
    void preset(const QString &connectionString, const QString &profileId, bool readOnly);
    /// Offers `saved` first ("Saved connection:"), so that an operator who saved the databases
    /// picks one rather than types its string; the row is hidden when there are none. A saved
    /// connection chosen fills the fields and holds them (it opens as saved: its environment
    /// band, profile, standby); read-only can only be added to it.
    void setSavedConnections(const QList<SavedConnection> &saved);
    /// Chooses the saved connection called `name` (false when there is none of that name).
    bool chooseSaved(const QString &name);
    /// The saved connection chosen, if one is.
    std::optional<SavedConnection> savedConnection() const;
    /// The password for this session (typed, taken out of the connection string, or read from
    /// the keychain); empty = libpq's own sources. Hand it to GatewayConfig::password only.
    QString password() const;
    QString profileId() const;
    bool readOnly() const;
    /// True once the keychain answered; false when there is none (this build or this session).
    bool keychainAvailable() const { return m_keychainUp; }
    /// False while the dialog still asks whether a keychain answers (it asks when it opens).
    bool keychainChecked() const { return !m_probing; }
    /// What the dialog last said about the keychain ("" when nothing): our sentence first, and
    /// the keychain's own words on a "Details:" line after it when it gave any.
    QString keychainStatus() const;

    /// Empty when `text` looks like a libpq connection string or URI; otherwise why not.
    static QString validate(const QString &text);

    void accept() override;

protected:
    bool event(QEvent *event) override;

private:
    void fitHeightToText();
    void revalidate();
    void keychainFinished(PasswordKeychain::Operation operation, const QString &key, const KeychainAnswer &answer,
                          const QString &password);
    void setBusy(bool busy);
    void savedChosen(int index);
    /// The fields a chosen saved connection holds stay disabled, also after busy ends.
    void enableFields(bool enabled);

    QLineEdit *m_conn;
    QLineEdit *m_passwordEdit;
    QComboBox *m_saved;
    QList<SavedConnection> m_savedList;
    QComboBox *m_profile;
    QCheckBox *m_readOnly;
    QCheckBox *m_remember;
    QLabel *m_problem;
    QLabel *m_notice;
    QLabel *m_keychainNote;
    QLabel *m_sourcesHint; ///< where passwords come from; hidden while the keychain note says it
    QPushButton *m_ok;
    PasswordKeychain *m_keychain;
    QString m_password;
    bool m_keychainUp = false;
    bool m_probing = false;
    bool m_finishing = false;
};

} // namespace om
