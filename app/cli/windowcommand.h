// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"

namespace om::cli {

/// The interactive program: the connection dialog when nothing names a database, then the main
/// window (with --interval, --tab, --audit-filter, --screenshot applied). Returns the exit status.
int runWindow(int &argc, char **argv, const Options &options);

/// What in the command line's own values keeps the window from opening ("" when nothing): a
/// --connect string libpq cannot read, a --profile that is missing or not a valid profile. Asked
/// before any GUI object exists, so that the answer is one line and exit 2 also without a display
/// (Qt would otherwise abort on the missing display first, with its own advice).
QString windowRefusal(const Options &options);

} // namespace om::cli
