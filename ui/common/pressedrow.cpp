// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/pressedrow.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QMouseEvent>

namespace om {

PressedRow::PressedRow(QAbstractItemView *view, int role) : QObject(view), m_view(view), m_viewport(view->viewport()), m_role(role) {
    view->viewport()->installEventFilter(this);
}

bool PressedRow::eventFilter(QObject *watched, QEvent *event) {
    if (watched != m_viewport)
        return false;
    if (event->type() == QEvent::MouseButtonPress) {
        // The second press of a double-click comes before the double-click event itself: it must
        // not replace the row the first press chose.
        const bool second = m_sincePress.isValid() && !m_sincePress.hasExpired(QApplication::doubleClickInterval());
        if (!second) {
            const auto *mouse = static_cast<QMouseEvent *>(event);
            m_pressed = m_view->indexAt(mouse->position().toPoint()).data(m_role);
            m_sincePress.start();
        }
    } else if (event->type() == QEvent::MouseButtonDblClick) {
        const QVariant value = m_pressed;
        m_sincePress.invalidate();
        if (value.isValid())
            emit doubleClicked(value);
        return true;
    }
    return false;
}

} // namespace om
