#include "audit/incidentreport.h"
#include "core/common/timeformat.h"
#include "dashboard/historychart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QDateTimeAxis>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QLocale>
#include <QMap>
#include <QPainter>
#include <QPrinter>
#include <QTextDocument>
#include <QValueAxis>

namespace om {

namespace {
QString tr(const char *s) { return QCoreApplication::translate("om::IncidentReport", s); }
QString esc(const QString &s) { return s.toHtmlEscaped(); }
/// Characters of a message's last error in the report's tables (the detail pane shows it whole).
constexpr int kErrorChars = 200;
QString when(const QDateTime &t) {
    const QDateTime l = t.toLocalTime();
    return QLocale().toString(l, QStringLiteral("yyyy-MM-dd HH:mm")) + QLatin1Char(' ') + l.timeZoneAbbreviation();
}
QString shortWhen(const QDateTime &t) { return QLocale().toString(t.toLocalTime(), QStringLiteral("MM-dd HH:mm")); }

// A chart drawn straight onto an image: no window, works offscreen and in a print job.
QImage render(QChart *chart, const QSize &size) {
    QGraphicsScene scene;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->resize(size);
    scene.addItem(chart);
    QImage image(size * 2, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size * 2)), QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}
} // namespace

IncidentReport::IncidentReport(IncidentData data, SchemaProfile profile) : m_data(std::move(data)), m_profile(std::move(profile)) {}

void IncidentReport::setHistory(HistoryData history, Threshold oldest) {
    m_history = std::move(history);
    m_oldest = oldest;
}

QString IncidentReport::historyHtml() const {
    QString h = QStringLiteral("<h2>%1</h2>").arg(esc(tr("Dashboard charts")));
    if (!hasHistory()) {
        h += QStringLiteral("<p>%1</p>").arg(esc(tr("No dashboard samples were recorded on this computer between %1 and %2: "
                                                    "Outbox Monitor was not watching this database then, so there are no "
                                                    "charts of the queue for this range.")
                                                     .arg(when(m_data.from), when(m_data.to))));
        return h;
    }
    const QDateTime first = QDateTime::fromMSecsSinceEpoch(m_history.firstMs());
    const QDateTime last = QDateTime::fromMSecsSinceEpoch(m_history.lastMs());
    h += QStringLiteral("<p>%1</p>").arg(esc(tr("From %1 samples recorded on this computer between %2 and %3.")
                                                 .arg(m_history.sampleCount()).arg(when(first), when(last))));
    h += QStringLiteral("<p><img src=\"chart://history-open\" width=\"600\"><br>"
                        "<img src=\"chart://history-oldest\" width=\"600\"><br>"
                        "<img src=\"chart://history-finished\" width=\"600\"></p>");
    return h;
}

