// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "appcontext.h"
#include "core/model/actionrequest.h"
#include "core/model/actionresult.h"
#include "core/actions/actionservice.h"
#include "core/actions/reasonrules.h"

#include <QMessageBox>
#include <QObject>
#include <QPointer>
#include <memory>

class QProgressDialog;
class QWidget;

namespace om {

struct ActionProgress;
struct PgError;

/// One audited action of ActionController, from the count to the result, held step by step:
///   1. count what would change (a read job); none, or more than the cap: say so and end;
///   2. the reason (ReasonDialog, with the exact count and a sample of keys);
///   3. above the bulk limit, a second confirmation;
///   4. the run on the Action lane with a progress dialog (after a lost COMMIT acknowledgement,
///      the re-check on a new connection);
///   5. the result (ResultDialog) or what went wrong (a message box).
/// Each step starts a job or opens a window-modal dialog and returns; the next one starts from the
/// job's result or the dialog's signal. Nothing waits in a nested event loop, so nothing runs on
/// after its window is gone: the flow is the window's grandchild, a job's result or a dialog's
/// answer that arrives after the window closed reaches nothing, and a step that finds the window
/// gone (QPointer) opens nothing.
class ActionRunFlow : public QObject {
    Q_OBJECT
public:
    struct Setup {
        QString kind;          ///< retry / cancel / recoverStuck
        ActionRequest request; ///< ids or filter, workstation fields; reason and ids come later
        QString scope;         ///< the target in words, for the reason dialog
        int stuckTimeoutMinutes = 0;
        ReasonRules rules;
        int filterCap = 0; ///< "everything matching" refuses above this many messages
    };

    /// `window` parents the dialogs; `parent` (the controller) owns the flow.
    ActionRunFlow(const AppContext &context, QWidget *window, Setup setup, QObject *parent);

    /// Step 1. released() follows exactly once, whatever the outcome (the operator declining too).
    void start();

signals:
    /// The action committed (also when a re-check found it committed).
    void actionFinished(const om::ActionResult &result);
    /// The flow no longer holds the action: another may start. What closes the flow (the result,
    /// a message) may still be on screen; it needs nothing from the flow.
    void released();

private:
    void counted(const ActionPreview &preview);
    void askReason(const ActionPreview &preview);
    void reasonGiven(const ActionPreview &preview, const QString &reason, const QString &ticket);
    void run(int count);
    void ran(const ActionResult &result);
    void failed(const PgError &error);
    void recheck(qint64 xid);
    void showResult(const ActionResult &result);
    /// A message box over the window; with `thenRelease` the flow ends once it is closed, else
    /// at once. Nothing is shown once the window is gone.
    void tell(QMessageBox::Icon icon, const QString &text, bool thenRelease);
    void release();
    void openProgress(int count);
    void closeProgress();
    QString title() const;

    AppContext m_context;
    QPointer<QWidget> m_window;
    Setup m_setup;
    ActionRequest m_request; ///< as run: the counted ids, the reason, the action id
    ActionService m_service;
    std::shared_ptr<ActionProgress> m_state; ///< the run's stage, read from the GUI thread
    QPointer<QProgressDialog> m_progress;
    bool m_released = false;
};

} // namespace om
