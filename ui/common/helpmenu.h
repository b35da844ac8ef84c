// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QCoreApplication>
#include <QString>

class QMainWindow;
class QMenu;
class QWidget;

namespace om {

/// A window's Help menu: "User guide" (F1) opens the user guide (core/common/userguide: the
/// installed copy, or the source tree's docs/user-guide.md when run from a build) in the desktop's
/// viewer for the file, through QDesktopServices::openUrl.
class HelpMenu {
    Q_DECLARE_TR_FUNCTIONS(HelpMenu)
public:
    /// Adds the menu last in `window`'s menu bar; its one action is named "userGuide".
    static QMenu *addTo(QMainWindow *window);
    /// The guide this program opens; empty when neither the installed nor the source tree's is there.
    static QString userGuidePath();
    /// Opens the guide; says why over `parent` when there is none or nothing on the desktop opens it.
    static bool openUserGuide(QWidget *parent);
};

} // namespace om
