// SPDX-License-Identifier: GPL-3.0-or-later
#include "csvexport.h"
#include "core/common/countformat.h"
#include "core/common/csvfile.h"
#include "link/databaselink.h"

#include <QLocale>

namespace om {

namespace {
QString isoLocal(const QDateTime &t) { return t.isValid() ? t.toLocalTime().toOffsetFromUtc(t.toLocalTime().offsetFromUtc()).toString(Qt::ISODateWithMs) : QString(); }
}

CsvExport::CsvExport(DatabaseLink *gateway, const SchemaProfile &profile, QObject *parent)
    : QObject(parent), m_service(gateway, profile) {}

CsvExport::~CsvExport() = default;

QStringList CsvExport::header() {
    return {QStringLiteral("id"), QStringLiteral("key"), QStringLiteral("type"), QStringLiteral("destination"),
            QStringLiteral("state"), QStringLiteral("retries"), QStringLiteral("max_retries"), QStringLiteral("next_run"),
            QStringLiteral("locked_by"), QStringLiteral("age_seconds"), QStringLiteral("created"), QStringLiteral("updated"),
            QStringLiteral("error_code"), QStringLiteral("error_message")};
}

QStringList CsvExport::fields(const MessageRow &m) {
    return {m.id.text(), m.key, m.type, m.destination, m.state,
            m.retries < 0 ? QString() : QString::number(m.retries), m.maxRetries < 0 ? QString() : QString::number(m.maxRetries),
            isoLocal(m.nextRun), m.lockedBy, m.ageSeconds < 0 ? QString() : QString::number(qint64(m.ageSeconds)),
            isoLocal(m.created), isoLocal(m.updated), m.errorCode, m.errorMessage};
}

QList<CellKind> CsvExport::kinds(const MessageRow &m) {
    // Numbers the program printed stay numbers for a spreadsheet; everything the table holds as
    // text (a text or uuid id included) is text, neutralised where it would start a formula.
    const CellKind text = CellKind::Text, integer = CellKind::Integer;
    return {m.id.isNumber() ? integer : text, text, text, text, text, integer /* retries */, integer /* max_retries */,
            text, text, integer /* age_seconds */, text, text, text, text};
}

bool CsvExport::writeRows(const QList<MessageRow> &rows, const QString &path, QString *error) {
    CsvFile f(path);
    QString why;
    if (!f.open(&why)) {
        *error = tr("Cannot write %1: %2").arg(path, why);
        return false;
    }
    f.writeRecord(header());
    for (const MessageRow &r : rows)
        f.writeRecord(fields(r), kinds(r));
    if (!f.commit(&why)) {
        *error = tr("Cannot write %1: %2").arg(path, why);
        return false;
    }
    return true;
}

bool CsvExport::start(const PageRequest &request, const QString &path, QString *error) {
    if (m_running) {
        *error = tr("An export is already running.");
        return false;
    }
    auto file = std::make_unique<CsvFile>(path);
    QString why;
    if (!file->open(&why)) {
        *error = tr("Cannot write %1: %2").arg(path, why);
        return false;
    }
    file->writeRecord(header());
    m_file = std::move(file);
    m_rows = 0;
    m_startedAt = QDateTime::currentDateTime();
    m_running = true;
    m_cancelled = false;
    PageRequest first = request;
    first.hasCursor = false;
    first.pageSize = 1000; // bigger pages than the view's: fewer round trips for a file
    next(first);
    return true;
}

void CsvExport::next(const PageRequest &request) {
    const auto onDone = [this, request](const MessagePage &page) {
        if (m_cancelled || !m_running)
            return;
        for (const MessageRow &r : page.rows)
            m_file->writeRecord(fields(r), kinds(r));
        if (!m_file->ok()) {
            finish(false, tr("Cannot write %1: %2").arg(m_file->fileName(), m_file->errorString()));
            return;
        }
        m_rows += page.rows.size();
        emit progressed(m_rows);
        if (page.atEnd) {
            // Page by page from a table that changes meanwhile: the file holds the rows as they
            // were during these seconds, not the count beside the list (read at its own time).
            const QString hhmmss = QStringLiteral("HH:mm:ss");
            const QString from = QLocale().toString(m_startedAt.time(), hhmmss);
            const QString to = QLocale().toString(QDateTime::currentDateTime().time(), hhmmss);
            finish(true, tr("%1 message(s) exported to %2, as read from %3 to %4; the table may have changed since.", nullptr,
                            int(qMin<qint64>(m_rows, INT_MAX)))
                             .arg(formatCount(m_rows), m_file->fileName(), from, to));
        } else {
            next(request.after(page.rows.last()));
        }
    };
    const auto onFailed = [this](const PgError &e) {
        if (m_running && !m_cancelled)
            finish(false, tr("The export stopped: %1").arg(e.message));
    };
    m_call = m_service.page(request, {this, onDone, onFailed});
}

void CsvExport::cancel() {
    if (!m_running)
        return;
    m_cancelled = true;
    m_call.cancel();
    finish(false, tr("Export cancelled; the partial file was removed."));
}

void CsvExport::finish(bool ok, const QString &message) {
    m_running = false;
    std::unique_ptr<CsvFile> file = std::move(m_file);
    QString why = message;
    QString error;
    if (ok && !file->commit(&error)) {
        ok = false;
        why = tr("Cannot write %1: %2").arg(file->fileName(), error);
    }
    emit finished(ok, m_rows, why); // a file not committed is discarded with `file`
}

} // namespace om
