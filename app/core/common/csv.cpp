// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/csv.h"

namespace om {

namespace {

/// The first characters OWASP's "CSV Injection" page lists as starting a formula, with the
/// full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20) that a spreadsheet in a Japanese locale
/// may read as their ASCII counterparts.
bool startsFormula(QChar c) {
    switch (c.unicode()) {
    case u'=':
    case u'+':
    case u'-':
    case u'@':
    case u'\t':
    case u'\r':
    case u'\n':
    case 0xFF1D:
    case 0xFF0B:
    case 0xFF0D:
    case 0xFF20:
        return true;
    default:
        return false;
    }
}

bool needsPrefix(const QString &value) {
    qsizetype i = 0;
    while (i < value.size() && value.at(i) == QLatin1Char('\''))
        ++i;
    return i < value.size() && startsFormula(value.at(i));
}

/// The value to write for a cell of `kind`, and whether it was neutralised.
QString safeCell(const QString &value, CellKind kind, bool *neutralised) {
    // An integer the program printed is a number for the spreadsheet as it is: "-3" is not a
    // formula. Anything else in an Integer column (never expected) is treated as text.
    *neutralised = !(kind == CellKind::Integer && isPlainInteger(value)) && needsPrefix(value);
    return *neutralised ? QLatin1Char('\'') + value : value;
}

CellKind kindAt(const QList<CellKind> &kinds, qsizetype i) { return i < kinds.size() ? kinds.at(i) : CellKind::Text; }

} // namespace

QString spreadsheetText(const QString &value) { return needsPrefix(value) ? QLatin1Char('\'') + value : value; }

bool isPlainInteger(const QString &value) {
    const qsizetype start = value.startsWith(QLatin1Char('-')) ? 1 : 0;
    if (value.size() == start)
        return false;
    for (qsizetype i = start; i < value.size(); ++i)
        if (value.at(i) < QLatin1Char('0') || value.at(i) > QLatin1Char('9'))
            return false;
    return true;
}

QString csvRecord(const QStringList &fields, const QList<CellKind> &kinds) {
    static const QString kQuoteWhen = QStringLiteral(",\"\r\n\t;");
    QStringList out;
    out.reserve(fields.size());
    for (qsizetype i = 0; i < fields.size(); ++i) {
        bool neutralised = false;
        QString f = safeCell(fields.at(i), kindAt(kinds, i), &neutralised);
        bool quote = neutralised;
        for (QChar c : kQuoteWhen)
            quote = quote || f.contains(c);
        if (quote) {
            f.replace(QLatin1Char('"'), QLatin1String("\"\""));
            out << QLatin1Char('"') + f + QLatin1Char('"');
        } else {
            out << f;
        }
    }
    return out.join(QLatin1Char(',')) + QLatin1String("\r\n");
}

QString tsvLine(const QStringList &fields, const QList<CellKind> &kinds) {
    QStringList out;
    out.reserve(fields.size());
    for (qsizetype i = 0; i < fields.size(); ++i) {
        bool neutralised = false;
        QString f = safeCell(fields.at(i), kindAt(kinds, i), &neutralised);
        for (QChar &c : f)
            if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
                c = QLatin1Char(' ');
        out << f;
    }
    return out.join(QLatin1Char('\t'));
}

} // namespace om
