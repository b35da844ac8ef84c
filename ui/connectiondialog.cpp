#include "connectiondialog.h"
#include "core/connectioninfo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace om {

ConnectionDialog::ConnectionDialog(const QStringList &profileIds, QWidget *parent)
    : QDialog(parent), m_conn(new QLineEdit), m_profile(new QComboBox), m_readOnly(new QCheckBox(tr("Read-only session"))),
      m_problem(new QLabel) {
    setWindowTitle(tr("Connect to PostgreSQL"));
    m_conn->setPlaceholderText(tr("host=db.example port=5432 dbname=app user=ops   or   postgresql://ops@db.example/app"));
    m_conn->setMinimumWidth(520);
    m_profile->addItems(profileIds);
    m_problem->setWordWrap(true);
    auto *hint = new QLabel(tr("Passwords are taken from ~/.pgpass, a service file (service=...) or PGPASSWORD; "
                               "they are never stored by Outbox Monitor."));
    hint->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Connection:"), m_conn);
    form->addRow(tr("Table profile:"), m_profile);
    form->addRow(QString(), m_readOnly);
    form->addRow(m_problem);
    form->addRow(hint);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_conn, &QLineEdit::textChanged, this, &ConnectionDialog::revalidate);
    revalidate();
}

QString ConnectionDialog::connectionString() const { return m_conn->text().trimmed(); }
QString ConnectionDialog::profileId() const { return m_profile->currentText(); }
bool ConnectionDialog::readOnly() const { return m_readOnly->isChecked(); }

QString ConnectionDialog::validate(const QString &text) { return ConnectionInfo::problem(text); }

void ConnectionDialog::revalidate() {
    const QString problem = validate(m_conn->text());
    m_problem->setText(problem);
    m_ok->setEnabled(problem.isEmpty());
}

} // namespace om
