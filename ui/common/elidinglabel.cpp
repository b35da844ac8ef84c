// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/elidinglabel.h"

#include <QPainter>
#include <QStyle>

namespace om {

ElidingLabel::ElidingLabel(QWidget *parent) : QLabel(parent) {
    // Preferred: it asks for its whole text, and gives way down to minimumSizeHint() when squeezed.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidingLabel::setFullText(const QString &text) {
    m_full = text;
    setText(text); // keeps sizeHint() (the width it would like) and accessibility right
    setToolTip(text);
    update();
}

QSize ElidingLabel::minimumSizeHint() const {
    // Room for a few characters and the ellipsis; everything beyond is negotiable.
    return {fontMetrics().horizontalAdvance(QStringLiteral("Mmmm…")), QLabel::minimumSizeHint().height()};
}

QString ElidingLabel::shownText() const {
    return fontMetrics().elidedText(m_full, Qt::ElideRight, contentsRect().width());
}

void ElidingLabel::paintEvent(QPaintEvent *) {
    QPainter p(this);
    style()->drawItemText(&p, contentsRect(), int(alignment()) | Qt::TextSingleLine, palette(), isEnabled(), shownText(),
                          foregroundRole());
}

} // namespace om
