// SPDX-License-Identifier: GPL-3.0-or-later
// AlertWatch (alerts): a desktop notification once per threshold crossing, with
// hysteresis and a quiet period, on a test clock (no sleeps).
#include "core/alerts/alertwatch.h"
#include "testmain.h"

#include <QTest>

using namespace om;

namespace {

const QString kStuck = QStringLiteral("stuck");
const QString kOldest = QStringLiteral("oldest");

QMap<QString, Threshold> thresholds() {
    return {{kStuck, {10, 50}}, {kOldest, {300, 1800}}};
}

QList<AlertCrossing> feed(AlertWatch &w, double stuck, qint64 atMs) { return w.update({{kStuck, stuck}}, thresholds(), atMs); }

} // namespace

class TestAlertWatch : public QObject {
    Q_OBJECT
private slots:
    void oncePerCrossingNotPerRefresh() {
        AlertWatch w;
        QVERIFY(feed(w, 3, 0).isEmpty());
        const QList<AlertCrossing> first = feed(w, 12, 5000);
        QCOMPARE(first.size(), 1);
        QCOMPARE(first.first().key, kStuck);
        QCOMPARE(first.first().level, 1);
        QCOMPARE(first.first().value, 12.0);
        QCOMPARE(first.first().limit, 10.0);
        for (int i = 2; i < 50; ++i) // every 5 s refresh above the warning: still the one crossing
            QVERIFY(feed(w, 12 + i % 3, i * 5000).isEmpty());
        QCOMPARE(w.level(kStuck), 1);
        QCOMPARE(w.worstLevel(), 1);
    }

    void criticalAfterWarningIsItsOwnCrossing() {
        AlertWatch w;
        QCOMPARE(feed(w, 12, 0).size(), 1);
        const QList<AlertCrossing> c = feed(w, 60, 5000);
        QCOMPARE(c.size(), 1);
        QCOMPARE(c.first().level, 2);
        QCOMPARE(c.first().limit, 50.0);
        QCOMPARE(w.worstLevel(), 2);
    }

    void straightToCriticalIsOneNotification() {
        AlertWatch w;
        const QList<AlertCrossing> c = feed(w, 500, 0);
        QCOMPARE(c.size(), 1);
        QCOMPARE(c.first().level, 2);
    }

    void hoveringAroundTheLimitStaysQuiet() {
        // 10 % hysteresis: after a warning at 10, values of 9 keep the warning (no second
        // notification when 10 comes back); 8 leaves it.
        AlertWatch w;
        QCOMPARE(feed(w, 10, 0).size(), 1);
        QVERIFY(feed(w, 9, 5000).isEmpty());
        QCOMPARE(w.level(kStuck), 1);
        QVERIFY(feed(w, 10, 10000).isEmpty());
        QVERIFY(feed(w, 8, 15000).isEmpty());
        QCOMPARE(w.level(kStuck), 0);
        QCOMPARE(w.worstLevel(), 0);
    }

    void quietPeriodHoldsARepeat() {
        AlertWatch::Options o;
        o.quietMs = 10 * 60 * 1000;
        AlertWatch w(o);
        QCOMPARE(feed(w, 20, 0).size(), 1);
        QVERIFY(feed(w, 0, 60000).isEmpty());   // cleared
        QVERIFY(feed(w, 20, 120000).isEmpty()); // crossed again 2 min later: within the quiet period
        QCOMPARE(w.level(kStuck), 1);           // the level (the tray's colour) still follows
        QVERIFY(feed(w, 0, 180000).isEmpty());
        const QList<AlertCrossing> later = feed(w, 20, 601000); // past 10 min since the announcement
        QCOMPARE(later.size(), 1);
        QCOMPARE(later.first().value, 20.0);
    }

    void quietPeriodIsPerLevel() {
        // A warning announced a minute ago does not silence the first critical.
        AlertWatch w;
        QCOMPARE(feed(w, 20, 0).size(), 1);
        QVERIFY(feed(w, 0, 30000).isEmpty());
        const QList<AlertCrossing> c = feed(w, 80, 60000);
        QCOMPARE(c.size(), 1);
        QCOMPARE(c.first().level, 2);
    }

    void tilesAreIndependentAndAbsentOnesKeepTheirLevel() {
        AlertWatch w;
        QList<AlertCrossing> c = w.update({{kStuck, 60}, {kOldest, 400}}, thresholds(), 0);
        QCOMPARE(c.size(), 2);
        c = w.update({{kOldest, 100}}, thresholds(), 5000); // stuck not read this time
        QVERIFY(c.isEmpty());
        QCOMPARE(w.level(kStuck), 2);
        QCOMPARE(w.level(kOldest), 0);
        QCOMPARE(w.worstLevel(), 2);
    }

    void tilesWithoutThresholdsNeverAlert() {
        AlertWatch w;
        QVERIFY(w.update({{QStringLiteral("state:SENT"), 1e9}}, thresholds(), 0).isEmpty());
        QCOMPARE(w.worstLevel(), 0);
    }
};

OM_TEST_GUILESS_MAIN(TestAlertWatch)
#include "tst_alertwatch.moc"
