// SPDX-License-Identifier: GPL-3.0-or-later
#include "flowchart.h"
#include "core/common/timeformat.h"
#include "historychart.h"

#include <QChart>
#include <QDateTime>
#include <QLegend>
#include <QLocale>

namespace om {
namespace {

QString perMinuteText(double v) { return QLocale().toString(v, 'f', v < 10 ? 1 : 0); }

bool isComplete(const FlowSeries &flow, const FlowBucket &b) { return flow.nowS <= 0 || b.startS + flow.bucketS <= flow.nowS; }

QList<HistoryPoint> points(const FlowSeries &flow, qint64 FlowBucket::*field) {
    // Per minute whatever the bucket: a 15-minute bucket of 1,500 reads 100/min, as the
    // 1-minute buckets of the same hour do.
    const double minutes = flow.bucketS / 60.0;
    QList<HistoryPoint> out;
    out.reserve(flow.buckets.size());
    for (const FlowBucket &b : flow.buckets) {
        // The bucket still filling is left out: its counts so far, drawn as a rate, dropped at
        // the right edge every minute and read as "the workers stopped".
        if (!isComplete(flow, b))
            continue;
        const double v = double(b.*field) / minutes;
        out << HistoryPoint{b.startS * 1000, v, v, v, 1};
    }
    return out;
}

} // namespace

HistoryChart *FlowChart::create(QWidget *parent) {
    auto *chart = new HistoryChart(tr("Flow per minute (counted from the table's own times)"), perMinuteText, parent);
    chart->setObjectName(QStringLiteral("flowChart"));
    // Below in a narrow column (beside, "growth since 09:10" left the time axis too little room
    // for its labels), beside when the column is wide and short (a laptop screen).
    chart->chart()->legend()->setAlignment(Qt::AlignBottom);
    chart->setLegendFollowsShape(true);
    return chart;
}

void FlowChart::show(HistoryChart *chart, const FlowSeries &flow, const DrainForecast &forecast) {
    chart->setSeries(QStringLiteral("flow:created"), tr("created"), points(flow, &FlowBucket::created));
    if (flow.hasFinished)
        chart->setSeries(QStringLiteral("flow:finished"), tr("finished"), points(flow, &FlowBucket::finished));
    if (flow.hasFailed)
        chart->setSeries(QStringLiteral("flow:failed"), tr("failed"), points(flow, &FlowBucket::failed));
    chart->setTimeRange(flow.fromS * 1000, flow.toS * 1000);
    // Where the trouble began, on the time axis: the first minute of growth, or of nothing finished.
    qint64 since = 0;
    QString label;
    if (forecast.kind == DrainForecast::Kind::Growing && forecast.growthSinceS > 0) {
        since = forecast.growthSinceS;
        label = tr("growth since %1").arg(formatLocalClock(since));
    } else if (forecast.kind == DrainForecast::Kind::NoProgress) {
        since = forecast.idleSinceS;
        label = tr("nothing finished since %1").arg(formatLocalClock(since));
    }
    const bool marked = since > 0 && since >= flow.fromS;
    chart->setMarker(marked ? label : QString(), marked ? since * 1000 : 0);
}

} // namespace om
