// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QWidget;

namespace om {

/// Shows a list or pane whose data can no longer be refreshed (the connection is down) for what
/// it is: its text in the disabled colour, while it stays readable, scrollable and selectable
/// (the operator may still want to read or copy what was last seen). `stale` false restores the
/// palette the widget inherits.
void showStale(QWidget *widget, bool stale);

} // namespace om
