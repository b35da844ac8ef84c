// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QVariant>

class QAbstractItemView;

namespace om {

/// Double-clicks on a live list act on the row that was under the pointer when the click began,
/// not on whatever row moved there before the second click: in a table that re-sorts every few
/// seconds, the two presses of a double-click can land on two different rows. Watches the view's
/// viewport, keeps `role` of the row at the first press of a click, and answers the double-click
/// itself (the view then emits neither doubleClicked nor activated for it; Enter still activates).
class PressedRow : public QObject {
    Q_OBJECT
public:
    PressedRow(QAbstractItemView *view, int role);

signals:
    /// A double-click whose first press was on a row: that row's value of `role`.
    void doubleClicked(const QVariant &value);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QAbstractItemView *m_view;
    /// The viewport as it was at construction: the filter compares against this pointer and never
    /// asks the view, because the viewport's last events arrive while the view is being destroyed.
    const QObject *m_viewport;
    int m_role;
    QVariant m_pressed;         ///< `role` of the row under the first press
    QElapsedTimer m_sincePress; ///< since that press: a press within the double-click interval is the second
};

} // namespace om
