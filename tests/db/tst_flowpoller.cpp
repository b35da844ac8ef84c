// SPDX-License-Identifier: GPL-3.0-or-later
// The flow poller on the Monitor lane with its local cache, every built-in profile:
// the first refresh backfills the window; a new store object on the same file (a restart) asks
// only for the newest buckets and then shows exactly what a fresh backfill shows, including a
// row that committed late into a bucket already cached.
#include "core/flow/flowpoller.h"
#include "core/sql/flowsql.h"
#include "core/store/flowstore.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestFlowPoller : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    GatewayConfig config() const {
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        return c;
    }

    /// `n` rows created at `created` (g = 1..n), keys `prefix`g: 8 in 10 finished 10 s before
    /// their creation time (so that they land within the window), 1 in 10 failed, 1 open.
    void fill(const SchemaProfile &p, const QString &created, int n, const QString &prefix) {
        const QString later = QStringLiteral("(%1 - interval '10 seconds')").arg(created);
        const QString keys = QStringLiteral("'%1' || g").arg(prefix);
        const QString series = QStringLiteral("generate_series(1, %1) g").arg(n);
        if (p.id == QLatin1String("app_outbox"))
            m_db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, created_at,"
                                      " updated_at, sent_at) SELECT %3, 'T', 'D', '{}',"
                                      " CASE WHEN g % 10 = 0 THEN 'FAILED' WHEN g % 10 = 1 THEN 'PENDING' ELSE 'SENT' END, %1, %2,"
                                      " CASE WHEN g % 10 > 1 THEN %2 END FROM %4")
                           .arg(created, later, keys, series));
        else if (p.id == QLatin1String("batch_work_item")) {
            m_db->exec(QStringLiteral("INSERT INTO batch_work_item (job_name, source_key, target_date, status, created_at, updated_at,"
                                      " finished_at) SELECT 'J', %3, current_date,"
                                      " CASE WHEN g % 10 = 0 THEN 'FAILED' WHEN g % 10 = 1 THEN 'NEW' ELSE 'SUCCESS' END, %1, %2,"
                                      " CASE WHEN g % 10 > 1 THEN %2 END FROM %4")
                           .arg(created, later, keys, series));
            // The workers' history: one FAILED row per failed item, at its failure time.
            m_db->exec(QStringLiteral("INSERT INTO batch_work_status_history (work_item_id, old_status, new_status, changed_at)"
                                      " SELECT g, 'RUNNING', 'FAILED', %1 FROM %2 WHERE g % 10 = 0")
                           .arg(later, series));
        } else
            m_db->exec(QStringLiteral("INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, created_at,"
                                      " published_at) SELECT gen_random_uuid(), 'A', %3, 'E', '{}', %1,"
                                      " CASE WHEN g % 10 > 1 THEN %2 END FROM %4")
                           .arg(created, later, keys, series));
    }

    /// The first flow a new poller (and store on `file`) delivers for a 6-hour window.
    static QPair<FlowSeries, int> firstFlow(Gateway &gateway, const SchemaProfile &p, const QString &file) {
        FlowStore store(file);
        if (!store.open())
            return {};
        FlowPoller poller(&gateway, p, &store, QStringLiteral("key"));
        poller.setWindowSeconds(6 * 3600);
        QSignalSpy spy(&poller, &FlowPoller::flowReady);
        poller.start();
        if (!spy.wait(20000))
            return {};
        poller.stop();
        return {spy.first().first().value<FlowSeries>(), poller.lastAskedBuckets()};
    }

    /// Buckets of `a` and `b` over the range both cover (a minute may have turned between them).
    static void compareCommon(const FlowSeries &a, const FlowSeries &b) {
        const qint64 from = qMax(a.fromS, b.fromS), to = qMin(a.toS, b.toS);
        QList<FlowBucket> x, y;
        for (const FlowBucket &k : a.buckets)
            if (k.startS >= from && k.startS < to)
                x << k;
        for (const FlowBucket &k : b.buckets)
            if (k.startS >= from && k.startS < to)
                y << k;
        QVERIFY(x.size() >= 355);
        QCOMPARE(x.size(), y.size());
        // clang-format off
        for (int i = 0; i < x.size(); ++i)
            if (!(x.at(i) == y.at(i)))
                QFAIL(qPrintable(QStringLiteral("bucket %1: %2/%3/%4 against %5/%6/%7").arg(x.at(i).startS)
                                     .arg(x.at(i).created).arg(x.at(i).finished).arg(x.at(i).failed)
                                     .arg(y.at(i).created).arg(y.at(i).finished).arg(y.at(i).failed)));
        // clang-format on
    }

