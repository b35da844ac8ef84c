// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/flow/flowpoller.h"
#include "core/service/serverlimits.h"
#include "core/flow/flowquery.h"
#include "core/sql/flowsql.h"
#include "core/store/flowstore.h"
#include "core/service/servicecall.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <algorithm>

Q_LOGGING_CATEGORY(lcFlow, "om.flow", QtInfoMsg) // each refresh's cost: QT_LOGGING_RULES="om.flow.debug=true"

namespace om {

FlowPoller::FlowPoller(DatabaseLink *link, SchemaProfile profile, FlowStore *store, QString connectionKey, QObject *parent)
    : QObject(parent), m_gateway(&gatewayOf(link)), m_profile(std::move(profile)), m_store(store), m_key(std::move(connectionKey)) {
    qRegisterMetaType<om::FlowSeries>();
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &FlowPoller::tick);
}

void FlowPoller::setWindowSeconds(qint64 seconds) {
    if (seconds == m_windowS)
        return;
    m_windowS = qBound(qint64(60), seconds, qint64(7 * 86400));
    refreshNow();
}

void FlowPoller::start() {
    m_running = true;
    m_timer.start(0);
}

void FlowPoller::stop() {
    m_running = false;
    m_timer.stop();
}

void FlowPoller::refreshNow() {
    if (!m_running)
        return;
    if (m_inFlight)
        m_again = true;
    else
        m_timer.start(0);
}

QList<FlowPoller::Ask> FlowPoller::asksFor(qint64 nowS, qint64 lookbackS, int bucketS, qint64 spanFromS, qint64 spanToS,
                                           bool *more) {
    const qint64 hi = flowFloor(nowS, bucketS) + bucketS;
    const qint64 lo = flowFloor(nowS - lookbackS, bucketS);
    const qint64 chunk = qMax<qint64>(bucketS, flowFloor(kMaxChunkS, bucketS));
    QList<Ask> out;
    // A span that ends before the look-back starts (or after now: another clock) is of no use.
    const bool usable = spanToS > spanFromS && spanToS > lo && spanToS <= hi;
    qint64 coveredFrom;
    if (!usable) {
        coveredFrom = qMax(lo, hi - chunk);
        out << Ask{bucketS, coveredFrom, hi};
    } else {
        out << Ask{bucketS, qMax(lo, qMax(spanFromS, spanToS - kReaskBuckets * qint64(bucketS))), hi};
        coveredFrom = qMax(lo, spanFromS);
        if (coveredFrom > lo) { // backfill the chunk before the stored span
            out << Ask{bucketS, qMax(lo, coveredFrom - chunk), coveredFrom};
            coveredFrom = out.last().fromS;
        }
    }
    if (more)
        *more = coveredFrom > lo;
    return out;
}

QList<FlowPoller::Request> FlowPoller::requests() const {
    const int w = flowBucketSeconds(m_windowS);
    QList<Request> out;
    auto add = [&](int bucketS, qint64 lookbackS) {
        const FlowStore::Span s = m_store ? m_store->span(m_key, m_profile.id, bucketS) : FlowStore::Span{};
        out << Request{bucketS, lookbackS, s.fromS, s.toS};
    };
    if (w == 60) {
        add(60, qMax<qint64>(m_windowS, kForecastLookbackS));
    } else {
        add(w, m_windowS);
        add(60, kForecastLookbackS);
    }
    return out;
}

