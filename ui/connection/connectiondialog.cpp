// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/connectiondialog.h"
#include "common/paintedicon.h"
#include "connection/environmentband.h"
#include "core/connection/passwordkeychain.h"
#include "link/connectioninfo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace om {

ConnectionDialog::ConnectionDialog(const QStringList &profileIds, QWidget *parent)
    : QDialog(parent), m_conn(new QLineEdit), m_passwordEdit(new QLineEdit), m_saved(new QComboBox), m_profile(new QComboBox),
      m_readOnly(new QCheckBox(tr("Read-only session"))),
      m_remember(new QCheckBox(tr("Remember password in the system keychain"))), m_problem(new QLabel),
      m_notice(new QLabel), m_keychainNote(new QLabel), m_keychain(new PasswordKeychain(this)) {
    setWindowTitle(tr("Connect to PostgreSQL"));
    m_conn->setPlaceholderText(tr("host=db.example port=5432 dbname=app user=ops   or   postgresql://ops@db.example/app"));
    m_conn->setMinimumWidth(520);
    m_conn->setObjectName(QStringLiteral("connection"));
    m_passwordEdit->setObjectName(QStringLiteral("password"));
    m_remember->setObjectName(QStringLiteral("rememberPassword"));
    m_keychainNote->setObjectName(QStringLiteral("keychainNote"));
    m_passwordEdit->setEchoMode(QLineEdit::Password);
    m_passwordEdit->setPlaceholderText(tr("optional: empty = keychain, ~/.pgpass, service file or PGPASSWORD"));
    m_profile->addItems(profileIds);
    for (QLabel *l : {m_problem, m_notice, m_keychainNote})
        l->setWordWrap(true);
    m_sourcesHint = new QLabel(tr("Passwords are taken from the system keychain (when remembered there), ~/.pgpass "
                                  "(or PGPASSFILE), a service file (service=...) or PGPASSWORD; Outbox Monitor never "
                                  "stores them anywhere else."));
    m_sourcesHint->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    auto *form = new QFormLayout(this);
    m_saved->setObjectName(QStringLiteral("savedConnection"));
    form->addRow(tr("&Saved connection:"), m_saved);
    form->setRowVisible(m_saved, false); // until there are saved connections to offer
    form->addRow(tr("Connection:"), m_conn);
    form->addRow(tr("Password:"), m_passwordEdit);
    form->addRow(QString(), m_remember);
    form->addRow(tr("Table profile:"), m_profile);
    form->addRow(QString(), m_readOnly);
    form->addRow(m_problem);
    form->addRow(m_notice);
    form->addRow(m_keychainNote);
    form->addRow(m_sourcesHint);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_conn, &QLineEdit::textChanged, this, &ConnectionDialog::revalidate);
    connect(m_saved, &QComboBox::currentIndexChanged, this, &ConnectionDialog::savedChosen);
    connect(m_keychain, &PasswordKeychain::finished, this, &ConnectionDialog::keychainFinished);

    // The checkbox appears only in builds with qtkeychain, and is enabled only once a keychain
    // daemon has answered: the probe is asynchronous (D-Bus), the dialog stays responsive.
    m_remember->setVisible(PasswordKeychain::compiledIn());
    m_remember->setEnabled(false);
    if (PasswordKeychain::compiledIn()) {
        m_probing = true;
        m_keychainNote->setText(tr("Checking the system keychain…"));
        m_keychain->read(PasswordKeychain::probeKey());
    }
    revalidate();
}

bool ConnectionDialog::event(QEvent *event) {
    const bool handled = QDialog::event(event);
    if (event->type() == QEvent::LayoutRequest) // a note's text changed: it may need more lines
        fitHeightToText();
    return handled;
}

void ConnectionDialog::fitHeightToText() {
    // The notes wrap, and they arrive after the dialog is shown (the keychain answers later).
    // A window's minimum size does not follow height-for-width, so the dialog kept its first
    // height and the last paragraph was clipped under the one above it.
    const int need = layout()->totalHeightForWidth(width());
    if (need <= 0)
        return;
    setMinimumHeight(need);
    if (height() < need)
        resize(width(), need);
}

QString ConnectionDialog::connectionString() const { return ConnectionInfo::withoutPassword(m_conn->text()); }
void ConnectionDialog::preset(const QString &connectionString, const QString &profileId, bool readOnly) {
    m_conn->setText(ConnectionInfo::withoutPassword(connectionString));
    if (const int i = m_profile->findText(profileId); i >= 0)
        m_profile->setCurrentIndex(i);
    m_readOnly->setChecked(readOnly);
}
QString ConnectionDialog::password() const { return m_password; }
QString ConnectionDialog::profileId() const { return m_profile->currentText(); }
bool ConnectionDialog::readOnly() const { return m_readOnly->isChecked(); }
QString ConnectionDialog::keychainStatus() const { return m_keychainNote->text(); }

QString ConnectionDialog::validate(const QString &text) { return ConnectionInfo::problem(text); }

