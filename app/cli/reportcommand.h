// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"

namespace om::cli {

/// --report-pdf: writes the incident report and returns the exit status, with no window and no
/// display (Qt's "offscreen" platform; the charts need a QApplication but nothing on a screen).
/// 0 with the file written, otherwise one line on stderr and no file.
int runReport(int &argc, char **argv, const Options &options);

} // namespace om::cli
