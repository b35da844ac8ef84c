// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultdialog.h"
#include "core/common/sentences.h"
#include "skippedmodel.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace om {
namespace {
/// Up to this many changed messages are named by id in the result (more would not be read; the
/// audit tab lists them all under the action id).
constexpr int kIdsNamed = 10;
} // namespace

ResultDialog::ResultDialog(const QString &actionTitle, const ActionResult &result, QWidget *parent)
    : QDialog(parent), m_summary(new QLabel), m_model(new SkippedModel(result.skipped, this)), m_table(new QTableView) {
    setWindowTitle(tr("%1 — result").arg(actionTitle));
    auto *box = new QVBoxLayout(this);
    QString text;
    if (result.rechecked)
        text = tr("The connection was lost during COMMIT, so the outcome was unknown. Re-checked on a new "
                  "connection: the transaction committed.");
    // First, before the counts: the numbers in the window were read from the server that is gone.
    if (result.serverMoved())
        text = joinSentences({text, tr("The server changed after the messages were counted: counted at %1, run at %2. "
                                       "It holds the same data (the same database of cluster %3: a standby "
                                       "promoted after a failover), so the action ran there.")
                                        .arg(result.confirmedOn.address, result.ranOn.address, result.ranOn.systemId)});
    // What changed, in the operator's terms: which message(s), and the state they have now.
    const int changed = int(result.changed());
    if (changed == 1)
        text = joinSentences({text, tr("Message %1 changed to %2, with its audit row (%3).").arg(result.changedIds.first().text(), result.toState, result.auditName)});
    else
        text = joinSentences({text, tr("%n message(s) changed to %1, each with its audit row (%2).", nullptr, changed).arg(result.toState, result.auditName)});
    if (changed > 1 && changed <= kIdsNamed) {
        text = joinSentences({text, tr("Ids: %1.").arg(joinIds(result.changedIds, QStringLiteral(", ")))});
    }
    if (result.skippedTotal > 0) {
        text = joinSentences({text, tr("%n message(s) not changed:", nullptr, int(result.skippedTotal))});
        QStringList parts;
        for (SkipReason r : {SkipReason::Locked, SkipReason::StateChanged, SkipReason::Gone})
            if (const qint64 n = result.count(r))
                parts << QStringLiteral("%1 %2").arg(n).arg(SkippedModel::describe(r));
        text += QLatin1Char(' ') + parts.join(QLatin1String("; "));
        if (result.skippedTotal > result.skipped.size())
            text += QLatin1Char(' ') + tr("(the first %1 are listed)").arg(result.skipped.size());
        text += tr(".", "end of the list of skipped reasons");
    }
    if (!result.rechecked)
        text = joinSentences({text, tr("Took %1 ms.").arg(result.elapsedMs)});
    if (!result.actionId.isNull())
        text = joinSentences({text, tr("Action id %1.").arg(result.actionId.toString(QUuid::WithoutBraces))});
    m_summary->setText(text);
    m_summary->setWordWrap(true);
    box->addWidget(m_summary);
    m_table->setModel(m_model);
    // The reason is the column read; it gets the room, id and state fit their contents.
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->setVisible(result.skippedTotal > 0);
    box->addWidget(m_table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::accept);
    box->addWidget(buttons);
    resize(620, result.skippedTotal > 0 ? 420 : 160);
}

QString ResultDialog::summary() const { return m_summary->text(); }

} // namespace om
