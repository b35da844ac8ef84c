// SPDX-License-Identifier: GPL-3.0-or-later
#include "historychart.h"
#include "common/tones.h"

#include <algorithm>

#include <QCursor>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QGuiApplication>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QSet>
#include <QToolTip>
#include <QValueAxis>

namespace om {
namespace {
/// The lowest value a log axis shows (0.1 min = 6 s on the age chart). A 0 ("none waiting") is
/// drawn there; the tooltip still says the exact value.
constexpr double kLogFloor = 0.1;
} // namespace

HistoryChart::HistoryChart(const QString &title, std::function<QString(double)> format, QWidget *parent, Scale scale)
    // The chart goes to QChartView's constructor: QChartView(parent) makes a default chart of its
    // own, and setChart() only releases that one ("the previous chart must be deleted"): every
    // chart of every dashboard and report leaked a QChart with its title, legend and theme.
    : QChartView(new QChart, parent), m_x(new QDateTimeAxis),
      m_y(scale == Scale::Log ? static_cast<QAbstractAxis *>(new QLogValueAxis) : new QValueAxis),
      m_format(std::move(format)) {
    QChart *c = chart();
    c->setTitle(title);
    c->legend()->setAlignment(Qt::AlignRight);
    c->setMargins(QMargins(4, 4, 4, 4));
    m_x->setFormat(QStringLiteral("MM-dd HH:mm"));
    m_x->setTickCount(6);
    if (auto *log = qobject_cast<QLogValueAxis *>(m_y)) {
        log->setBase(10);
        log->setLabelFormat(QStringLiteral("%g"));
        log->setMin(kLogFloor);
    } else {
        auto *linear = static_cast<QValueAxis *>(m_y);
        linear->setLabelFormat(QStringLiteral("%.0f"));
        linear->setMin(0);
    }
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    setRenderHint(QPainter::Antialiasing);
    // Three charts stand one above the other beside the tiles: at 120 px each the dashboard
    // fits a 1366×768 screen, and the charts grow with the window.
    setMinimumHeight(120);
    // QChart's own theme knows nothing of the palette: a white chart in a dark window glares.
    followPalette(this, [this] { setLook(QGuiApplication::palette()); });
}

void HistoryChart::setLook(const QPalette &palette) {
    const QColor text = palette.color(QPalette::Text);
    const QColor grid = palette.color(QPalette::Mid);
    QChart *c = chart();
    c->setBackgroundBrush(palette.color(QPalette::Base));
    c->setTitleBrush(text);
    c->legend()->setLabelColor(text);
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(m_x), m_y}) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
    setBackgroundBrush(palette.color(QPalette::Window)); // the view around the chart
}

QPalette HistoryChart::paperPalette() {
    QPalette paper(QColor(Qt::white)); // a light palette derived from white buttons ...
    for (QPalette::ColorRole role : {QPalette::Base, QPalette::Window})
        paper.setColor(role, Qt::white); // ... on white paper
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText})
        paper.setColor(role, Qt::black);
    paper.setColor(QPalette::Mid, QColor(0xd0, 0xd0, 0xd0));
    return paper;
}

QLineSeries *HistoryChart::newLine(const QString &id, const QPen &pen) {
    auto *s = new QLineSeries(this);
    chart()->addSeries(s);
    s->attachAxis(m_x);
    s->attachAxis(m_y);
    s->setPen(pen);
    connect(s, &QLineSeries::hovered, this, [this, id](const QPointF &p, bool state) { onHovered(id, p, state); });
    return s;
}

void HistoryChart::setSeries(const QString &id, const QString &label, const QList<HistoryPoint> &points, double scale) {
    QLineSeries *s = m_series.value(id);
    if (!s) {
        // Fixed colours per chart position so that threshold lines (amber, red) never share one.
        static const QColor palette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd),
                                         QColor(0x8c, 0x56, 0x4b), QColor(0x17, 0xbe, 0xcf), QColor(0x7f, 0x7f, 0x7f)};
        QPen pen(palette[m_series.size() % 6]);
        pen.setWidth(2);
        m_series.insert(id, newLine(id, pen));
        keepThresholdsLast();
    }
    m_series.value(id)->setName(label);
    m_points.insert(id, points);
    m_scale.insert(id, scale);
    drawPieces(id, points);
    rescale();
}

