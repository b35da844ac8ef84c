// SPDX-License-Identifier: GPL-3.0-or-later
#include "workstation/tabledensity.h"

#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QTableView>

namespace om {
namespace {

const char *const kSettingsKey = "view/density";
/// The style's own row height, remembered on the table before the first change, so that
/// Comfortable gives back exactly what the style chose.
const char *const kComfortableProperty = "om.comfortableRowHeight";

} // namespace

TableDensity::TableDensity() : QObject(qApp) {
    m_density = QSettings().value(QLatin1String(kSettingsKey)).toString() == QLatin1String("compact") ? Density::Compact
                                                                                                      : Density::Comfortable;
    qApp->installEventFilter(this); // every table, in every window and dialog, as it is first shown
}

TableDensity *TableDensity::instance() {
    static TableDensity *one = new TableDensity; // parented to qApp: gone with the application
    return one;
}

void TableDensity::setDensity(Density d) {
    if (d == m_density)
        return;
    m_density = d;
    QSettings().setValue(QLatin1String(kSettingsKey), d == Density::Compact ? QStringLiteral("compact") : QStringLiteral("comfortable"));
    for (QWidget *w : QApplication::allWidgets())
        if (auto *view = qobject_cast<QTableView *>(w))
            apply(view);
    emit densityChanged(d);
}

int TableDensity::rowHeight(const QTableView *view) const {
    const QVariant comfortable = view->property(kComfortableProperty);
    const int styleHeight = comfortable.isValid() ? comfortable.toInt() : view->verticalHeader()->defaultSectionSize();
    if (m_density == Density::Comfortable)
        return styleHeight;
    // The text's own height and a little air: still readable, and a click still lands on its row.
    return qMin(styleHeight, view->fontMetrics().height() + 4);
}

void TableDensity::apply(QTableView *view) const {
    if (!view->property(kComfortableProperty).isValid())
        view->setProperty(kComfortableProperty, view->verticalHeader()->defaultSectionSize());
    view->verticalHeader()->setMinimumSectionSize(qMin(view->verticalHeader()->minimumSectionSize(), rowHeight(view)));
    view->verticalHeader()->setDefaultSectionSize(rowHeight(view));
}

bool TableDensity::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Show)
        if (auto *view = qobject_cast<QTableView *>(watched); view && !view->property(kComfortableProperty).isValid())
            apply(view);
    return QObject::eventFilter(watched, event);
}

QMenu *TableDensity::addMenuTo(QMenu *viewMenu) {
    QMenu *menu = viewMenu->addMenu(tr("Row &density"));
    auto *group = new QActionGroup(menu);
    const auto add = [&](const QString &text, Density d, const QString &name) {
        QAction *a = menu->addAction(text);
        a->setObjectName(name);
        a->setCheckable(true);
        a->setChecked(m_density == d);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, d] { setDensity(d); });
        // Another window's menu changed it: this one's checks follow.
        connect(this, &TableDensity::densityChanged, a, [a, d](Density now) { a->setChecked(now == d); });
    };
    add(tr("&Comfortable"), Density::Comfortable, QStringLiteral("densityComfortable"));
    add(tr("C&ompact"), Density::Compact, QStringLiteral("densityCompact"));
    return menu;
}

} // namespace om
