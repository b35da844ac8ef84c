// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/connectionmanager.h"
#include "core/common/firstline.h"
#include "connection/savedconnectioneditor.h"
#include "connection/savedconnectionmodel.h"
#include "connection/startfailurewatcher.h"
#include "core/connection/connectiontest.h"
#include "core/connection/passwordkeychain.h"
#include "core/connection/serviceimport.h"
#include "link/connectioninfo.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace om {

ConnectionManager::ConnectionManager(const QStringList &profileIds, ProfileResolver resolve, QSettings *settings, QWidget *parent)
    : QDialog(parent), m_resolve(resolve), m_store(std::move(resolve), settings), m_model(new SavedConnectionModel(this)),
      m_list(new QTableView), m_editor(new SavedConnectionEditor(profileIds)), m_testResult(new QLabel), m_status(new QLabel),
      m_tester(new ConnectionTest(this)), m_keychain(new PasswordKeychain(this)) {
    setWindowTitle(tr("Saved connections"));
    m_list->setModel(m_model);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->verticalHeader()->hide();
    m_list->horizontalHeader()->setStretchLastSection(true);
    m_list->setMinimumWidth(360);
    for (QLabel *l : {m_testResult, m_status}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_testResult->setObjectName(QStringLiteral("testResult"));

    auto *right = new QWidget;
    auto *grid = new QGridLayout;
    buildButtons(grid);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->addWidget(m_editor);
    rightLayout->addLayout(grid);
    rightLayout->addWidget(m_testResult);
    rightLayout->addStretch(1);
    auto *splitter = new QSplitter;
    splitter->addWidget(m_list);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_list->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { showSelected(); });
    connect(m_editor, &SavedConnectionEditor::edited, this, [this] { setDirty(true); });
    connect(m_tester, &ConnectionTest::finished, this, &ConnectionManager::testFinished);
    connect(m_keychain, &PasswordKeychain::finished, this, &ConnectionManager::keychainFinished);
    connect(m_editor, &SavedConnectionEditor::passwordChanged, this, &ConnectionManager::updateButtons);
    resize(1000, 560);
    reload(QString());
}

ConnectionManager::~ConnectionManager() = default;

void ConnectionManager::buildButtons(QGridLayout *grid) {
    m_new = new QPushButton(tr("New"));
    m_duplicate = new QPushButton(tr("Duplicate"));
    m_delete = new QPushButton(tr("Delete…"));
    m_import = new QPushButton(tr("Import from service file"));
    m_save = new QPushButton(tr("Save"));
    m_revert = new QPushButton(tr("Revert"));
    m_testButton = new QPushButton(tr("Test connection"));
    m_cancelTest = new QPushButton(tr("Cancel test"));
    m_open = new QPushButton(tr("Open"));
    m_remember = new QPushButton(tr("Remember password"));
    m_remember->setObjectName(QStringLiteral("rememberPassword"));
    m_remember->setToolTip(tr("Stores the password typed above in the system keychain, under this connection's role, "
                              "host and database; a window opened for the connection reads it there."));
    m_remember->setVisible(PasswordKeychain::compiledIn());
    m_forget = new QPushButton(tr("Forget password"));
    m_forget->setObjectName(QStringLiteral("forgetPassword"));
    m_forget->setToolTip(tr("Removes the password kept in the system keychain for this connection's role, host and "
                            "database; windows then take it from ~/.pgpass, a service file or PGPASSWORD."));
    m_forget->setVisible(PasswordKeychain::compiledIn());
    m_import->setToolTip(tr("One saved connection per service of pg_service.conf (PGSERVICEFILE, ~/.pg_service.conf, "
                            "the system's) not saved yet"));
    m_open->setToolTip(tr("Opens a new window for this connection"));
    const QList<QPushButton *> row1 = {m_new, m_duplicate, m_delete, m_import, m_remember, m_forget};
    const QList<QPushButton *> row2 = {m_save, m_revert, m_testButton, m_cancelTest, m_open};
    for (int i = 0; i < row1.size(); ++i)
        grid->addWidget(row1.at(i), 0, i);
    for (int i = 0; i < row2.size(); ++i)
        grid->addWidget(row2.at(i), 1, i);
    connect(m_new, &QPushButton::clicked, this, &ConnectionManager::newConnection);
    connect(m_duplicate, &QPushButton::clicked, this, &ConnectionManager::duplicateConnection);
    connect(m_delete, &QPushButton::clicked, this, &ConnectionManager::deleteConnection);
    connect(m_import, &QPushButton::clicked, this, &ConnectionManager::importServices);
    connect(m_save, &QPushButton::clicked, this, &ConnectionManager::saveConnection);
    connect(m_revert, &QPushButton::clicked, this, &ConnectionManager::revert);
    connect(m_testButton, &QPushButton::clicked, this, &ConnectionManager::testConnection);
    connect(m_cancelTest, &QPushButton::clicked, this, &ConnectionManager::cancelTest);
    connect(m_open, &QPushButton::clicked, this, &ConnectionManager::openConnection);
    connect(m_remember, &QPushButton::clicked, this, &ConnectionManager::rememberPassword);
    connect(m_forget, &QPushButton::clicked, this, &ConnectionManager::forgetPassword);
}

