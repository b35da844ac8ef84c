// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/failuregrouppanel.h"
#include "core/common/firstline.h"
#include "core/groups/failuregroupquery.h"
#include "core/groups/failuregroupservice.h"
#include "core/model/failuregrouptext.h"
#include "common/dataagelabel.h"
#include "dashboard/failuregroupmodel.h"
#include "link/databaselink.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLoggingCategory>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

Q_LOGGING_CATEGORY(lcFailureGroups, "om.dashboard.groups")

namespace om {

FailureGroupPanel::FailureGroupPanel(const AppContext &context, QWidget *parent)
    : QWidget(parent), m_context(context), m_available(FailureGroupQuery(context.profile).available()), m_title(new QLabel),
      m_model(new FailureGroupModel(this)), m_table(new QTableView), m_open(new QPushButton(tr("Open in Triage"))),
      m_retry(new QPushButton(tr("Retry group…"))), m_cancel(new QPushButton(tr("Cancel group…"))), m_timer(new QTimer(this)) {
    setObjectName(QStringLiteral("failureGroups"));
    m_title->setObjectName(QStringLiteral("failureGroupsTitle"));
    m_title->setWordWrap(true);
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Six columns in the dashboard's right column do not fit: sized to their contents, the dates
    // and the destination list left the error text (what tells the groups apart) a few pixels.
    // The error and the destinations get a readable width of their own, one line per group, and
    // the table scrolls sideways for the rest.
    m_table->horizontalHeader()->setSectionResizeMode(FailureGroupModel::Error, QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(FailureGroupModel::Destinations, QHeaderView::Interactive);
    m_table->horizontalHeader()->resizeSection(FailureGroupModel::Error, 280);
    m_table->horizontalHeader()->resizeSection(FailureGroupModel::Destinations, 160);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

    // The title on a line of its own: beside three buttons in the dashboard's right column it was
    // squeezed into a word per line ("could not read them (…)"), and the buttons' own words were cut.
    // The groups are read less often than the tiles: their "as of" says which moment their
    // totals belong to, so that a FAILED tile a few messages apart is not read as a contradiction.
    m_age = new DataAgeLabel;
    m_age->setObjectName(QStringLiteral("failureGroupsAge"));
    m_age->setToolTip(tr("Failure groups are read every %n s, the tiles at every refresh: between two readings their totals can differ.",
                         nullptr, kRefreshMs / 1000));
    // The age beside the title, not beside the buttons: in Japanese the three buttons left it
    // cut to "(0 秒 …".
    auto *heading = new QHBoxLayout;
    heading->addWidget(m_title, 1);
    heading->addWidget(m_age);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_open);
    buttons->addWidget(m_retry);
    buttons->addWidget(m_cancel);
    auto *box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addLayout(heading);
    box->addLayout(buttons);
    box->addWidget(m_table, 1);

    showActionButtons();
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (const auto g = currentGroup())
            emit openInTriageRequested(*g);
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &i) { emit openInTriageRequested(m_model->group(i.row())); });
    for (auto [button, action] : {std::pair{m_retry, "retry"}, std::pair{m_cancel, "cancel"}})
        connect(button, &QPushButton::clicked, this, [this, action = QString::fromLatin1(action)] {
            if (const auto g = currentGroup())
                emit groupActionRequested(action, *g);
        });
    connect(m_model, &QAbstractItemModel::modelReset, this, &FailureGroupPanel::updateButtons);

    if (!m_available) {
        m_title->setText(context.profile.failedStates.isEmpty()
                             ? tr("Failure groups: none, this profile has no failed state.")
                             : tr("Failure groups: this profile maps no error text column (\"errorMessage\"), so its failures cannot be grouped by their error."));
        // No table at all (not a hidden one): the dashboard's tables are what the profile can show.
        delete m_table;
        m_table = nullptr;
        m_open->hide();
        return;
    }
    m_title->setText(tr("Failure groups: reading the table…"));
    updateButtons();
    connect(m_timer, &QTimer::timeout, this, &FailureGroupPanel::refresh);
    if (m_context.gateway) {
        m_timer->start(kRefreshMs);
        refresh();
    }
}

QString FailureGroupPanel::titleText() const { return m_title->text(); }
QString FailureGroupPanel::ageText() const { return m_age->text(); }

void FailureGroupPanel::refresh() {
    if (!m_context.gateway || !m_available || m_inFlight)
        return;
    m_inFlight = true;
    const auto onDone = [this](const FailureGroups &g) {
        m_inFlight = false;
        showGroups(g);
        // Without the kit's index a reading recomputes every fingerprint (seconds on a big
        // table): read less often then, so that the snapshots keep their turn on the lane.
        m_timer->start(int(qMin<qint64>(qMax<qint64>(kRefreshMs, kSlowFactor * g.queryMs), 600000)));
    };
    const auto onFailed = [this](const PgError &e) {
        m_inFlight = false;
        qCWarning(lcFailureGroups) << "failure groups:" << e.message;
        // libpq's first line only (its hint follows on the next, indented): the panel is a
        // narrow column, and a wrapped paragraph squeezed its buttons. The whole in the tooltip.
        m_title->setText(tr("Failure groups: could not read them (%1)").arg(firstLine(e.message).left(200)));
        m_title->setToolTip(e.message);
    };
    FailureGroupService(m_context.gateway, m_context.profile).groups({this, onDone, onFailed});
}

void FailureGroupPanel::showGroups(const FailureGroups &groups) {
    if (!m_table)
        return; // the profile has no failure groups
    // Keep the operator's selection across a refresh: the same group, wherever it moved.
    const auto selected = m_table->selectionModel() && m_table->selectionModel()->hasSelection() ? currentGroup() : std::nullopt;
    m_model->setGroups(groups.groups);
    m_age->markFresh();
    m_title->setText(FailureGroupText::distinct(groups));
    m_title->setToolTip(QString());
    if (selected)
        for (int row = 0; row < m_model->rowCount(); ++row)
            if (m_model->group(row).sameGroup(*selected))
                m_table->selectRow(row);
}

std::optional<FailureGroup> FailureGroupPanel::currentGroup() const {
    if (!m_table || m_model->rowCount() == 0)
        return std::nullopt;
    const QModelIndexList rows = m_table->selectionModel() ? m_table->selectionModel()->selectedRows() : QModelIndexList();
    return m_model->group(rows.isEmpty() ? 0 : rows.first().row());
}

void FailureGroupPanel::setActionsAllowed(bool allowed) {
    m_actionsAllowed = allowed;
    showActionButtons();
}

bool FailureGroupPanel::actionButtonsShown() const { return !m_retry->isHidden() || !m_cancel->isHidden(); }

void FailureGroupPanel::showActionButtons() {
    // An operator whose role may change messages acts on a group; a read-only session, a role
    // without the privileges (an auditor), or a profile without the action cannot.
    const bool may = m_available && m_actionsAllowed && !m_context.readOnly;
    m_retry->setVisible(may && m_context.profile.actions.contains(QStringLiteral("retry")));
    m_cancel->setVisible(may && m_context.profile.actions.contains(QStringLiteral("cancel")));
}

void FailureGroupPanel::updateButtons() {
    const bool any = m_model->rowCount() > 0;
    m_open->setEnabled(any);
    m_retry->setEnabled(any);
    m_cancel->setEnabled(any);
}

} // namespace om
