// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace om::cli {

/// Sets the default logging: warnings and errors only; with `verbose`, also the program's debug
/// lines (SQL text without values, one line per refresh). QT_LOGGING_RULES and QT_LOGGING_CONF
/// still override both (Qt applies them after these rules).
void applyLoggingRules(bool verbose);

} // namespace om::cli