bool ConnectionManager::select(const QString &name) {
    const int row = m_model->rowOf(name);
    if (m_dirty || row < 0)
        return false;
    m_list->setCurrentIndex(m_model->index(row, 0));
    return true;
}

QString ConnectionManager::testText() const { return m_testResult->text(); }
QString ConnectionManager::statusText() const { return m_status->text(); }
bool ConnectionManager::testRunning() const { return m_tester->isRunning() || !m_testingKey.isEmpty(); }

void ConnectionManager::reload(const QString &selectName) {
    m_model->setConnections(m_store.all());
    m_dirty = false;
    const int row = m_model->rowOf(selectName);
    if (row >= 0 || m_model->rowCount() > 0)
        m_list->setCurrentIndex(m_model->index(row >= 0 ? row : 0, 0));
    showSelected();
}

void ConnectionManager::showSelected() {
    if (m_dirty)
        return;
    const int row = m_list->currentIndex().row();
    const bool any = row >= 0 && row < m_model->rowCount();
    const QString previous = m_current;
    m_current = any ? m_model->connections().at(row).name : QString();
    m_editor->setConnection(any ? m_model->connections().at(row) : SavedConnection());
    m_editor->setEnabled(any);
    m_editor->setProblem(QString());
    if (m_current != previous) { // a test's words belong to the connection it tested
        m_testingKey.clear();
        m_tester->cancel();
        m_testResult->clear();
    }
    updateButtons();
}

void ConnectionManager::setDirty(bool dirty) {
    m_dirty = dirty;
    m_editor->setEnabled(true);
    if (dirty) // said as soon as typed, not only at Save
        m_editor->setProblem(m_store.problem(m_editor->connection(), m_current));
    updateButtons();
}

void ConnectionManager::updateButtons() {
    const bool selected = !m_current.isEmpty();
    m_list->setEnabled(!m_dirty);
    m_new->setEnabled(!m_dirty);
    m_import->setEnabled(!m_dirty);
    m_duplicate->setEnabled(selected && !m_dirty);
    m_delete->setEnabled(selected && !m_dirty);
    m_save->setEnabled(m_dirty);
    m_revert->setEnabled(m_dirty);
    m_open->setEnabled(selected && !m_dirty);
    m_testButton->setEnabled(m_editor->isEnabled());
    m_cancelTest->setEnabled(testRunning());
    m_remember->setEnabled(PasswordKeychain::compiledIn() && m_storingKey.isEmpty() && !m_editor->password().isEmpty()
                           && !m_editor->connection().connInfo.isEmpty());
    m_forget->setEnabled(PasswordKeychain::compiledIn() && m_forgettingKey.isEmpty() && !m_editor->connection().connInfo.isEmpty());
}

void ConnectionManager::setStatus(const QString &text) { m_status->setText(text); }

