#include "connectiondialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>

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

QString ConnectionDialog::validate(const QString &raw) {
    const QString text = raw.trimmed();
    if (text.isEmpty())
        return tr("Enter a connection string or URI.");
    if (text.size() > 4096)
        return tr("The connection string is longer than 4096 characters.");
    if (text.contains(QChar(0)) || text.contains(QLatin1Char('\n')))
        return tr("The connection string contains a line break or NUL character.");
    if (text.startsWith(QLatin1String("postgres://")) || text.startsWith(QLatin1String("postgresql://")))
        return {};
    // keyword=value pairs; values may be 'single quoted' with \' and \\ escapes (libpq's rules).
    static const QRegularExpression pair(QStringLiteral(R"(^\s*(?:[A-Za-z_]+\s*=\s*(?:'(?:[^'\\]|\\.)*'|[^\s']+)\s*)+$)"));
    if (!pair.match(text).hasMatch())
        return tr("Not a libpq connection string: use keyword=value pairs (host=... dbname=...) or a postgresql:// URI.");
    return {};
}

void ConnectionDialog::revalidate() {
    const QString problem = validate(m_conn->text());
    m_problem->setText(problem);
    m_ok->setEnabled(problem.isEmpty());
}

} // namespace om
