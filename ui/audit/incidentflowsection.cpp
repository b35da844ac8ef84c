// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/incidentflowsection.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "dashboard/flowchart.h"
#include "dashboard/historychart.h"
#include "dashboard/historycharts.h"

#include <memory>

namespace om {

QString IncidentFlowSection::totalsText(const IncidentFlow &flow) {
    QStringList parts{tr("Created: %1").arg(formatCount(flow.created))};
    if (flow.series.hasFinished)
        parts << tr("finished: %1").arg(formatCount(flow.finished));
    if (flow.series.hasFailed)
        parts << tr("failed: %1").arg(formatCount(flow.failed));
    return parts.join(QStringLiteral(" · "));
}

QString IncidentFlowSection::html(const IncidentFlow &flow, const QString &imageTag) {
    auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    QString h = QStringLiteral("<h2>%1</h2>").arg(esc(tr("Flow from the table")));
    h += QStringLiteral("<p>%1<br>%2</p>")
             .arg(esc(totalsText(flow)),
                  esc(tr("Counted by the server from the table's own times in buckets of %1, so they do not depend on "
                         "a monitor having run then; the chart shows rates per minute.")
                          .arg(formatSpan(flow.series.bucketS))));
    return h + imageTag;
}

QImage IncidentFlowSection::chart(const IncidentFlow &flow, const QSize &size) {
    std::unique_ptr<HistoryChart> c(FlowChart::create());
    FlowChart::show(c.get(), flow.series, DrainForecast{});
    return HistoryCharts::toImage(c.get(), size);
}

} // namespace om
