// SPDX-License-Identifier: GPL-3.0-or-later
#include "screenshots.h"
#include "testlanguage.h"

#include <QPixmap>
#include <QWidget>

namespace om::test {

bool screenshotsWanted() { return !qEnvironmentVariableIsEmpty("OM_SCREENSHOT_DIR"); }

void saveScreenshot(QWidget *widget, const QString &name) {
    if (!screenshotsWanted())
        return;
    widget->grab().save(QStringLiteral("%1/%2-%3.png").arg(qEnvironmentVariable("OM_SCREENSHOT_DIR"), name, testLanguage()));
}

} // namespace om::test
