// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/helpmenu.h"
#include "core/common/userguide.h"

#include <QDesktopServices>
#include <QDir>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QUrl>

namespace om {

QMenu *HelpMenu::addTo(QMainWindow *window) {
    QMenu *help = window->menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction *guide = help->addAction(tr("&User guide"), window, [window] { openUserGuide(window); });
    guide->setObjectName(QStringLiteral("userGuide"));
    guide->setShortcut(QKeySequence::HelpContents); // F1, where every desktop program has its help
    return help;
}

QString HelpMenu::userGuidePath() {
    // OM_SOURCE_DOCS_DIR: the source tree this program was built from (ui/CMakeLists.txt), for a
    // build run in place; an installed program finds its own copy first.
    return userGuideFile(QCoreApplication::applicationDirPath(), QStringLiteral(OM_SOURCE_DOCS_DIR));
}

bool HelpMenu::openUserGuide(QWidget *parent) {
    const QString path = userGuidePath();
    if (path.isEmpty()) {
        QMessageBox::information(parent, tr("User guide"),
                                 tr("The user guide is not installed with this copy of Outbox Monitor. The package installs it "
                                    "as share/doc/outbox-monitor/user-guide.md; in the source it is docs/user-guide.md."));
        return false;
    }
    if (QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
        return true;
    QMessageBox::information(parent, tr("User guide"),
                             tr("No program on this computer opened the user guide. It is a text file (Markdown) that any "
                                "text editor or web browser shows:\n%1")
                                 .arg(QDir::toNativeSeparators(path)));
    return false;
}

} // namespace om
