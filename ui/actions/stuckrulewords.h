// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/profile/schemaprofile.h"

#include <QCoreApplication>
#include <QString>

namespace om {

/// The stuck rule in words, as the action applies it (core/sql/stucksql): for each clock that
/// times one of the action's states, its states, the column it runs from and its timeout (each
/// row's own where there is a timeout column, else the clock's seconds, else the minutes).
class StuckRuleWords {
    Q_DECLARE_TR_FUNCTIONS(om::StuckRuleWords)
public:
    /// "stuck = in CLAIMED (since claimed_at) for more than 60 s; in RUNNING (since started_at) for
    /// longer than its own timeout (run_timeout_s), or 30 min without one, server clock".
    static QString rule(const SchemaProfile &profile, const QStringList &states, int minutes);

private:
    static QString clock(const SchemaProfile &profile, const SchemaProfile::StuckClock &clock, const QStringList &states, int minutes);
};

} // namespace om