void FlowPoller::tick() {
    if (!m_running || m_inFlight)
        return;
    m_inFlight = true;
    const QList<Request> reqs = requests();
    const int known = m_byBucket;
    const SchemaProfile profile = m_profile;
    m_gateway->run<Answer>(
        Lane::Monitor, this,
        namingServerLimits([reqs, known, profile](PgSession &s) {
            // On the lane's thread: the buckets are in the server's time, so the ranges are too.
            Answer a;
            QElapsedTimer t;
            t.start();
            a.byBucket = known >= 0 ? known : int(FlowQuery::bucketCountsServed(s, profile));
            const FlowQuery query(profile, a.byBucket == 1);
            a.nowS = FlowQuery::serverNowS(s);
            for (const Request &r : reqs) {
                bool more = false;
                for (const Ask &ask : asksFor(a.nowS, r.lookbackS, r.bucketS, r.spanFromS, r.spanToS, &more)) {
                    a.asked << ask;
                    a.counts << query.counts(s, ask.fromS, ask.toS, ask.bucketS);
                }
                a.more = a.more || more;
            }
            a.queryMs = t.elapsed();
            return a;
        }),
        [this](const Answer &a) {
            m_inFlight = false;
            if (m_byBucket < 0)
                qCDebug(lcFlow) << "flow counted" << (a.byBucket == 1 ? "bucket by bucket (index-only)" : "in one scan per series");
            m_byBucket = a.byBucket;
            deliver(a);
            // While the window is not all backfilled, its next chunk comes right after (a
            // snapshot queued meanwhile runs first: the lane is first come, first served).
            if (m_running)
                m_timer.start(m_again || (a.more && m_store && m_store->isOpen()) ? 0 : m_intervalMs);
            m_again = false;
        },
        [this](const PgError &e) {
            m_inFlight = false;
            m_again = false;
            qCWarning(lcFlow) << "flow refresh failed:" << e.message;
            emit flowFailed(e.message);
            if (m_running)
                m_timer.start(m_intervalMs);
        },
        QStringLiteral("flow"));
}

FlowSeries FlowPoller::fromStore(int bucketS, qint64 fromS, qint64 toS, qint64 nowS, const QList<FlowBucket> &fallback) const {
    FlowSeries s;
    s.bucketS = bucketS;
    s.fromS = fromS;
    s.toS = toS;
    s.nowS = nowS;
    const sql::FlowSources src = sql::flowSources(m_profile);
    s.hasFinished = !src.finishedAt.isEmpty();
    s.hasFailed = src.hasFailed();
    const bool stored = m_store && m_store->isOpen();
    s.buckets = FlowSeries::dense(stored ? m_store->load(m_key, m_profile.id, bucketS, fromS, toS) : fallback, fromS, toS, bucketS);
    return s;
}

void FlowPoller::deliver(const Answer &a) {
    QElapsedTimer t;
    t.start();
    m_lastQueryMs = a.queryMs;
    m_lastAskedBuckets = 0;
    for (int i = 0; i < a.asked.size(); ++i) {
        const Ask &ask = a.asked.at(i);
        m_lastAskedBuckets += int((ask.toS - ask.fromS) / ask.bucketS);
        if (m_store && m_store->isOpen())
            m_store->save(m_key, m_profile.id, ask.bucketS, ask.fromS, ask.toS, a.counts.at(i));
    }
    const int w = flowBucketSeconds(m_windowS);
    const qint64 to = flowFloor(a.nowS, w) + w;
    // Without a store the answers are all there is: use them as they came.
    QList<FlowBucket> chartCounts, minuteCounts;
    for (int i = 0; i < a.asked.size(); ++i) {
        if (a.asked.at(i).bucketS == w)
            chartCounts += a.counts.at(i);
        if (a.asked.at(i).bucketS == 60)
            minuteCounts += a.counts.at(i);
    }
    auto byTime = [](const FlowBucket &x, const FlowBucket &y) { return x.startS < y.startS; };
    std::sort(chartCounts.begin(), chartCounts.end(), byTime);
    std::sort(minuteCounts.begin(), minuteCounts.end(), byTime);
    const FlowSeries chart = fromStore(w, flowFloor(a.nowS - m_windowS, w), to, a.nowS, chartCounts);
    const FlowSeries minutes = fromStore(60, flowFloor(a.nowS - kForecastLookbackS, 60), flowFloor(a.nowS, 60) + 60, a.nowS, minuteCounts);
    m_lastStoreMs = t.elapsed();
    qCDebug(lcFlow) << "flow:" << m_lastAskedBuckets << "buckets asked in" << a.queryMs << "ms, store" << m_lastStoreMs << "ms";
    emit flowReady(chart, minutes);
}

} // namespace om
