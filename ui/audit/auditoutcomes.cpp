// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/auditoutcomes.h"
#include "audit/actionmessagesdialog.h"
#include "audit/auditmodel.h"
#include "audit/outcomebook.h"
#include "link/databaselink.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>

namespace om {

namespace {
/// Scrolling fires many times a second; the outcomes follow once it settles.
constexpr int kTrackDebounceMs = 150;
} // namespace

AuditOutcomes::AuditOutcomes(DatabaseLink *gateway, const SchemaProfile &profile, AuditModel *model, QTableView *table, QWidget *host)
    : QObject(host), m_gateway(gateway), m_model(model), m_table(table), m_host(host),
      m_book(new OutcomeBook(gateway, profile, Lane::Browse, this)), m_drill(new QPushButton(tr("What became of it…"))) {
    m_model->setOutcomeBook(m_book);
    // Next to the action it describes (the model keeps it last, so column numbers stay).
    m_table->horizontalHeader()->moveSection(AuditModel::Outcome, AuditModel::Action + 1);
    m_drill->setToolTip(tr("The selected row's action: each of its messages and the state it is in now"));
    m_drill->setEnabled(false);
    connect(m_drill, &QPushButton::clicked, this, &AuditOutcomes::openSelectedAction);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        m_drill->setEnabled(current.isValid() && !m_model->rowAt(current.row()).actionId.isEmpty());
    });

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kTrackDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &AuditOutcomes::trackVisible);
    auto later = [this] { m_debounce.start(); };
    connect(m_table->verticalScrollBar(), &QScrollBar::valueChanged, this, later);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, later);
    connect(m_model, &QAbstractItemModel::modelReset, this, later);
    // The table fits its columns on a filter's first page, before any outcome is read: the first
    // outcomes after a new filter widen the column to what they say.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { m_fitPending = true; });
    connect(m_book, &OutcomeBook::outcomesUpdated, this, [this] {
        if (m_fitPending) {
            m_fitPending = false;
            emit outcomeColumnFitWanted();
        }
    });
    m_host->installEventFilter(this);
    m_table->viewport()->installEventFilter(this);
}

bool AuditOutcomes::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_host && (event->type() == QEvent::Show || event->type() == QEvent::Hide))
        m_book->setActive(event->type() == QEvent::Show);
    else if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        m_debounce.start(); // more or fewer rows fit
    return QObject::eventFilter(watched, event);
}

void AuditOutcomes::trackVisible() {
    const int rows = m_model->rowCount();
    if (rows == 0) {
        m_book->track({});
        return;
    }
    // rowAt() is -1 below the last row: then the screen ends with the model.
    const int top = qMax(0, m_table->rowAt(0));
    const int bottom = m_table->rowAt(m_table->viewport()->height() - 1);
    m_book->track(m_model->actionIds(top, bottom < 0 ? rows - 1 : bottom));
}

void AuditOutcomes::openSelectedAction() {
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    const AuditRow &row = m_model->rowAt(current.row());
    if (row.actionId.isEmpty())
        return;
    auto *dialog = new ActionMessagesDialog(m_gateway, m_book->profile(), row.actionId, row.action, m_table->window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ActionMessagesDialog::openInTriageRequested, this, &AuditOutcomes::messagesOpenRequested);
    dialog->open();
}

} // namespace om
