// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QMenu>

namespace om {

/// A menu of checkable values that stays open while values are ticked: picking three error codes
/// took three trips to the button when the menu closed after each tick. A click or Space/Enter on
/// a checkable item toggles it and leaves the menu open; Escape or a click outside closes it.
/// Items that are not checkable close the menu as in any QMenu.
class MultiSelectMenu : public QMenu {
    Q_OBJECT
public:
    explicit MultiSelectMenu(QWidget *parent = nullptr);

protected:
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    /// Toggles `a` when it is a checkable, enabled item of this menu; false otherwise.
    bool toggleInPlace(QAction *a);
};

} // namespace om
