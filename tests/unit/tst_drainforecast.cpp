// SPDX-License-Identifier: GPL-3.0-or-later
// The drain forecast's words from made-up minute series and a fixed clock (no sleeps, no server):
// not enough history, steady, draining (within and beyond the trend's reach), growing with the
// start of the run of growth, a run that began before the data, and no progress (nothing finished
// for five minutes or more while messages are open).
#include "core/flow/drainforecast.h"
#include "testmain.h"

#include <QDateTime>
#include <QLocale>
#include <QTest>

using namespace om;

namespace {

constexpr qint64 kNow = 1796000000 + 30; // 30 s into a minute
constexpr qint64 kMinute = 1796000000;   // the current (incomplete) minute starts here

/// Dense minute buckets for the last `n` complete minutes plus the current one; `net(i)` gives
/// (created, finished) of the i-th complete minute counted back from the newest (0 = newest).
FlowSeries series(int n, const std::function<QPair<int, int>(int)> &minute) {
    FlowSeries s;
    s.bucketS = 60;
    s.nowS = kNow;
    s.fromS = kMinute - qint64(n) * 60;
    s.toS = kMinute + 60;
    for (int i = n - 1; i >= 0; --i) {
        const auto [created, finished] = minute(i);
        s.buckets << FlowBucket{kMinute - qint64(i + 1) * 60, created, finished, 0};
    }
    s.buckets << FlowBucket{kMinute, 999, 0, 0}; // incomplete: never counted
    return s;
}

QString hhmm(qint64 s) { return QLocale().toString(QDateTime::fromSecsSinceEpoch(s).toLocalTime().time(), QStringLiteral("HH:mm")); }

} // namespace

