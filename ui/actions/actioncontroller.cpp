#include "actioncontroller.h"
#include "core/actions/actionrunner.h"
#include "pg/gateway.h"
#include "reasondialog.h"
#include "resultdialog.h"

#include <QAction>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QToolBar>

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
    return tr("%1@%2 (database user %3): %4 on %5 message(s) of %6")
        .arg(n.osUser.isEmpty() ? tr("someone") : n.osUser, n.host.isEmpty() ? tr("?") : n.host, n.user,
             title(n.action)).arg(n.count).arg(n.profile);
}

ReasonRules ActionController::reasonRules() const {
    ReasonRules r;
    r.minLength = qBound(1, QSettings().value(QLatin1String(kMinReasonKey), kMinReasonDefault).toInt(), 200);
    r.maxLength = m_context.profile.audit.reasonMaxLength;
    r.minLength = qMin(r.minLength, r.maxLength);
    return r;
}

void ActionController::setSelection(const QList<qint64> &ids, const QStringList &states) {
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
        a->setEnabled(fits && !m_busy);
    }
}

void ActionController::triggered(const QString &kind) {
    if (!m_ids.isEmpty())
        startOnIds(kind, m_ids);
    else if (m_filter)
        startOnFilter(kind, *m_filter);
}

void ActionController::startOnIds(const QString &kind, const QList<qint64> &ids) {
    ActionRequest r;
    r.action = kind;
    r.ids = ids;
    r.fillWorkstation();
    confirmAndRun(kind, r);
}

void ActionController::startOnFilter(const QString &kind, const ListFilter &filter) {
    ActionRequest r;
    r.action = kind;
    r.filter = filter;
    r.fillWorkstation();
    confirmAndRun(kind, r);
}

void ActionController::confirmAndRun(const QString &kind, ActionRequest request) {
    if (m_busy || m_context.readOnly || !m_allowed || !m_context.gateway)
        return;
    m_busy = true;
    updateEnabled();
    const SchemaProfile profile = m_context.profile;
    auto finish = [this] { m_busy = false; updateEnabled(); };
    // 1. Count exactly what would change now (a read: the Browse lane, off the GUI thread).
    m_context.gateway->run<ActionPreview>(Lane::Browse, this,
        [profile, request](PgSession &s) { return ActionRunner(profile).preview(s, request, kFilterCap); },
        [this, kind, request, profile, finish](const ActionPreview &pv) mutable {
            if (pv.eligible == 0) {
                QMessageBox::information(m_window, title(kind),
                    tr("None of these messages can be changed by \"%1\" now: they are not in %2.")
                        .arg(title(kind), profile.actions.value(kind).from.join(QLatin1String(" / "))));
                return finish();
            }
            if (pv.truncated) {
                QMessageBox::warning(m_window, title(kind),
                    tr("%1 messages match: more than %2 in one action. Narrow the filter first.")
                        .arg(QLocale().toString(pv.eligible), QLocale().toString(kFilterCap)));
                return finish();
            }
            // 2. The reason, with the exact count and a sample of keys.
            ReasonDialog dialog({title(kind), profile.actions.value(kind).auditName, profile.title, pv.eligible, pv.sampleKeys},
                                reasonRules(), m_window);
            if (dialog.exec() != QDialog::Accepted)
                return finish();
            const int limit = QSettings().value(QLatin1String(kBulkLimitKey), kBulkLimitDefault).toInt();
            if (pv.eligible > limit
                && QMessageBox::warning(m_window, title(kind),
                       tr("This changes %1 messages (more than the bulk limit of %2). Are you sure?")
                           .arg(QLocale().toString(pv.eligible), QLocale().toString(limit)),
                       QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes)
                return finish();
            // 3. Run on exactly the messages counted; the filter (if any) is re-checked as a guard.
            request.ids = pv.eligibleIds;
            request.reason = dialog.reason();
            request.ticket = dialog.ticket();
            auto *progress = new QProgressDialog(tr("%1: %n message(s) in one transaction…", nullptr, int(pv.eligible)).arg(title(kind)),
                                                 tr("Cancel (rolls back)"), 0, 0, m_window);
            progress->setWindowModality(Qt::WindowModal);
            progress->setMinimumDuration(300);
            const quint64 job = m_context.gateway->run<ActionResult>(Lane::Action, this,
                [profile, request](PgSession &s) { return ActionRunner(profile).run(s, request); },
                [this, kind, progress, finish](const ActionResult &res) {
                    progress->deleteLater();
                    finish();
                    emit actionFinished(res);
                    ResultDialog(title(kind), res, m_window).exec();
                },
                [this, kind, progress, finish](const PgError &e) {
                    progress->deleteLater();
                    finish();
                    const QString msg = tr("%1 failed; nothing was changed.\n\n%2").arg(title(kind), e.message);
                    emit actionFailed(msg);
                    QMessageBox::warning(m_window, title(kind), msg);
                });
            connect(progress, &QProgressDialog::canceled, this, [this, job] { m_context.gateway->cancel(Lane::Action, job); });
        },
        [this, kind, finish](const PgError &e) {
            finish();
            emit actionFailed(e.message);
            QMessageBox::warning(m_window, title(kind), tr("Could not count the messages: %1").arg(e.message));
        });
}

} // namespace om
