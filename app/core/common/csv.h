// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QList>
#include <QString>
#include <QStringList>

namespace om {

/// What a cell of an export holds, for a spreadsheet's sake (see spreadsheetText()).
enum class CellKind {
    /// Text from the database or from a person (a key, a payload's error text, a reason): a
    /// spreadsheet must never run it as a formula.
    Text,
    /// An integer the program printed itself (an integer id, a retry count, an age in seconds):
    /// written as it is, so that a spreadsheet reads a number, negative ones included.
    Integer,
};

/// `value` as a cell that a spreadsheet reads as text and never runs as a formula ("CSV
/// injection", OWASP: https://owasp.org/www-community/attacks/CSV_Injection). A value that begins
/// with one of the characters the page lists — `=`, `+`, `-`, `@`, tab, carriage return, line
/// feed, and the full-width `＝＋－＠` that later revisions add for Japanese locales — gets a
/// single quote in front, as the page advises; anything else is returned unchanged. Apostrophes
/// already in front of such a character count as part of it (`'=x` becomes `''=x`), so that the
/// stored text always comes back by removing one apostrophe from a cell that begins with
/// apostrophes and one of those characters.
QString spreadsheetText(const QString &value);
/// Whether `value` is what the program prints for an integer (`-?[0-9]+`): the only content a
/// CellKind::Integer cell is written as it is with (anything else is treated as text).
bool isPlainInteger(const QString &value);

/// One CSV record (RFC 4180), records ended by CRLF. Every field is made spreadsheet-safe by its
/// kind (`kinds[i]`; Text where `kinds` has no entry): a neutralised field is always quoted, as
/// OWASP's examples are. A field is also quoted when it contains a comma, a quote (doubled), CR,
/// LF, a tab or a semicolon — the last two because spreadsheets in many locales split on them,
/// and a split would let the text after it begin a cell of its own.
QString csvRecord(const QStringList &fields, const QList<CellKind> &kinds = {});
/// One tab-separated line for the clipboard: the same neutralisation (a paste into a spreadsheet
/// runs formulas as opening a file does), then tabs and line breaks inside a value become spaces,
/// since TSV has no quoting that spreadsheets agree on.
QString tsvLine(const QStringList &fields, const QList<CellKind> &kinds = {});

} // namespace om
