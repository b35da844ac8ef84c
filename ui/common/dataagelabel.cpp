// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/dataagelabel.h"
#include "common/tones.h"
#include "core/common/timeformat.h"

#include <QLocale>
#include <QTimer>

namespace om {

DataAgeLabel::DataAgeLabel(QWidget *parent) : QLabel(parent), m_tick(new QTimer(this)) {
    setObjectName(QStringLiteral("dataAge"));
    setTextInteractionFlags(Qt::NoTextInteraction);
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &DataAgeLabel::updateText);
    followPalette(this, [this] { setStyleSheet(m_stale ? notLiveLabelStyle() : QString()); });
}

void DataAgeLabel::markFresh() {
    m_readAt = QDateTime::currentDateTime();
    m_since.start();
    updateText();
    m_tick->start();
}

void DataAgeLabel::reset() {
    m_readAt = {};
    m_tick->stop();
    clear();
}

QString DataAgeLabel::describe(const QDateTime &readAt, qint64 ageMs) {
    if (!readAt.isValid())
        return {};
    return tr("as of %1, %2 ago").arg(QLocale().toString(readAt.time(), QStringLiteral("HH:mm:ss")), formatAge(double(ageMs) / 1000.0));
}

void DataAgeLabel::setStale(bool stale) {
    if (stale == m_stale)
        return;
    m_stale = stale;
    setStyleSheet(stale ? notLiveLabelStyle() : QString()); // and again when the palette changes
    updateText();
}

void DataAgeLabel::updateText() {
    const QString age = describe(m_readAt, m_since.isValid() ? m_since.elapsed() : 0);
    setText(m_stale && !age.isEmpty() ? tr("%1 · not refreshing: the connection is down").arg(age) : age);
}

} // namespace om
