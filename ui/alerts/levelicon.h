// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QColor>
#include <QIcon>

namespace om {

/// The colour of an alert level, everywhere it is shown (tray, fleet overview): 0 green (ok),
/// 1 amber (warning), 2 red (critical), 3 grey (cannot be read).
QColor levelColour(int level);
/// A filled circle in the level's colour, drawn at the sizes trays ask for (high-DPI included).
QIcon levelIcon(int level);

} // namespace om
