// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/flow/drainforecast.h"
#include "core/model/flowseries.h"

#include <QCoreApplication>

class QWidget;

namespace om {

class HistoryChart;

/// The dashboard's flow chart: created, finished and failed messages per minute, counted by the
/// server from the table's own times (FlowPoller), with the drain forecast's start of growth
/// marked as a vertical line.
class FlowChart {
    Q_DECLARE_TR_FUNCTIONS(om::FlowChart)
public:
    static HistoryChart *create(QWidget *parent = nullptr);
    /// Puts `flow` into `chart` (rates per minute, whatever the bucket width), sets its time
    /// range, and marks the start of growth when `forecast` has one.
    static void show(HistoryChart *chart, const FlowSeries &flow, const DrainForecast &forecast);
};

} // namespace om
