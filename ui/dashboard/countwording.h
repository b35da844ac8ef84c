// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"

#include <QCoreApplication>
#include <QString>

namespace om {

/// The words a state's tile uses for how its count was obtained: the value ("≈ 1,234
/// (estimated)" or the plain exact number), the line under it (where an estimate comes from, or
/// why it is lower or held) and the tooltip. One place, so that tiles and tests read the same.
class CountWording {
    Q_DECLARE_TR_FUNCTIONS(CountWording)
public:
    static QString value(const StateCount &c);
    /// The line under an estimated value: its source and the time of the statistics, or why it
    /// differs from what the statistics read. Empty for exact counts.
    static QString note(const StateCount &c, const TableStats &table);
    static QString toolTip(const StateCount &c, const TableStats &table);
    /// "14:05" today, "11-30 14:05" before (local time).
    static QString shortTime(const QDateTime &utc);

private:
    /// The note and tool tip of the table's own part (without the archive's).
    static QString tableNote(const StateCount &c, const TableStats &table);
    static QString tableToolTip(const StateCount &c, const TableStats &table);
};

} // namespace om
