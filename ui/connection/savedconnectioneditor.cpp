// SPDX-License-Identifier: GPL-3.0-or-later
#include "connection/savedconnectioneditor.h"
#include "common/tones.h"
#include "connection/environmentband.h"
#include "link/connectioninfo.h"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

namespace om {

SavedConnectionEditor::SavedConnectionEditor(const QStringList &profileIds, QWidget *parent)
    : QWidget(parent), m_name(new QLineEdit), m_conn(new QLineEdit), m_passwordNotice(new QLabel), m_password(new QLineEdit),
      m_profile(new QComboBox), m_readOnly(new QCheckBox(tr("Read-only session"))), m_environment(new QComboBox),
      m_customLabel(new QLineEdit), m_colour(new QPushButton), m_note(new QPlainTextEdit), m_standby(new QLineEdit),
      m_standbyMaxLag(new QSpinBox), m_pooling(new QComboBox), m_problem(new QLabel) {
    m_name->setObjectName(QStringLiteral("name"));
    m_conn->setObjectName(QStringLiteral("connection"));
    m_password->setObjectName(QStringLiteral("password"));
    m_environment->setObjectName(QStringLiteral("environment"));
    m_problem->setObjectName(QStringLiteral("problem"));
    m_conn->setPlaceholderText(tr("host=db.example dbname=app user=ops   or   postgresql://…   or   service=NAME"));
    m_conn->setMinimumWidth(380);
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("for Test connection, or to remember in the system keychain; never saved here"));
    m_profile->setEditable(true); // a built-in id, or a profile file's path
    m_profile->addItems(profileIds);
    for (Environment e : Environments::all())
        m_environment->addItem(Environments::title(e), int(e));
    m_customLabel->setPlaceholderText(tr("word shown in the band, e.g. qa"));
    m_note->setPlaceholderText(tr("optional: who owns it, runbook, on-call channel…"));
    m_note->setMaximumHeight(70);
    m_standby->setObjectName(QStringLiteral("standby"));
    m_standby->setPlaceholderText(tr("optional: a hot standby the dashboard and lists read; actions go to the connection above"));
    m_standbyMaxLag->setObjectName(QStringLiteral("standbyMaxLag"));
    m_standbyMaxLag->setRange(1, 24 * 3600);
    m_standbyMaxLag->setSuffix(tr(" s"));
    m_standbyMaxLag->setToolTip(tr("The standby's numbers are shown as stale while its replay is further behind than this."));
    for (QLabel *l : {m_passwordNotice, m_problem})
        l->setWordWrap(true);
    setProblemLook(m_problem);

    auto *profileRow = new QHBoxLayout;
    auto *browse = new QPushButton(tr("File…"));
    profileRow->addWidget(m_profile, 1);
    profileRow->addWidget(browse);
    auto *envRow = new QHBoxLayout;
    envRow->addWidget(m_environment);
    envRow->addWidget(m_customLabel, 1);
    envRow->addWidget(m_colour);
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Connection:"), m_conn);
    form->addRow(QString(), m_passwordNotice);
    form->addRow(tr("Password:"), m_password);
    form->addRow(tr("Table profile:"), profileRow);
    form->addRow(QString(), m_readOnly);
    form->addRow(tr("Environment:"), envRow);
    form->addRow(tr("Note:"), m_note);
    auto *standbyRow = new QHBoxLayout;
    standbyRow->addWidget(m_standby, 1);
    standbyRow->addWidget(new QLabel(tr("stale after")));
    standbyRow->addWidget(m_standbyMaxLag);
    form->addRow(tr("Read from standby:"), standbyRow);
    // A transaction pooler shares server connections between clients: the window then keeps no
    // state beyond its transactions. Found out at connect; a session pool looks like a
    // transaction pool from outside, so "own" with a pooler answering is used as one too.
    m_pooling->setObjectName(QStringLiteral("pooling"));
    m_pooling->addItem(tr("Found out when connecting (safe with any pooler)"), int(PoolSetting::Auto));
    m_pooling->addItem(tr("Its own connection (direct); if a pooler answers, used as a transaction pool"), int(PoolSetting::Own));
    m_pooling->addItem(tr("Behind a transaction pooler"), int(PoolSetting::Transaction));
    m_pooling->addItem(tr("Behind a statement pooler (monitoring only, no actions)"), int(PoolSetting::Statement));
    form->addRow(tr("Path to the server:"), m_pooling);
    form->addRow(m_problem);

