// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om::sql {

/// The one rule for "stuck", wherever it is written (the snapshot, the lists, head of line, the
/// workers' panel, outcomes, the incident report, the actions and the kit's function): a row in a
/// stuck state has been in flight longer than its timeout — its own ("stuck.timeoutColumn") when
/// it has one, else `minutes`, an SQL expression of type int (a bound parameter, or the kit
/// function's argument). The `since` column is left bare so that its indexes still serve a fixed
/// timeout.
QString pastStuckTimeout(const SchemaProfile &profile, const QString &minutes);
/// The row's own timeout as an interval ("NULL::interval" without a timeout column).
QString rowStuckTimeout(const SchemaProfile &profile);

} // namespace om::sql
