// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/common/csv.h"
#include "core/triage/listquery.h"
#include "core/triage/triageservice.h"

#include <QDateTime>
#include <QObject>
#include <memory>

namespace om {

class CsvFile;
class DatabaseLink;

/// Writes messages to a CSV file (UTF-8, RFC 4180, cells a spreadsheet cannot run: csvRecord()). The filtered list is streamed page by page
/// from the Browse lane (keyset, like the view), so memory stays small whatever the count;
/// cancel() stops it between pages. The file appears only when complete (CsvFile).
class CsvExport : public QObject {
    Q_OBJECT
public:
    CsvExport(DatabaseLink *gateway, const SchemaProfile &profile, QObject *parent = nullptr);
    ~CsvExport() override;

    /// Header record of the file.
    static QStringList header();
    /// One message as CSV fields: times ISO 8601 in the operator's zone with its offset.
    static QStringList fields(const MessageRow &row);
    /// What each of fields() is for a spreadsheet: the program's integers, or text (csvRecord()).
    static QList<CellKind> kinds(const MessageRow &row);

    /// Starts streaming everything `request` matches (its cursor is ignored) into `path`.
    bool start(const PageRequest &request, const QString &path, QString *error);
    /// Writes `rows` (a selection) at once. Returns false and sets `error` when the file fails.
    static bool writeRows(const QList<MessageRow> &rows, const QString &path, QString *error);
    qint64 rowsWritten() const { return m_rows; }

public slots:
    void cancel();

signals:
    void progressed(qint64 rowsWritten);
    /// Done: ok, or not with why (cancelled, database or file error).
    void finished(bool ok, qint64 rowsWritten, const QString &message);

private:
    void next(const PageRequest &request);
    void finish(bool ok, const QString &message);

    TriageService m_service;
    std::unique_ptr<CsvFile> m_file;
    qint64 m_rows = 0;
    QDateTime m_startedAt; ///< when the first page was asked for: the file's rows are of that time on
    PendingCall m_call;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace om
