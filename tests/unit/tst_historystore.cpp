// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard's local history: samples survive a reopen, stay per connection and profile,
// are downsampled in SQL for long windows, and are purged past the retention limit.
#include "core/store/historystore.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace om;

class TestHistoryStore : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    static Snapshot snapshot(qint64 tMs, qint64 pending, qint64 sent, double oldestS) {
        Snapshot s;
        s.profileId = "app_outbox";
        s.serverTime = QDateTime::fromMSecsSinceEpoch(tMs, Qt::UTC);
        s.states = {{"PENDING", "waiting", pending, false}, {"SENT", "done", sent, true}};
        s.waiting = pending;
        s.oldestWaitingAgeS = oldestS;
        s.stuck = 2;
        s.nearMaxRetry = 3;
        return s;
    }

private slots:
    void storesAndReloadsAfterReopen() {
        const qint64 t0 = 1700000000000;
        {
            HistoryStore store(path("a.sqlite"));
            QString err;
            QVERIFY2(store.open(&err), qPrintable(err));
            for (int i = 0; i < 10; ++i)
                QVERIFY(store.append("conn-A", snapshot(t0 + i * 5000, 100 + i, 1000000 + i, 60.0 * i)));
        }
        HistoryStore again(path("a.sqlite"));
        QVERIFY(again.open());
        QCOMPARE(again.metrics("conn-A", "app_outbox"),
                 QStringList({"nearMax", "oldest", "state:PENDING", "state:SENT", "stuck", "waiting"}));
        const QList<HistoryPoint> pending = again.load("conn-A", "app_outbox", "state:PENDING", t0, t0 + 3600000);
        QCOMPARE(pending.size(), 10);
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(pending.at(i).tMs, t0 + i * 5000);
            QCOMPARE(pending.at(i).avg, 100.0 + i);
            QCOMPARE(pending.at(i).samples, 1);
        }
        QCOMPARE(again.load("conn-A", "app_outbox", "oldest", t0, t0 + 3600000).last().avg, 540.0);
        // Other connections and profiles see nothing of it.
        QVERIFY(again.load("conn-B", "app_outbox", "state:PENDING", t0, t0 + 3600000).isEmpty());
        QVERIFY(again.load("conn-A", "outbox", "state:PENDING", t0, t0 + 3600000).isEmpty());
        // Window bounds are honoured.
        QCOMPARE(again.load("conn-A", "app_outbox", "state:PENDING", t0 + 10000, t0 + 20000).size(), 3);
    }

    void sevenDaysAreDownsampledInSql() {
        HistoryStore store(path("week.sqlite"));
        QVERIFY(store.open());
        const qint64 t0 = 1700000000000;
        const int n = 7 * 86400 / 5; // 120,960 samples of 5 s
        // Three series keep the test short; the dashboard reads eight (see the per-series time).
        const QStringList metrics = {"state:PENDING", "state:SENT", "oldest"};
        QList<HistoryStore::Sample> samples;
        samples.reserve(n);
        for (int i = 0; i < n; ++i) {
            HistoryStore::Sample s{t0 + qint64(i) * 5000, {}};
            for (const QString &m : metrics)
                s.values << qMakePair(m, double(i % 1000));
            samples << s;
        }
        QElapsedTimer timer;
        timer.start();
        QVERIFY(store.appendSamples("k", "app_outbox", samples));
        qInfo("stored %d samples x %lld metrics in %lld ms", n, qint64(metrics.size()), timer.elapsed());
        QCOMPARE(store.rawCount("k", "app_outbox", "state:PENDING"), qint64(n));

        timer.restart();
        int points = 0;
        for (const QString &m : metrics) {
            const QList<HistoryPoint> p = store.load("k", "app_outbox", m, t0, t0 + qint64(n) * 5000, 2000);
            QVERIFY2(p.size() <= 2000 && p.size() >= 1000, qPrintable(QString::number(p.size())));
            points += int(p.size());
        }
        const qint64 ms = timer.elapsed();
        qInfo("7-day window, %lld series: %d points in %lld ms (%lld ms per series)", qint64(metrics.size()), points, ms,
              ms / metrics.size());

        // A bucket's min/max/avg are those of the samples in it: buckets are whole minutes
        // (6 minutes for 7 days / 2000), values i % 1000 rise by one per sample.
        const QList<HistoryPoint> p = store.load("k", "app_outbox", "state:PENDING", t0, t0 + qint64(n) * 5000, 2000);
        const HistoryPoint &b = p.at(1);
        QVERIFY(b.samples >= 60);
        QCOMPARE(b.max - b.min, double(b.samples - 1));
        QCOMPARE(b.avg, (b.max + b.min) / 2);

        // What makes the long window quick (the time above is measured, not asserted: a bound in
        // milliseconds says how fast the machine is): it is read from the per-minute rollup alone.
        // With the raw samples gone, it reads the very same points.
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw-samples"));
            raw.setDatabaseName(path("week.sqlite"));
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            QVERIFY(q.exec(QStringLiteral("DELETE FROM sample")));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw-samples"));
        QCOMPARE(store.rawCount("k", "app_outbox", "state:PENDING"), qint64(0));
        const QList<HistoryPoint> fromRollup = store.load("k", "app_outbox", "state:PENDING", t0, t0 + qint64(n) * 5000, 2000);
        QCOMPARE(fromRollup.size(), p.size());
        for (int i = 0; i < p.size(); ++i) {
            QCOMPARE(fromRollup.at(i).tMs, p.at(i).tMs);
            QCOMPARE(fromRollup.at(i).avg, p.at(i).avg);
            QCOMPARE(fromRollup.at(i).samples, p.at(i).samples);
        }
    }

    void purgeKeepsOnlyTheRetention() {
        HistoryStore store(path("purge.sqlite"));
        QVERIFY(store.open());
        store.setRetentionDays(2);
        const qint64 day = 86400000;
        const qint64 now = 1700000000000;
        for (int d = 0; d < 5; ++d)
            QVERIFY(store.appendValues("k", "p", now - d * day, {{"waiting", double(d)}}));
        QVERIFY(store.purge(now) > 0);
        QCOMPARE(store.rawCount("k", "p", "waiting"), qint64(3)); // today, -1 d, -2 d
        const QList<HistoryPoint> all = store.load("k", "p", "waiting", now - 10 * day, now, 2000);
        QCOMPARE(all.size(), 3);
        QCOMPARE(all.first().avg, 2.0);
    }

    // A wall display never restarts: the retention must hold while the window stays open.
    void appendPurgesOnceAnHourOfServerTime() {
        HistoryStore store(path("purge-timer.sqlite"));
        QVERIFY(store.open());
        store.setRetentionDays(1);
        const qint64 day = 86400000, minute = 60000;
        const qint64 now = 1700000000000;
        auto addOld = [&](qint64 at) { QVERIFY(store.appendValues("k", "app_outbox", at - 3 * day, {{"waiting", 1.0}})); };
        addOld(now);
        QVERIFY(store.append("k", snapshot(now, 1, 1, 1))); // first append: purges
        QCOMPARE(store.rawCount("k", "app_outbox", "waiting"), qint64(1));
        addOld(now);
        QVERIFY(store.append("k", snapshot(now + 59 * minute, 1, 1, 1))); // within the hour: not yet
        QCOMPARE(store.rawCount("k", "app_outbox", "waiting"), qint64(3));
        QVERIFY(store.append("k", snapshot(now + 60 * minute, 1, 1, 1)));  // an hour on: purged
        QCOMPARE(store.rawCount("k", "app_outbox", "waiting"), qint64(3)); // the three recent ones
        addOld(now);
        store.setRetentionDays(2); // a new retention purges at the next append
        QVERIFY(store.append("k", snapshot(now + 61 * minute, 1, 1, 1)));
        QCOMPARE(store.rawCount("k", "app_outbox", "waiting"), qint64(4));
    }

    void unopenedStoreIsHarmless() {
        HistoryStore store(path("never.sqlite"));
        QVERIFY(!store.append("k", snapshot(1, 1, 1, 1)));
        QVERIFY(store.load("k", "app_outbox", "waiting", 0, 10).isEmpty());
        QVERIFY(store.metrics("k", "app_outbox").isEmpty());
    }
};

OM_TEST_GUILESS_MAIN(TestHistoryStore)
#include "tst_historystore.moc"
