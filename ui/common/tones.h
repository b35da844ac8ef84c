// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

#include <functional>

class QLabel;
class QObject;

namespace om {

/// The program's own colours, by what they mean, for a light or a dark palette (light
/// and dark palettes that follow the desktop). Every colour the program picks itself comes from
/// here; everything else is the palette's. A colour fixed for light windows ("#b00020" error text,
/// a pale-yellow tile) is unreadable or glaring on a dark one.
enum class Tone {
    ProblemText,   ///< a message that says what is wrong with the input ("The reason is required")
    NotLiveText,   ///< "not live: the connection is down" (bold)
    AttentionText, ///< a row's value that is the one to look at (a worker holding stuck rows)
    MutedText,     ///< numbers that are not current (a database that cannot be read)
    WarningFill,
    WarningEdge,
    CriticalFill,
    CriticalEdge,
    StaleFill,
    StaleEdge,
    NoteFill, ///< a notice that asks for a look, not an alarm (a filter restored from last time)
    NoteText,
    JsonKey,
    JsonString,
    JsonNumber,
    JsonLiteral,
};

/// True when `palette`'s windows are dark (light text on a dark ground).
bool isDarkPalette(const QPalette &palette);
/// The colour of `tone` for `palette`; without one, for the application's palette as it is now
/// (models call it while their views paint, so their colours follow by themselves).
QColor toneColour(Tone tone, const QPalette &palette);
QColor toneColour(Tone tone);

/// Colours `label`'s text as a problem ("The reason is required"), or back to the palette's
/// when `problem` is false; it keeps the right colour through palette changes.
void setProblemLook(QLabel *label, bool problem = true);
/// Style sheet of a label that says the data is not live (connection down): bold, in the alarm colour.
/// One place for it, so that the dashboard's health line and every list's age label look alike.
QString notLiveLabelStyle();
/// Style sheet of a banner label: critical (errors, not live) or a warning.
QString bannerStyle(bool critical);

/// Runs `apply` now and again whenever the application's palette changes (the desktop turned
/// dark, or View → Appearance), for as long as `owner` lives. For the colours a widget takes from
/// toneColour() at the time it is styled (style sheets, a label's palette, text formats): those
/// do not follow a palette change by themselves.
void followPalette(QObject *owner, std::function<void()> apply);

} // namespace om
