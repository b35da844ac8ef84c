// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// The first line of a message, trimmed: what a status line, a tile or a table cell shows of a
/// server's error (PostgreSQL adds DETAIL, HINT and the statement on the lines after it; the
/// tooltip or the log keeps the whole).
inline QString firstLine(const QString &message) { return message.section(QLatin1Char('\n'), 0, 0).trimmed(); }

} // namespace om