QImage IncidentReport::actionsChart(const QSize &size) const {
    auto *chart = new QChart;
    chart->setTitle(tr("Actions per %1 minutes").arg(m_data.bucketSeconds / 60));
    // Zero-filled buckets, so a quiet hour shows as zero rather than a line across it.
    QMap<QString, QMap<qint64, qint64>> byAction;
    for (const TimelinePoint &p : m_data.timeline)
        byAction[p.action.isEmpty() ? tr("(status change)") : p.action][p.bucketStart.toMSecsSinceEpoch()] += p.count;
    const qint64 start = m_data.from.toMSecsSinceEpoch();
    const qint64 step = qint64(m_data.bucketSeconds) * 1000;
    qint64 peak = 1;
    auto *xAxis = new QDateTimeAxis;
    xAxis->setFormat(m_data.from.secsTo(m_data.to) > 2 * 86400 ? QStringLiteral("MM-dd") : QStringLiteral("MM-dd HH:mm"));
    xAxis->setRange(m_data.from.toLocalTime(), m_data.to.toLocalTime());
    auto *yAxis = new QValueAxis;
    yAxis->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    for (auto it = byAction.cbegin(); it != byAction.cend(); ++it) {
        auto *series = new QLineSeries;
        series->setName(it.key());
        QList<QPointF> points;
        for (qint64 t = start; t < m_data.to.toMSecsSinceEpoch(); t += step) {
            const qint64 n = it.value().value(t);
            peak = qMax(peak, n);
            points << QPointF(double(t), double(n));
        }
        series->replace(points);
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
    yAxis->setRange(0, double(peak));
    yAxis->setTickCount(int(qMin<qint64>(peak, 5)) + 1); // whole numbers: counts are integers
    if (byAction.isEmpty())
        chart->setTitle(tr("No actions in this range"));
    return render(chart, size);
}

QImage IncidentReport::endStateChart(const QSize &size) const {
    auto *chart = new QChart;
    chart->setTitle(tr("Messages per state at %1").arg(when(m_data.end.serverTime)));
    auto *set = new QBarSet(tr("messages"));
    QStringList names;
    qint64 peak = 1;
    for (const StateCount &s : m_data.end.states) {
        names << (s.estimated ? tr("%1 (est.)").arg(s.name) : s.name);
        *set << double(s.count);
        peak = qMax(peak, s.count);
    }
    auto *series = new QBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(names);
    auto *y = new QValueAxis;
    y->setRange(0, double(peak) * 1.15);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->legend()->hide();
    return render(chart, size);
}

QString IncidentReport::html() const {
    QString h = headerHtml() + historyHtml();
    h += QStringLiteral("<h2>%1</h2><p><img src=\"chart://actions\" width=\"600\"></p>").arg(esc(tr("Actions over time")));
    h += actionsHtml();
    h += QStringLiteral("<h2>%1</h2><p><img src=\"chart://states\" width=\"600\"></p>").arg(esc(tr("State at the end")));
    const IncidentData &d = m_data;
    h += openMessagesHtml(tr("Still stuck (%1)").arg(d.end.stuck), d.stuck, d.end.stuck);
    if (!m_profile.failedStates.isEmpty())
        h += openMessagesHtml(tr("Failed (%1)").arg(d.failedTotal), d.failed, d.failedTotal);
    return h;
}

QString IncidentReport::headerHtml() const {
    const IncidentData &d = m_data;
    QString h;
    h += QStringLiteral("<h1>%1</h1>").arg(esc(tr("Incident report: %1").arg(m_profile.table)));
    h += QStringLiteral("<p>%1<br>%2<br>%3</p>")
             .arg(esc(tr("Range: %1 – %2").arg(when(d.from), when(d.to))),
                  esc(d.ticket.isEmpty() ? tr("Tickets: all") : tr("Ticket: %1").arg(d.ticket)),
                  esc(tr("Made at %1 (server clock) from %2").arg(when(d.serverNow), m_profile.title)));
    h += QStringLiteral("<h2>%1</h2><ul>").arg(esc(tr("Summary")));
    h += QStringLiteral("<li>%1</li>").arg(esc(tr("%1 audit rows for %2 messages in the range").arg(d.auditRows).arg(d.messagesTouched)));
    h += QStringLiteral("<li>%1</li>").arg(esc(tr("Now: %1 waiting, %2 stuck past %3 min, %4 failed")
                                                   .arg(d.end.waiting).arg(d.end.stuck).arg(d.end.stuckTimeoutMinutes).arg(d.failedTotal)));
    if (d.end.oldestWaitingAgeS)
        h += QStringLiteral("<li>%1</li>").arg(esc(tr("Oldest waiting message: %1").arg(formatAge(*d.end.oldestWaitingAgeS))));
    h += QStringLiteral("</ul>");
    return h;
}

QString IncidentReport::actionsHtml() const {
    QString h = QStringLiteral("<h2>%1</h2>").arg(esc(tr("Actions taken")));
    if (m_data.groups.isEmpty())
        return h + QStringLiteral("<p>%1</p>").arg(esc(tr("No actions in this range.")));
    h += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\" style=\"font-size: 7pt\"><tr>");
    // Action names, tickets and counts never wrap (CANCEL_MESS / AGE was unreadable); the
    // operator and the reasons take what is left. QTextDocument ignores the nowrap attribute
    // but honours white-space in CSS.
    const QList<QPair<QString, int>> heads = {{tr("Action"), 19}, {tr("Operator"), 16}, {tr("Ticket"), 10}, {tr("Rows"), 6},
                                              {tr("Messages"), 9}, {tr("First – last"), 11}, {tr("Reasons"), 29}};
    for (const auto &c : heads)
        h += QStringLiteral("<th width=\"%2%\" style=\"white-space: nowrap\">%1</th>").arg(esc(c.first)).arg(c.second);
    h += QStringLiteral("</tr>");
    for (const ActionGroup &g : m_data.groups) {
        QStringList reasons;
        for (const QString &r : g.reasons)
            reasons << esc(r);
        const QString op = g.osUserAtHost.isEmpty() ? g.dbUser : tr("%1 (%2)").arg(g.dbUser, g.osUserAtHost);
        const QString nowrap = QStringLiteral(" style=\"white-space: nowrap\"");
        h += QStringLiteral("<tr><td%8>%1</td><td>%2</td><td%8>%3</td><td align=\"right\"%8>%4</td>"
                            "<td align=\"right\"%8>%5</td><td%8>%6</td><td>%7</td></tr>")
                 .arg(esc(g.action.isEmpty() ? tr("(status change)") : g.action), esc(op), esc(g.ticket),
                      QLocale().toString(g.count), QLocale().toString(g.messages),
                      esc(shortWhen(g.first)) + QStringLiteral("<br>") + esc(shortWhen(g.last)), reasons.join(QLatin1String("<br>")),
                      nowrap);
    }
    return h + QStringLiteral("</table>");
}

