// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/messageid.h"
#include "core/model/auditfilter.h"
#include "core/profile/schemaprofile.h"

#include <QPointer>
#include <QHash>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QProgressDialog;
class QPushButton;
class QTableView;

namespace om {

class WidthSetting;

class AuditModel;
class AuditOutcomes;
class AuditCsvExport;
class DataAgeLabel;
class DatabaseLink;
class HistoryStore;
class ReportDialog;

/// The Audit tab: the audit trail of the connected database, filtered on the server, paged as it
/// scrolls; CSV export; the incident report; "open the message" for the triage view. Read-only
/// by nature: nothing here can change a row.
class AuditView : public QWidget {
    Q_OBJECT
public:
    /// The connection's stuck timeout (dashboard Settings), used by the incident report.
    void setStuckTimeoutMinutes(int minutes);
    AuditView(DatabaseLink *gateway, SchemaProfile profile, QWidget *parent = nullptr);

    AuditModel *model() const { return m_model; }
    /// The Outcome column's wiring and its drill-down (what became of each action).
    AuditOutcomes *outcomes() const { return m_outcomes; }
    QTableView *table() const { return m_table; }
    /// The line under the table (rows shown, the cap, errors), for tests.
    QString statusText() const;
    /// The filter the bar currently describes.
    AuditFilter currentFilter() const;
    /// Fills the bar and applies it (tests, saved filters).
    void setFilter(const AuditFilter &filter);
    /// Applies the bar; false and a message under the bar when the filter is not valid.
    bool applyFilter();
    /// Exports the current filter to `path` without asking (the button asks for the file).
    bool exportCsv(const QString &path);
    /// Where the incident report finds the dashboard's history (owned by the dashboard, same
    /// thread); without it the report says it has no samples.
    void setHistory(const HistoryStore *store, const QString &connectionKey);
    /// Makes the incident report into `path` (PDF) for the range and ticket the report dialog
    /// offers first: the bar's range when it has one, else the last 24 hours; the bar's ticket.
    void makeReport(const QString &path);
    /// Makes the incident report for [from, to) and `ticket` ("" every ticket) into `path` (PDF),
    /// on the Browse lane; reportFinished() says how it went.
    void makeReport(const QString &path, const QDateTime &from, const QDateTime &to, const QString &ticket);
    /// The report dialog while it is open (tests), else null.
    ReportDialog *reportDialog() const;
    /// How old the trail shown is: "as of 14:02:31, 40 s ago".
    QString dataAgeText() const;
    /// The connection is down: what is shown cannot be refreshed and is shown greyed, its age
    /// label saying so (MainWindow follows the poller). False when data flows again.
    void setStale(bool stale);
    bool isStale() const;

    /// Keeps the column widths the operator drags under `settingsKey` (per connection: MainWindow
    /// passes its group) and gives them back now; fitting to the contents leaves them alone.
    void rememberColumnWidths(const QString &settingsKey);

public slots:
    /// Reads the trail again with the filter last applied (after an action, or another window's).
    void refresh();

signals:
    /// The operator asked to see the message of an audit row.
    void messageOpenRequested(const om::MessageId &messageId);
    /// The operator asked to see an action's messages (those still in the table) in Triage.
    void actionMessagesOpenRequested(const QList<om::MessageId> &ids);
    /// An incident report was written (ok) or failed (message says why).
    void reportFinished(bool ok, const QString &pathOrMessage);
    void exportFinished(bool ok, qint64 rows, const QString &message);

private:
    // The constructor's steps, in order.
    void setupInputs();
    void setupTable();
    void buildLayout();
    void connectModel();
    void connectExport();
    /// Columns to their contents on a filter's first page, the reason keeping the most room;
    /// those the operator sized keep their width.
    void fitColumns();
    void openSelected();
    void askExport();
    void askReport();
    void setStatus(const QString &text, bool problem = false);

    DatabaseLink *m_gateway;
    SchemaProfile m_profile; ///< its stuckTimeoutMinutes is the connection's (setStuckTimeoutMinutes)
    AuditModel *m_model;
    AuditOutcomes *m_outcomes = nullptr;
    QHash<int, int> m_chosenWidths; ///< column → width the operator dragged
    bool m_fitting = false;         ///< the program is sizing the columns, not the operator
    WidthSetting *m_widths = nullptr;
    AuditCsvExport *m_export;
    QTableView *m_table;
    QCheckBox *m_useFrom, *m_useTo;
    QDateTimeEdit *m_from, *m_to;
    QComboBox *m_action;
    QLineEdit *m_operator, *m_key, *m_ticket, *m_reason;
    QPushButton *m_open;
    QLabel *m_status;
    DataAgeLabel *m_age;
    QProgressDialog *m_progress = nullptr;
    QPointer<ReportDialog> m_reportDialog;
    const HistoryStore *m_history = nullptr;
    QString m_historyKey;
};

} // namespace om
