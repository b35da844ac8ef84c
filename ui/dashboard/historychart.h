// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/store/historystore.h"

#include <QChartView>
#include <QPalette>
#include <QHash>
#include <functional>

class QDateTimeAxis;
class QLineSeries;
class QAbstractAxis;

namespace om {

/// One time chart of the dashboard: line series over a date-time axis, fed whole with
/// QXYSeries::replace(), optional horizontal threshold lines, and a tooltip with the exact value
/// and time of the point under the mouse (min–max of the bucket when downsampled).
class HistoryChart : public QChartView {
    Q_OBJECT
public:
    /// Log: a logarithmic value axis, for values that span orders of magnitude while the lines
    /// that matter lie low (the oldest age: 5 and 30 min thresholds under a 1000 min backlog).
    enum class Scale {
        Linear,
        Log
    };
    /// `format` turns a plotted value into text for the tooltip.
    HistoryChart(const QString &title, std::function<QString(double)> format, QWidget *parent = nullptr,
                 Scale scale = Scale::Linear);

    /// Creates the series on first use; `scale` divides stored values (e.g. seconds -> minutes).
    void setSeries(const QString &id, const QString &label, const QList<HistoryPoint> &points, double scale = 1.0);
    /// Horizontal dashed lines (label, value already scaled); replaces the previous ones.
    void setThresholdLines(const QList<QPair<QString, double>> &lines);
    void setTimeRange(qint64 fromMs, qint64 toMs);
    /// A vertical dashed line at `tMs` across the whole height, named `label` in the legend
    /// (the drain forecast's start of growth); `tMs` <= 0 removes it.
    void setMarker(const QString &label, qint64 tMs);
    /// The legend goes where the chart has room: beside a wide, short chart (below, on a laptop
    /// screen, it left the plot no height for the axis labels), below a narrow one (beside, it
    /// left the time axis no width). Off: the legend stays where it was put.
    void setLegendFollowsShape(bool on) { m_legendFollowsShape = on; }

    /// The chart's ground, its text (title, axes, legend) and grid lines in `palette`'s colours.
    /// A chart on screen follows the application's palette by itself; a chart drawn for the
    /// printed report is given a paper palette (paperPalette()) whatever the screen shows.
    void setLook(const QPalette &palette);
    /// Black on white, for a chart that goes on paper or into a PDF.
    static QPalette paperPalette();
    /// The marker's time (0 when none) and legend text.
    qint64 markerMs() const { return m_markerMs; }
    QString markerLabel() const;

    /// A series is drawn in pieces where its samples stop for a while (an outage, a window that
    /// was closed): a straight line across the gap drew values nobody read. A gap is a step
    /// longer than three times the series' usual step, and longer than a minute.
    static QList<QList<HistoryPoint>> pieces(const QList<HistoryPoint> &points);
    static constexpr qint64 kMinGapMs = 60 * 1000;

    int pointCount(const QString &id) const;
    /// The pieces series `id` is drawn in (1 without a gap, 0 when unknown).
    int pieceCount(const QString &id) const;
    QStringList seriesIds() const { return m_series.keys(); }
    /// The legend's entries in the order shown (data series, then threshold lines).
    QStringList legendNames() const;
    /// Tooltip text for the point of series `id` nearest to time `xMs`.
    QString toolTipFor(const QString &id, qreal xMs) const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void rescale();
    /// Moves the threshold lines behind the data series, so that the legend lists data first.
    void keepThresholdsLast();
    void onHovered(const QString &id, const QPointF &point, bool state);

    QDateTimeAxis *m_x;
    QAbstractAxis *m_y; ///< a QValueAxis, or a QLogValueAxis for Scale::Log
    std::function<QString(double)> m_format;
    QLineSeries *newLine(const QString &id, const QPen &pen);
    /// Draws `points` of series `id` in its first line and, past each gap, in more lines of the
    /// same pen that the legend does not list.
    void drawPieces(const QString &id, const QList<HistoryPoint> &points);

    QHash<QString, QLineSeries *> m_series; ///< the first piece of each series: its legend entry
    QHash<QString, QList<QLineSeries *>> m_morePieces;
    QHash<QString, QList<HistoryPoint>> m_points;
    QHash<QString, double> m_scale;
    QList<QLineSeries *> m_thresholds;
    QLineSeries *m_marker = nullptr;
    qint64 m_markerMs = 0;
    bool m_legendFollowsShape = false;
    qint64 m_fromMs = 0;
    qint64 m_toMs = 0;
};

} // namespace om
