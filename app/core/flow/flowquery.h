// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/flowseries.h"
#include "core/profile/schemaprofile.h"

#include <QJsonObject>

namespace om {

class PgSession;

/// Asks the server for the flow counts of a range (core/sql/flowsql) on the caller's session
/// (the Monitor lane's thread in the application). Sparse: only buckets with counts.
class FlowQuery {
public:
    explicit FlowQuery(SchemaProfile profile, bool byBucket = false) : m_profile(std::move(profile)), m_byBucket(byBucket) {}

    /// Ranges up to this long are counted in one grouped scan even where bucket by bucket is
    /// served: a refresh's newest minutes, the forecast's hour.
    static constexpr qint64 kByBucketMinS = 3600;

    /// The server's now(), epoch seconds (the buckets are in server time).
    static qint64 serverNowS(PgSession &session);
    /// Whether a B-tree serves a range count of every series of the table index-only (asked of
    /// the planner: EXPLAIN, nothing runs), so that the counts can be taken bucket by bucket
    /// (sql::flowCountsByBucket). Ask once per connection.
    static bool bucketCountsServed(PgSession &session, const SchemaProfile &profile);
    /// Pure plan walk (for tests): every scan of `table` in the plan is an Index Only Scan;
    /// the names of the indexes it reads go to `indexes`.
    static bool indexOnly(const QJsonObject &plan, const QString &table, QStringList *indexes);

    /// Buckets of `bucketS` seconds over [fromS, toS), as the server counts them: bucket by
    /// bucket when made with byBucket (see bucketCountsServed) and the range is longer than
    /// kByBucketMinS, else in one grouped scan per series.
    QList<FlowBucket> counts(PgSession &session, qint64 fromS, qint64 toS, int bucketS) const;

private:
    SchemaProfile m_profile;
    bool m_byBucket = false;
};

} // namespace om
