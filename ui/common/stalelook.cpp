// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/stalelook.h"

#include <QPalette>
#include <QWidget>

namespace om {

void showStale(QWidget *widget, bool stale) {
    if (!stale) {
        widget->setPalette(QPalette()); // nothing of its own: the parent's palette again
        return;
    }
    QPalette p = widget->palette();
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText}) {
        const QColor grey = p.color(QPalette::Disabled, role);
        for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
            p.setColor(group, role, grey);
    }
    widget->setPalette(p);
}

} // namespace om
