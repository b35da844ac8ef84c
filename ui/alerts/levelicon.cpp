// SPDX-License-Identifier: GPL-3.0-or-later
#include "alerts/levelicon.h"
#include "common/paintedicon.h"

#include <QPainter>

namespace om {

QColor levelColour(int level) {
    static const QColor colours[] = {QColor(0x28, 0xa7, 0x45), QColor(0xe0, 0xa8, 0x00), QColor(0xc8, 0x23, 0x33),
                                     QColor(0x6c, 0x75, 0x7d)};
    return colours[qBound(0, level, 3)];
}

QIcon levelIcon(int level) {
    // One icon per level (views ask for it with every repaint of every row), drawn at whatever
    // size and screen scale it is shown: the tray's 22 px at 200 % is a sharp 44 px circle.
    static QIcon cache[4];
    QIcon &icon = cache[qBound(0, level, 3)];
    if (icon.isNull())
        icon = paintedIcon([colour = levelColour(level)](QPainter &p, const QRectF &box) {
            const qreal side = qMin(box.width(), box.height());
            const qreal edge = qMax<qreal>(1, side / 16);
            p.setPen(QPen(Qt::black, edge));
            p.setBrush(colour);
            p.drawEllipse(QRectF(box.center() - QPointF(side, side) / 2, QSizeF(side, side)).adjusted(edge, edge, -edge, -edge));
        });
    return icon;
}

} // namespace om
