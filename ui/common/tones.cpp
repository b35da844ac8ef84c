// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/tones.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>

#include <iterator>

namespace om {
namespace {

struct TonePair {
    QRgb light;
    QRgb dark;
};

// Light: the colours the program always had. Dark: the same meaning at a contrast of at least
// 4.5:1 against a dark window (#2b2e33), and fills dark enough for the palette's light text.
constexpr TonePair kTones[] = {
    {0xb00020, 0xff7b72}, // ProblemText
    {0xc82333, 0xff6b6b}, // NotLiveText
    {0xb02a37, 0xf47067}, // AttentionText
    {0x868e96, 0x8b949e}, // MutedText
    {0xfff3cd, 0x4d3d00}, // WarningFill
    {0xe0a800, 0xd4a72c}, // WarningEdge
    {0xf8d7da, 0x5a1e24}, // CriticalFill
    {0xc82333, 0xf85149}, // CriticalEdge
    {0xe9ecef, 0x3a3f45}, // StaleFill
    {0x6c757d, 0x8b949e}, // StaleEdge
    {0xfff4ce, 0x4d3d00}, // NoteFill
    {0x3d2e00, 0xf2e3b3}, // NoteText
    {0x1f4e9c, 0x79c0ff}, // JsonKey
    {0x2e7d32, 0x7ee787}, // JsonString
    {0xad5c00, 0xffa657}, // JsonNumber
    {0x8e24aa, 0xd2a8ff}, // JsonLiteral
};
static_assert(std::size(kTones) == int(Tone::JsonLiteral) + 1, "a light and a dark colour for every tone");

/// One filter on the application, for every follower: Qt tells the application object when its
/// palette changes (ApplicationPaletteChange); each follower is a connection to `changed`.
class PaletteWatcher : public QObject {
    Q_OBJECT
public:
    static PaletteWatcher *instance() {
        static PaletteWatcher *one = new PaletteWatcher; // parented to qApp: gone with it
        return one;
    }
signals:
    void changed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override {
        if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange)
            emit changed();
        return QObject::eventFilter(watched, event);
    }

private:
    PaletteWatcher() : QObject(qApp) { qApp->installEventFilter(this); }
};

} // namespace

bool isDarkPalette(const QPalette &palette) {
    return palette.color(QPalette::Window).lightnessF() < 0.5 && palette.color(QPalette::WindowText).lightnessF() > 0.5;
}

QColor toneColour(Tone tone, const QPalette &palette) {
    const TonePair &pair = kTones[int(tone)];
    return QColor(isDarkPalette(palette) ? pair.dark : pair.light);
}

QColor toneColour(Tone tone) { return toneColour(tone, QGuiApplication::palette()); }

void setProblemLook(QLabel *label, bool problem) {
    static const char *const kProblem = "om.problem";
    const bool first = !label->property(kProblem).isValid();
    label->setProperty(kProblem, problem);
    const auto apply = [label] {
        label->setStyleSheet(label->property(kProblem).toBool()
                                 ? QStringLiteral("QLabel { color: %1; }").arg(toneColour(Tone::ProblemText).name())
                                 : QString());
    };
    if (first)
        followPalette(label, apply);
    else
        apply();
}

QString notLiveLabelStyle() {
    return QStringLiteral("QLabel { color: %1; font-weight: bold; }").arg(toneColour(Tone::NotLiveText).name());
}

QString bannerStyle(bool critical) {
    return QStringLiteral("QLabel { background: %1; border: 1px solid %2; padding: 4px; }")
        .arg(toneColour(critical ? Tone::CriticalFill : Tone::WarningFill).name(),
             toneColour(critical ? Tone::CriticalEdge : Tone::WarningEdge).name());
}

void followPalette(QObject *owner, std::function<void()> apply) {
    apply();
    QObject::connect(PaletteWatcher::instance(), &PaletteWatcher::changed, owner, std::move(apply));
}

} // namespace om

#include "tones.moc"
