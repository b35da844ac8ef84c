// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "cli/options.h"

namespace om::cli {

/// `outbox-monitor --check-profile FILE --connect …`: loads the profile, checks it against the live
/// database (core/profile/ProfileCheck) and prints what fits and what does not, each finding with
/// the file and the place in it. Exit status 0 when it fits, 1 when it does not, 2 when the check
/// could not run (no connection, a file that is not a profile).
int runCheckProfile(int &argc, char **argv, const Options &options);

} // namespace om::cli
