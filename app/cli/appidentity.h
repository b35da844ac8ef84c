// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace om::cli {

/// Names the program for QSettings, QStandardPaths (the history store) and --version; call right
/// after each application object is made (every mode makes its own).
void setAppIdentity();

} // namespace om::cli
