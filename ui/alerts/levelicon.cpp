#include "alerts/levelicon.h"

#include <QPainter>
#include <QPixmap>

namespace om {

QColor levelColour(int level) {
    static const QColor colours[] = {QColor(0x28, 0xa7, 0x45), QColor(0xe0, 0xa8, 0x00), QColor(0xc8, 0x23, 0x33),
                                     QColor(0x6c, 0x75, 0x7d)};
    return colours[qBound(0, level, 3)];
}

QIcon levelIcon(int level) {
    // Drawn once per level: views ask for it with every repaint of every row.
    static QIcon cache[4];
    QIcon &icon = cache[qBound(0, level, 3)];
    if (!icon.isNull())
        return icon;
    for (int size : {12, 16, 22, 32, 48, 64}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(Qt::black, size / 16.0));
        p.setBrush(levelColour(level));
        p.drawEllipse(QRectF(1, 1, size - 2, size - 2));
        icon.addPixmap(pm);
    }
    return icon;
}

} // namespace om
