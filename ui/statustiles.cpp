#include "statustiles.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace om {

StatusTiles::StatusTiles(QWidget *parent) : QWidget(parent), m_grid(new QGridLayout(this)) {
    m_grid->setSpacing(8);
}

QLabel *StatusTiles::tile(const QString &key, const QString &title) {
    if (QLabel *v = m_values.value(key))
        return v;
    auto *frame = new QFrame(this);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setObjectName(QStringLiteral("tile_") + key);
    auto *box = new QVBoxLayout(frame);
    auto *caption = new QLabel(title, frame);
    auto *value = new QLabel(frame);
    QFont f = value->font();
    f.setPointSizeF(f.pointSizeF() * 1.8);
    f.setBold(true);
    value->setFont(f);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->addWidget(caption);
    box->addWidget(value);
    m_grid->addWidget(frame, m_next / 4, m_next % 4);
    ++m_next;
    m_values.insert(key, value);
    return value;
}

QString StatusTiles::formatAge(double s) {
    if (s < 60)
        return tr("%n s", nullptr, int(s));
    if (s < 3600)
        return tr("%1 min %2 s").arg(int(s) / 60).arg(int(s) % 60);
    if (s < 86400)
        return tr("%1 h %2 min").arg(int(s) / 3600).arg((int(s) % 3600) / 60);
    return tr("%1 d %2 h").arg(int(s) / 86400).arg((int(s) % 86400) / 3600);
}

void StatusTiles::showSnapshot(const Snapshot &s) {
    const QLocale loc;
    for (const StateCount &c : s.states) {
        QLabel *v = tile(QStringLiteral("state:") + c.name, c.name);
        if (c.count < 0)
            v->setText(tr("unknown"));
        else
            v->setText(c.estimated ? tr("≈ %1 (estimated)").arg(loc.toString(c.count)) : loc.toString(c.count));
    }
    tile(QStringLiteral("oldest"), tr("Oldest waiting"))
        ->setText(s.oldestWaitingAgeS ? formatAge(*s.oldestWaitingAgeS) : tr("none waiting"));
    tile(QStringLiteral("stuck"), tr("Stuck > %n min", nullptr, s.stuckTimeoutMinutes))->setText(loc.toString(s.stuck));
    if (s.nearMaxRetry)
        tile(QStringLiteral("nearMax"), tr("At or near max retries"))->setText(loc.toString(*s.nearMaxRetry));
}

QString StatusTiles::tileText(const QString &key) const {
    const QLabel *v = m_values.value(key);
    return v ? v->text() : QString();
}

} // namespace om
