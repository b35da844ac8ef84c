// SPDX-License-Identifier: GPL-3.0-or-later
#include "health/purgedialog.h"
#include "common/tones.h"
#include "actions/actioncontroller.h"
#include "core/common/countformat.h"
#include "core/purge/purgecountservice.h"
#include "core/purge/purgerunner.h"
#include "link/databaselink.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QVBoxLayout>

namespace om {
namespace {
constexpr int kDebounceMs = 400;
constexpr int kMaxRetentionDays = 36500;
} // namespace

PurgeDialog::PurgeDialog(const AppContext &context, QWidget *parent)
    : QDialog(parent), m_context(context), m_job(new PurgeJob(context.gateway, context.profile, this)),
      m_retention(new QLineEdit(this)), m_reason(new QLineEdit(this)), m_ticket(new QLineEdit(this)),
      m_rule(new QLabel(this)), m_count(new QLabel(this)), m_problem(new QLabel(this)), m_status(new QLabel(this)),
      m_progress(new QProgressBar(this)), m_delete(new QPushButton(tr("Delete"), this)),
      m_stop(new QPushButton(tr("Stop after this batch"), this)), m_close(new QPushButton(tr("Close"), this)),
      m_debounce(new QTimer(this)) {
    setWindowTitle(tr("Purge finished messages"));
    setMinimumWidth(520); // the rule and the summary wrap; narrower, they become a column of words
    m_retention->setObjectName(QStringLiteral("retention"));
    m_reason->setObjectName(QStringLiteral("reason"));
    m_ticket->setObjectName(QStringLiteral("ticket"));
    m_count->setObjectName(QStringLiteral("count"));
    m_problem->setObjectName(QStringLiteral("problem"));
    m_status->setObjectName(QStringLiteral("status"));
    m_delete->setObjectName(QStringLiteral("delete"));
    m_stop->setObjectName(QStringLiteral("stop"));
    m_retention->setText(QStringLiteral("30"));
    m_reason->setMaxLength(context.profile.audit.reasonMaxLength);
    m_reason->setPlaceholderText(tr("Why? (stored in the audit trail with every deleted message)"));
    m_ticket->setPlaceholderText(tr("optional, e.g. INC-2043"));
    setBatchSize(m_batchSize);
    for (QLabel *l : {m_rule, m_count, m_problem, m_status})
        l->setWordWrap(true);
    setProblemLook(m_problem);
    m_progress->setVisible(false);
    m_stop->setVisible(false);

    auto *form = new QFormLayout;
    form->addRow(tr("Older than (days):"), m_retention);
    form->addRow(tr("Messages:"), m_count);
    form->addRow(tr("Reason:"), m_reason);
    form->addRow(tr("Ticket:"), m_ticket);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_stop);
    buttons->addWidget(m_delete);
    buttons->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_rule);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addLayout(buttons);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &PurgeDialog::recount);
    connect(m_retention, &QLineEdit::textChanged, this, &PurgeDialog::retentionEdited);
    connect(m_reason, &QLineEdit::textChanged, this, [this] { m_problem->clear(); });
    connect(m_delete, &QPushButton::clicked, this, &PurgeDialog::startPurge);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        m_job->cancel();
        m_stop->setEnabled(false);
        m_status->setText(tr("Stopping after the batch that runs now…"));
    });
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_job, &PurgeJob::batchCommitted, this, &PurgeDialog::showProgress);
    connect(m_job, &PurgeJob::finished, this, &PurgeDialog::showFinished);
    recount();
}

void PurgeDialog::setBatchSize(int rows) {
    m_batchSize = rows;
    const PurgeDef &purge = m_context.profile.purge;
    m_rule->setText(tr("Deletes messages of %1 in %2 whose %3 is older than the retention (server clock), %4 per "
                       "transaction, each with an audit row \"%5\". Open messages are never deleted.")
                        .arg(m_context.profile.qualifiedTable(), purge.states.join(QLatin1String(", ")),
                             m_context.profile.column(purge.sinceColumn), formatCount(m_batchSize), purge.auditName));
}

ReasonRules PurgeDialog::reasonRules() const {
    // The same rules as an action's reason (the team's minimum length, the audit column's maximum).
    ReasonRules r;
    r.minLength = qBound(1, QSettings().value(QLatin1String(ActionController::kMinReasonKey), ActionController::kMinReasonDefault).toInt(), 200);
    r.maxLength = m_context.profile.audit.reasonMaxLength;
    r.minLength = qMin(r.minLength, r.maxLength);
    return r;
}

int PurgeDialog::retentionDays(bool *ok) const {
    return m_retention->text().trimmed().toInt(ok);
}