QString IncidentReport::openMessagesHtml(const QString &title, const QList<OpenMessage> &rows, qint64 total) const {
    QString h = QStringLiteral("<h3>%1</h3>").arg(esc(title));
    if (rows.isEmpty())
        return h + QStringLiteral("<p>%1</p>").arg(esc(tr("None.")));
    if (total > rows.size())
        h += QStringLiteral("<p>%1</p>").arg(esc(tr("The %1 oldest of %2:").arg(rows.size()).arg(total)));
    h += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\" style=\"font-size: 7pt\"><tr>");
    for (const QString &c : {tr("Message"), tr("Key"), tr("State"), tr("Age"), tr("Last error")})
        h += QStringLiteral("<th>%1</th>").arg(esc(c));
    h += QStringLiteral("</tr>");
    for (const OpenMessage &m : rows)
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                 .arg(QString::number(m.id), esc(m.key), esc(m.state), esc(formatAge(m.ageS)), esc(m.error.left(kErrorChars)));
    return h + QStringLiteral("</table>");
}

std::unique_ptr<QTextDocument> IncidentReport::document() const {
    auto doc = std::make_unique<QTextDocument>();
    QFont font;
    // Latin from DejaVu, Japanese from the CJK font bootstrap installs; fontconfig falls back
    // per glyph, naming both makes the choice explicit.
    font.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("VL Gothic"), QStringLiteral("Noto Sans CJK JP")});
    font.setPointSize(9);
    doc->setDefaultFont(font);
    if (hasHistory()) {
        // The dashboard's own chart widgets, never shown, drawn onto images for the page.
        std::unique_ptr<HistoryChart> open(HistoryCharts::createOpen());
        std::unique_ptr<HistoryChart> finished(HistoryCharts::createFinished());
        std::unique_ptr<HistoryChart> oldest(HistoryCharts::createOldest());
        HistoryCharts::show(m_history, open.get(), finished.get(), oldest.get());
        oldest->setThresholdLines(HistoryCharts::oldestLines(m_oldest));
        doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart://history-open")), HistoryCharts::toImage(open.get(), QSize(800, 280)));
        doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart://history-oldest")), HistoryCharts::toImage(oldest.get(), QSize(800, 240)));
        doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart://history-finished")), HistoryCharts::toImage(finished.get(), QSize(800, 240)));
    }
    doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart://actions")), actionsChart(QSize(800, 320)));
    doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart://states")), endStateChart(QSize(800, 280)));
    doc->setHtml(html());
    return doc;
}

bool IncidentReport::writePdf(const QString &path, QString *error) const {
    if (!QFileInfo(QFileInfo(path).absolutePath()).isWritable()) {
        *error = tr("Cannot write to the folder of %1.").arg(path);
        return false;
    }
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(path);
    printer.setPageSize(QPageSize(QPageSize::A4));
    printer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    printer.setDocName(tr("Incident report"));
    printer.setCreator(QStringLiteral("Outbox Monitor"));
    document()->print(&printer);
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
        *error = tr("The PDF could not be written to %1.").arg(path);
        return false;
    }
    return true;
}

} // namespace om