QList<QList<HistoryPoint>> HistoryChart::pieces(const QList<HistoryPoint> &points) {
    if (points.size() < 3)
        return {points};
    QList<qint64> steps;
    steps.reserve(points.size() - 1);
    for (qsizetype i = 1; i < points.size(); ++i)
        steps << points.at(i).tMs - points.at(i - 1).tMs;
    QList<qint64> sorted = steps;
    std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
    const qint64 gap = qMax(3 * sorted.at(sorted.size() / 2), kMinGapMs);
    QList<QList<HistoryPoint>> out{{points.first()}};
    for (qsizetype i = 1; i < points.size(); ++i) {
        if (steps.at(i - 1) > gap)
            out.append(QList<HistoryPoint>{});
        out.last() << points.at(i);
    }
    return out;
}

void HistoryChart::drawPieces(const QString &id, const QList<HistoryPoint> &points) {
    const bool log = qobject_cast<QLogValueAxis *>(m_y) != nullptr; // the axis says which scale
    const double scale = m_scale.value(id, 1.0);
    const QList<QList<HistoryPoint>> parts = pieces(points);
    QLineSeries *first = m_series.value(id);
    QList<QLineSeries *> &more = m_morePieces[id];
    while (more.size() > parts.size() - 1) {
        QLineSeries *gone = more.takeLast();
        chart()->removeSeries(gone);
        delete gone;
    }
    while (more.size() < parts.size() - 1) {
        QLineSeries *piece = newLine(id, first->pen());
        for (QLegendMarker *m : chart()->legend()->markers(piece))
            m->setVisible(false); // the series is named once, by its first piece
        more << piece;
    }
    for (qsizetype i = 0; i < parts.size(); ++i) {
        QList<QPointF> xy;
        xy.reserve(parts.at(i).size());
        for (const HistoryPoint &p : parts.at(i))
            xy << QPointF(double(p.tMs), log ? qMax(p.avg / scale, kLogFloor) : p.avg / scale);
        (i == 0 ? first : more.at(i - 1))->replace(xy); // one signal for the whole piece, not one per point
    }
    if (!more.isEmpty())
        keepThresholdsLast();
}

void HistoryChart::setThresholdLines(const QList<QPair<QString, double>> &lines) {
    for (QLineSeries *s : std::as_const(m_thresholds)) {
        chart()->removeSeries(s);
        delete s;
    }
    m_thresholds.clear();
    static const QColor colours[] = {QColor(0xe0, 0xa8, 0x00), QColor(0xc8, 0x23, 0x33)};
    int i = 0;
    for (const auto &[label, value] : lines) {
        auto *s = new QLineSeries(this);
        s->setName(label);
        QPen pen(colours[qMin(i++, 1)]);
        pen.setStyle(Qt::DashLine);
        pen.setWidth(2);
        s->setPen(pen);
        s->replace({QPointF(double(m_fromMs), value), QPointF(double(m_toMs), value)});
        chart()->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        m_thresholds << s;
    }
    rescale();
}

void HistoryChart::keepThresholdsLast() {
    // The legend lists series in the order the chart holds them. The dashboard sets its threshold
    // lines before the first data arrives, the report after: without this the same chart listed
    // "warning, critical, oldest waiting" in the window and "oldest waiting, warning, critical" in
    // the report (and in the window again after the settings were changed).
    for (QLineSeries *t : std::as_const(m_thresholds)) {
        chart()->removeSeries(t);
        chart()->addSeries(t);
        t->attachAxis(m_x);
        t->attachAxis(m_y);
    }
}

void HistoryChart::setTimeRange(qint64 fromMs, qint64 toMs) {
    m_fromMs = fromMs;
    m_toMs = toMs;
    m_x->setRange(QDateTime::fromMSecsSinceEpoch(fromMs), QDateTime::fromMSecsSinceEpoch(toMs));
    // Ticks must differ: seconds for ranges under 10 minutes (short incident reports), dates past 2 days.
    const qint64 span = toMs - fromMs;
    m_x->setFormat(span > 2 * 86400 * 1000LL ? QStringLiteral("MM-dd HH:mm")
                   : span < 600 * 1000LL     ? QStringLiteral("HH:mm:ss")
                                             : QStringLiteral("HH:mm"));
    for (QLineSeries *s : std::as_const(m_thresholds)) {
        const double v = s->count() ? s->at(0).y() : 0;
        s->replace({QPointF(double(fromMs), v), QPointF(double(toMs), v)});
    }
}

void HistoryChart::resizeEvent(QResizeEvent *event) {
    QChartView::resizeEvent(event);
    if (m_legendFollowsShape) {
        const bool beside = width() >= 480 && width() > 3 * height();
        chart()->legend()->setAlignment(beside ? Qt::AlignRight : Qt::AlignBottom);
    }
    // As many value labels as the plot's height holds: five labels in a short chart (a laptop
    // screen) left no room for any, and Qt Charts drew "..." instead of numbers.
    if (auto *linear = qobject_cast<QValueAxis *>(m_y)) {
        const int plotHeight = int(chart()->plotArea().height());
        const int ticks = qBound(2, plotHeight / (2 * fontMetrics().height()) + 1, 5);
        if (ticks != linear->tickCount()) {
            linear->setTickCount(ticks);
            rescale();
        }
    }
}

