// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/flowseries.h"
#include "core/profile/schemaprofile.h"

#include <QDateTime>

namespace om {

class PgSession;

/// The incident report's flow: messages created, finished and failed over the
/// report's range, counted by the server from the table's own times (core/sql/flowsql, the
/// dashboard's counts), so that the report has them even when no monitor was running then.
struct IncidentFlow {
    FlowSeries series;  ///< dense, in buckets of series.bucketS (the first and last may be partial)
    qint64 created = 0; ///< totals over [series.fromS, series.toS)
    qint64 finished = 0;
    qint64 failed = 0;

    /// The bucket width for a report's range: the dashboard's up to 7 days (1, 5, 15 min), else
    /// the report's own (IncidentQuery::bucketSecondsFor, about 48 buckets).
    static int bucketSecondsFor(qint64 rangeS);
    /// Runs on a lane's thread; the range in whole seconds [floor(from), floor(to)). Throws PgError.
    static IncidentFlow read(PgSession &session, const SchemaProfile &profile, const QDateTime &from, const QDateTime &to);
};

} // namespace om
