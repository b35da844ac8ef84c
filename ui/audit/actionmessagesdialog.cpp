// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/actionmessagesdialog.h"
#include "core/common/sentences.h"
#include "core/common/firstline.h"
#include "audit/actionmessagesmodel.h"
#include "core/common/countformat.h"
#include "core/outcome/outcomeservice.h"
#include "link/databaselink.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace om {

ActionMessagesDialog::ActionMessagesDialog(DatabaseLink *gateway, SchemaProfile profile, const QString &actionId,
                                           const QString &action, QWidget *parent)
    : QDialog(parent), m_gateway(gateway), m_profile(std::move(profile)), m_actionId(actionId), m_action(action),
      m_model(new ActionMessagesModel(this)), m_table(new QTableView), m_status(new QLabel), m_triage(new QPushButton(tr("Open in Triage"))) {
    setWindowTitle(tr("What became of %1 (action %2)").arg(action, actionId));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(ActionMessagesModel::Error, QHeaderView::Stretch);
    m_status->setWordWrap(true);
    m_status->setText(tr("Reading the action's messages…"));
    m_triage->setEnabled(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_triage, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_triage, &QPushButton::clicked, this, [this] {
        emit openInTriageRequested(m_model->presentIds());
        accept();
    });
    auto *box = new QVBoxLayout(this);
    box->addWidget(m_status);
    box->addWidget(m_table, 1);
    box->addWidget(buttons);
    resize(820, 480);
    load();
}

QString ActionMessagesDialog::statusText() const { return m_status->text(); }

void ActionMessagesDialog::load() {
    const auto onDone = [this](const QList<ActionMessage> &rows) {
        m_model->setMessages(rows);
        m_table->resizeColumnsToContents();
        qint64 archived = 0;
        for (const ActionMessage &m : rows)
            archived += m.archived;
        const qint64 gone = rows.size() - m_model->presentIds().size() - archived;
        QString text = rows.size() >= outcome::kMessagesLimit
                           ? tr("The first %1 messages of the action, by id, as they are now.").arg(formatCount(rows.size()))
                           : tr("The action's %1 messages as they are now.").arg(formatCount(rows.size()));
        // Archived ones keep their state (shown); gone ones have none left to show.
        if (archived > 0)
            text = joinSentences({text, tr("%1 were moved to the archive, in the state shown.").arg(formatCount(archived))});
        if (gone > 0)
            text = joinSentences({text, tr("%1 are no longer in the table.").arg(formatCount(gone))});
        m_status->setText(text);
        m_triage->setEnabled(!m_model->presentIds().isEmpty());
        emit loaded(true);
    };
    const auto onFailed = [this](const PgError &e) {
        m_status->setText(tr("Could not read the action's messages: %1").arg(firstLine(e.message)));
        emit loaded(false);
    };
    OutcomeService(m_gateway, m_profile).actionMessages(m_actionId, {this, onDone, onFailed});
}

} // namespace om
