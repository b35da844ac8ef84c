// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncontroller.h"
#include "actionrunflow.h"
#include "scopewords.h"

#include <QAction>
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
                             "Asks for a reason; writes one audit row per message.")
                              .arg(title(kind))
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
    m_filterMatchesNothing = false; // a new list: not read yet
    updateEnabled();
}

void ActionController::setFilterMatchesNothing(bool nothing) {
    m_filterMatchesNothing = nothing;
    updateEnabled();
}

void ActionController::setAllowed(bool allowed) {
    m_allowed = allowed && !m_context.readOnly;
    m_toolBar->setVisible(m_allowed);
    for (QAction *a : m_actions)
        a->setVisible(m_allowed);
    updateEnabled();
    emit allowedChanged(m_allowed);
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
        bool fits = !m_ids.isEmpty() || (m_filter.has_value() && !m_filterMatchesNothing);
        if (!m_ids.isEmpty() && !m_states.isEmpty()) {
            // Only when at least one selected message is in a state the action starts from.
            fits = false;
            for (const QString &s : m_states)
                fits = fits || def.from.contains(s);
        }
        a->setEnabled(fits && !m_flow && m_scopeVisible);
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

void ActionController::confirmAndRun(const QString &kind, const ActionRequest &request, const QString &scope) {
    if (m_flow || m_context.readOnly || !m_allowed || !m_context.gateway || !m_window)
        return;
    ActionRunFlow::Setup setup;
    setup.kind = kind;
    setup.request = request;
    setup.scope = scope;
    setup.stuckTimeoutMinutes = stuckTimeoutMinutes();
    setup.rules = reasonRules();
    setup.filterCap = kFilterCap;
    auto *flow = new ActionRunFlow(m_context, m_window, setup, this);
    m_flow = flow;
    connect(flow, &ActionRunFlow::actionFinished, this, &ActionController::actionFinished);
    connect(flow, &ActionRunFlow::released, this, [this, flow] {
        if (m_flow == flow)
            m_flow = nullptr;
        flow->deleteLater(); // not from inside its own signal
        updateEnabled();
    });
    updateEnabled();
    flow->start();
}

} // namespace om
