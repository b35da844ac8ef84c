// SPDX-License-Identifier: GPL-3.0-or-later
#include "audit/outcomereport.h"
#include "audit/outcomewording.h"
#include "core/common/timeformat.h"

namespace om {

QString OutcomeReport::html(const IncidentData &d, const SchemaProfile &profile) {
    // No action with an action id in the range (none at all, or audit rows written without the
    // kit's action function): nothing can be followed, and "Actions taken" already says what was done.
    if (d.noAuditTable || d.actionOutcomes.isEmpty())
        return {};
    QString h = QStringLiteral("<h2>%1</h2>").arg(tr("What became of each action").toHtmlEscaped());
    h += QStringLiteral("<p>%1</p><ul>")
             .arg(tr("Where each action's messages are at %1 (server clock), read from the table itself.")
                      .arg(formatLocalMinutes(d.serverNow))
                      .toHtmlEscaped());
    for (const ActionSummary &a : d.actionOutcomes)
        h += QStringLiteral("<li>%1</li>").arg(OutcomeWording::reportLine(profile, a).toHtmlEscaped());
    return h + QStringLiteral("</ul>");
}

} // namespace om
