#pragma once

#include <QString>

class QWidget;

namespace om {

/// Shows a list or pane whose data can no longer be refreshed (the connection is down) for what
/// it is: its text in the disabled colour, while it stays readable, scrollable and selectable
/// (the operator may still want to read or copy what was last seen). `stale` false restores the
/// palette the widget inherits.
void showStale(QWidget *widget, bool stale);

/// Style sheet of a label that says the data is not live (connection down): bold red. One place
/// for it, so that the dashboard's health line and every list's age label look alike.
QString notLiveLabelStyle();

} // namespace om
