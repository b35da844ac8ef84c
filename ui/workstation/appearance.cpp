// SPDX-License-Identifier: GPL-3.0-or-later
#include "workstation/appearance.h"
#include "common/tones.h"

#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QStyle>

namespace om {
namespace {

const char *const kSettingsKey = "view/appearance";

QString keyOf(Appearance::Choice c) {
    switch (c) {
    case Appearance::Choice::Light: return QStringLiteral("light");
    case Appearance::Choice::Dark: return QStringLiteral("dark");
    case Appearance::Choice::FollowDesktop: break;
    }
    return QStringLiteral("desktop");
}

Appearance::Choice choiceOf(const QString &key) {
    if (key == QLatin1String("light"))
        return Appearance::Choice::Light;
    if (key == QLatin1String("dark"))
        return Appearance::Choice::Dark;
    return Appearance::Choice::FollowDesktop; // also an unknown word from a later version
}

} // namespace

Appearance::Appearance() : QObject(qApp) {
    m_platformDark = isDarkPalette(QGuiApplication::palette());
    m_choice = choiceOf(QSettings().value(QLatin1String(kSettingsKey)).toString());
    apply();
}

Appearance *Appearance::instance() {
    static Appearance *one = new Appearance; // parented to qApp: gone with the application
    return one;
}

void Appearance::follow(DesktopColourScheme *desktop) {
    m_desktop = desktop;
    connect(desktop, &DesktopColourScheme::schemeChanged, this, [this] {
        if (m_choice == Choice::FollowDesktop)
            apply();
        emit desktopSchemeChanged();
    });
    desktop->start();
}

void Appearance::followSessionDesktop() { instance()->follow(DesktopColourScheme::sessionPortal(instance())); }

void Appearance::setChoice(Choice c) {
    if (c == m_choice)
        return;
    m_choice = c;
    QSettings().setValue(QLatin1String(kSettingsKey), keyOf(c));
    apply();
    emit choiceChanged(c);
}

bool Appearance::isDark() const { return isDarkPalette(QGuiApplication::palette()); }

void Appearance::apply() {
    using Scheme = DesktopColourScheme::Scheme;
    const Scheme desktop = m_desktop ? m_desktop->scheme() : Scheme::Unknown;
    bool dark = m_platformDark; // FollowDesktop with nothing said: the platform's palette
    if (m_choice == Choice::Dark || (m_choice == Choice::FollowDesktop && desktop == Scheme::Dark))
        dark = true;
    else if (m_choice == Choice::Light || (m_choice == Choice::FollowDesktop && desktop == Scheme::Light))
        dark = false;
    if (dark == m_platformDark)
        QApplication::setPalette(QPalette()); // the platform's own, and its later changes
    else
        QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
    emit applied(dark);
}

QPalette Appearance::darkPalette() {
    struct Role {
        QPalette::ColorRole role;
        QRgb normal;
        QRgb disabled;
    };
    // clang-format off
    static const Role roles[] = {
        {QPalette::Window, 0x2b2e33, 0x2b2e33},        {QPalette::WindowText, 0xe6e6e6, 0x7d838b},
        {QPalette::Base, 0x1f2226, 0x26292d},          {QPalette::AlternateBase, 0x272a2f, 0x272a2f},
        {QPalette::ToolTipBase, 0x32363c, 0x32363c},   {QPalette::ToolTipText, 0xe6e6e6, 0x7d838b},
        {QPalette::PlaceholderText, 0x8b949e, 0x6a7078}, {QPalette::Text, 0xe6e6e6, 0x7d838b},
        {QPalette::Button, 0x33373d, 0x2e3237},        {QPalette::ButtonText, 0xe6e6e6, 0x7d838b},
        {QPalette::BrightText, 0xffffff, 0xffffff},    {QPalette::Light, 0x454a51, 0x454a51},
        {QPalette::Midlight, 0x3b4046, 0x3b4046},      {QPalette::Dark, 0x1a1c20, 0x1a1c20},
        {QPalette::Mid, 0x4a4f56, 0x4a4f56},           {QPalette::Shadow, 0x111214, 0x111214},
        {QPalette::Highlight, 0x2f6fb5, 0x3b4046},     {QPalette::HighlightedText, 0xffffff, 0x7d838b},
        {QPalette::Link, 0x6cb6ff, 0x6a7078},          {QPalette::LinkVisited, 0xb392f0, 0x6a7078},
    };
    // clang-format on
    QPalette p;
    for (const Role &r : roles) {
        p.setColor(QPalette::Active, r.role, QColor(r.normal));
        p.setColor(QPalette::Inactive, r.role, QColor(r.normal));
        p.setColor(QPalette::Disabled, r.role, QColor(r.disabled));
    }
    return p;
}

QString Appearance::followText() const {
    const auto scheme = m_desktop ? m_desktop->scheme() : DesktopColourScheme::Scheme::Unknown;
    switch (scheme) {
    case DesktopColourScheme::Scheme::Dark: return tr("&Follow the desktop (dark now)");
    case DesktopColourScheme::Scheme::Light: return tr("&Follow the desktop (light now)");
    case DesktopColourScheme::Scheme::NoPreference:
    case DesktopColourScheme::Scheme::Unknown: break;
    }
    return tr("&Follow the desktop (it says neither: the system palette)");
}

QMenu *Appearance::addMenuTo(QMenu *viewMenu) {
    QMenu *menu = viewMenu->addMenu(tr("&Appearance"));
    auto *group = new QActionGroup(menu);
    const auto add = [&](const QString &text, Choice c, const QString &name) {
        QAction *a = menu->addAction(text);
        a->setObjectName(name);
        a->setCheckable(true);
        a->setChecked(m_choice == c);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, c] { setChoice(c); });
        // Another window's menu changed it: this one's checks follow.
        connect(this, &Appearance::choiceChanged, a, [a, c](Choice now) { a->setChecked(now == c); });
        return a;
    };
    QAction *follow = add(followText(), Choice::FollowDesktop, QStringLiteral("appearanceDesktop"));
    connect(this, &Appearance::desktopSchemeChanged, follow, [this, follow] { follow->setText(followText()); });
    add(tr("&Light"), Choice::Light, QStringLiteral("appearanceLight"));
    add(tr("&Dark"), Choice::Dark, QStringLiteral("appearanceDark"));
    return menu;
}

} // namespace om
