// SPDX-License-Identifier: GPL-3.0-or-later
#include "workstation/keyboardmanners.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QEvent>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace om {

KeyboardManners::KeyboardManners() : QObject(qApp) { qApp->installEventFilter(this); }

void KeyboardManners::install() {
    static KeyboardManners *one = new KeyboardManners; // parented to qApp: gone with the application
    Q_UNUSED(one);
}

bool KeyboardManners::eventFilter(QObject *watched, QEvent *event) {
    // Polish: once per widget, before it is first shown, after its constructor has run.
    if (event->type() == QEvent::Polish) {
        // QTableView moves from cell to cell on Tab: in a list of ten million rows the keyboard
        // never left it.
        if (auto *view = qobject_cast<QAbstractItemView *>(watched))
            view->setTabKeyNavigation(false);
        else if (auto *edit = qobject_cast<QPlainTextEdit *>(watched))
            edit->setTabChangesFocus(true);
        else if (auto *rich = qobject_cast<QTextEdit *>(watched))
            rich->setTabChangesFocus(true);
    }
    return QObject::eventFilter(watched, event);
}

} // namespace om
