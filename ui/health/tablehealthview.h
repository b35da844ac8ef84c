// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "core/health/tablehealth.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QShowEvent;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace om {

/// The "Table" tab: the profile's table and audit table as the catalog sees them (sizes, rows
/// estimate, dead tuples, (auto)vacuum and analyze), the finished rows a purge would delete (the
/// planner's estimate), the time it was read, and the button that opens the audited purge.
/// Read on the Browse lane when shown, every minute while shown, and on Refresh.
class TableHealthView : public QWidget {
    Q_OBJECT
public:
    explicit TableHealthView(const AppContext &context, QWidget *parent = nullptr);

    /// Reads the catalog again (off the GUI thread); reportShown() follows.
    void refresh();
    const HealthReport &report() const { return m_report; }
    QPushButton *purgeButton() const { return m_purge; }
    QTreeWidget *tree() const { return m_tree; }

    /// Days of the "finished rows older than" line (the purge dialog's default retention).
    static constexpr int kDefaultRetentionDays = 30;

signals:
    void reportShown();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showReport(const HealthReport &report);
    void addTable(const QString &title, const TableHealth &h);
    void addPartitions(QTreeWidgetItem *top, const TableHealth &h);
    QTreeWidgetItem *addRow(QTreeWidgetItem *parent, const QString &name, const QString &value);
    void openPurge();

    AppContext m_context;
    HealthReport m_report;
    QLabel *m_readAt;
    QLabel *m_purgeNote;
    QPushButton *m_refresh;
    QPushButton *m_purge;
    QTreeWidget *m_tree;
    QTimer *m_timer;
};

} // namespace om
