// SPDX-License-Identifier: GPL-3.0-or-later
#include "multiselectmenu.h"

#include <QKeyEvent>
#include <QMouseEvent>

namespace om {

MultiSelectMenu::MultiSelectMenu(QWidget *parent) : QMenu(parent) {}

bool MultiSelectMenu::toggleInPlace(QAction *a) {
    if (!a || !a->isEnabled() || !a->isCheckable() || a->isSeparator())
        return false;
    a->trigger(); // toggles it and emits toggled/triggered, as a click that closed the menu did
    return true;
}

void MultiSelectMenu::mouseReleaseEvent(QMouseEvent *event) {
    if (rect().contains(event->position().toPoint()) && toggleInPlace(actionAt(event->position().toPoint())))
        return;
    QMenu::mouseReleaseEvent(event);
}

void MultiSelectMenu::keyPressEvent(QKeyEvent *event) {
    const int key = event->key();
    if ((key == Qt::Key_Space || key == Qt::Key_Return || key == Qt::Key_Enter) && toggleInPlace(activeAction()))
        return;
    QMenu::keyPressEvent(event);
}

} // namespace om
