// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QString>

namespace om::sql {

/// The one rule for "stuck", wherever it is written (the snapshot, the lists, head of line, the
/// workers' panel, outcomes, the incident report, the actions and the kit's function): a row in a
/// stuck state has been in it, by the clock that times that state (SchemaProfile::StuckClock),
/// longer than the clock's timeout: the row's own ("timeoutColumn") when it has one, else the
/// clock's fixed seconds ("timeoutSeconds"), else `minutes`, an SQL expression of type int (a bound
/// parameter, or the kit function's argument). With one clock the condition is its time test
/// alone (the caller has picked the stuck states); with several, each clock's states with its
/// test. The since columns are left bare so that their indexes still serve a fixed timeout.
QString pastStuckTimeout(const SchemaProfile &profile, const QString &minutes);
/// The same for rows known to be in `state`: its clock's test alone ("false" when none times it).
QString pastStuckTimeout(const SchemaProfile &profile, const QString &minutes, const QString &state);
/// When a stuck-state row becomes stuck, as a timestamptz: its clock's since column plus the
/// timeout the rule above uses (the Stuck view's "Past timeout by" counts from here).
QString stuckDeadline(const SchemaProfile &profile, const QString &minutes);

} // namespace om::sql
