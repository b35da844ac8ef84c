// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>

namespace om {

/// A payload made ready for display: indented when it is valid JSON, as stored otherwise.
struct FormattedPayload {
    QString text;
    bool isJson = false;
    QString parseError;    ///< why it is not JSON (empty when it is)
    bool isBinary = false; ///< bytes that are not UTF-8 text, shown as a hex dump (never parsed)
};

/// Pretty-prints JSON (objects, arrays and scalars) with four-space indentation. Pure function:
/// runs on a lane thread for multi-megabyte payloads so that the window never waits on it.
FormattedPayload formatPayload(const QString &raw);

} // namespace om
