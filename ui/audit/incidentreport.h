// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/audit/incidentquery.h"
#include "core/profile/schemaprofile.h"
#include "dashboard/historycharts.h"

#include <QImage>
#include <QString>
#include <memory>

class QTextDocument;

namespace om {

/// The printable incident report: summary, the charts over the range, the actions taken with
/// their reasons and counts, the state at the end, the messages stuck now and those that failed
/// within the range. Built as a QTextDocument (so Qt's text layout handles Japanese with the CJK
/// font fontconfig picks) and printed to PDF (QPdfWriter) by ReportPrinter.
class IncidentReport {
public:
    IncidentReport(IncidentData data, SchemaProfile profile);

    /// The dashboard's history over the report's range (from the local store) and the
    /// oldest-age thresholds; without it, or with no samples in it, the report says so.
    void setHistory(HistoryData history, Threshold oldest);
    bool hasHistory() const { return m_history.sampleCount() > 0; }
    /// The local store could not be read (HistoryStore::openError()): the report says why it has
    /// no charts instead of saying that nothing was recorded.
    void setHistoryUnavailable(const QString &why) { m_historyUnavailable = why; }

    /// The report as a document (charts embedded as images), not yet paginated.
    std::unique_ptr<QTextDocument> document() const;
    /// Writes an A4 PDF; false and `error` when the file cannot be written.
    bool writePdf(const QString &path, QString *error) const;

    /// Audit rows per time bucket, one line per action (server-time buckets shown in local time).
    QImage actionsChart(const QSize &size) const;
    /// Messages per state at report time (the dashboard's numbers), on a log scale.
    QImage endStateChart(int width) const;
    /// The paragraph a manager reads first, above everything else: the range and its length, what
    /// the table did (created, finished, failed), what was done and by whom, and the state now.
    QString verdictText() const;
    /// A value axis of whole counts reaching `peak` in round steps (1, 2 or 5 times a power of
    /// ten): its top and its number of ticks. 0, 50, … 200 for 153, not 0, 30.6, 61.2 … printed
    /// as "30, 61, 92".
    static QPair<qint64, int> countAxis(qint64 peak);

private:
    QString html() const;
    /// Title, range, ticket and the summary list.
    QString headerHtml() const;
    QString historyHtml() const;
    /// The table of actions grouped by action, operator and ticket.
    QString actionsHtml() const;
    /// The state chart and the same numbers as a table (readable, searchable, copyable).
    QString endStateHtml() const;
    /// The messages stuck now.
    QString stuckHtml() const;
    /// The messages failed now that failed within the range.
    QString failedHtml() const;
    /// A table of messages; `withSince` adds the "failed at" column.
    QString messagesTable(const QList<OpenMessage> &rows, bool withSince) const;
    /// The report's title line, also each page's footer.
    QString titleText() const;
    IncidentData m_data;
    HistoryData m_history;
    QString m_historyUnavailable;
    Threshold m_oldest;
    SchemaProfile m_profile;
};

} // namespace om
