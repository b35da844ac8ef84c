// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/connection/savedconnection.h"

#include <QColor>
#include <QToolBar>

class QLabel;
class QMainWindow;

namespace om {

/// The saved connection's environment as a coloured band across the top of the window, in words
/// ("PRODUCTION — orders-eu"), so production is never mistaken for staging at a glance.
/// A toolbar of its own above the others, which the operator cannot move or hide. A window opened
/// without a saved connection has none.
class EnvironmentBand : public QToolBar {
    Q_OBJECT
public:
    explicit EnvironmentBand(const SavedConnection &connection, QWidget *parent = nullptr);

    /// Puts a band for `connection` at the top of `window`, above its toolbars.
    static EnvironmentBand *attach(QMainWindow *window, const SavedConnection &connection);

    /// "PRODUCTION — orders-eu", "ENVIRONMENT NOT SET — orders-eu".
    static QString bandText(const SavedConnection &connection);
    /// "[production] orders-eu": how alerts and the fleet name the connection.
    static QString label(const SavedConnection &connection);
    /// "[production] orders-eu — Outbox Monitor".
    static QString windowTitle(const SavedConnection &connection);
    /// Black or white, whichever reads better on `background` (WCAG relative luminance).
    static QColor textColourOn(const QColor &background);

    QString text() const;
    QColor background() const { return m_background; }
    QColor foreground() const { return m_foreground; }

private:
    QLabel *m_label;
    QColor m_background;
    QColor m_foreground;
};

} // namespace om