private slots:
    void initTestCase() {
        qRegisterMetaType<om::FlowSeries>();
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds() << "kit/monitoring_indexes.sql");
    }

    void askOnlyTheNewestBuckets() {
        const qint64 minute = 1796000040; // a multiple of 60
        const qint64 now = minute + 42;
        bool more = true;
        // Nothing stored: the whole look-back when it fits one chunk.
        QList<FlowPoller::Ask> asks = FlowPoller::asksFor(now, 3600, 60, 0, 0, &more);
        QCOMPARE(asks.size(), 1);
        QCOMPARE(asks.first().fromS, minute - 3600);
        QCOMPARE(asks.first().toS, minute + 60);
        QVERIFY(!more);
        // Stored up to now: the last 3 buckets again, nothing more.
        asks = FlowPoller::asksFor(now, 3600, 60, minute - 7200, minute + 60, &more);
        QCOMPARE(asks.size(), 1);
        QCOMPARE(asks.first().fromS, minute + 60 - 3 * 60);
        QVERIFY(!more);
        // A store that ends before the look-back starts: as if nothing were stored.
        QCOMPARE(FlowPoller::asksFor(now, 3600, 60, minute - 9000, minute - 3700).first().fromS, minute - 3600);
        // 7 days in 15-minute buckets: the newest chunk first, then chunk by chunk backwards.
        const qint64 q = 1796000400; // a multiple of 900
        asks = FlowPoller::asksFor(q + 5, 7 * 86400, 900, 0, 0, &more);
        QCOMPARE(asks.size(), 1);
        QCOMPARE(asks.first().toS - asks.first().fromS, FlowPoller::kMaxChunkS);
        QVERIFY(more);
        const qint64 from = asks.first().fromS;
        asks = FlowPoller::asksFor(q + 5, 7 * 86400, 900, from, q + 900, &more);
        QCOMPARE(asks.size(), 2);
        QCOMPARE(asks.at(0).fromS, q + 900 - 3 * 900);
        QCOMPARE(asks.at(1).fromS, from - FlowPoller::kMaxChunkS);
        QCOMPARE(asks.at(1).toS, from);
        QVERIFY(more);
        // The last chunk stops at the look-back's start.
        asks = FlowPoller::asksFor(q + 5, 7 * 86400, 900, q - 7 * 86400 + 1800, q + 900, &more);
        QCOMPARE(asks.at(1).fromS, q - 7 * 86400);
        QVERIFY(!more);
    }

    void restartAsksLittleAndEqualsAFreshBackfill_data() { addProfileRows(); }
    void restartAsksLittleAndEqualsAFreshBackfill() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        m_db->exec(QStringLiteral("TRUNCATE %1").arg(p.qualifiedTable()));
        if (p.hasAudit())
            m_db->exec(QStringLiteral("TRUNCATE %1").arg(p.qualifiedAuditTable()));
        fill(p, QStringLiteral("now() - g * interval '7 seconds'"), 3000, QStringLiteral("k"));
        Gateway gateway(config());
        const QString file = m_dir.filePath(profileId + QStringLiteral(".sqlite"));
        const auto [first, firstAsked] = firstFlow(gateway, p, file);
        QVERIFY(!first.buckets.isEmpty());
        QVERIFY2(firstAsked >= 360, qPrintable(QString::number(firstAsked)));
        qint64 created = 0, finished = 0, failed = 0;
        for (const FlowBucket &b : first.buckets) {
            created += b.created;
            finished += b.finished;
            failed += b.failed;
        }
        // 6 hours hold ~3,000 rows (one every 7 s over 5.8 h): all of them, 8 in 10 finished.
        QCOMPARE(created, 3000);
        QVERIFY2(finished >= 2390 && finished <= 2400, qPrintable(QString::number(finished)));
        QCOMPARE(failed, sql::flowSources(p).hasFailed() ? 300 : 0);

        // Rows that commit late into a minute already cached (100 s ago): a restart (a new store
        // object on the same file) asks only the newest buckets, and shows what a fresh backfill shows.
        fill(p, QStringLiteral("now() - interval '100 seconds'"), 50, QStringLiteral("late"));
        const auto [restarted, restartAsked] = firstFlow(gateway, p, file);
        QVERIFY2(restartAsked <= 2 * (FlowPoller::kReaskBuckets + 1), qPrintable(QString::number(restartAsked)));
        const auto [fresh, freshAsked] = firstFlow(gateway, p, m_dir.filePath(profileId + QStringLiteral("-fresh.sqlite")));
        QVERIFY(freshAsked >= 360);
        compareCommon(restarted, fresh);
    }
};

OM_TEST_GUILESS_MAIN(TestFlowPoller)
#include "tst_flowpoller.moc"
