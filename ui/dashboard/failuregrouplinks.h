// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QTabWidget;

namespace om {

class ActionController;
class DashboardView;
class TriageView;

/// Wires the dashboard's failure groups (FailureGroupPanel) to the rest of the window: "Open in
/// Triage" shows Triage filtered to the group (groupFilter), "Retry group…" / "Cancel group…" start
/// the usual audited action over that filter with the group as the named scope. Nothing when the
/// dashboard has no groups panel.
void connectFailureGroups(DashboardView *dashboard, QTabWidget *tabs, TriageView *triage, ActionController *actions);

} // namespace om