QString PurgeDialog::problem() const {
    bool ok = false;
    const int days = retentionDays(&ok);
    if (m_retention->text().trimmed().isEmpty())
        return tr("Type the retention: messages finished more than this many days ago are deleted.");
    if (!ok)
        return tr("The retention must be a whole number of days, not \"%1\".").arg(m_retention->text().trimmed());
    if (days < 1)
        return tr("The retention must be at least 1 day.");
    if (days > kMaxRetentionDays)
        return tr("The retention must be at most %1 days.").arg(kMaxRetentionDays);
    const ReasonRules rules = reasonRules();
    if (const QString e = rules.checkReason(m_reason->text()); !e.isEmpty())
        return e;
    if (const QString e = rules.checkTicket(m_ticket->text()); !e.isEmpty())
        return e;
    if (m_context.readOnly || !m_context.profile.hasPurge())
        return tr("This window is read-only: it cannot purge.");
    return {};
}

PurgeRequest PurgeDialog::request() const {
    PurgeRequest r;
    bool ok = false;
    r.olderThanDays = retentionDays(&ok);
    r.reason = m_reason->text().trimmed();
    r.ticket = m_ticket->text().trimmed();
    r.batchSize = m_batchSize;
    r.fillWorkstation();
    return r;
}

void PurgeDialog::retentionEdited() {
    m_problem->clear();
    m_counted = -1;
    m_estimate = -1;
    ++m_countGeneration; // an answer for the old retention is no longer the count shown
    m_count->setText(tr("…"));
    m_debounce->start();
}

void PurgeDialog::recount() {
    bool ok = false;
    const int days = retentionDays(&ok);
    if (!ok || days < 1 || days > kMaxRetentionDays) {
        m_count->setText(tr("(type a retention of 1 day or more)"));
        return;
    }
    PurgeRequest r;
    r.olderThanDays = days;
    const PurgeCountService service(m_context.gateway, m_context.profile);
    const quint64 generation = ++m_countGeneration;
    auto failed = [this, generation](const PgError &e) {
        if (generation != m_countGeneration || e.kind == PgError::Kind::Cancelled)
            return;
        // On a big table the exact count can outlast the statement timeout: the estimate stays.
        m_count->setText(m_estimate >= 0 ? tr("about %1 (the planner's estimate; the exact count failed: %2)")
                                               .arg(formatCount(m_estimate), e.message)
                                         : tr("could not count: %1").arg(e.message));
    };
    // The estimate first (milliseconds, from the statistics), then the exact count (a scan of the
    // matching rows, on a big table seconds): the operator sees the order of magnitude at once.
    const auto onEstimate = [this, generation](const qint64 &rows) {
        if (generation != m_countGeneration || m_counted >= 0)
            return;
        m_estimate = qMax<qint64>(rows, 0);
        m_count->setText(tr("about %1 (the planner's estimate; counting…)").arg(formatCount(qMax<qint64>(rows, 0))));
        emit countShown(rows, false);
    };
    const auto onCount = [this, generation](const qint64 &rows) {
        if (generation != m_countGeneration)
            return;
        m_counted = rows;
        m_count->setText(tr("%1 message(s) (counted)").arg(formatCount(rows)));
        emit countShown(rows, true);
    };
    service.estimate(r, {this, onEstimate, failed});
    service.count(r, {this, onCount, failed});
}

void PurgeDialog::startPurge() {
    if (!problem().isEmpty()) {
        showProblem();
        return;
    }
    m_delete->setEnabled(false);
    m_retention->setEnabled(false);
    m_reason->setEnabled(false);
    m_ticket->setEnabled(false);
    m_stop->setVisible(true);
    m_stop->setEnabled(true);
    m_progress->setVisible(true);
    m_progress->setRange(0, m_counted > 0 ? 1000 : 0);
    m_progress->setValue(0);
    m_status->setText(tr("Deleting…"));
    m_job->start(request(), m_counted);
}

void PurgeDialog::showProblem() {
    m_problem->setText(problem());
}

void PurgeDialog::showProgress(const PurgeProgress &p) {
    if (p.expected > 0)
        m_progress->setValue(int(qMin<qint64>(1000, p.deleted * 1000 / p.expected)));
    m_status->setText(tr("Deleted %1 of about %2 in %3 batch(es), each committed with its audit rows.")
                          .arg(formatCount(p.deleted), p.expected >= 0 ? formatCount(p.expected) : tr("?"), formatCount(p.batches)));
}

void PurgeDialog::showFinished(const PurgeProgress &p) {
    m_stop->setVisible(false);
    m_progress->setRange(0, 1000);
    m_progress->setValue(p.error.isEmpty() && !p.cancelled ? 1000 : m_progress->value());
    const QString done = tr("%1 message(s) deleted in %2 batch(es), %3 s; audit action id %4.")
                             .arg(formatCount(p.deleted), formatCount(p.batches), QString::number(p.elapsedMs / 1000.0, 'f', 1),
                                  p.actionId.toString(QUuid::WithoutBraces));
    if (!p.error.isEmpty())
        m_status->setText(tr("Stopped by an error: %1 Committed before it: %2").arg(p.error, done));
    else if (p.cancelled)
        m_status->setText(tr("Stopped by you after a committed batch. %1").arg(done));
    else
        m_status->setText(tr("Finished. %1").arg(done));
    m_close->setFocus();
}

} // namespace om