class TestDrainForecast : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void notEnoughHistory() {
        const DrainForecast f = DrainForecast::compute(series(14, [](int) { return qMakePair(10, 100); }), 5000, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::NotEnoughHistory);
        QVERIFY(f.text().startsWith(QLatin1String("Forecast: not enough history")));
        QCOMPARE(f.net5, 90.0);
        QVERIFY(qIsNaN(f.net15));
        // A profile without a finished time cannot say whether anything drains.
        FlowSeries noFinish = series(60, [](int) { return qMakePair(10, 0); });
        noFinish.hasFinished = false;
        QCOMPARE(DrainForecast::compute(noFinish, 100, kNow).kind, DrainForecast::Kind::NotEnoughHistory);
    }

    void steady() {
        // 100 in, 100 out; then 1,000 in and 1,001 out a minute over a backlog of 30,000: ±1 % in 15 min.
        QCOMPARE(DrainForecast::compute(series(60, [](int) { return qMakePair(100, 100); }), 200, kNow).kind, DrainForecast::Kind::Steady);
        const DrainForecast f = DrainForecast::compute(series(30, [](int) { return qMakePair(1000, 1010); }), 30000, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::Steady);
        QCOMPARE(f.text(), QStringLiteral("Steady: 30,000 open, as many finish as arrive"));
    }

    void drainingWithinTheTrend() {
        // 40 more finish than arrive each minute for an hour; 1,000 open: empty in 25 min.
        const DrainForecast f = DrainForecast::compute(series(60, [](int) { return qMakePair(60, 100); }), 1000, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::Draining);
        QCOMPARE(f.net15, 40.0);
        QCOMPARE(f.horizonMinutes, 60);
        QCOMPARE(f.text(), QStringLiteral("Draining: empty in ~25 min (1,000 open, +40/min)"));
        QCOMPARE(f.netText(), QStringLiteral("net flow (finished − created) per minute: 5 min +40 · 15 min +40 · 60 min +40"));
    }

    void drainingBeyondTheData() {
        // Draining only for the last 20 minutes (before: growing): the trend reaches 15 minutes,
        // and 1,000 at 40/min needs 25.
        const DrainForecast f = DrainForecast::compute(
            series(60, [](int i) { return i < 20 ? qMakePair(60, 100) : qMakePair(200, 100); }), 1000, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::DrainingBeyondData);
        QCOMPARE(f.horizonMinutes, 15);
        QCOMPARE(f.text(), QStringLiteral("Draining by 40/min: not empty within the 15 min the trend covers (1,000 open)"));
    }

    void growingSinceTheRunBegan() {
        // Balanced until 12 minutes ago, then 1,200 more arrive than finish each minute. The
        // trailing 5-minute net turns negative with the first growing minute: the run starts there.
        const DrainForecast f = DrainForecast::compute(
            series(60, [](int i) { return i < 12 ? qMakePair(1300, 100) : qMakePair(100, 100); }), 20000, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::Growing);
        QCOMPARE(f.growthSinceS, kMinute - 12 * 60);
        QVERIFY(!f.growthBeganEarlier);
        QCOMPARE(f.text(), QStringLiteral("Growing by %1/min since %2 (20,000 open)")
                               .arg(QLocale().toString(qRound64(1200.0 * 12 / 15)), hhmm(kMinute - 12 * 60)));
    }

    void growingForLongerThanTheData() {
        const DrainForecast f = DrainForecast::compute(series(30, [](int) { return qMakePair(500, 100); }), 9000, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::Growing);
        QVERIFY(f.growthBeganEarlier);
        QCOMPARE(f.growthSinceS, kMinute - 26 * 60); // the oldest minute with 4 before it
        QCOMPARE(f.text(), QStringLiteral("Growing by 400/min since before %1 (9,000 open)").arg(hhmm(kMinute - 26 * 60)));
    }

    void growingButNotThisMinute() {
        // Growing over 15 minutes, but the last 5 minutes finished more than arrived: no run.
        const DrainForecast f = DrainForecast::compute(
            series(60, [](int i) { return i < 5 ? qMakePair(100, 300) : i < 15 ? qMakePair(500, 100)
                                                                               : qMakePair(100, 100); }),
            5000, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::Growing);
        QCOMPARE(f.growthSinceS, qint64(0));
        QCOMPARE(f.text(), QStringLiteral("Growing by 200/min over the last 15 min (5,000 open)"));
    }

    void workersStoppedWhileTheTrendStillDrains() {
        // Draining by 40/min for 46 minutes, then every worker gone 14 minutes ago and nothing
        // arriving either: the 15-minute net still drains (+2.7/min), but nothing finished.
        const DrainForecast f = DrainForecast::compute(
            series(60, [](int i) { return i < 14 ? qMakePair(0, 0) : qMakePair(60, 100); }), 1000, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::NoProgress);
        QCOMPARE(f.idleMinutes, 14);
        QCOMPARE(f.idleSinceS, kMinute - 14 * 60);
        QVERIFY(!f.idleBeganEarlier);
        QCOMPARE(f.text(), QStringLiteral("No progress: nothing finished for 14 min (1,000 open, 0/min arriving)"));
    }

    void workersStoppedWhileMessagesArrive() {
        // The same with 46 arriving a minute: nothing finishing is the news, not the growth.
        const DrainForecast f = DrainForecast::compute(
            series(60, [](int i) { return i < 7 ? qMakePair(46, 0) : qMakePair(100, 100); }), 800, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::NoProgress);
        QCOMPARE(f.idleMinutes, 7);
        QCOMPARE(f.text(), QStringLiteral("No progress: nothing finished for 7 min (800 open, 46/min arriving)"));
    }

    void noProgressIsSaidBeforeFifteenMinutesOfHistory() {
        const DrainForecast f = DrainForecast::compute(series(6, [](int) { return qMakePair(3, 0); }), 18, kNow);
        QCOMPARE(f.kind, DrainForecast::Kind::NoProgress);
        QVERIFY(f.idleBeganEarlier);
        QCOMPARE(f.text(), QStringLiteral("No progress: nothing finished in the 6 min the data covers (18 open, 3/min arriving)"));
    }

    void aShortGapOrAnEmptyQueueIsNotAStall() {
        // Four quiet minutes between batches: the trend speaks.
        const DrainForecast gap = DrainForecast::compute(
            series(60, [](int i) { return i < 4 ? qMakePair(0, 0) : qMakePair(60, 100); }), 1000, kNow);
        QCOMPARE(gap.kind, DrainForecast::Kind::Draining);
        // Nothing open: nothing has to finish.
        const DrainForecast empty = DrainForecast::compute(series(60, [](int) { return qMakePair(0, 0); }), 0, kNow);
        QCOMPARE(empty.kind, DrainForecast::Kind::Steady);
        // Less than 15 minutes of history and no stall: still not enough to forecast.
        const DrainForecast young = DrainForecast::compute(series(8, [](int i) { return qMakePair(5, i == 2 ? 5 : 0); }), 30, kNow);
        QCOMPARE(young.kind, DrainForecast::Kind::NotEnoughHistory);
    }
};

OM_TEST_GUILESS_MAIN(TestDrainForecast)
#include "tst_drainforecast.moc"
