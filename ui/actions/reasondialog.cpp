// SPDX-License-Identifier: GPL-3.0-or-later
#include "reasondialog.h"
#include "common/tones.h"
#include "core/common/countformat.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace om {

ReasonDialog::ReasonDialog(const Info &info, const ReasonRules &rules, QWidget *parent)
    : QDialog(parent), m_rules(rules), m_reason(new QLineEdit), m_ticket(new QLineEdit), m_problem(new QLabel),
      m_counter(new QLabel), m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)) {
    setWindowTitle(tr("%1 — reason required").arg(info.actionTitle));
    auto *box = new QVBoxLayout(this);

    auto *what = new QLabel(tr("<b>%1</b> will change <b>%n message(s)</b> of %2 and write one audit row (%3) for each.",
                               nullptr, int(qMin<qint64>(info.count, INT_MAX)))
                                .arg(info.actionTitle.toHtmlEscaped(), info.tableTitle.toHtmlEscaped(), info.auditName.toHtmlEscaped()));
    what->setWordWrap(true);
    box->addWidget(what);
    if (!info.scope.isEmpty()) {
        auto *scope = new QLabel(tr("Target: %1").arg(info.scope));
        scope->setObjectName(QStringLiteral("scope"));
        scope->setWordWrap(true);
        box->addWidget(scope);
    }
    if (!info.stuckRule.isEmpty()) {
        auto *rule = new QLabel(info.stuckRule);
        rule->setObjectName(QStringLiteral("stuckRule"));
        rule->setWordWrap(true);
        box->addWidget(rule);
    }
    if (!info.sampleKeys.isEmpty()) {
        QString keys = info.sampleKeys.join(QLatin1String(", "));
        if (info.count > info.sampleKeys.size())
            keys = tr("%1, … and %2 more").arg(keys).arg(formatCount(info.count - info.sampleKeys.size()));
        auto *sample = new QLabel(tr("Messages: %1").arg(keys));
        sample->setWordWrap(true);
        sample->setTextInteractionFlags(Qt::TextSelectableByMouse);
        box->addWidget(sample);
    }

    auto *form = new QFormLayout;
    m_reason->setPlaceholderText(tr("Why? (at least %n character(s); stored in the audit trail)", nullptr, rules.minLength));
    m_reason->setMaxLength(rules.maxLength * 2); // surrogate pairs; the real limit is checked below
    m_ticket->setPlaceholderText(tr("optional, e.g. INC-1234"));
    m_ticket->setMaxLength(rules.ticketMaxLength * 2);
    form->addRow(tr("&Reason:"), m_reason);
    form->addRow(QString(), m_counter);
    form->addRow(tr("&Ticket:"), m_ticket);
    box->addLayout(form);
    m_problem->setWordWrap(true);
    setProblemLook(m_problem);
    box->addWidget(m_problem);
    box->addWidget(m_buttons);
    okButton()->setText(tr("%1 %n message(s)", nullptr, int(qMin<qint64>(info.count, INT_MAX))).arg(info.actionTitle));
    // Not "Cancel": beside "Cancel 3 messages" it reads as the action's own verb. Closing goes back
    // and changes nothing.
    backButton()->setText(tr("Back"));
    backButton()->setToolTip(tr("Close this dialog; nothing is changed"));

    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (problem().isEmpty()) // Enter in a line edit must not get around a disabled OK
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // textChanged carries committed text only: an input method's preedit is not in text() yet.
    connect(m_reason, &QLineEdit::textChanged, this, &ReasonDialog::revalidate);
    connect(m_ticket, &QLineEdit::textChanged, this, &ReasonDialog::revalidate);
    m_reason->setFocus();
    revalidate();
    resize(560, sizeHint().height());
}

QString ReasonDialog::reason() const { return m_reason->text().trimmed(); }
QString ReasonDialog::ticket() const { return m_ticket->text().trimmed(); }
QPushButton *ReasonDialog::okButton() const { return m_buttons->button(QDialogButtonBox::Ok); }
QPushButton *ReasonDialog::backButton() const { return m_buttons->button(QDialogButtonBox::Cancel); }

QString ReasonDialog::problem() const {
    const QString r = m_rules.checkReason(m_reason->text());
    return r.isEmpty() ? m_rules.checkTicket(m_ticket->text()) : r;
}

void ReasonDialog::revalidate() {
    const QString p = problem();
    okButton()->setEnabled(p.isEmpty());
    // Say nothing while the field is still empty: a red message before typing is noise.
    m_problem->setText(m_reason->text().isEmpty() && m_ticket->text().isEmpty() ? QString() : p);
    m_counter->setText(tr("%1 / %2 characters").arg(ReasonRules::length(reason())).arg(m_rules.maxLength));
}

} // namespace om
