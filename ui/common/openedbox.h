// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMessageBox>

namespace om {

/// A message box as QMessageBox's static functions (information(), warning(), question()) show
/// it — the same icon, title, text, buttons and default button — but opened, not exec()'d: it is
/// window-modal over `parent`, returns at once and deletes itself when closed. The caller answers
/// its finished() signal (answer() says which button it was). A static box runs an event loop of
/// its own inside the caller, and whatever the caller does after it may find its window gone.
QMessageBox *openMessageBox(QWidget *parent, QMessageBox::Icon icon, const QString &title, const QString &text,
                            QMessageBox::StandardButtons buttons = QMessageBox::Ok,
                            QMessageBox::StandardButton defaultButton = QMessageBox::NoButton);

/// The button that closed `box` (Escape and the title bar's close count as its escape button),
/// as the static functions return it.
QMessageBox::StandardButton answer(const QMessageBox *box);

} // namespace om