    connect(browse, &QPushButton::clicked, this, &SavedConnectionEditor::browseProfile);
    connect(m_colour, &QPushButton::clicked, this, &SavedConnectionEditor::pickColour);
    connect(m_environment, qOverload<int>(&QComboBox::currentIndexChanged), this, &SavedConnectionEditor::updateEnvironmentFields);
    connect(m_conn, &QLineEdit::textChanged, this, &SavedConnectionEditor::updatePasswordNotice);
    auto changed = [this] {
        if (!m_filling)
            emit edited();
    };
    connect(m_name, &QLineEdit::textEdited, this, changed);
    connect(m_conn, &QLineEdit::textEdited, this, changed);
    connect(m_conn, &QLineEdit::textChanged, this, &SavedConnectionEditor::passwordChanged); // it may hold one
    connect(m_password, &QLineEdit::textChanged, this, &SavedConnectionEditor::passwordChanged);
    connect(m_profile, &QComboBox::currentTextChanged, this, changed);
    connect(m_readOnly, &QCheckBox::toggled, this, changed);
    connect(m_environment, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_customLabel, &QLineEdit::textEdited, this, changed);
    connect(m_note, &QPlainTextEdit::textChanged, this, changed);
    connect(m_standby, &QLineEdit::textEdited, this, changed);
    connect(m_standbyMaxLag, qOverload<int>(&QSpinBox::valueChanged), this, changed);
    connect(m_pooling, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    setConnection(SavedConnection());
}

void SavedConnectionEditor::setConnection(const SavedConnection &c) {
    m_filling = true;
    m_name->setText(c.name);
    m_conn->setText(c.connInfo);
    m_profile->setCurrentText(c.profile);
    m_readOnly->setChecked(c.readOnly);
    m_environment->setCurrentIndex(m_environment->findData(int(c.environment)));
    m_customLabel->setText(c.customLabel);
    m_customColour = c.customColour.isEmpty() ? Environments::defaultColour(Environment::Custom) : c.customColour;
    m_note->setPlainText(c.note);
    m_standby->setText(c.standbyConnInfo);
    m_standbyMaxLag->setValue(c.standbyMaxLagS);
    m_pooling->setCurrentIndex(qMax(0, m_pooling->findData(int(c.pooling))));
    m_filling = false;
    updateEnvironmentFields();
    updatePasswordNotice();
}

SavedConnection SavedConnectionEditor::connection() const {
    SavedConnection c;
    c.name = m_name->text().trimmed();
    c.connInfo = ConnectionInfo::withoutPassword(m_conn->text().trimmed());
    c.profile = m_profile->currentText().trimmed();
    c.readOnly = m_readOnly->isChecked();
    c.environment = Environment(m_environment->currentData().toInt());
    if (c.environment == Environment::Custom) {
        c.customLabel = m_customLabel->text().trimmed();
        c.customColour = m_customColour;
    }
    c.note = m_note->toPlainText().trimmed();
    c.standbyConnInfo = ConnectionInfo::withoutPassword(m_standby->text().trimmed());
    c.standbyMaxLagS = m_standbyMaxLag->value();
    c.pooling = PoolSetting(m_pooling->currentData().toInt());
    return c;
}

QString SavedConnectionEditor::password() const {
    if (!m_password->text().isEmpty())
        return m_password->text();
    QString fromString;
    ConnectionInfo::withoutPassword(m_conn->text(), nullptr, &fromString);
    return fromString;
}

void SavedConnectionEditor::clearPassword() { m_password->clear(); }

void SavedConnectionEditor::focusName() {
    m_name->setFocus(Qt::OtherFocusReason);
    m_name->selectAll();
}

void SavedConnectionEditor::setProblem(const QString &problem) {
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

QString SavedConnectionEditor::problemText() const { return m_problem->text(); }

void SavedConnectionEditor::pickColour() {
    const QColor c = QColorDialog::getColor(QColor(m_customColour), this, tr("Colour of this environment"));
    if (!c.isValid())
        return;
    m_customColour = c.name();
    updateEnvironmentFields();
    emit edited();
}

void SavedConnectionEditor::browseProfile() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Table profile"), QString(), tr("Profiles (*.json)"));
    if (!file.isEmpty())
        m_profile->setCurrentText(file);
}

void SavedConnectionEditor::updateEnvironmentFields() {
    const auto e = Environment(m_environment->currentData().toInt());
    const bool custom = e == Environment::Custom;
    m_customLabel->setVisible(custom);
    m_colour->setEnabled(custom);
    const QString colour = custom ? m_customColour : Environments::defaultColour(e);
    m_colour->setText(custom ? tr("Colour…") : QString());
    m_colour->setToolTip(colour);
    m_colour->setStyleSheet(QStringLiteral("QPushButton { background: %1; color: %2; min-width: 48px; }")
                                .arg(colour, EnvironmentBand::textColourOn(QColor(colour)).name()));
}

void SavedConnectionEditor::updatePasswordNotice() {
    bool had = false;
    ConnectionInfo::withoutPassword(m_conn->text(), &had);
    m_passwordNotice->setText(had ? tr("The password in the connection string is used for Test connection only: it "
                                       "is taken out and never saved.")
                                  : QString());
    m_passwordNotice->setVisible(had);
}

} // namespace om
