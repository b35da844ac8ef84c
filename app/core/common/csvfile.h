// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/csv.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <memory>

class QSaveFile;

namespace om {

/// The one way an export writes a CSV file: UTF-8 RFC 4180 records (core/common/csv.h) into a
/// QSaveFile, so the file appears, or replaces an older one, only when commit() succeeds. A
/// cancelled or failed export leaves nothing behind: never a partial file that could be mistaken
/// for a complete one, never a good older file destroyed by a failed new one.
class CsvFile {
public:
    explicit CsvFile(const QString &path);
    ~CsvFile(); ///< discards whatever was written unless committed
    CsvFile(const CsvFile &) = delete;
    CsvFile &operator=(const CsvFile &) = delete;

    /// Opens the temporary file next to `path`; false and `error` (the system's reason) when it cannot.
    bool open(QString *error);
    /// One record, each field made spreadsheet-safe by its kind (csvRecord()).
    void writeRecord(const QStringList &fields, const QList<CellKind> &kinds = {});
    /// An already encoded record (CRLF included).
    void write(const QByteArray &record);
    /// False once a write failed; errorString() says why.
    bool ok() const;
    QString errorString() const;
    /// Moves the finished file into place; false and `error` when a write or the rename failed.
    bool commit(QString *error);
    /// Drops everything written; the target path is left as it was.
    void discard();
    QString fileName() const;

private:
    std::unique_ptr<QSaveFile> m_file;
    bool m_done = false;
};

} // namespace om
