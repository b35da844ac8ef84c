#include "actioncontroller.h"
#include "core/common/countformat.h"
#include "core/actions/actionrunner.h"
#include "core/connection/serverlimits.h"
#include "pg/gateway.h"
#include "reasondialog.h"
#include "resultdialog.h"
#include "scopewords.h"

#include <QAction>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QTimer>
#include <QToolBar>
#include <QUuid>
#include <memory>

namespace om {

ActionController::ActionController(const AppContext &context, QWidget *window)
    : QObject(window), m_context(context), m_window(window), m_toolBar(new QToolBar(tr("Actions"), window)) {
    qRegisterMetaType<om::ActionResult>();
    m_toolBar->setObjectName(QStringLiteral("actionsToolBar"));
    // Standalone, a controller trusts the session's mode; the main window narrows it further
    // with setAllowed() once the server has said what the role may do.
    m_allowed = !m_context.readOnly;
    if (!m_context.readOnly) {
        // Absent, not just disabled, in read-only mode: nothing suggests a change is possible.
        for (const QString &kind : {QStringLiteral("retry"), QStringLiteral("cancel"), QStringLiteral("recoverStuck")}) {
            if (!m_context.profile.actions.contains(kind))
                continue;
            auto *a = new QAction(title(kind) + QStringLiteral("…"), this);
            a->setObjectName(kind);
            a->setShortcut(shortcut(kind));
            a->setToolTip(tr("%1 the selected messages, or with nothing selected, every message matching the filter. "
                             "Asks for a reason; writes one audit row per message.").arg(title(kind))
                          + QStringLiteral(" (%1)").arg(a->shortcut().toString(QKeySequence::NativeText)));
            connect(a, &QAction::triggered, this, [this, kind] { triggered(kind); });
            m_actions << a;
            m_toolBar->addAction(a);
        }
    }
    m_toolBar->setVisible(!m_actions.isEmpty());
    updateEnabled();
}

QAction *ActionController::action(const QString &kind) const {
    for (QAction *a : m_actions)
        if (a->objectName() == kind)
            return a;
    return nullptr;
}

QString ActionController::title(const QString &kind) {
    if (kind == QLatin1String("retry")) return tr("Retry");
    if (kind == QLatin1String("cancel")) return tr("Cancel");
    if (kind == QLatin1String("recoverStuck")) return tr("Recover stuck");
    return kind;
}

QKeySequence ActionController::shortcut(const QString &kind) {
    // Ctrl+R as in "retry"; the other two need Shift so that a slip cannot start them.
    if (kind == QLatin1String("retry")) return QKeySequence(Qt::CTRL | Qt::Key_R);
    if (kind == QLatin1String("cancel")) return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X);
    if (kind == QLatin1String("recoverStuck")) return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R);
    return {};
}

QString ActionController::describe(const ActionNotice &n) {
    return tr("%1@%2 (database user %3): %4 on %n message(s) of %5", nullptr, n.count)
        .arg(n.osUser.isEmpty() ? tr("someone") : n.osUser, n.host.isEmpty() ? tr("?") : n.host, n.user,
             title(n.action), n.profile);
}

ReasonRules ActionController::reasonRules() const {
    ReasonRules r;
    r.minLength = qBound(1, QSettings().value(QLatin1String(kMinReasonKey), kMinReasonDefault).toInt(), 200);
    r.maxLength = m_context.profile.audit.reasonMaxLength;
    r.minLength = qMin(r.minLength, r.maxLength);
    return r;
}

void ActionController::setSelection(const QList<MessageId> &ids, const QStringList &states) {
    m_ids = ids;
    m_states = states;
    updateEnabled();
}

void ActionController::setFilter(const std::optional<ListFilter> &filter) {
    m_filter = filter;
    updateEnabled();
}

void ActionController::setAllowed(bool allowed) {
    m_allowed = allowed && !m_context.readOnly;
    m_toolBar->setVisible(m_allowed);
    for (QAction *a : m_actions)
        a->setVisible(m_allowed);
    updateEnabled();
}

void ActionController::setScopeVisible(bool visible) {
    m_scopeVisible = visible;
    updateEnabled();
}

void ActionController::setStuckTimeoutMinutes(int minutes) { m_stuckTimeoutMinutes = qMax(1, minutes); }

int ActionController::stuckTimeoutMinutes() const {
    return m_stuckTimeoutMinutes > 0 ? m_stuckTimeoutMinutes : m_context.profile.stuckTimeoutMinutes;
}

void ActionController::updateEnabled() {
    for (QAction *a : m_actions) {
        if (!m_allowed) {
            a->setEnabled(false);
            continue;
        }
        const ActionDef def = m_context.profile.actions.value(a->objectName());
        bool fits = !m_ids.isEmpty() || m_filter.has_value();
        if (!m_ids.isEmpty() && !m_states.isEmpty()) {
            // Only when at least one selected message is in a state the action starts from.
            fits = false;
            for (const QString &s : m_states)
                fits = fits || def.from.contains(s);
        }
        a->setEnabled(fits && !m_busy && m_scopeVisible);
    }
}

