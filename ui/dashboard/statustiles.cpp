// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/statustiles.h"
#include "common/tones.h"
#include "core/common/countformat.h"
#include "dashboard/countwording.h"
#include "core/dashboard/tilevalues.h"
#include "core/common/timeformat.h"

#include <QEvent>
#include <QFontMetrics>
#include <QMouseEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace om {

StatusTiles::StatusTiles(QWidget *parent) : QWidget(parent), m_grid(new QGridLayout(this)) {
    m_grid->setSpacing(8);
    followPalette(this, [this] { setStale(m_stale); }); // the tiles' fills are the palette's tones
}

QLabel *StatusTiles::tile(const QString &key, const QString &title) {
    if (QLabel *v = m_values.value(key))
        return v;
    auto *frame = new QFrame(this);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setObjectName(QStringLiteral("tile_") + QString(key).replace(QLatin1Char(':'), QLatin1Char('_')));
    auto *box = new QVBoxLayout(frame);
    auto *caption = new QLabel(title, frame);
    auto *value = new QLabel(frame);
    QFont f = value->font();
    f.setPointSizeF(f.pointSizeF() * 1.8);
    f.setBold(true);
    value->setFont(f);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Under the value: where an estimate comes from, or why it is lower or held. Small and
    // wrapped, so that a long reason never widens the tile grid.
    auto *note = new QLabel(frame);
    note->setWordWrap(true);
    QFont nf = note->font();
    nf.setPointSizeF(nf.pointSizeF() * 0.85);
    note->setFont(nf);
    // Room for two lines: the grid does not grow for a wrapped label's height-for-width, and
    // a reason cut in half says nothing.
    note->setMinimumHeight(2 * QFontMetrics(nf).lineSpacing());
    note->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    note->hide();
    box->addWidget(caption);
    box->addWidget(value);
    box->addWidget(note);
    m_grid->addWidget(frame, m_next / 4, m_next % 4);
    ++m_next;
    m_values.insert(key, value);
    m_notes.insert(key, note);
    m_frames.insert(key, frame);
    return value;
}

void StatusTiles::showSnapshot(const Snapshot &s) {
    for (const StateCount &c : s.states) {
        const QString key = QStringLiteral("state:") + c.name;
        QLabel *v = tile(key, c.name);
        v->setText(CountWording::value(c));
        v->setToolTip(CountWording::toolTip(c, s.table));
        QLabel *note = m_notes.value(key);
        note->setText(CountWording::note(c, s.table));
        note->setToolTip(v->toolTip());
        note->setVisible(!note->text().isEmpty());
    }
    tile(QStringLiteral("oldest"), tr("Oldest waiting"))
        ->setText(s.oldestWaitingAgeS ? formatAge(*s.oldestWaitingAgeS)
                  // Messages wait but none has a time (NServiceBus keeps no creation time): say so, not "none".
                  : s.waiting > 0 ? tr("unknown: no time recorded")
                                  : tr("none waiting"));
    showStuck(s);
    if (s.nearMaxRetry)
        showNearMax(*s.nearMaxRetry, s.atMaxRetry, s.retryCounting);
    showBlocked(s);
    if (s.slot)
        showSlot(*s.slot);
    // The colours, from the same numbers the desktop alerts compare (core/dashboard/tilevalues).
    const QMap<QString, double> values = tileValues(s);
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        setLevel(it.key(), it.value());
}

void StatusTiles::showStuck(const Snapshot &s) {
    const QString key = QStringLiteral("stuck");
    if (!s.stuckByOwnTimeout) {
        tile(key, tr("Stuck > %n min", nullptr, s.stuckTimeoutMinutes))->setText(formatCount(s.stuck));
        return;
    }
    // Each message has its own timeout (a job's visibility timeout): no one number of minutes
    // is the rule, so the caption does not name one.
    QLabel *v = tile(key, tr("Stuck past own timeout"));
    v->setText(formatCount(s.stuck));
    v->setToolTip(tr("Messages in flight longer than their own timeout; those without one count after %n min.", nullptr,
                     s.stuckTimeoutMinutes));
    QLabel *note = m_notes.value(key);
    note->setText(tr("without own timeout: > %n min", nullptr, s.stuckTimeoutMinutes));
    note->setToolTip(v->toolTip());
    note->setVisible(true);
}

QString StatusTiles::countingText(const RetryCounting &c) {
    using C = RetryCounting;
    const QString counter = c.counts == C::Counts::Attempts ? tr("The retries column counts attempts started, from when a worker claims the message.")
                            : c.movesAt == C::MovesAt::Claim ? tr("The retries column counts failures, counted ahead when a worker claims the message.")
                                                             : tr("The retries column counts failures, when an attempt fails.");
    const QString limit = c.limit == C::Limit::Attempts ? tr("The maximum is of attempts in all.")
                                                        : tr("The maximum is of retries after the first attempt (maximum + 1 attempts).");
    return counter + QLatin1Char(' ') + limit;
}

void StatusTiles::showNearMax(qint64 nearMax, std::optional<qint64> atMax, const RetryCounting &counting) {
    const QString key = QStringLiteral("nearMax");
    QLabel *v = tile(key, tr("At or near max retries"));
    v->setText(formatCount(nearMax));
    // The two need different responses: a row at its maximum fails for good on its next error, one
    // a step short still has a try after that.
    QLabel *note = m_notes.value(key);
    note->setText(atMax && nearMax > 0 ? tr("%1 on the last try, %2 one short").arg(formatCount(*atMax), formatCount(nearMax - *atMax)) : QString());
    v->setToolTip(tr("Open messages on their last try (the attempt running now, or the next one, is the last one allowed) or one "
                     "short of it (one more attempt after that). Each message's own maximum where the table keeps one.")
                  + QLatin1Char(' ') + countingText(counting));
    note->setToolTip(v->toolTip());
    note->setVisible(!note->text().isEmpty());
}

