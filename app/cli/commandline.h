// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"

#include <QStringList>

namespace om::cli {

/// Parses the program's arguments (argv[0] first). Needs a QCoreApplication (or a QApplication)
/// with the translators installed, so that every text it returns is translated; creates no GUI
/// object, so that --help, --version and errors work without a display.
Options parseCommandLine(const QStringList &arguments);

/// Fills an audit filter from "action=…;operator=…;key=…;ticket=…;reason=…" (unknown names ignored).
AuditFilter parseAuditFilter(const QString &text, AuditFilter base = {});

} // namespace om::cli
