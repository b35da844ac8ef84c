// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/incidentreport.h"
#include "core/common/sentences.h"
#include "audit/failuregroupsection.h"
#include "audit/outcomereport.h"
#include "audit/incidentflowsection.h"
#include "audit/reportprinter.h"
#include "audit/statebarchart.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "dashboard/historychart.h"

#include <QChart>
#include <QCoreApplication>
#include <QDateTimeAxis>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QMap>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>
#include <QTextOption>
#include <QValueAxis>

namespace om {

namespace {
QString tr(const char *s) { return QCoreApplication::translate("om::IncidentReport", s); }
QString esc(const QString &s) { return s.toHtmlEscaped(); }
/// Characters of a message's last error in the report's tables (the detail pane shows it whole).
constexpr int kErrorChars = 200;
/// Width of the charts on the page, in 96-dpi pixels (A4 less 15 mm margins is about 680).
constexpr int kChartWidth = 660;
QString shortWhen(const QDateTime &t) { return QLocale().toString(t.toLocalTime(), QStringLiteral("MM-dd HH:mm")); }
QString count(qint64 n) { return formatCount(n); }
QString image(const char *name) {
    return QStringLiteral("<p><img src=\"chart://%1\" width=\"%2\"></p>").arg(QLatin1String(name)).arg(kChartWidth);
}
const char *const kTable = "<table border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\" style=\"font-size: 7pt\">";
const QString kNoWrap = QStringLiteral(" style=\"white-space: nowrap\"");
/// After a table: QTextDocument puts the next heading right under a table's last row, and the
/// heading's own top margin does not change that; an empty line does.
const QString kTableEnd = QStringLiteral("</table><p>&nbsp;</p>");

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

QString IncidentReport::titleText() const {
    return tr("Incident report: %1").arg(m_profile.table);
}

QString IncidentReport::historyHtml() const {
    QString h = QStringLiteral("<h2>%1</h2>").arg(esc(tr("Dashboard charts")));
    if (!hasHistory() && !m_historyUnavailable.isEmpty()) {
        h += QStringLiteral("<p>%1</p>").arg(esc(tr("The dashboard's history on this computer could not be read, so this report "
                                                    "has no charts of the queue. %1")
                                                     .arg(m_historyUnavailable)));
        return h;
    }
    if (!hasHistory()) {
        h += QStringLiteral("<p>%1</p>").arg(esc(tr("No dashboard samples were recorded on this computer between %1 and %2: "
                                                    "Outbox Monitor was not watching this database then, so there are no "
                                                    "charts of the queue for this range.")
                                                     .arg(formatLocalMinutes(m_data.from), formatLocalMinutes(m_data.to))));
        return h;
    }
    const QDateTime first = QDateTime::fromMSecsSinceEpoch(m_history.firstMs());
    const QDateTime last = QDateTime::fromMSecsSinceEpoch(m_history.lastMs());
    // clang-format off
    h += QStringLiteral("<p>%1</p>").arg(esc(tr("From %1 samples recorded on this computer between %2 and %3.")
                                                 .arg(count(m_history.sampleCount()), formatLocalMinutes(first), formatLocalMinutes(last))));
    // clang-format on
    return h + image("history-open") + image("history-oldest") + image("history-finished");
}

QImage IncidentReport::actionsChart(const QSize &size) const {
    auto *chart = new QChart;
    chart->setTitle(tr("Actions per %1").arg(formatSpan(m_data.bucketSeconds)));
    // Zero-filled buckets, so a quiet hour shows as zero rather than a line across it.
    QMap<QString, QMap<qint64, qint64>> byAction;
    for (const TimelinePoint &p : m_data.timeline)
        byAction[p.action.isEmpty() ? tr("(status change)") : p.action][p.bucketStart.toMSecsSinceEpoch()] += p.count;
    // Lines in the order the Audit tab lists the profile's actions, others after them.
    QStringList order;
    for (const ActionDef &a : m_profile.actions)
        if (byAction.contains(a.auditName))
            order << a.auditName;
    for (auto it = byAction.cbegin(); it != byAction.cend(); ++it)
        if (!order.contains(it.key()))
            order << it.key();
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
    for (const QString &action : order) {
        auto *series = new QLineSeries;
        series->setName(action);
        QList<QPointF> points;
        for (qint64 t = start; t < m_data.to.toMSecsSinceEpoch(); t += step) {
            const qint64 n = byAction.value(action).value(t);
            peak = qMax(peak, n);
            points << QPointF(double(t), double(n));
        }
        series->replace(points);
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
    chart->legend()->setAlignment(Qt::AlignRight); // as the dashboard's charts
    const auto [top, ticks] = countAxis(peak);
    yAxis->setRange(0, double(top));
    yAxis->setTickCount(ticks); // whole, round numbers: counts are integers
    if (byAction.isEmpty())
        chart->setTitle(tr("No actions in this range"));
    return render(chart, size);
}

QPair<qint64, int> IncidentReport::countAxis(qint64 peak) {
    peak = qMax<qint64>(peak, 1);
    // The smallest round step that reaches the peak in at most five steps.
    qint64 step = 1;
    for (qint64 power = 1;; power *= 10) {
        for (const qint64 m : {1, 2, 5})
            if (m * power * 5 >= peak) {
                step = m * power;
                return {(peak + step - 1) / step * step, int((peak + step - 1) / step) + 1};
            }
    }
}

QString IncidentReport::verdictText() const {
    const IncidentData &d = m_data;
    QStringList s;
    // First of all: every number after it counts only the rows the report's role could see.
    if (const QString fewer = d.end.readSecurity.fewerRowsNote(); !fewer.isEmpty())
        s << fewer;
    s << tr("From %1 to %2 (%3).").arg(formatLocalMinutes(d.from), formatLocalMinutes(d.to), formatSpan(d.from.secsTo(d.to)));
    if (!d.flow.series.isEmpty())
        s << tr("The table in that time: %1.").arg(IncidentFlowSection::totalsText(d.flow));
    if (!d.failedSince.isEmpty())
        s << tr("Failed within the range and still failed: %1.").arg(count(d.failedInRange));
    if (d.noAuditTable) {
        s << tr("No action is possible on this table (its profile names no audit table).");
    } else if (d.groups.isEmpty()) {
        s << tr("No one acted on messages in this range.");
    } else {
        // Per action the messages it changed, in the order first taken; and who took them.
        QStringList actions, people;
        QHash<QString, qint64> messages;
        for (const ActionGroup &g : d.groups) {
            const QString action = g.action.isEmpty() ? tr("(status change)") : g.action;
            if (!messages.contains(action))
                actions << action;
            messages[action] += g.messages;
            const QString who = g.osUserAtHost.isEmpty() ? g.dbUser : g.osUserAtHost;
            if (!people.contains(who))
                people << who;
        }
        QStringList done;
        for (const QString &a : actions)
            done << tr("%1 (messages: %2)").arg(a, count(messages.value(a)));
        s << tr("Done: %1, by %2.").arg(done.join(QLatin1String(", ")), people.join(QLatin1String(", ")));
    }
    s << tr("At the end: %1 waiting, %2 stuck, %3 failed.").arg(count(d.end.waiting), count(d.end.stuck), count(d.failedTotal));
    if (d.end.oldestWaitingAgeS)
        s << tr("The oldest waiting message had waited %1.").arg(formatAge(*d.end.oldestWaitingAgeS));
    return joinSentences(s);
}

QImage IncidentReport::endStateChart(int width) const {
    return StateBarChart::render(m_data.end.states,
                                 tr("Messages per state at %1 (log scale)").arg(formatLocalMinutes(m_data.end.serverTime)), width);
}

QString IncidentReport::html() const {
    QString h = headerHtml() + historyHtml();
    h += IncidentFlowSection::html(m_data.flow, image("flow"));
    h += QStringLiteral("<h2>%1</h2>").arg(esc(tr("Actions over time"))) + image("actions");
    h += actionsHtml() + OutcomeReport::html(m_data, m_profile) + endStateHtml() + stuckHtml() + failedHtml();
    h += failureGroupSectionHtml(m_data.failureGroups, m_data.from, m_data.to); // audit/failuregroupsection.cpp
    return h;
}

QString IncidentReport::headerHtml() const {
    const IncidentData &d = m_data;
    QString h;
    h += QStringLiteral("<h1>%1</h1>").arg(esc(titleText()));
    h += QStringLiteral("<p><b>%1</b> %2</p>").arg(esc(tr("In brief:")), esc(verdictText()));
    h += QStringLiteral("<p>%1<br>%2<br>%3</p>")
             .arg(esc(tr("Range: %1 – %2 (%3)").arg(formatLocalMinutes(d.from), formatLocalMinutes(d.to), formatSpan(d.from.secsTo(d.to)))),
                  esc(d.ticket.isEmpty() ? tr("Tickets: all") : tr("Ticket: %1").arg(d.ticket)),
                  esc(tr("Made at %1 (server clock) from the table %2.%3")
                          .arg(formatLocalMinutes(d.serverNow), m_profile.schema, m_profile.table)));
    h += QStringLiteral("<h2>%1</h2><ul>").arg(esc(tr("Summary")));
    // First: every number below counts only the rows the report's role could see.
    if (d.end.readSecurity.hidesRows())
        h += QStringLiteral("<li><b>%1</b></li>").arg(esc(d.end.readSecurity.hiddenRowsText()));
    // "Label: number" lines: no "1 messages" (one plural form could not serve both numbers).
    if (d.noAuditTable)
        h += QStringLiteral("<li>%1</li>").arg(esc(tr("This profile names no audit table: actions are not possible and none "
                                                      "are reported; the numbers below come from the table itself.")));
    else
        h += QStringLiteral("<li>%1</li>").arg(esc(tr("Audit rows in the range: %1 · distinct messages: %2").arg(count(d.auditRows), count(d.messagesTouched))));
    if (!d.failedSince.isEmpty())
        h += QStringLiteral("<li>%1</li>").arg(esc(tr("Failed within the range and still failed: %1").arg(count(d.failedInRange))));
    // clang-format off
    // The stuck timeout in minutes, as Dashboard → Settings and the Stuck tile state it.
    h += QStringLiteral("<li>%1</li>").arg(esc(tr("Now: %1 waiting, %2 stuck past %3 min, %4 failed")
                                                   .arg(count(d.end.waiting), count(d.end.stuck), QString::number(d.end.stuckTimeoutMinutes),
                                                        count(d.failedTotal))));
    // clang-format on
    if (d.end.oldestWaitingAgeS)
        h += QStringLiteral("<li>%1</li>").arg(esc(tr("Oldest waiting message: %1").arg(formatAge(*d.end.oldestWaitingAgeS))));
    h += QStringLiteral("</ul>");
    return h;
}

QString IncidentReport::actionsHtml() const {
    QString h = QStringLiteral("<h2>%1</h2>").arg(esc(tr("Actions taken")));
    if (m_data.groups.isEmpty())
        return h + QStringLiteral("<p>%1</p>").arg(esc(tr("No actions in this range.")));
    h += QLatin1String(kTable) + QStringLiteral("<thead><tr>");
    // clang-format off
    // Action names, tickets and counts never wrap (CANCEL_MESS / AGE was unreadable); the
    // operator and the reasons take what is left. QTextDocument ignores the nowrap attribute
    // but honours white-space in CSS.
    const QList<QPair<QString, int>> heads = {{tr("Action"), 19}, {tr("Operator"), 16}, {tr("Ticket"), 10}, {tr("Rows"), 6},
                                              {tr("Messages"), 9}, {tr("First – last"), 11}, {tr("Reasons"), 29}};
    // clang-format on
    for (const auto &c : heads)
        h += QStringLiteral("<th width=\"%2%\"%3>%1</th>").arg(esc(c.first)).arg(c.second).arg(kNoWrap);
    h += QStringLiteral("</tr></thead>");
    for (const ActionGroup &g : m_data.groups) {
        QStringList reasons;
        for (const QString &r : g.reasons)
            reasons << esc(r);
        const QString op = g.osUserAtHost.isEmpty() ? g.dbUser : tr("%1 (%2)").arg(g.dbUser, g.osUserAtHost);
        h += QStringLiteral("<tr><td%8>%1</td><td>%2</td><td%8>%3</td><td align=\"right\"%8>%4</td>"
                            "<td align=\"right\"%8>%5</td><td%8>%6</td><td>%7</td></tr>")
                 .arg(esc(g.action.isEmpty() ? tr("(status change)") : g.action), esc(op), esc(g.ticket), count(g.count),
                      count(g.messages), esc(shortWhen(g.first)) + QStringLiteral("<br>") + esc(shortWhen(g.last)),
                      reasons.join(QLatin1String("<br>")), kNoWrap);
    }
    return h + kTableEnd;
}

QString IncidentReport::endStateHtml() const {
    QString h = QStringLiteral("<h2>%1</h2>").arg(esc(tr("State at the end"))) + image("states");
    bool anyEstimate = false;
    h += QLatin1String(kTable) + QStringLiteral("<thead><tr><th>%1</th><th>%2</th><th>%3</th></tr></thead>").arg(esc(tr("State")), esc(tr("Messages")), esc(tr("Counted")));
    for (const StateCount &s : m_data.end.states) {
        anyEstimate |= s.estimated;
        h += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td>%3</td></tr>")
                 .arg(esc(s.name), esc(StateBarChart::valueText(s)),
                      esc(s.estimated ? tr("estimated from the planner's statistics") : tr("exact")));
    }
    h += kTableEnd;
    if (anyEstimate)
        h += QStringLiteral("<p>%1</p>").arg(esc(tr("Hatched bars are estimates (counting millions of finished rows exactly "
                                                    "would scan the table); the scale is logarithmic, so that small states show.")));
    return h;
}

QString IncidentReport::stuckHtml() const {
    const IncidentData &d = m_data;
    const QString title = d.end.stuckByOwnTimeout
                              ? tr("Stuck now, past their own timeout or, without one, %1 min (%2)")
                                    .arg(QString::number(d.end.stuckTimeoutMinutes), count(d.end.stuck))
                              : tr("Stuck now, past %1 min (%2)").arg(QString::number(d.end.stuckTimeoutMinutes), count(d.end.stuck));
    QString h = QStringLiteral("<h3>%1</h3>").arg(esc(title));
    if (d.stuck.isEmpty())
        return h + QStringLiteral("<p>%1</p>").arg(esc(tr("None.")));
    if (d.end.stuck > d.stuck.size())
        h += QStringLiteral("<p>%1</p>").arg(esc(tr("The %1 oldest of %2:").arg(count(d.stuck.size()), count(d.end.stuck))));
    return h + messagesTable(d.stuck, false);
}

QString IncidentReport::failedHtml() const {
    const IncidentData &d = m_data;
    if (d.failedSince.isEmpty())
        return QString(); // this table has no failed state
    QString h = QStringLiteral("<h3>%1</h3>").arg(esc(tr("Failed within the range (%1)").arg(count(d.failedInRange))));
    const QString dated = d.failedSince == QLatin1String("updatedAt") ? tr("by their last update") : tr("by their creation");
    // clang-format off
    h += QStringLiteral("<p>%1</p>").arg(esc(tr("Messages now failed whose failure (%1) falls between %2 and %3: %4 in all (%5 failed now, whenever they failed).")
                                                 .arg(dated, formatLocalMinutes(d.from), formatLocalMinutes(d.to), count(d.failedInRange),
                                                      count(d.failedTotal))));
    // clang-format on
    if (d.failed.isEmpty())
        return h + QStringLiteral("<p>%1</p>").arg(esc(tr("None.")));
    if (d.failedInRange > d.failed.size())
        h += QStringLiteral("<p>%1</p>").arg(esc(tr("The %1 earliest of %2 are shown:").arg(count(d.failed.size()), count(d.failedInRange))));
    return h + messagesTable(d.failed, true);
}

QString IncidentReport::messagesTable(const QList<OpenMessage> &rows, bool withSince) const {
    QString h = QLatin1String(kTable) + QStringLiteral("<thead><tr>");
    QStringList heads = {tr("Message"), tr("Key"), tr("State")};
    if (withSince)
        heads << tr("Failed at (%1)").arg(localZoneName()) << tr("Failed for");
    else
        heads << tr("Age");
    heads << tr("Last error");
    for (const QString &c : heads)
        h += QStringLiteral("<th%2>%1</th>").arg(esc(c), kNoWrap);
    h += QStringLiteral("</tr></thead>");
    for (const OpenMessage &m : rows) {
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td>").arg(esc(m.id.text()), esc(m.key), esc(m.state));
        if (withSince)
            h += QStringLiteral("<td%2>%1</td>").arg(esc(QLocale().toString(m.since.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm"))), kNoWrap);
        h += QStringLiteral("<td%2>%1</td><td>%3</td></tr>").arg(esc(formatAge(m.ageS)), kNoWrap, esc(m.error.left(kErrorChars)));
    }
    return h + kTableEnd;
}

std::unique_ptr<QTextDocument> IncidentReport::document() const {
    auto doc = std::make_unique<QTextDocument>();
    QFont font;
    // Latin from DejaVu, Japanese from the CJK font bootstrap installs; fontconfig falls back
    // per glyph, naming both makes the choice explicit.
    font.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("VL Gothic"), QStringLiteral("Noto Sans CJK JP")});
    font.setPointSize(9);
    doc->setDefaultFont(font);
    // Lines break between words only: a key or state name is never cut inside
    // ("SHIPMENT_REQUES TED"); a table column widens to its longest word instead.
    QTextOption wrap = doc->defaultTextOption();
    wrap.setWrapMode(QTextOption::WordWrap);
    doc->setDefaultTextOption(wrap);
    const auto add = [&doc](const char *name, const QImage &image) {
        doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart://") + QLatin1String(name)), image);
    };
    if (hasHistory()) {
        // The dashboard's own chart widgets, never shown, drawn onto images for the page (their
        // legends in the dashboard's order: HistoryChart keeps threshold lines after the series).
        std::unique_ptr<HistoryChart> open(HistoryCharts::createOpen());
        std::unique_ptr<HistoryChart> finished(HistoryCharts::createFinished());
        std::unique_ptr<HistoryChart> oldest(HistoryCharts::createOldest());
        HistoryCharts::show(m_history, open.get(), finished.get(), oldest.get());
        oldest->setThresholdLines(HistoryCharts::oldestLines(m_oldest));
        add("history-open", HistoryCharts::toImage(open.get(), QSize(800, 280)));
        add("history-oldest", HistoryCharts::toImage(oldest.get(), QSize(800, 240)));
        add("history-finished", HistoryCharts::toImage(finished.get(), QSize(800, 240)));
    }
    add("flow", IncidentFlowSection::chart(m_data.flow, QSize(800, 280)));
    add("actions", actionsChart(QSize(800, 300)));
    add("states", endStateChart(800));
    doc->setHtml(html());
    return doc;
}

bool IncidentReport::writePdf(const QString &path, QString *error) const {
    if (!QFileInfo(QFileInfo(path).absolutePath()).isWritable()) {
        *error = tr("Cannot write to the folder of %1.").arg(path);
        return false;
    }
    // QPdfWriter, not QPrinter: a QPrinter asks the print system (CUPS) for its default printer
    // first, a round trip to a print server that a PDF file does not need.
    QPdfWriter writer(path);
    writer.setResolution(600);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(15, 15, 15, 12), QPageLayout::Millimeter);
    writer.setTitle(tr("Incident report"));
    writer.setCreator(QStringLiteral("Outbox Monitor"));
    const std::unique_ptr<QTextDocument> doc = document();
    ReportPrinter::print(*doc, writer, titleText());
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
        *error = tr("The PDF could not be written to %1.").arg(path);
        return false;
    }
    return true;
}

} // namespace om