void HistoryChart::rescale() {
    double top = 0;
    for (auto it = m_points.cbegin(); it != m_points.cend(); ++it)
        for (const HistoryPoint &p : it.value())
            top = qMax(top, p.avg / m_scale.value(it.key(), 1.0));
    for (QLineSeries *s : std::as_const(m_thresholds))
        if (s->count())
            top = qMax(top, s->at(0).y());
    if (auto *log = qobject_cast<QLogValueAxis *>(m_y)) {
        log->setRange(kLogFloor, qMax(top * 2.0, 10.0)); // a decade above the floor at least
        if (m_marker)
            m_marker->replace({QPointF(double(m_markerMs), kLogFloor), QPointF(double(m_markerMs), log->max())});
        return;
    }
    auto *linear = static_cast<QValueAxis *>(m_y);
    linear->setRange(0, top > 0 ? qMax(top * 1.1, 5.0) : 5.0);
    linear->applyNiceNumbers();
    // Drawn to the axis' top after the nice numbers, and not counted in `top` above.
    if (m_marker)
        m_marker->replace({QPointF(double(m_markerMs), 0), QPointF(double(m_markerMs), linear->max())});
}

void HistoryChart::setMarker(const QString &label, qint64 tMs) {
    m_markerMs = tMs > 0 ? tMs : 0;
    if (!m_markerMs) {
        if (m_marker) {
            chart()->removeSeries(m_marker);
            delete m_marker;
            m_marker = nullptr;
        }
        return;
    }
    if (!m_marker) {
        m_marker = new QLineSeries(this);
        QPen pen(QColor(0xc8, 0x23, 0x33));
        pen.setStyle(Qt::DotLine);
        pen.setWidth(2);
        m_marker->setPen(pen);
        chart()->addSeries(m_marker);
        m_marker->attachAxis(m_x);
        m_marker->attachAxis(m_y);
    }
    m_marker->setName(label);
    rescale();
}

QString HistoryChart::markerLabel() const { return m_marker ? m_marker->name() : QString(); }

QStringList HistoryChart::legendNames() const {
    QStringList names;
    QSet<const QAbstractSeries *> pieces; // the pieces after a gap have no entry of their own
    for (const QList<QLineSeries *> &more : m_morePieces)
        for (const QLineSeries *piece : more)
            pieces.insert(piece);
    for (QLegendMarker *m : chart()->legend()->markers())
        if (!pieces.contains(m->series()))
            names << m->label();
    return names;
}

int HistoryChart::pointCount(const QString &id) const {
    if (!m_series.contains(id))
        return -1;
    int n = m_series.value(id)->count();
    for (const QLineSeries *piece : m_morePieces.value(id))
        n += piece->count();
    return n;
}

int HistoryChart::pieceCount(const QString &id) const {
    return m_series.contains(id) ? 1 + int(m_morePieces.value(id).size()) : 0;
}

QString HistoryChart::toolTipFor(const QString &id, qreal xMs) const {
    const QList<HistoryPoint> points = m_points.value(id);
    if (points.isEmpty())
        return QString();
    // Points are in time order: binary search for the nearest one.
    auto it = std::lower_bound(points.cbegin(), points.cend(), qint64(xMs),
                               [](const HistoryPoint &p, qint64 x) { return p.tMs < x; });
    if (it == points.cend() || (it != points.cbegin() && qAbs((it - 1)->tMs - xMs) < qAbs(it->tMs - xMs)))
        --it;
    const double scale = m_scale.value(id, 1.0);
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(it->tMs);
    const QString when = QLocale().toString(t, QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QLatin1Char(' ') + t.timeZoneAbbreviation();
    const QString name = m_series.value(id)->name();
    if (it->samples <= 1)
        return tr("%1: %2\n%3").arg(name, m_format(it->avg / scale), when);
    return tr("%1: %2 (min %3, max %4 over %5 samples)\nfrom %6")
        .arg(name, m_format(it->avg / scale), m_format(it->min / scale), m_format(it->max / scale))
        .arg(it->samples)
        .arg(when);
}

void HistoryChart::onHovered(const QString &id, const QPointF &point, bool state) {
    if (state)
        QToolTip::showText(QCursor::pos(), toolTipFor(id, point.x()), this);
    else
        QToolTip::hideText();
}

} // namespace om
