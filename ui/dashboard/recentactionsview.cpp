// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/recentactionsview.h"
#include "common/rowsecuritynotice.h"
#include "core/common/firstline.h"
#include "core/outcome/outcomeservice.h"
#include "dashboard/recentactionsmodel.h"
#include "link/databaselink.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace om {

RecentActionsView::RecentActionsView(const AppContext &context, QWidget *parent)
    : QWidget(parent), m_context(context), m_model(new RecentActionsModel(context.profile, this)), m_table(new QTableView),
      m_title(new QLabel(tr("Actions of the last hour, and where their messages are now"))) {
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(RecentActionsModel::Outcome, QHeaderView::Stretch);
    auto *box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(m_title);
    box->addWidget(m_table, 1);
    if (m_context.rowSecurity)
        connect(m_context.rowSecurity, &RowSecurityNotice::changed, this, [this] {
            if (!m_titleText.isEmpty())
                showTitle();
        });
    m_timer.setInterval(outcome::kRefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &RecentActionsView::refresh);
    // Without an action id in the audit rows, actions cannot be told apart: nothing to show.
    // (hide(), never setVisible(true): this widget has no parent yet and would open as a window.)
    if (context.profile.audit.column(QStringLiteral("actionId")).isEmpty())
        hide();
}

QString RecentActionsView::titleText() const { return m_title->text(); }

void RecentActionsView::showTitle() {
    // Under row-level security an action's message the role cannot see reads "gone", and an
    // action on hidden audit rows is not listed: the title says so.
    m_title->setText(RowSecurityNotice::withNote(m_context.rowSecurity, m_titleText));
}

void RecentActionsView::refresh() {
    if (!m_context.gateway)
        return;
    // The Browse lane, not the Monitor lane: a big action's outcome (10,000 messages: tens to
    // hundreds of ms, bench insight) must never delay the next snapshot.
    const QString key = QStringLiteral("recent-actions:%1").arg(quintptr(this));
    const auto onDone = [this](const QList<ActionSummary> &actions) {
        m_model->setActions(actions);
        m_titleText = actions.isEmpty() ? tr("No actions in the last hour") : tr("Actions of the last hour, and where their messages are now");
        showTitle();
        m_table->resizeColumnsToContents();
        emit refreshed(true);
    };
    const auto onFailed = [this](const PgError &e) {
        if (e.kind == PgError::Kind::Cancelled)
            return;
        m_title->setText(tr("Recent actions could not be read: %1").arg(firstLine(e.message)));
        emit refreshed(false);
    };
    OutcomeService(m_context.gateway, m_context.profile).recentActions(key, {this, onDone, onFailed});
}

void RecentActionsView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    m_timer.start();
    refresh();
}

void RecentActionsView::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    m_timer.stop();
}

} // namespace om
