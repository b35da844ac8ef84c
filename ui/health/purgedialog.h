// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "core/actions/reasonrules.h"
#include "core/purge/purgejob.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTimer;

namespace om {

/// The audited purge of finished rows: the operator types a retention in days and a reason; the
/// dialog shows how many rows that is (the planner's estimate at once, then the exact count, both
/// off the GUI thread on the Browse lane), and "Delete" runs the purge batch by batch on the Action
/// lane (PurgeJob) with progress; "Stop after this batch" ends it after the batch in flight. Every
/// input error is said in words and nothing is sent.
class PurgeDialog : public QDialog {
    Q_OBJECT
public:
    PurgeDialog(const AppContext &context, QWidget *parent = nullptr);

    /// "" when Delete may run, else what is wrong with the input (also shown in the dialog).
    QString problem() const;
    /// The request the input describes (retention, reason, ticket, the workstation fields).
    PurgeRequest request() const;
    /// The batch size of the purges this dialog starts (tests make it small).
    void setBatchSize(int rows);
    PurgeJob *job() const { return m_job; }

signals:
    /// The count for the typed retention arrived (exact = false: the planner's estimate).
    void countShown(qint64 rows, bool exact);

private:
    void retentionEdited();
    void recount();
    void startPurge();
    void showProgress(const PurgeProgress &p);
    void showFinished(const PurgeProgress &p);
    void showProblem();
    int retentionDays(bool *ok) const;
    ReasonRules reasonRules() const;

    AppContext m_context;
    PurgeJob *m_job;
    int m_batchSize = 10000;
    quint64 m_countGeneration = 0; ///< answers of an older retention are dropped
    qint64 m_counted = -1;
    qint64 m_estimate = -1; ///< the planner's figure for the retention shown
    QLineEdit *m_retention;
    QLineEdit *m_reason;
    QLineEdit *m_ticket;
    QLabel *m_rule;
    QLabel *m_count;
    QLabel *m_problem;
    QLabel *m_status;
    QProgressBar *m_progress;
    QPushButton *m_delete;
    QPushButton *m_stop;
    QPushButton *m_close;
    QTimer *m_debounce;
};

} // namespace om