void ActionController::triggered(const QString &kind) {
    if (!m_ids.isEmpty())
        startOnIds(kind, m_ids);
    else if (m_filter)
        startOnFilter(kind, *m_filter);
}

void ActionController::startOnIds(const QString &kind, const QList<MessageId> &ids, const QString &scope) {
    ActionRequest r;
    r.action = kind;
    r.ids = ids;
    r.stuckTimeoutMinutes = stuckTimeoutMinutes();
    r.fillWorkstation();
    confirmAndRun(kind, r, scope.isEmpty() ? tr("the %n message(s) selected in %1", nullptr, int(ids.size())).arg(m_scopeName.isEmpty() ? tr("the list") : m_scopeName) : scope);
}

void ActionController::startOnFilter(const QString &kind, const ListFilter &filter, const QString &scope) {
    ActionRequest r;
    r.action = kind;
    r.filter = filter;
    r.filter->stuckTimeoutMinutes = stuckTimeoutMinutes();
    r.stuckTimeoutMinutes = stuckTimeoutMinutes();
    r.fillWorkstation();
    confirmAndRun(kind, r, scope.isEmpty() ? ScopeWords::filter(m_scopeName, *r.filter) : scope);
}

void ActionController::confirmAndRun(const QString &kind, ActionRequest request, const QString &scope) {
    if (m_busy || m_context.readOnly || !m_allowed || !m_context.gateway)
        return;
    m_busy = true;
    updateEnabled();
    const SchemaProfile profile = m_context.profile;
    auto finish = [this] { m_busy = false; updateEnabled(); };
    // 1. Count exactly what would change now (a read, off the GUI thread: the Browse lane; the
    //    Action lane when the lists read a standby, as what would change is what the primary has).
    const Lane previewLane = m_context.gateway->readsStandby() ? Lane::Action : Lane::Browse;
    m_context.gateway->run<ActionPreview>(previewLane, this,
        namingServerLimits([profile, request](PgSession &s) { return ActionRunner(profile).preview(s, request, kFilterCap); }),
        [this, kind, request, profile, finish, scope](const ActionPreview &pv) mutable {
            if (pv.eligible == 0) {
                QMessageBox::information(m_window, title(kind),
                    tr("None of these messages can be changed by \"%1\" now: they are not in %2.")
                        .arg(title(kind), profile.actions.value(kind).from.join(QLatin1String(" / "))));
                return finish();
            }
            if (pv.truncated) {
                QMessageBox::warning(m_window, title(kind),
                    tr("%1 messages match: more than %2 in one action. Narrow the filter first.")
                        .arg(formatCount(pv.eligible), formatCount(kFilterCap)));
                return finish();
            }
            // 2. The reason, with the exact count and a sample of keys.
            const ActionDef def = profile.actions.value(kind);
            const QString stuckRule = def.pastStuckTimeout
                ? tr("stuck = in %1 for more than %n min, server clock", nullptr, stuckTimeoutMinutes())
                      .arg(def.from.join(QLatin1String(" / ")))
                : QString();
            ReasonDialog dialog({title(kind), def.auditName, profile.schema + QLatin1Char('.') + profile.table, pv.eligible, pv.sampleKeys, scope, stuckRule},
                                reasonRules(), m_window);
            if (dialog.exec() != QDialog::Accepted)
                return finish();
            const int limit = QSettings().value(QLatin1String(kBulkLimitKey), kBulkLimitDefault).toInt();
            if (pv.eligible > limit
                && QMessageBox::warning(m_window, title(kind),
                       tr("This changes %1 messages (more than the bulk limit of %2). Are you sure?")
                           .arg(formatCount(pv.eligible), formatCount(limit)),
                       QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes)
                return finish();
            // 3. Run on exactly the messages counted; the filter (if any) is re-checked as a guard.
            request.ids = pv.eligibleIds;
            request.reason = dialog.reason();
            request.ticket = dialog.ticket();
            request.actionId = QUuid::createUuid(); // one per dialog: in every audit row it writes
            run(kind, request, int(qMin<qint64>(pv.eligible, INT_MAX)), finish);
        },
        [this, kind, finish](const PgError &e) {
            finish();
            QMessageBox::warning(m_window, title(kind), tr("Could not count the messages: %1").arg(e.message));
        });
}

} // namespace om