void ConnectionManager::newConnection() {
    SavedConnection c;
    c.name = m_store.freeName(tr("New connection"));
    c.connInfo.clear();
    m_current.clear();
    m_editor->setConnection(c);
    m_list->clearSelection();
    setDirty(true);
    m_editor->focusName();
}

void ConnectionManager::duplicateConnection() {
    if (m_current.isEmpty())
        return;
    SavedConnection c = m_editor->connection();
    c.name = m_store.freeName(tr("%1 (copy)").arg(c.name));
    m_current.clear();
    m_editor->setConnection(c);
    setDirty(true);
    m_editor->focusName();
}

void ConnectionManager::deleteConnection() {
    if (m_current.isEmpty() || m_confirm)
        return;
    const QString name = m_current;
    // Opened, not exec'd: the dialog (and a test in it) keeps running while the question is asked.
    m_confirm = new QMessageBox(QMessageBox::Question, tr("Delete saved connection"),
                                tr("Delete the saved connection \"%1\"? Its history and settings on this computer stay; "
                                   "a password in the keychain stays too.")
                                    .arg(name),
                                QMessageBox::Yes | QMessageBox::No, this);
    m_confirm->setDefaultButton(QMessageBox::No);
    m_confirm->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_confirm, &QMessageBox::finished, this, [this, name](int answer) {
        if (answer != QMessageBox::Yes)
            return;
        if (m_store.remove(name))
            setStatus(tr("Deleted \"%1\".").arg(name));
        reload(QString());
    });
    m_confirm->open();
}

bool ConnectionManager::saveConnection() {
    const SavedConnection c = m_editor->connection();
    const QString why = m_store.save(c, m_current);
    m_editor->setProblem(why);
    if (!why.isEmpty())
        return false;
    setStatus(tr("Saved \"%1\".").arg(c.name));
    reload(c.name);
    return true;
}

void ConnectionManager::revert() { reload(m_current); }

void ConnectionManager::importServices() {
    const ServiceImportResult r = ServiceImport::run(m_store);
    setStatus(r.summary());
    reload(r.added.value(0, m_current));
}

void ConnectionManager::testConnection() {
    const SavedConnection c = m_editor->connection();
    QString why = ConnectionInfo::problem(c.connInfo);
    QString profileError;
    const std::optional<SchemaProfile> profile = why.isEmpty() ? m_resolve(c.profile, &profileError) : std::nullopt;
    if (why.isEmpty() && !profile)
        why = tr("The table profile cannot be used: %1").arg(profileError);
    if (!why.isEmpty()) {
        m_testResult->setText(why);
        return;
    }
    cancelTest();
    const QString typed = m_editor->password();
    if (!typed.isEmpty() || !PasswordKeychain::compiledIn()) {
        startTest(typed);
        return;
    }
    // Asynchronous (D-Bus): the test starts when the keychain answered, with or without a password.
    m_testingKey = PasswordKeychain::keyFor(c.connInfo);
    m_testResult->setText(tr("Looking for a password in the system keychain…"));
    m_keychain->read(m_testingKey);
    updateButtons();
}

void ConnectionManager::startTest(const QString &password) {
    const SavedConnection c = m_editor->connection();
    QString error;
    const std::optional<SchemaProfile> profile = m_resolve(c.profile, &error);
    if (!profile) {
        m_testResult->setText(tr("The table profile cannot be used: %1").arg(error));
        updateButtons();
        return;
    }
    m_testedWhere = ConnectionInfo::describe(c.connInfo);
    m_testResult->setText(tr("Testing %1 …").arg(m_testedWhere));
    m_tester->start(c.connInfo, password, *profile, c.readOnly);
    updateButtons();
}

void ConnectionManager::cancelTest() {
    const bool running = testRunning();
    m_testingKey.clear();
    m_tester->cancel();
    if (running)
        m_testResult->setText(tr("Test cancelled."));
    updateButtons();
}

