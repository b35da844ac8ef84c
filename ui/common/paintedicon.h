// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QIcon>

#include <functional>

class QPainter;
class QRectF;

namespace om {

/// Draws an icon into `box` (in logical pixels; the painter takes care of the screen's scale).
using IconPainter = std::function<void(QPainter &painter, const QRectF &box)>;

/// An icon drawn by code at exactly the size and device pixel ratio it is asked for, so that it
/// is sharp on a 200 % screen as on a 100 % one (high-DPI icons); a fixed 14×14 pixmap
/// was scaled up and blurred. Pixmaps are kept per size, mode and scale once drawn: views ask for
/// a row's icon with every repaint.
QIcon paintedIcon(IconPainter paint);

/// A small square of `colour` with a thin edge (an environment's colour beside its name); one
/// icon per colour, kept.
QIcon swatchIcon(const QColor &colour);

/// The program's own icon, for its windows and the desktop's task switcher: an outbox tray with
/// a message leaving it.
QIcon applicationIcon();

} // namespace om
