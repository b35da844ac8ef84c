// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/openedbox.h"

#include <QDialogButtonBox>
#include <QPushButton>

namespace om {

QMessageBox *openMessageBox(QWidget *parent, QMessageBox::Icon icon, const QString &title, const QString &text,
                            QMessageBox::StandardButtons buttons, QMessageBox::StandardButton defaultButton) {
    auto *box = new QMessageBox(icon, title, text, QMessageBox::NoButton, parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    // The buttons in the order and with the default the static functions choose: the one asked
    // for, else the first that accepts.
    const auto *buttonBox = box->findChild<QDialogButtonBox *>();
    for (uint mask = QMessageBox::FirstButton; mask <= QMessageBox::LastButton; mask <<= 1) {
        const uint which = uint(buttons) & mask;
        if (!which)
            continue;
        QPushButton *button = box->addButton(QMessageBox::StandardButton(which));
        if (box->defaultButton())
            continue;
        if ((defaultButton == QMessageBox::NoButton && buttonBox && buttonBox->buttonRole(button) == QDialogButtonBox::AcceptRole)
            || (defaultButton != QMessageBox::NoButton && which == uint(defaultButton)))
            box->setDefaultButton(button);
    }
    box->open();
    return box;
}

QMessageBox::StandardButton answer(const QMessageBox *box) {
    return box->standardButton(box->clickedButton());
}

} // namespace om
