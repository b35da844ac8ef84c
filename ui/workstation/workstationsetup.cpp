// SPDX-License-Identifier: GPL-3.0-or-later
#include "workstation/workstationsetup.h"
#include "common/paintedicon.h"
#include "workstation/appearance.h"
#include "workstation/keyboardmanners.h"

#include <QApplication>

namespace om {

void setUpWorkstation() {
    QApplication::setWindowIcon(applicationIcon());
    KeyboardManners::install();
    Appearance::followSessionDesktop();
}

} // namespace om
