// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/historycharts.h"
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "dashboard/historychart.h"
#include "dashboard/statustiles.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>

namespace om {

namespace {
QString countText(double v) { return formatCount(qint64(v + 0.5)); }
QString minutesText(double v) { return formatAge(v * 60.0); }

qint64 samplesOf(const QList<HistoryPoint> &points) {
    qint64 n = 0;
    for (const HistoryPoint &p : points)
        n += p.samples;
    return n;
}
} // namespace

qint64 HistoryData::sampleCount() const {
    // The open states are written with every snapshot: their count is the number of samples.
    qint64 n = 0;
    for (const Series &s : open)
        n = qMax(n, samplesOf(s.points));
    return qMax(n, samplesOf(oldest.points));
}

qint64 HistoryData::firstMs() const {
    qint64 first = 0;
    for (const Series &s : open)
        if (!s.points.isEmpty() && (first == 0 || s.points.first().tMs < first))
            first = s.points.first().tMs;
    return first;
}

qint64 HistoryData::lastMs() const {
    qint64 last = 0;
    for (const Series &s : open)
        if (!s.points.isEmpty())
            last = qMax(last, s.points.last().tMs);
    return last;
}

HistoryChart *HistoryCharts::createOpen(QWidget *parent) {
    return new HistoryChart(tr("Open messages (exact)"), countText, parent);
}
HistoryChart *HistoryCharts::createFinished(QWidget *parent) {
    return new HistoryChart(tr("Finished messages (estimated)"), countText, parent);
}
HistoryChart *HistoryCharts::createOldest(QWidget *parent) {
    // Log scale: a backlog hours old must not press the 5 and 30 min threshold lines into one at
    // the bottom of the chart.
    return new HistoryChart(tr("Age of the oldest waiting message (minutes, log scale)"), minutesText, parent,
                            HistoryChart::Scale::Log);
}

HistoryData HistoryCharts::load(const HistoryStore &store, const QString &key, const SchemaProfile &profile, qint64 fromMs,
                                qint64 toMs, int maxPoints) {
    HistoryData d;
    d.fromMs = fromMs;
    d.toMs = toMs;
    for (const StateDef &s : profile.states) {
        const QString metric = QStringLiteral("state:") + s.name;
        (s.terminal ? d.finished : d.open) << HistoryData::Series{metric, s.name, store.load(key, profile.id, metric, fromMs, toMs, maxPoints)};
    }
    d.open << HistoryData::Series{QStringLiteral("stuck"), tr("stuck"), store.load(key, profile.id, QStringLiteral("stuck"), fromMs, toMs, maxPoints)};
    d.oldest = {QStringLiteral("oldest"), tr("oldest waiting"), store.load(key, profile.id, QStringLiteral("oldest"), fromMs, toMs, maxPoints)};
    return d;
}

void HistoryCharts::show(const HistoryData &data, HistoryChart *open, HistoryChart *finished, HistoryChart *oldest) {
    for (HistoryChart *c : {open, finished, oldest})
        if (c)
            c->setTimeRange(data.fromMs, data.toMs);
    if (open)
        for (const HistoryData::Series &s : data.open)
            open->setSeries(s.id, s.label, s.points);
    if (finished)
        for (const HistoryData::Series &s : data.finished)
            finished->setSeries(s.id, s.label, s.points);
    if (oldest)
        oldest->setSeries(data.oldest.id, data.oldest.label, data.oldest.points, 60.0);
}

QList<QPair<QString, double>> HistoryCharts::oldestLines(const Threshold &oldest) {
    QList<QPair<QString, double>> lines;
    if (oldest.warning > 0)
        lines << qMakePair(tr("warning"), oldest.warning / 60.0);
    if (oldest.critical > 0)
        lines << qMakePair(tr("critical"), oldest.critical / 60.0);
    return lines;
}

QImage HistoryCharts::toImage(HistoryChart *chart, const QSize &size) {
    // Never shown: lay the chart out at `size` in its scene and render the scene, not the
    // viewport (a hidden view has no settled viewport geometry).
    chart->resize(size);
    chart->setLook(HistoryChart::paperPalette()); // a report is read on paper, whatever the screen shows
    QChart *c = chart->chart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->setPos(0, 0);
    c->resize(size);
    if (c->layout())
        c->layout()->activate();
    QImage image(size * 2, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    chart->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size * 2)), QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

} // namespace om
