// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/actions/reasonrules.h"

#include <QDialog>
#include <QStringList>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace om {

/// Asks for the reason (required) and an optional ticket before an action runs. Names the
/// action, shows the exact number of messages it will touch and a sample of their keys; OK stays
/// disabled until the reason is valid. Validation runs on committed text only (textChanged), so
/// a Japanese input method's preedit (unconverted kana) never counts half-typed characters.
class ReasonDialog : public QDialog {
    Q_OBJECT
public:
    struct Info {
        QString actionTitle; ///< e.g. "Retry", translated
        QString auditName;   ///< e.g. RETRY_FAILED
        QString tableTitle;  ///< the table as the operator knows it: schema.table
        qint64 count = 0;    ///< exact number of messages the action will touch
        QStringList sampleKeys;
        QString scope;     ///< the target in words: "the 3 messages selected in Triage › Failed", "all … matching …"
        QString stuckRule; ///< recover stuck: "stuck = in PROCESSING for more than 90 min, server clock"
    };
    ReasonDialog(const Info &info, const ReasonRules &rules, QWidget *parent = nullptr);

    /// Trimmed reason / ticket as they will be stored.
    QString reason() const;
    QString ticket() const;
    /// "" when OK may be pressed, else what is wrong (also shown in the dialog).
    QString problem() const;

    QLineEdit *reasonEdit() const { return m_reason; }
    QLineEdit *ticketEdit() const { return m_ticket; }
    QPushButton *okButton() const;
    /// The button that closes the dialog without acting ("Back").
    QPushButton *backButton() const;

private:
    void revalidate();

    ReasonRules m_rules;
    QLineEdit *m_reason;
    QLineEdit *m_ticket;
    QLabel *m_problem;
    QLabel *m_counter;
    QDialogButtonBox *m_buttons;
};

} // namespace om