namespace om {

QProgressDialog *ActionController::openProgress(const QString &kind, int count) {
    auto *progress = new QProgressDialog(tr("%1: %n message(s) in one transaction…", nullptr, count).arg(title(kind)),
                                         tr("Cancel (rolls back)"), 0, 0, m_window);
    progress->setObjectName(QStringLiteral("actionProgress"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    return progress;
}

void ActionController::closeProgress(QProgressDialog *progress) {
    // Deleted now, not deleteLater(): QProgressDialog shows itself from its own timer, and a
    // dialog only scheduled for deletion popped up inside the result dialog's exec() (NOTES).
    disconnect(progress, nullptr, this, nullptr);
    progress->reset();
    progress->hide();
    delete progress;
}

void ActionController::run(const QString &kind, const ActionRequest &request, int count, const std::function<void()> &finish) {
    const SchemaProfile profile = m_context.profile;
    auto state = std::make_shared<ActionProgress>();
    QProgressDialog *progress = openProgress(kind, count);
    // "Cancel (rolls back)" only while a rollback is still certain: gone once COMMIT is next.
    auto *watch = new QTimer(progress);
    watch->setInterval(50);
    connect(watch, &QTimer::timeout, progress, [progress, state, watch] {
        if (!state->rollbackPossible()) {
            progress->setCancelButton(nullptr);
            progress->setLabelText(progress->labelText() + QLatin1Char('\n') + tr("Committing…"));
            watch->stop();
        }
    });
    watch->start();
    const quint64 job = m_context.gateway->run<ActionResult>(Lane::Action, this,
        namingServerLimits([profile, request, state](PgSession &s) { return ActionRunner(profile).run(s, request, state.get()); }),
        [this, kind, progress, finish](const ActionResult &res) {
            closeProgress(progress);
            finish();
            emit actionFinished(res);
            ResultDialog(title(kind), res, m_window).exec();
        },
        [this, kind, request, state, progress, finish](const PgError &e) {
            if (e.kind == PgError::Kind::InDoubt)
                return recheck(kind, request, state->xid.load(), progress, finish);
            closeProgress(progress);
            finish();
            const QString msg = e.kind == PgError::Kind::Cancelled
                ? tr("%1 was cancelled and rolled back; nothing was changed.").arg(title(kind))
                : tr("%1 failed; nothing was changed.\n\n%2").arg(title(kind), e.message);
            QMessageBox::warning(m_window, title(kind), msg);
        });
    connect(progress, &QProgressDialog::canceled, this, [this, job, state] {
        if (state->rollbackPossible())
            m_context.gateway->cancel(Lane::Action, job);
    });
}

void ActionController::recheck(const QString &kind, const ActionRequest &request, qint64 xid, QProgressDialog *progress,
                               const std::function<void()> &finish) {
    // COMMIT was sent and its answer lost: say so, then ask a new connection what happened.
    progress->setCancelButton(nullptr);
    progress->setLabelText(tr("The connection was lost during COMMIT: the outcome is unknown.\n"
                              "Re-checking on a new connection (action id %1)…").arg(request.actionId.toString(QUuid::WithoutBraces)));
    progress->show();
    const SchemaProfile profile = m_context.profile;
    m_context.gateway->run<ActionRecheck>(Lane::Action, this,
        namingServerLimits([profile, request, xid](PgSession &s) { return ActionRunner(profile).recheck(s, request.actionId, xid); }),
        [this, kind, request, xid, progress, finish](const ActionRecheck &rc) {
            closeProgress(progress);
            finish();
            if (rc.outcome == ActionRecheck::Outcome::Committed) {
                ActionResult res;
                res.action = request.action;
                res.auditName = m_context.profile.actions.value(request.action).auditName;
                res.toState = m_context.profile.actions.value(request.action).to;
                res.actionId = request.actionId;
                res.xid = xid;
                res.changedIds = rc.changedIds;
                res.rechecked = true;
                emit actionFinished(res);
                ResultDialog(title(kind), res, m_window).exec();
                return;
            }
            const QString msg = rc.outcome == ActionRecheck::Outcome::RolledBack
                ? tr("The connection was lost during COMMIT. Re-checked on a new connection: the transaction was "
                     "rolled back; nothing was changed.")
                : tr("The connection was lost during COMMIT and the outcome is still unknown: the server has not "
                     "finished transaction %1. Look for audit rows of action id %2 before acting again.")
                      .arg(xid).arg(request.actionId.toString(QUuid::WithoutBraces));
            QMessageBox::warning(m_window, title(kind), msg);
        },
        [this, kind, request, progress, finish](const PgError &e) {
            closeProgress(progress);
            finish();
            const QString msg = tr("The connection was lost during COMMIT and the re-check failed (%1): the outcome is "
                                   "unknown. Look for audit rows of action id %2 before acting again.")
                                    .arg(e.message, request.actionId.toString(QUuid::WithoutBraces));
            QMessageBox::warning(m_window, title(kind), msg);
        });
}

} // namespace om
