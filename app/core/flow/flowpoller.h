// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "core/model/flowseries.h"
#include "core/profile/schemaprofile.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace om {

class FlowStore;
class DatabaseLink;
class Gateway;

/// Keeps the dashboard's flow (created / finished / failed per bucket, from the table's own
/// times) current on the Monitor lane. The first refresh backfills the whole window from the
/// server; the counts go into the FlowStore, so that every later refresh — and the first after
/// a restart — asks only for the newest buckets: from the end of what the store holds, less
/// kReaskBuckets (a transaction that committed late lands in a bucket already counted).
/// Besides the chart's series (flowBucketSeconds of the window) it keeps one-minute buckets of
/// the last hour for the drain forecast.
class FlowPoller : public QObject {
    Q_OBJECT
public:
    /// `store` may be null or closed: every refresh then asks for the whole window.
    FlowPoller(DatabaseLink *link, SchemaProfile profile, FlowStore *store, QString connectionKey, QObject *parent = nullptr);

    static constexpr int kReaskBuckets = 3;
    static constexpr int kForecastLookbackS = 3600;
    /// Time between refreshes (default 20 s: the buckets are a minute wide).
    void setIntervalMs(int ms) { m_intervalMs = qMax(1000, ms); }
    void setWindowSeconds(qint64 seconds);
    qint64 windowSeconds() const { return m_windowS; }

    void start();
    void stop();
    /// Refresh now unless one is in flight (then right after it).
    void refreshNow();
    /// The last refresh's server round trip, ms (-1 before the first).
    qint64 lastQueryMs() const { return m_lastQueryMs; }
    /// Buckets the last refresh asked the server for (all widths together).
    int lastAskedBuckets() const { return m_lastAskedBuckets; }
    /// Milliseconds the last refresh spent in the local store (save and reload, GUI thread).
    qint64 lastStoreMs() const { return m_lastStoreMs; }

    /// The most time one statement counts (7 h): a 7-day window on a big table is backfilled
    /// newest first, a chunk per refresh (the next one right after), so that no statement runs
    /// into the Monitor lane's statement timeout and snapshots keep their turn in between.
    static constexpr qint64 kMaxChunkS = 7 * 3600;
    /// One range a refresh asks the server for.
    struct Ask {
        int bucketS = 60;
        qint64 fromS = 0;
        qint64 toS = 0;
    };
    /// The ranges the next refresh asks for, given what the store holds (`span`), the server's
    /// now and the look-back: with nothing usable stored, the newest kMaxChunkS of the look-back;
    /// else from the store's end less kReaskBuckets to now, and, while the store does not reach
    /// back to the look-back's start, the chunk before the store's start. `*more` says whether
    /// the look-back is still not covered after these. Public for tests.
    static QList<Ask> asksFor(qint64 nowS, qint64 lookbackS, int bucketS, qint64 spanFromS, qint64 spanToS,
                              bool *more = nullptr);

signals:
    /// `chart`: the window in its buckets; `minutes`: one-minute buckets of the last hour
    /// (the forecast's). Both dense, in server time.
    void flowReady(const om::FlowSeries &chart, const om::FlowSeries &minutes);
    void flowFailed(const QString &message);

private:
    struct Request {
        int bucketS;
        qint64 lookbackS;
        qint64 spanFromS;
        qint64 spanToS;
    };
    struct Answer {
        qint64 nowS = 0;
        qint64 queryMs = 0;
        QList<Ask> asked;
        QList<QList<FlowBucket>> counts;
        bool more = false; ///< the look-back is not all backfilled yet
        int byBucket = -1; ///< FlowQuery::bucketCountsServed, asked on the first refresh
    };
    void tick();
    QList<Request> requests() const;
    void deliver(const Answer &a);
    FlowSeries fromStore(int bucketS, qint64 fromS, qint64 toS, qint64 nowS,
                         const QList<FlowBucket> &fallback) const;

    Gateway *m_gateway;
    SchemaProfile m_profile;
    FlowStore *m_store;
    QString m_key;
    QTimer m_timer;
    int m_intervalMs = 20000;
    qint64 m_windowS = 3600;
    bool m_running = false;
    bool m_inFlight = false;
    bool m_again = false;
    qint64 m_lastQueryMs = -1;
    qint64 m_lastStoreMs = 0;
    int m_lastAskedBuckets = 0;
    /// Whether the counts go bucket by bucket (FlowQuery::bucketCountsServed): -1 until the first
    /// refresh has asked the planner.
    int m_byBucket = -1;
};

} // namespace om
