// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/audit/incidentquery.h"
#include "core/profile/schemaprofile.h"

#include <QCoreApplication>
#include <QString>

namespace om {

/// The incident report's section "What became of each action": one line per action in the
/// range (OutcomeWording::reportLine), as HTML for the report's QTextDocument.
class OutcomeReport {
    Q_DECLARE_TR_FUNCTIONS(om::OutcomeReport)
public:
    static QString html(const IncidentData &data, const SchemaProfile &profile);
};

} // namespace om
