// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

namespace om {

/// Everything reachable from the keyboard (workstation manners): Tab and Shift+Tab go
/// from control to control in every window and dialog, never into a table's cells or a text box's
/// tab stops, where they would stay. Tables keep the arrow keys, Home/End and Page Up/Down for
/// their rows; the program has no text field in which a typed tab character means anything.
/// Applied to each table and text box as it is first polished, in every window and dialog.
class KeyboardManners : public QObject {
    Q_OBJECT
public:
    /// Applies the manners from now on (once per process; later calls do nothing).
    static void install();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    KeyboardManners();
};

} // namespace om
