// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workstation/desktopcolourscheme.h"

#include <QObject>
#include <QPalette>
#include <QPointer>

class QMenu;

namespace om {

/// Light or dark windows (workstation manners). By default the program follows the
/// desktop: the settings portal's light/dark preference (DesktopColourScheme) and, where the
/// desktop says nothing, the palette the platform gives Qt (a KDE colour scheme, qt6ct). View →
/// Appearance can fix it to Light or Dark; the choice is kept in the settings ("view/appearance")
/// and is the program's, for every window. The program's own colours follow (common/tones.h).
class Appearance : public QObject {
    Q_OBJECT
public:
    enum class Choice {
        FollowDesktop,
        Light,
        Dark
    };

    /// The one instance (created on first use, owned by the application). It applies the kept
    /// choice at once; the desktop's preference arrives later, from follow().
    static Appearance *instance();

    /// Follows `desktop`'s preference while the choice is FollowDesktop, and starts it.
    void follow(DesktopColourScheme *desktop);
    /// Follows the desktop's settings portal on the session bus (setUpWorkstation()).
    static void followSessionDesktop();
    Choice choice() const { return m_choice; }
    /// Applies `c` to every window now, and keeps it.
    void setChoice(Choice c);
    /// True when the windows are dark now (whatever made them so).
    bool isDark() const;
    /// "Appearance" with Follow the desktop, Light and Dark, checked as chosen; added to `viewMenu`.
    QMenu *addMenuTo(QMenu *viewMenu);

    /// The program's dark palette: every role and group set, for text at 4.5:1 or more.
    static QPalette darkPalette();

signals:
    void choiceChanged(om::Appearance::Choice choice);
    /// The palette was applied anew (the choice, or the desktop, changed).
    void applied(bool dark);
    /// The desktop said light or dark, or changed its mind (whatever the choice).
    void desktopSchemeChanged();

private:
    Appearance();
    void apply();
    QString followText() const;

    Choice m_choice = Choice::FollowDesktop;
    QPointer<DesktopColourScheme> m_desktop;
    /// Whether the palette the platform gave at start-up was already dark (a KDE dark scheme):
    /// then Light needs a light palette of its own, and a desktop that prefers dark needs none.
    bool m_platformDark = false;
};

} // namespace om
