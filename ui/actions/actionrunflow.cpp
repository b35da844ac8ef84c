// SPDX-License-Identifier: GPL-3.0-or-later
#include "actionrunflow.h"
#include "actioncontroller.h"
#include "common/openedbox.h"
#include "core/actions/actionrunner.h"
#include "core/common/countformat.h"
#include "reasondialog.h"
#include "resultdialog.h"
#include "stuckrulewords.h"

#include <QElapsedTimer>
#include <QProgressDialog>
#include <QSettings>
#include <QTimer>
#include <QUuid>
#include <climits>

// The texts are ActionController's (ActionController::tr): the same words, and the same
// translations, as when the controller held the flow itself.

namespace om {

namespace {

/// After this long without the run's answer the progress says so: an action on thousands of rows
/// takes well under a second, and a frozen network otherwise showed only "in one transaction…"
/// for over a minute.
constexpr qint64 kQuietMs = 3000;

/// The progress dialog's text: what runs, whether COMMIT is under way, and how long the server
/// has not answered, with what that means for the outcome at that point.
QString runLabel(const QString &what, bool committing, qint64 elapsedMs) {
    QStringList lines{what};
    if (committing)
        lines << ActionController::tr("Committing…");
    if (elapsedMs >= kQuietMs) {
        const qint64 s = elapsedMs / 1000;
        lines << (committing ? ActionController::tr("The server has not answered for %1 s. If the connection breaks now, the "
                                                    "outcome is checked on a new connection as soon as the server answers.")
                                   .arg(s)
                             : ActionController::tr("The server has not answered for %1 s. Nothing is committed yet: if the "
                                                    "connection breaks, the transaction rolls back and nothing changes.")
                                   .arg(s));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

ActionRunFlow::ActionRunFlow(const AppContext &context, QWidget *window, Setup setup, QObject *parent)
    : QObject(parent), m_context(context), m_window(window), m_setup(std::move(setup)), m_request(m_setup.request),
      m_service(context.gateway, context.profile) {}

QString ActionRunFlow::title() const { return ActionController::title(m_setup.kind); }

void ActionRunFlow::release() {
    if (m_released)
        return;
    m_released = true;
    emit released();
}

void ActionRunFlow::tell(QMessageBox::Icon icon, const QString &text, bool thenRelease) {
    if (!thenRelease)
        release();
    if (!m_window)
        return release();
    QMessageBox *box = openMessageBox(m_window, icon, title(), text);
    if (thenRelease)
        connect(box, &QDialog::finished, this, &ActionRunFlow::release);
}

// 1. Count exactly what would change now (a read, off the GUI thread: the Browse lane; the
//    Action lane when the lists read a standby, as what would change is what the primary has).
void ActionRunFlow::start() {
    m_service.preview(m_request, m_setup.filterCap,
                      {this, [this](const ActionPreview &pv) { counted(pv); },
                       [this](const PgError &e) {
                           tell(QMessageBox::Warning, ActionController::tr("Could not count the messages: %1").arg(e.message), false);
                       }});
}

void ActionRunFlow::counted(const ActionPreview &pv) {
    if (pv.eligible == 0)
        return tell(QMessageBox::Information,
                    ActionController::tr("None of these messages can be changed by \"%1\" now: they are not in %2.")
                        .arg(title(), m_context.profile.actions.value(m_setup.kind).from.join(QLatin1String(" / "))),
                    true);
    if (pv.truncated)
        return tell(QMessageBox::Warning,
                    ActionController::tr("%1 messages match: more than %2 in one action. Narrow the filter first.")
                        .arg(formatCount(pv.eligible), formatCount(m_setup.filterCap)),
                    true);
    askReason(pv);
}

// 2. The reason, with the exact count and a sample of keys.
void ActionRunFlow::askReason(const ActionPreview &pv) {
    if (!m_window)
        return release();
    const SchemaProfile &profile = m_context.profile;
    const ActionDef def = profile.actions.value(m_setup.kind);
    // The rule the action applies, clock by clock, each row's own timeout where it has one.
    const QString stuckRule = def.pastStuckTimeout ? StuckRuleWords::rule(profile, def.from, m_setup.stuckTimeoutMinutes) : QString();
    auto *dialog = new ReasonDialog({title(), def.auditName, profile.schema + QLatin1Char('.') + profile.table, pv.eligible,
                                     pv.sampleKeys, m_setup.scope, stuckRule},
                                    m_setup.rules, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, pv] { reasonGiven(pv, dialog->reason(), dialog->ticket()); });
    connect(dialog, &QDialog::rejected, this, &ActionRunFlow::release);
    dialog->open();
}

// 3. Above the bulk limit, a second confirmation; then the run.
void ActionRunFlow::reasonGiven(const ActionPreview &pv, const QString &reason, const QString &ticket) {
    // Run on exactly the messages counted; the filter (if any) is re-checked as a guard.
    m_request.ids = pv.eligibleIds;
    m_request.reason = reason;
    m_request.ticket = ticket;
    m_request.actionId = QUuid::createUuid(); // one per dialog: in every audit row it writes
    // What the operator confirmed was read there: the run refuses a server of other data (a
    // failover between the count and the run reaches a promoted standby: the same data).
    m_request.confirmedOn = pv.server;
    const int count = int(qMin<qint64>(pv.eligible, INT_MAX));
    const int limit = QSettings().value(QLatin1String(ActionController::kBulkLimitKey), ActionController::kBulkLimitDefault).toInt();
    if (pv.eligible <= limit)
        return run(count);
    if (!m_window)
        return release();
    QMessageBox *box = openMessageBox(m_window, QMessageBox::Warning, title(),
                                      ActionController::tr("This changes %1 messages (more than the bulk limit of %2). Are you sure?")
                                          .arg(formatCount(pv.eligible), formatCount(limit)),
                                      QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    connect(box, &QDialog::finished, this, [this, box, count] {
        if (answer(box) == QMessageBox::Yes)
            run(count);
        else
            release();
    });
}

void ActionRunFlow::openProgress(int count) {
    m_progress = new QProgressDialog(ActionController::tr("%1: %n message(s) in one transaction…", nullptr, count).arg(title()),
                                     ActionController::tr("Cancel (rolls back)"), 0, 0, m_window);
    m_progress->setObjectName(QStringLiteral("actionProgress"));
    m_progress->setWindowModality(Qt::WindowModal);
    // Shown by its own timer after 300 ms, so that a quick action never flashes a dialog. The
    // timer starts with the first setValue() at the minimum: without it, a busy indicator (range
    // 0..0) that is never given a value is never shown, and the operator waiting for a lock
    // would see neither the progress nor "Cancel (rolls back)".
    m_progress->setMinimumDuration(300);
    m_progress->setValue(0);
}

void ActionRunFlow::closeProgress() {
    // Deleted now, not deleteLater(): QProgressDialog shows itself from its own timer, and a
    // dialog only scheduled for deletion could still pop up over the result dialog before the
    // deletion ran.
    if (!m_progress)
        return;
    QProgressDialog *progress = m_progress;
    disconnect(progress, nullptr, this, nullptr);
    progress->reset();
    progress->hide();
    delete progress;
}

// 4. The run on the Action lane, with a progress dialog whose Cancel rolls back.
void ActionRunFlow::run(int count) {
    if (!m_window)
        return release();
    m_state = std::make_shared<ActionProgress>();
    auto state = m_state;
    openProgress(count);
    QProgressDialog *progress = m_progress;
    // "Cancel (rolls back)" only while a rollback is still certain: gone once COMMIT is next.
    auto *watch = new QTimer(progress);
    watch->setInterval(50);
    QElapsedTimer since; // copied into the timer's slot, started time and all
    since.start();
    connect(watch, &QTimer::timeout, progress, [progress, state, since, what = progress->labelText(), committing = false]() mutable {
        if (!committing && !state->rollbackPossible()) {
            progress->setCancelButton(nullptr);
            committing = true;
        }
        const QString text = runLabel(what, committing, since.elapsed());
        if (text != progress->labelText())
            progress->setLabelText(text);
    });
    watch->start();
    const auto onDone = [this](const ActionResult &res) { ran(res); };
    const auto onFailed = [this](const PgError &e) { failed(e); };
    PendingCall call = m_service.run(m_request, state, {this, onDone, onFailed});
    connect(progress, &QProgressDialog::canceled, this, [call, state]() mutable {
        if (state->rollbackPossible())
            call.cancel();
    });
}

void ActionRunFlow::ran(const ActionResult &res) {
    closeProgress();
    release();
    emit actionFinished(res);
    showResult(res);
}

void ActionRunFlow::failed(const PgError &e) {
    if (e.kind == PgError::Kind::InDoubt)
        return recheck(m_state->xid.load());
    closeProgress();
    const QString msg = e.kind == PgError::Kind::Cancelled
                            ? ActionController::tr("%1 was cancelled and rolled back; nothing was changed.").arg(title())
                            : ActionController::tr("%1 failed; nothing was changed.\n\n%2").arg(title(), e.message);
    tell(QMessageBox::Warning, msg, false);
}

// After a lost COMMIT acknowledgement: "unknown", then what a new connection finds.
void ActionRunFlow::recheck(qint64 xid) {
    const ActionRequest request = m_request;
    if (m_progress) {
        m_progress->setCancelButton(nullptr);
        m_progress->setLabelText(ActionController::tr("The connection was lost during COMMIT: the outcome is unknown.\n"
                                                      "Re-checking on a new connection (action id %1)…")
                                     .arg(request.actionId.toString(QUuid::WithoutBraces)));
        m_progress->show();
    }
    const auto onDone = [this, xid](const ActionRecheck &rc) {
        closeProgress();
        const QString actionId = m_request.actionId.toString(QUuid::WithoutBraces);
        if (rc.outcome == ActionRecheck::Outcome::Committed) {
            const ActionDef def = m_context.profile.actions.value(m_request.action);
            ActionResult res;
            res.action = m_request.action;
            res.auditName = def.auditName;
            res.toState = def.to;
            res.actionId = m_request.actionId;
            res.xid = xid;
            res.changedIds = rc.changedIds;
            res.rechecked = true;
            return ran(res);
        }
        tell(QMessageBox::Warning,
             rc.outcome == ActionRecheck::Outcome::RolledBack
                 ? ActionController::tr("The connection was lost during COMMIT. Re-checked on a new connection: the transaction was "
                                        "rolled back; nothing was changed.")
                 : ActionController::tr("The connection was lost during COMMIT and the outcome is still unknown: the server has not "
                                        "finished transaction %1. Look for audit rows of action id %2 before acting again.")
                       .arg(xid)
                       .arg(actionId),
             false);
    };
    const auto onFailed = [this](const PgError &e) {
        closeProgress();
        tell(QMessageBox::Warning,
             ActionController::tr("The connection was lost during COMMIT and the re-check failed (%1): the outcome is "
                                  "unknown. Look for audit rows of action id %2 before acting again.")
                 .arg(e.message, m_request.actionId.toString(QUuid::WithoutBraces)),
             false);
    };
    m_service.recheck(request.actionId, xid, {this, onDone, onFailed});
}

// 5. The result, over the window; it needs nothing from the flow once open.
void ActionRunFlow::showResult(const ActionResult &res) {
    if (!m_window)
        return;
    auto *dialog = new ResultDialog(title(), res, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace om
