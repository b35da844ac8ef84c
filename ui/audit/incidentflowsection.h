// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/audit/incidentflow.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>

namespace om {

/// The incident report's "Flow from the table" section: the dashboard's flow chart (created,
/// finished, failed per minute) over the report's range and the range's totals, from the table's
/// own times — complete even when no monitor was running then.
class IncidentFlowSection {
    Q_DECLARE_TR_FUNCTIONS(om::IncidentFlowSection)
public:
    /// Heading, the totals line and the chart (`imageTag`: the <img> of imageName()).
    static QString html(const IncidentFlow &flow, const QString &imageTag);
    /// The totals line: "Created: N · finished: N · failed: N" (finished / failed only where the
    /// profile has them).
    static QString totalsText(const IncidentFlow &flow);
    /// The chart as the dashboard draws it (FlowChart), onto an image.
    static QImage chart(const IncidentFlow &flow, const QSize &size);
};

} // namespace om
