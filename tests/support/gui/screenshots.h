// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

class QWidget;

namespace om::test {

/// Whether OM_SCREENSHOT_DIR asks for screenshots (a test may then wait, resize or switch tabs
/// to take them; without it, nothing of that is done).
bool screenshotsWanted();

/// Saves `widget` as OM_SCREENSHOT_DIR/<name>-<en|ja>.png; nothing when screenshots are not wanted.
void saveScreenshot(QWidget *widget, const QString &name);

} // namespace om::test
