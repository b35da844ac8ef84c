// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard/failuregrouplinks.h"
#include "actions/actioncontroller.h"
#include "core/model/failuregrouptext.h"
#include "dashboard/dashboardview.h"
#include "dashboard/failuregrouppanel.h"
#include "triage/triageview.h"

#include <QTabWidget>

namespace om {

namespace {

/// Triage's Failed view narrowed to one group: exactly its rows, paged and exported as any list.
ListFilter groupFilter(const FailureGroup &g) {
    ListFilter f;
    f.view = ListFilter::View::Failed;
    f.failureGroup = g.key();
    return f;
}

} // namespace

void connectFailureGroups(DashboardView *dashboard, QTabWidget *tabs, TriageView *triage, ActionController *actions) {
    auto *panel = dashboard->findChild<FailureGroupPanel *>();
    if (!panel)
        return;
    QObject::connect(panel, &FailureGroupPanel::openInTriageRequested, triage, [tabs, triage](const FailureGroup &g) {
        tabs->setCurrentWidget(triage);
        triage->applyFilter(groupFilter(g));
    });
    // The rows acted on are the group's at the moment of the action: the preview counts them, the
    // action function re-checks the filter and the state in its own transaction.
    QObject::connect(panel, &FailureGroupPanel::groupActionRequested, actions, [actions](const QString &kind, const FailureGroup &g) {
        actions->startOnFilter(kind, groupFilter(g), FailureGroupText::scope(g));
    });
    QObject::connect(actions, &ActionController::allowedChanged, panel, &FailureGroupPanel::setActionsAllowed);
}

} // namespace om
