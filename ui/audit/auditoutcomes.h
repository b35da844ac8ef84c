// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/profile/schemaprofile.h"

#include <QObject>
#include <QTimer>

class QPushButton;
class QTableView;

namespace om {

class AuditModel;
class DatabaseLink;
class OutcomeBook;

/// The Audit tab's Outcome column, wired: the action ids of the rows on screen go to an
/// OutcomeBook (read on the Browse lane, again every few seconds while the tab is visible), the
/// column is shown after Action, and "What became of it…" opens the selected row's action's
/// messages (ActionMessagesDialog), from where Triage can show them.
class AuditOutcomes : public QObject {
    Q_OBJECT
public:
    /// `host` is the tab: the outcomes refresh only while it is visible.
    AuditOutcomes(DatabaseLink *gateway, const SchemaProfile &profile, AuditModel *model, QTableView *table, QWidget *host);

    OutcomeBook *book() const { return m_book; }
    /// The drill-down button, for the tab's bar.
    QPushButton *drillButton() const { return m_drill; }
    /// Opens the drill-down for the selected row's action (nothing when it has none).
    void openSelectedAction();

signals:
    /// The first outcomes after a new filter arrived: the Outcome column may fit them now (the
    /// table does it, unless the operator sized that column).
    void outcomeColumnFitWanted();
    void messagesOpenRequested(const QList<om::MessageId> &ids);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Hands the book the action ids of the rows between the table's top and bottom edges.
    void trackVisible();

    DatabaseLink *m_gateway;
    AuditModel *m_model;
    QTableView *m_table;
    QWidget *m_host;
    OutcomeBook *m_book;
    QPushButton *m_drill;
    QTimer m_debounce;
    bool m_fitPending = true;
};

} // namespace om
