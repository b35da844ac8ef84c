// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// The user guide (docs/user-guide.md) for Help → User guide. The installed copy comes first:
/// `<prefix>/share/doc/outbox-monitor/user-guide.md`, found from the executable's folder
/// `<prefix>/bin` the way the program finds its other installed files, so any prefix works. A
/// program run from its build folder has no installed copy and takes the guide of the source tree
/// it was built from (`sourceDocsDir`, the source tree's docs/). Empty when neither exists.
QString userGuideFile(const QString &applicationDir, const QString &sourceDocsDir);

} // namespace om
