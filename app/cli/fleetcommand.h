// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"

namespace om::cli {

/// --fleet: the fleet overview over every saved connection (--interval and --screenshot apply).
/// A double-click opens that connection's own window, in a process of its own (--connection), so
/// that a database that hangs a window never holds up the overview. Returns the exit status.
int runFleet(int &argc, char **argv, const Options &o);

} // namespace om::cli
