// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QString>
#include <QStringList>

namespace om {

/// One CSV record (RFC 4180): fields quoted when they contain a comma, a quote, CR or LF (quotes
/// doubled), records ended by CRLF.
QString csvRecord(const QStringList &fields);
/// One tab-separated line for the clipboard: tabs and line breaks inside a value become spaces,
/// since TSV has no quoting that spreadsheets agree on.
QString tsvLine(const QStringList &fields);

} // namespace om