void StatusTiles::showSlot(const SlotLag &slot) {
    // A CDC relay (Debezium) reads the inserts from the WAL through its slot; the rows may be
    // deleted at once, so the table can look empty while the events are still on their way.
    // The slot's lag is the backlog then, and an inactive slot keeps WAL on the server's disk.
    const QString key = QStringLiteral("slot");
    QLabel *v = tile(key, tr("Replication slot %1").arg(slot.name));
    QLabel *note = m_notes.value(key);
    const auto size = [](qint64 bytes) { return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat); };
    if (!slot.exists) {
        v->setText(tr("no such slot"));
        note->setText(tr("no replication slot named %1 on this server: nothing captures this table through it").arg(slot.name));
    } else {
        v->setText(slot.behindBytes ? tr("%1 behind").arg(size(*slot.behindBytes)) : tr("never confirmed"));
        const QString state = slot.active ? tr("active") : tr("inactive: no consumer connected");
        note->setText(slot.retainedBytes ? tr("slot %1: %2; keeps %3 of WAL").arg(slot.name, state, size(*slot.retainedBytes))
                                         : tr("slot %1: %2").arg(slot.name, state));
    }
    v->setToolTip(tr("WAL between the server's current position and what the slot's consumer has confirmed "
                     "(pg_replication_slots.confirmed_flush_lsn), read with the counts."));
    note->setToolTip(v->toolTip());
    note->setVisible(true);
}

void StatusTiles::showBlocked(const Snapshot &s) {
    // Ordered tables only: the messages no worker can take because their key's head is failing
    // or stuck ("Stuck" counts only the heads themselves, and reads 0 while a head keeps failing).
    if (!s.blockedHeads && !s.blockedNeedsIndex)
        return;
    const QString key = QStringLiteral("blocked");
    const bool first = !m_values.contains(key);
    QLabel *v = tile(key, tr("Blocked behind failing or stuck heads"));
    v->setText(s.blockedHeads ? QLocale().toString(s.blockedBehind.value_or(0)) : tr("not counted"));
    QLabel *note = m_notes.value(key);
    note->setText(s.blockedHeads ? tr("behind %n blocked key head(s) · click for the keys", nullptr, int(*s.blockedHeads))
                                 : tr("needs an index on (ordering key, created time): see the admin kit"));
    note->setVisible(true);
    v->setToolTip(tr("Open messages waiting behind the head of their ordering key while that head is failing, stuck "
                     "or retrying. Click to list the blocked keys."));
    note->setToolTip(v->toolTip());
    if (first) {
        QFrame *frame = m_frames.value(key);
        frame->setCursor(Qt::PointingHandCursor);
        frame->installEventFilter(this);
        for (QObject *child : frame->children())
            if (auto *w = qobject_cast<QWidget *>(child))
                w->installEventFilter(this);
    }
}

bool StatusTiles::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::MouseButtonRelease && static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton) {
        const QFrame *frame = m_frames.value(QStringLiteral("blocked"));
        if (frame && (watched == frame || watched->parent() == frame)) {
            emit blockedTileClicked();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void StatusTiles::setThresholds(const QMap<QString, Threshold> &thresholds) {
    m_thresholds = thresholds;
    for (auto it = m_numbers.cbegin(); it != m_numbers.cend(); ++it)
        setLevel(it.key(), it.value());
}

void StatusTiles::setLevel(const QString &key, double value) {
    m_numbers.insert(key, value);
    const int level = m_thresholds.value(key).levelOf(value);
    m_levels.insert(key, level);
    QFrame *frame = m_frames.value(key);
    if (!frame)
        return;
    // Colour plus a word in the caption's tooltip: colour alone is not enough for everyone.
    const auto style = [frame](Tone fill, Tone edge, const char *border) {
        return QStringLiteral("QFrame#%1 { background: %2; border: %3 %4; border-radius: 4px; }")
            .arg(frame->objectName(), toneColour(fill).name(), QLatin1String(border), toneColour(edge).name());
    };
    // Stale: the numbers are only as of the last refresh; no alarm colour pretends they are live.
    frame->setEnabled(!m_stale);
    if (m_stale)
        frame->setStyleSheet(style(Tone::StaleFill, Tone::StaleEdge, "1px dashed"));
    else if (level == 2)
        frame->setStyleSheet(style(Tone::CriticalFill, Tone::CriticalEdge, "2px solid"));
    else if (level == 1)
        frame->setStyleSheet(style(Tone::WarningFill, Tone::WarningEdge, "2px solid"));
    else
        frame->setStyleSheet(QString());
    frame->setToolTip(level == 2   ? tr("Critical: at or above %1").arg(m_thresholds.value(key).critical)
                      : level == 1 ? tr("Warning: at or above %1").arg(m_thresholds.value(key).warning)
                                   : QString());
}

void StatusTiles::setStale(bool stale) {
    m_stale = stale;
    for (auto it = m_numbers.cbegin(); it != m_numbers.cend(); ++it)
        setLevel(it.key(), it.value());
}

QString StatusTiles::tileText(const QString &key) const {
    const QLabel *v = m_values.value(key);
    return v ? v->text() : QString();
}

QString StatusTiles::tileNote(const QString &key) const {
    const QLabel *n = m_notes.value(key);
    return n ? n->text() : QString();
}

QString StatusTiles::tileToolTip(const QString &key) const {
    const QLabel *v = m_values.value(key);
    return v ? v->toolTip() : QString();
}

} // namespace om
