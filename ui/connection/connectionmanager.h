// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/passwordkeychain.h"
#include "core/connection/savedconnections.h"

#include <QDialog>
#include <QPointer>

class QGridLayout;
class QLabel;
class QMessageBox;
class QPushButton;
class QTableView;

namespace om {

class ConnectionTest;
class SavedConnectionEditor;
class SavedConnectionModel;
struct ConnectionTestResult;

/// Connection → Manage connections…: the saved connections, an editor for the one
/// selected, New / Duplicate / Delete (confirmed) / Import from the service files / Test
/// connection (on a thread of its own, with Cancel) / Open (a new window for it). Changes are
/// saved with Save (checked first, the reason shown under the fields) or dropped with Revert;
/// while the editor holds unsaved changes the list is locked, so nothing is lost by a click.
/// A password is typed for the test, or read from the keychain; Remember password puts the typed
/// one into the system keychain (never into the settings), where a window for the connection
/// finds it; Forget password removes it there. What the keychain answered is said in the status
/// line: our sentence for its kind, and its own words on a "Details:" line at most.
class ConnectionManager : public QDialog {
    Q_OBJECT
public:
    /// `settings`: where the connections are kept (the program's QSettings when null; tests pass
    /// their own file).
    ConnectionManager(const QStringList &profileIds, ProfileResolver resolve, QSettings *settings = nullptr,
                      QWidget *parent = nullptr);
    ~ConnectionManager() override;

    SavedConnectionModel *model() const { return m_model; }
    SavedConnectionEditor *editor() const { return m_editor; }
    SavedConnections &store() { return m_store; }
    /// Selects the connection called `name` (when the editor has no unsaved changes).
    bool select(const QString &name);
    /// The name of the saved connection in the editor ("" for a new one not yet saved).
    QString currentName() const { return m_current; }
    bool hasUnsavedChanges() const { return m_dirty; }
    /// What Test connection last said ("Testing …", the result, or why it failed).
    QString testText() const;
    /// What the last Save / Delete / Import / keychain operation said.
    QString statusText() const;
    bool testRunning() const;
    /// True while a keychain operation (Remember, Forget, the read before a test) waits for its answer.
    bool keychainBusy() const { return !m_storingKey.isEmpty() || !m_forgettingKey.isEmpty() || !m_testingKey.isEmpty(); }
    /// The delete confirmation while it is open (tests answer it), else null.
    QMessageBox *confirmation() const { return m_confirm; }

    // The buttons' actions, callable by tests as the operator's clicks.
    void newConnection();
    void duplicateConnection();
    void deleteConnection();
    bool saveConnection();
    void revert();
    void importServices();
    void testConnection();
    void cancelTest();
    void openConnection();
    void rememberPassword();
    void forgetPassword();

signals:
    /// Open was pressed for the saved connection `name`.
    void openRequested(const QString &name);

private:
    void buildButtons(QGridLayout *grid);
    void reload(const QString &selectName);
    void showSelected();
    void setDirty(bool dirty);
    void updateButtons();
    void startTest(const QString &password);
    void testFinished(const ConnectionTestResult &r);
    void keychainFinished(PasswordKeychain::Operation operation, const QString &key, const KeychainAnswer &answer,
                          const QString &password);
    /// `said` with the answer's message for %1, and its details on a line of their own.
    static QString keychainWords(const QString &said, const KeychainAnswer &answer);
    void setStatus(const QString &text);

    ProfileResolver m_resolve;
    SavedConnections m_store;
    SavedConnectionModel *m_model;
    QTableView *m_list;
    SavedConnectionEditor *m_editor;
    QLabel *m_testResult;
    QLabel *m_status;
    QPushButton *m_new, *m_duplicate, *m_delete, *m_import, *m_save, *m_revert, *m_testButton, *m_cancelTest, *m_open, *m_remember, *m_forget;
    ConnectionTest *m_tester;
    PasswordKeychain *m_keychain;
    QPointer<QMessageBox> m_confirm;
    QString m_current;
    QString m_testedWhere; ///< describe() of the connection under test
    QString m_testingKey;  ///< keychain entry being read for a test ("" when none)
    QString m_storingKey;  ///< keychain entry being written by Remember password ("" when none)
    QString m_forgettingKey; ///< keychain entry being removed by Forget password ("" when none)
    bool m_dirty = false;
};

} // namespace om
