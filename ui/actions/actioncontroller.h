// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "core/model/actionrequest.h"
#include "core/model/actionresult.h"
#include "core/actions/reasonrules.h"
#include "link/actionnotice.h"

#include <QKeySequence>
#include <QObject>
#include <QPointer>
#include <optional>

class QAction;
class QToolBar;
class QWidget;

namespace om {

class ActionRunFlow;

/// The operator's way to run an audited action: "Retry…", "Cancel…", "Recover stuck…" on the
/// current selection (ids) or, with no selection, on everything matching the current filter.
/// Counts first (exact), asks for the reason, confirms a second time above the bulk limit, runs on
/// the Gateway's Action lane with a progress dialog, then shows the result (ActionRunFlow holds
/// those steps; its dialogs are window-modal and opened, never exec()'d). In read-only mode the
/// actions do not exist at all.
///
/// Wiring a list view: call setSelection(ids, states) when its selection changes and
/// setFilter(filter) when its filter changes; connect actionFinished to the view's refresh().
class ActionController : public QObject {
    Q_OBJECT
public:
    /// QSettings keys (team settings) and their defaults.
    static constexpr const char *kMinReasonKey = "actions/minReasonLength";
    static constexpr int kMinReasonDefault = 10;
    static constexpr const char *kBulkLimitKey = "actions/bulkConfirmLimit";
    static constexpr int kBulkLimitDefault = 1000;
    /// "Everything matching the filter" refuses above this many messages: narrow the filter.
    static constexpr int kFilterCap = 100000;

    /// `window` owns the controller and parents its dialogs; without one no action starts.
    ActionController(const AppContext &context, QWidget *window);

    /// The profile's actions (none in read-only mode), for menus and toolbars.
    QList<QAction *> actions() const { return m_actions; }
    QAction *action(const QString &kind) const;
    /// A toolbar holding actions() (empty and hidden in read-only mode).
    QToolBar *toolBar() const { return m_toolBar; }

    /// Selected message ids and (optionally) their states, to enable only what makes sense.
    void setSelection(const QList<MessageId> &ids, const QStringList &states = {});
    /// The list's current filter (nullopt: no "everything matching" target).
    void setFilter(const std::optional<ListFilter> &filter);
    /// The list behind setFilter() was read to its end and holds nothing: "every message
    /// matching the filter" is nothing, and no action offers to act on it. Cleared by setFilter().
    void setFilterMatchesNothing(bool nothing);
    /// What the server says the role may do (privileges, transaction_read_only). Until it is
    /// allowed, every action is hidden and disabled, whatever the selection.
    void setAllowed(bool allowed);
    /// Whether the widget that defines the target (the Triage list and its filter) is on screen:
    /// the actions are disabled wherever their scope cannot be seen (e.g. on the Dashboard).
    void setScopeVisible(bool visible);
    /// The connection's stuck timeout (dashboard Settings) for Recover stuck; the dialog states it.
    void setStuckTimeoutMinutes(int minutes);
    int stuckTimeoutMinutes() const;
    /// How the list that feeds setFilter() names its current view, e.g. "Triage › Failed".
    void setScopeName(const QString &name) { m_scopeName = name; }

    /// Starts `kind` on explicit ids / on everything matching `filter` (the dialogs follow).
    /// `scope` names the target in words for the reason dialog ("" = the list's selection / filter).
    void startOnIds(const QString &kind, const QList<MessageId> &ids, const QString &scope = {});
    void startOnFilter(const QString &kind, const ListFilter &filter, const QString &scope = {});

    ReasonRules reasonRules() const;
    /// Translated name of an action kind (Retry / Cancel / Recover stuck).
    static QString title(const QString &kind);
    /// Keyboard shortcut of an action kind (Ctrl+R retry, Ctrl+Shift+X cancel, Ctrl+Shift+R recover).
    static QKeySequence shortcut(const QString &kind);
    /// One line for the status bar: who did what, from a NOTIFY.
    static QString describe(const ActionNotice &notice);

signals:
    /// An action committed (views refresh and show the result).
    void actionFinished(const om::ActionResult &result);
    /// Whether the actions may be offered at all (setAllowed and not read-only): other places that
    /// start actions (the dashboard's group buttons) show them only while this is true.
    void allowedChanged(bool allowed);

private:
    void updateEnabled();
    void triggered(const QString &kind);
    void confirmAndRun(const QString &kind, const ActionRequest &request, const QString &scope);

    AppContext m_context;
    QPointer<QWidget> m_window;
    QList<QAction *> m_actions;
    QToolBar *m_toolBar;
    bool m_allowed = false;
    QList<MessageId> m_ids;
    QStringList m_states;
    std::optional<ListFilter> m_filter;
    bool m_filterMatchesNothing = false;
    QPointer<ActionRunFlow> m_flow; ///< the action under way (one at a time), null when none
    bool m_scopeVisible = true;
    int m_stuckTimeoutMinutes = -1;
    QString m_scopeName;
};

} // namespace om
