// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <functional>

class QWidget;

namespace om::test {

/// Answers the modal dialogs an action opens, as an operator would, and notes what they said:
/// the reason dialog (types a reason and a ticket, presses OK), the result dialog and any message
/// box (closes them, or presses Yes where `confirm` says so), Dashboard → Settings (sets the stuck timeout). It looks every 10 ms, so a
/// test triggers the real action and then waits for what the operator would have read.
class DialogOperator : public QObject {
    Q_OBJECT
public:
    DialogOperator();

    QStringList reasonScopes;             ///< the reason dialog's scope line, one per dialog
    QStringList reasonRules;              ///< its stuck rule line ("" when it has none)
    QStringList reasonTexts;              ///< every label of it, one text per dialog
    QStringList results;                  ///< ResultDialog::summary() of each result dialog
    QStringList messages;                 ///< the text of each message box
    QStringList outcomes;                 ///< results and messages, in the order they came
    bool progressVisibleAtResult = false; ///< a progress dialog was still shown when a result opened
    bool progressEverShown = false;
    int stuckMinutes = 0; ///< what to type into Dashboard → Settings
    /// Press Yes in a message box that asks (the bulk confirmation); else every message box is
    /// closed without an answer, which declines what it asks.
    bool confirm = false;

    /// Called with each dialog before it is answered ("reason", "result" or "message"), e.g. for a
    /// screenshot. It may wait in a nested event loop: the dialog is answered once all the same.
    std::function<void(QWidget *dialog, const QString &kind)> onDialog;

    static bool anyProgressVisible();

private:
    void look();
    void seen(QWidget *dialog, const QString &kind);

    bool m_answering = false;
    QTimer m_timer;
};

} // namespace om::test
