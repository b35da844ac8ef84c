// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/statebarchart.h"
#include "core/common/countformat.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QtMath>

namespace om {

namespace {
constexpr int kRowHeight = 30;
constexpr int kTitleHeight = 34;
constexpr int kAxisHeight = 26;
constexpr int kMargin = 10;
/// Where a bar of value 1 ends, in decades below 1: a single message still draws a visible stub.
constexpr double kFloorDecades = 0.3;

// One colour for every state: the dashboard's charts colour series by their position, so a
// colour per state here would contradict them (FAILED is purple there). The fill says exact or
// estimated; the name says the state.
const QColor kBarColour(0x3b, 0x6e, 0xa5);

QFont chartFont(int pixelSize, bool bold = false) {
    QFont f;
    f.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("VL Gothic"), QStringLiteral("Noto Sans CJK JP")});
    f.setPixelSize(pixelSize);
    f.setBold(bold);
    return f;
}

/// Maps a count to x on the log axis that spans [10^-kFloorDecades, 10^decades] over [left, right].
struct LogAxis {
    double left, right;
    int decades;
    double x(double v) const {
        const double t = (std::log10(qMax(v, 1.0)) + kFloorDecades) / (decades + kFloorDecades);
        return left + t * (right - left);
    }
};

void drawGrid(QPainter &p, const LogAxis &axis, double top, double bottom) {
    p.setFont(chartFont(11));
    for (int k = 0; k <= axis.decades; ++k) {
        const double x = axis.x(std::pow(10.0, k));
        p.setPen(QPen(QColor(0xd0, 0xd0, 0xd0), 1));
        p.drawLine(QPointF(x, top), QPointF(x, bottom));
        p.setPen(QColor(0x44, 0x44, 0x44));
        p.drawText(QRectF(x - 60, bottom + 2, 120, kAxisHeight - 4), Qt::AlignHCenter | Qt::AlignTop,
                   formatCount(qint64(std::pow(10.0, k) + 0.5)));
    }
}

void drawBar(QPainter &p, const StateCount &s, const QRectF &bar) {
    const QColor c = kBarColour;
    if (s.estimated) {
        // Hatched and outlined: an estimate looks different from a count, not only reads so.
        p.fillRect(bar, c.lighter(170));
        p.fillRect(bar, QBrush(c, Qt::BDiagPattern));
        p.setPen(QPen(c, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(bar);
    } else {
        p.fillRect(bar, c);
    }
}
} // namespace

QString StateBarChart::valueText(const StateCount &s) {
    if (s.count < 0)
        return tr("unknown");
    return s.estimated ? tr("≈ %1 (estimated)").arg(formatCount(s.count)) : formatCount(s.count);
}

QImage StateBarChart::render(const QList<StateCount> &states, const QString &title, int width) {
    const int height = kTitleHeight + int(states.size()) * kRowHeight + kAxisHeight + kMargin;
    QImage image(QSize(width, height) * 2, QImage::Format_ARGB32);
    image.setDevicePixelRatio(2);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);

    const QFont label = chartFont(13);
    const QFontMetricsF fm(label);
    double nameWidth = 0, valueWidth = 0;
    qint64 peak = 1;
    for (const StateCount &s : states) {
        nameWidth = qMax(nameWidth, fm.horizontalAdvance(s.name));
        valueWidth = qMax(valueWidth, fm.horizontalAdvance(valueText(s)));
        peak = qMax(peak, s.count);
    }
    const LogAxis axis{kMargin + nameWidth + 12, width - kMargin - valueWidth - 12, qMax(1, int(std::ceil(std::log10(double(peak)))))};

    p.setFont(chartFont(14, true));
    p.setPen(Qt::black);
    p.drawText(QRectF(kMargin, 0, width - 2 * kMargin, kTitleHeight), Qt::AlignCenter, title);
    const double gridTop = kTitleHeight, gridBottom = kTitleHeight + states.size() * kRowHeight;
    drawGrid(p, axis, gridTop, gridBottom);

    p.setFont(label);
    for (int i = 0; i < states.size(); ++i) {
        const StateCount &s = states.at(i);
        const double y = gridTop + i * kRowHeight;
        p.setPen(Qt::black);
        p.drawText(QRectF(kMargin, y, nameWidth, kRowHeight), Qt::AlignRight | Qt::AlignVCenter, s.name);
        double end = axis.left;
        if (s.count > 0) { // a zero has no bar on a log scale: its "0" stands at the axis
            end = axis.x(double(s.count));
            drawBar(p, s, QRectF(axis.left, y + 6, end - axis.left, kRowHeight - 12));
        }
        p.setPen(s.estimated ? QColor(0x55, 0x55, 0x55) : Qt::black);
        p.drawText(QRectF(end + 6, y, width - end, kRowHeight), Qt::AlignLeft | Qt::AlignVCenter, valueText(s));
    }
    p.setPen(QPen(QColor(0x44, 0x44, 0x44), 1));
    p.drawLine(QPointF(axis.left, gridTop), QPointF(axis.left, gridBottom));
    return image;
}

} // namespace om
