// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/paintedicon.h"

#include <QHash>
#include <QIconEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace om {
namespace {

class PaintedIconEngine : public QIconEngine {
public:
    explicit PaintedIconEngine(IconPainter paint) : m_paint(std::move(paint)) {}

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State) override {
        draw(*painter, QRectF(rect), mode);
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override {
        return scaledPixmap(size, mode, state, 1.0);
    }

    /// `size` in device pixels (QIcon::pixmap passes the logical size times `scale`).
    QPixmap scaledPixmap(const QSize &size, QIcon::Mode mode, QIcon::State, qreal scale) override {
        const QString key = QStringLiteral("%1x%2@%3/%4").arg(size.width()).arg(size.height()).arg(scale).arg(int(mode));
        if (const auto it = m_pixmaps.constFind(key); it != m_pixmaps.cend())
            return *it;
        QPixmap pm(size);
        pm.setDevicePixelRatio(scale);
        pm.fill(Qt::transparent);
        {
            QPainter p(&pm);
            draw(p, QRectF(QPointF(0, 0), QSizeF(size) / scale), mode);
        }
        m_pixmaps.insert(key, pm);
        return pm;
    }

    QSize actualSize(const QSize &size, QIcon::Mode, QIcon::State) override { return size; }
    QList<QSize> availableSizes(QIcon::Mode, QIcon::State) override { return {}; } // any size
    QIconEngine *clone() const override { return new PaintedIconEngine(m_paint); }
    QString key() const override { return QStringLiteral("om.painted"); }

private:
    void draw(QPainter &painter, const QRectF &box, QIcon::Mode mode) const {
        painter.save();
        painter.setRenderHint(QPainter::Antialiasing);
        if (mode == QIcon::Disabled)
            painter.setOpacity(0.4);
        m_paint(painter, box);
        painter.restore();
    }

    IconPainter m_paint;
    QHash<QString, QPixmap> m_pixmaps;
};

} // namespace

QIcon paintedIcon(IconPainter paint) { return QIcon(new PaintedIconEngine(std::move(paint))); }

QIcon swatchIcon(const QColor &colour) {
    static QHash<QRgb, QIcon> icons; // a few environments' colours, asked for with every repaint
    if (const auto it = icons.constFind(colour.rgba()); it != icons.cend())
        return *it;
    return icons.insert(colour.rgba(), paintedIcon([colour](QPainter &p, const QRectF &box) {
                            const qreal side = qMin(box.width(), box.height()) - 2;
                            const QRectF square(box.center() - QPointF(side / 2, side / 2), QSizeF(side, side));
                            // A mid-grey edge: seen on a light and on a dark palette, around a white or a black swatch.
                            p.setPen(QPen(QColor(0x80, 0x80, 0x80), qMax<qreal>(1, side / 14)));
                            p.setBrush(colour);
                            p.drawRect(square);
                        }))
        .value();
}

QIcon applicationIcon() {
    return paintedIcon([](QPainter &p, const QRectF &box) {
        const qreal s = qMin(box.width(), box.height());
        const QPointF o = box.center() - QPointF(s / 2, s / 2);
        const auto at = [&](qreal x, qreal y) { return o + QPointF(x * s, y * s); };
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x1f, 0x6f, 0xb5)); // the ground: a rounded square
        p.drawRoundedRect(QRectF(at(0.04, 0.04), QSizeF(0.92 * s, 0.92 * s)), 0.18 * s, 0.18 * s);
        QPen white(Qt::white, qMax<qreal>(1.2, 0.08 * s), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        p.setPen(white);
        p.setBrush(Qt::NoBrush);
        QPainterPath tray; // the outbox: an open tray
        tray.moveTo(at(0.2, 0.55));
        tray.lineTo(at(0.2, 0.8));
        tray.lineTo(at(0.8, 0.8));
        tray.lineTo(at(0.8, 0.55));
        p.drawPath(tray);
        QPainterPath arrow; // a message leaving it
        arrow.moveTo(at(0.5, 0.66));
        arrow.lineTo(at(0.5, 0.2));
        arrow.moveTo(at(0.33, 0.36));
        arrow.lineTo(at(0.5, 0.2));
        arrow.lineTo(at(0.67, 0.36));
        p.drawPath(arrow);
    });
}

} // namespace om
