// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"

namespace om::cli {

/// `--print-kit --profile FILE|ID [--auditor-role NAME --operator-role NAME]`: prints the admin
/// kit for that one table (om::KitSql) on stdout and exits 0; needs no database and no display.
/// A profile or role name that cannot be used: one line on stderr, exit 2.
int runPrintKit(int &argc, char **argv, const Options &options);

} // namespace om::cli