void ConnectionManager::testFinished(const ConnectionTestResult &r) {
    const QString &where = m_testedWhere;
    if (!r.ok) {
        m_testResult->setText(tr("Failed after %1 ms: %2\n%3")
                                  .arg(r.elapsedMs)
                                  .arg(StartFailureWatcher::explain(r.problem, where), firstLine(r.error)));
    } else {
        QStringList lines;
        lines << tr("Connected in %1 ms to %2.").arg(r.elapsedMs).arg(where);
        lines << tr("Server: PostgreSQL %1%2").arg(r.serverVersion, r.standby ? tr(" (standby, read-only)") : QString());
        lines << tr("Database: %1").arg(r.database);
        lines << tr("Role: %1").arg(r.privileges.role);
        lines << (r.privileges.canChangeMessages() ? tr("May change messages: yes — %1").arg(r.privileges.summary())
                                                   : tr("May change messages: no — %1").arg(r.privileges.summary()));
        m_testResult->setText(lines.join(QLatin1Char('\n')));
    }
    updateButtons();
}

void ConnectionManager::rememberPassword() {
    const QString password = m_editor->password();
    const QString connInfo = m_editor->connection().connInfo;
    if (!PasswordKeychain::compiledIn() || password.isEmpty() || connInfo.isEmpty() || !m_storingKey.isEmpty())
        return;
    m_storingKey = PasswordKeychain::keyFor(connInfo);
    setStatus(tr("Saving the password for %1 in the system keychain…").arg(m_storingKey));
    m_keychain->write(m_storingKey, password);
    updateButtons();
}

void ConnectionManager::forgetPassword() {
    const QString connInfo = m_editor->connection().connInfo;
    if (!PasswordKeychain::compiledIn() || connInfo.isEmpty() || !m_forgettingKey.isEmpty())
        return;
    m_forgettingKey = PasswordKeychain::keyFor(connInfo);
    setStatus(tr("Removing the password for %1 from the system keychain…").arg(m_forgettingKey));
    m_keychain->remove(m_forgettingKey);
    updateButtons();
}

QString ConnectionManager::keychainWords(const QString &said, const KeychainAnswer &answer) {
    const QString details = answer.detailsLine();
    return said.arg(answer.message()) + (details.isEmpty() ? QString() : QString(QLatin1Char('\n') + details));
}

void ConnectionManager::keychainFinished(PasswordKeychain::Operation operation, const QString &key, const KeychainAnswer &answer,
                                         const QString &password) {
    switch (operation) {
    case PasswordKeychain::Operation::Write:
        if (key != m_storingKey)
            return;
        m_storingKey.clear();
        if (answer.ok())
            m_editor->clearPassword(); // kept by the keychain now, not by a field left on screen
        setStatus(answer.ok() ? tr("Password for %1 saved in the system keychain; a window opened for this connection reads it there.").arg(key)
                              : keychainWords(tr("The password was not remembered: %1"), answer));
        updateButtons();
        return;
    case PasswordKeychain::Operation::Remove:
        if (key != m_forgettingKey)
            return;
        m_forgettingKey.clear();
        setStatus(answer.ok() ? tr("No password for %1 is kept in the system keychain any more.").arg(key)
                              : keychainWords(tr("The password was not removed: %1"), answer));
        updateButtons();
        return;
    case PasswordKeychain::Operation::Read:
        if (key != m_testingKey)
            return; // an answer for a test since cancelled or replaced
        m_testingKey.clear();
        // Said where the status is read, so that a test that fails for want of a password says why.
        if (!answer.ok())
            setStatus(keychainWords(tr("No password was read from the system keychain: %1"), answer));
        else if (password.isEmpty())
            setStatus(tr("The system keychain keeps no password for %1: libpq's own sources (~/.pgpass, a service file, "
                         "PGPASSWORD) apply.").arg(key));
        else
            setStatus(tr("Password for %1 read from the system keychain.").arg(key));
        startTest(answer.ok() ? password : QString()); // not found or no keychain: libpq's own sources
        return;
    }
}

void ConnectionManager::openConnection() {
    if (!m_current.isEmpty() && !m_dirty)
        emit openRequested(m_current);
}

} // namespace om
