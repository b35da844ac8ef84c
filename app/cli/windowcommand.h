// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"

namespace om::cli {

/// The interactive program: the connection dialog when nothing names a database, then the main
/// window (with --interval, --tab, --audit-filter, --screenshot applied). Returns the exit status.
int runWindow(int &argc, char **argv, const Options &options);

} // namespace om::cli
