// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/auditcsvexport.h"
#include "core/common/csvfile.h"
#include "link/databaselink.h"

namespace om {

AuditCsvExport::AuditCsvExport(DatabaseLink *gateway, SchemaProfile profile, QObject *parent)
    : QObject(parent), m_service(gateway, std::move(profile)) {}

AuditCsvExport::~AuditCsvExport() = default; // an unfinished file is discarded with m_file

bool AuditCsvExport::start(const AuditFilter &filter, const QString &path, QString *error) {
    if (m_file) {
        *error = tr("An export is already running.");
        return false;
    }
    auto file = std::make_unique<CsvFile>(path);
    QString why;
    if (!file->open(&why)) {
        *error = tr("Cannot write %1: %2").arg(path, why);
        return false;
    }
    file->write(AuditQuery::csvHeader());
    m_file = std::move(file);
    m_filter = filter;
    m_next = {};
    m_rows = 0;
    requestPage();
    return true;
}

void AuditCsvExport::cancel() {
    if (!m_file)
        return;
    m_call.cancel();
    finish(false, tr("Export cancelled; no file was written."));
}

void AuditCsvExport::requestPage() {
    CsvFile *file = m_file.get();
    const auto onDone = [this, file](const AuditPage &page) {
        if (file != m_file.get())
            return; // cancelled while the page was on its way
        for (const AuditRow &r : page.rows)
            m_file->write(AuditQuery::csvRecord(r));
        m_rows += page.rows.size();
        emit progressed(m_rows);
        if (!m_file->ok())
            return finish(false, tr("Writing the file failed: %1").arg(m_file->errorString()));
        if (!page.hasMore)
            return finish(true, {});
        m_next = page.next;
        requestPage();
    };
    const auto onFailed = [this, file](const PgError &e) {
        if (file != m_file.get())
            return;
        finish(false, tr("Reading the audit trail failed: %1").arg(e.message));
    };
    m_call = m_service.page(m_filter, m_next, m_pageSize, {this, onDone, onFailed});
}

void AuditCsvExport::finish(bool ok, const QString &message) {
    std::unique_ptr<CsvFile> file = std::move(m_file);
    QString why = message;
    QString error;
    if (ok && !file->commit(&error)) {
        ok = false;
        why = tr("Saving the file failed: %1").arg(error);
    }
    emit finished(ok, m_rows, why); // a file not committed is discarded with `file`
}

} // namespace om
