// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A strict reader of the CSV files the exports write, so that a test reads a file back as a
// spreadsheet's import would, not with the writer's own code.
#include <QList>
#include <QString>
#include <QStringList>

namespace om::test {

/// RFC 4180: fields separated by commas, records by CRLF, quoted fields may hold commas, CR, LF
/// and doubled quotes. Strict: anything else after a closing quote is an error.
inline QList<QStringList> parseCsv(const QString &text, QString *error) {
    QList<QStringList> records;
    QStringList record;
    QString field;
    int i = 0;
    const int n = int(text.size());
    while (i < n) {
        if (text[i] == QLatin1Char('"')) {
            ++i;
            for (;;) {
                if (i >= n) {
                    *error = QStringLiteral("unterminated quote");
                    return {};
                }
                if (text[i] == QLatin1Char('"')) {
                    if (i + 1 < n && text[i + 1] == QLatin1Char('"')) {
                        field += QLatin1Char('"');
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += text[i++];
            }
            if (i < n && text[i] != QLatin1Char(',') && text[i] != QLatin1Char('\r')) {
                *error = QStringLiteral("text after quote at %1").arg(i);
                return {};
            }
        } else {
            while (i < n && text[i] != QLatin1Char(',') && text[i] != QLatin1Char('\r')) {
                if (text[i] == QLatin1Char('"') || text[i] == QLatin1Char('\n')) {
                    *error = QStringLiteral("bare quote or LF at %1").arg(i);
                    return {};
                }
                field += text[i++];
            }
        }
        record << field;
        field.clear();
        if (i < n && text[i] == QLatin1Char(',')) {
            ++i;
            continue;
        }
        if (i + 1 < n && text[i] == QLatin1Char('\r') && text[i + 1] == QLatin1Char('\n')) {
            i += 2;
            records << record;
            record.clear();
            continue;
        }
        if (i >= n) {
            *error = QStringLiteral("last record without CRLF");
            return {};
        }
        *error = QStringLiteral("CR without LF at %1").arg(i);
        return {};
    }
    return records;
}

} // namespace om::test
