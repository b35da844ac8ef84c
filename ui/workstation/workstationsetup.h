// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace om {

/// What every mode that opens windows sets up once, right after its application object is made:
/// the program's window icon (drawn at any scale), the keyboard manners of every window and
/// dialog, and light or dark following the desktop (workstation manners).
void setUpWorkstation();

} // namespace om