void ConnectionDialog::revalidate() {
    const QString problem = validate(m_conn->text());
    m_problem->setText(problem);
    m_ok->setEnabled(problem.isEmpty() && !m_finishing);
    bool hadPassword = false;
    ConnectionInfo::withoutPassword(m_conn->text(), &hadPassword);
    m_notice->setText(hadPassword ? tr("The password in the connection string is used for this connection only: it is "
                                       "taken out and never saved with the connection string.")
                                  : QString());
    m_notice->setVisible(hadPassword);
}

void ConnectionDialog::setBusy(bool busy) {
    m_finishing = busy;
    m_saved->setEnabled(!busy);
    m_passwordEdit->setEnabled(!busy);
    enableFields(!busy);
    m_remember->setEnabled(!busy && m_keychainUp);
    revalidate();
}

void ConnectionDialog::enableFields(bool enabled) {
    const std::optional<SavedConnection> saved = savedConnection();
    m_conn->setEnabled(enabled && !saved);
    m_profile->setEnabled(enabled && !saved);
    m_readOnly->setEnabled(enabled && !(saved && saved->readOnly));
}

void ConnectionDialog::setSavedConnections(const QList<SavedConnection> &saved) {
    m_savedList = saved;
    const QSignalBlocker quiet(m_saved);
    m_saved->clear();
    m_saved->addItem(tr("None: type a connection below"));
    for (const SavedConnection &c : saved)
        m_saved->addItem(swatchIcon(QColor(c.colour())), EnvironmentBand::label(c) + QStringLiteral(" — ") + ConnectionInfo::describe(c.connInfo));
    static_cast<QFormLayout *>(layout())->setRowVisible(m_saved, !saved.isEmpty());
    fitHeightToText();
}

bool ConnectionDialog::chooseSaved(const QString &name) {
    for (int i = 0; i < m_savedList.size(); ++i)
        if (m_savedList.at(i).name == name) {
            m_saved->setCurrentIndex(i + 1);
            return true;
        }
    return false;
}

std::optional<SavedConnection> ConnectionDialog::savedConnection() const {
    const int i = m_saved->currentIndex() - 1;
    if (i < 0 || i >= m_savedList.size())
        return std::nullopt;
    return m_savedList.at(i);
}

void ConnectionDialog::savedChosen(int) {
    if (const std::optional<SavedConnection> c = savedConnection()) {
        m_conn->setText(ConnectionInfo::withoutPassword(c->connInfo));
        if (m_profile->findText(c->profile) < 0) // a profile file's path: offered as it is saved
            m_profile->addItem(c->profile);
        m_profile->setCurrentIndex(m_profile->findText(c->profile));
        m_readOnly->setChecked(c->readOnly);
    }
    enableFields(!m_finishing); // back to None: the fields are the operator's again, as they are
    revalidate();
}

void ConnectionDialog::accept() {
    if (!validate(m_conn->text()).isEmpty() || m_finishing)
        return;
    QString fromString;
    ConnectionInfo::withoutPassword(m_conn->text(), nullptr, &fromString);
    m_password = m_passwordEdit->text().isEmpty() ? fromString : m_passwordEdit->text();
    if (!m_keychainUp) {
        QDialog::accept();
        return;
    }
    const QString key = PasswordKeychain::keyFor(connectionString());
    if (m_remember->isChecked() && !m_password.isEmpty()) {
        setBusy(true);
        m_keychainNote->setText(tr("Saving the password in the system keychain…"));
        m_keychain->write(key, m_password);
    } else if (m_password.isEmpty()) {
        setBusy(true);
        m_keychainNote->setText(tr("Looking for a password in the system keychain…"));
        m_keychain->read(key);
    } else {
        QDialog::accept();
    }
}

void ConnectionDialog::keychainFinished(PasswordKeychain::Operation op, const QString &, const KeychainAnswer &answer,
                                        const QString &password) {
    if (m_probing) {
        m_probing = false;
        m_keychainUp = answer.ok();
        m_remember->setEnabled(answer.ok() && !m_finishing);
        m_keychainNote->setText(answer.messageWithDetails());
        m_sourcesHint->setVisible(answer.ok()); // the note names libpq's sources itself: not twice
        return;
    }
    if (!m_finishing)
        return;
    if (op == PasswordKeychain::Operation::Read) {
        // Found: used for this session. Not found or unreachable: libpq's own sources apply.
        m_password = answer.ok() ? password : QString();
        m_keychainNote->setText(answer.ok() ? (password.isEmpty() ? QString() : tr("Password read from the system keychain."))
                                            : answer.messageWithDetails());
        m_finishing = false;
        QDialog::accept();
    } else if (op == PasswordKeychain::Operation::Write) {
        if (answer.ok()) {
            m_keychainNote->setText(tr("Password saved in the system keychain."));
            m_finishing = false;
            QDialog::accept();
            return;
        }
        // Stay open so that the operator reads why; OK again connects without remembering.
        m_keychainUp = false;
        m_remember->setChecked(false);
        setBusy(false);
        const QString details = answer.detailsLine();
        m_keychainNote->setText(tr("The password was not remembered: %1").arg(answer.message())
                                + (details.isEmpty() ? QString() : QString(QLatin1Char('\n') + details)));
    }
}

} // namespace om
