// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QList>
#include <QMetaType>

namespace om {

/// One time bucket of the flow: messages created, finished and failed in [startS, startS + width).
struct FlowBucket {
    qint64 startS = 0; ///< server time, epoch seconds, a multiple of the bucket width
    qint64 created = 0;
    qint64 finished = 0;
    qint64 failed = 0;
    bool operator==(const FlowBucket &o) const {
        return startS == o.startS && created == o.created && finished == o.finished && failed == o.failed;
    }
};

/// The flow over [fromS, toS) in buckets of `bucketS` seconds, every bucket present (zeros
/// included), counted by the server from the table's own times.
struct FlowSeries {
    int bucketS = 60;
    qint64 fromS = 0;
    qint64 toS = 0;  ///< end of the newest bucket (it may still be filling)
    qint64 nowS = 0; ///< the server's time when the newest counts were read
    bool hasFinished = true;
    bool hasFailed = true;
    QList<FlowBucket> buckets;

    bool isEmpty() const { return buckets.isEmpty(); }
    /// The same range with a bucket for every step, missing ones as zeros.
    static QList<FlowBucket> dense(const QList<FlowBucket> &sparse, qint64 fromS, qint64 toS, int bucketS);
};

/// The bucket width for a chart window: 1 min up to 6 h (≤ 360 points), 5 min up to 2 days
/// (≤ 576), 15 min up to 7 days (≤ 672). Each stays under the chart's 720-point minimum.
int flowBucketSeconds(qint64 windowS);
/// `s` rounded down to a multiple of `bucketS`.
inline qint64 flowFloor(qint64 s, int bucketS) { return s - ((s % bucketS) + bucketS) % bucketS; }

} // namespace om

Q_DECLARE_METATYPE(om::FlowSeries)
