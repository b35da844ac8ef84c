// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/model/flowseries.h"

namespace om {

QList<FlowBucket> FlowSeries::dense(const QList<FlowBucket> &sparse, qint64 fromS, qint64 toS, int bucketS) {
    QList<FlowBucket> out;
    if (bucketS <= 0 || toS <= fromS)
        return out;
    out.reserve(int((toS - fromS) / bucketS) + 1);
    auto it = sparse.cbegin();
    for (qint64 t = flowFloor(fromS, bucketS); t < toS; t += bucketS) {
        while (it != sparse.cend() && it->startS < t)
            ++it;
        if (it != sparse.cend() && it->startS == t)
            out << *it;
        else
            out << FlowBucket{t, 0, 0, 0};
    }
    return out;
}

int flowBucketSeconds(qint64 windowS) {
    if (windowS <= 6 * 3600)
        return 60;
    if (windowS <= 2 * 86400)
        return 300;
    return 900;
}

} // namespace om
