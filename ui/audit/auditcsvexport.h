// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/audit/auditquery.h"
#include "core/audit/auditservice.h"

#include <QObject>
#include <memory>

namespace om {

class CsvFile;
class DatabaseLink;

/// Writes the audit trail matching a filter to a CSV file (UTF-8, RFC 4180, CRLF), one keyset
/// page at a time, so memory stays flat however long the trail is. The file appears only when
/// every page was written (CsvFile); cancelling or an error leaves nothing behind.
class AuditCsvExport : public QObject {
    Q_OBJECT
public:
    AuditCsvExport(DatabaseLink *gateway, SchemaProfile profile, QObject *parent = nullptr);
    ~AuditCsvExport() override;

    /// Starts writing; false (and `error`) when the file cannot be opened.
    bool start(const AuditFilter &filter, const QString &path, QString *error);
    void cancel();
    bool isRunning() const { return m_file != nullptr; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }

signals:
    void progressed(qint64 rowsWritten);
    /// Done: `ok` false when cancelled or failed (`message` says why; the file was not written).
    void finished(bool ok, qint64 rowsWritten, const QString &message);

private:
    void requestPage();
    void finish(bool ok, const QString &message);

    AuditService m_service;
    AuditFilter m_filter;
    std::unique_ptr<CsvFile> m_file;
    AuditCursor m_next;
    qint64 m_rows = 0;
    int m_pageSize = 1000;
    PendingCall m_call;
};

} // namespace om
