// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/incidentflow.h"
#include "core/audit/incidentquery.h"
#include "core/flow/flowquery.h"
#include "core/sql/flowsql.h"

namespace om {

int IncidentFlow::bucketSecondsFor(qint64 rangeS) {
    return rangeS <= 7 * 86400 ? flowBucketSeconds(rangeS) : IncidentQuery::bucketSecondsFor(rangeS);
}

IncidentFlow IncidentFlow::read(PgSession &session, const SchemaProfile &profile, const QDateTime &from, const QDateTime &to) {
    IncidentFlow f;
    const qint64 fromS = from.toSecsSinceEpoch();
    const qint64 toS = to.toSecsSinceEpoch();
    FlowSeries &s = f.series;
    s.bucketS = bucketSecondsFor(toS - fromS);
    s.fromS = fromS;
    s.toS = toS;
    s.nowS = toS;
    const sql::FlowSources src = sql::flowSources(profile);
    s.hasFinished = !src.finishedAt.isEmpty();
    s.hasFailed = src.hasFailed();
    if (toS <= fromS)
        return f;
    const QList<FlowBucket> counted = FlowQuery(profile, FlowQuery::bucketCountsServed(session, profile)).counts(session, fromS, toS, s.bucketS);
    for (const FlowBucket &b : counted) {
        f.created += b.created;
        f.finished += b.finished;
        f.failed += b.failed;
    }
    s.buckets = FlowSeries::dense(counted, fromS, toS, s.bucketS);
    return f;
}

} // namespace om
