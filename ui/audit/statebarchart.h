// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/snapshot.h"

#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QString>

namespace om {

/// The incident report's "state at the end": one horizontal bar per state on a logarithmic scale,
/// so that a dozen FAILED beside millions of SENT still show as a bar, each bar with its number
/// written next to it and estimated counts drawn hatched and marked "≈ … (estimated)".
class StateBarChart {
    Q_DECLARE_TR_FUNCTIONS(om::StateBarChart)
public:
    /// Draws `states` (in the given order, the profile's) under `title`, `width` logical pixels
    /// wide, at twice that resolution for print.
    static QImage render(const QList<StateCount> &states, const QString &title, int width);
    /// The text written next to a state's bar: "1,530", "≈ 9,930,000 (estimated)", "unknown".
    static QString valueText(const StateCount &state);
};

} // namespace om
