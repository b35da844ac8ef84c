// SPDX-License-Identifier: GPL-3.0-or-later
// DesktopAlerts (alerts): the snapshots a window receives become one notification per
// threshold crossing, worded with the database and the number, and a desktop without a system
// tray (the offscreen platform has none) is said, not silently ignored.
// On a desktop with a tray (Xvfb with trayer, QT_QPA_PLATFORM=xcb),
// crossingsOfOneRefreshAreOneNotification also checks the notification on screen and, with
// OM_SCREENSHOT_DIR=dir, saves the screen with it (OM_LANG=ja: in Japanese).
#include "alerts/desktopalerts.h"
#include "core/common/timeformat.h"
#include "core/model/snapshot.h"
#include "core/dashboard/tilevalues.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QScreen>
#include <QSignalSpy>
#include <QSystemTrayIcon>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

Snapshot snapshot(qint64 stuck, double oldestS, qint64 failed) {
    Snapshot s;
    StateCount f;
    f.name = QStringLiteral("FAILED");
    f.count = failed;
    s.states << f;
    s.stuck = stuck;
    s.oldestWaitingAgeS = oldestS;
    return s;
}

QMap<QString, Threshold> thresholds() {
    return {{QStringLiteral("stuck"), {0, 1}}, {QStringLiteral("oldest"), {300, 1800}}, {QStringLiteral("state:FAILED"), {100, 1000}}};
}

} // namespace

class TestDesktopAlerts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { installTestTranslations(); }

    void noTrayIsSaid() {
        if (QSystemTrayIcon::isSystemTrayAvailable()) { // under Xvfb with a tray: nothing to say
            QVERIFY(DesktopAlerts(QStringLiteral("orders@db-1:5432")).trayProblem().isEmpty());
            return;
        }
        DesktopAlerts alerts(QStringLiteral("orders@db-1:5432"));
        QVERIFY2(alerts.trayProblem().contains(QStringLiteral("No system tray")), qPrintable(alerts.trayProblem()));
    }

    void tileValuesAreTheTilesKeys() {
        const QMap<QString, double> v = tileValues(snapshot(3, 42, 7));
        QCOMPARE(v.value(QStringLiteral("stuck")), 3.0);
        QCOMPARE(v.value(QStringLiteral("oldest")), 42.0);
        QCOMPARE(v.value(QStringLiteral("state:FAILED")), 7.0);
        QVERIFY(!v.contains(QStringLiteral("nearMax"))); // the snapshot has no near-max count
    }

    void crossingsAreAnnouncedOnceWithHysteresis() {
        DesktopAlerts alerts(QStringLiteral("orders@db-1:5432"));
        qint64 now = 0;
        alerts.setClock([&now] { return now; });
        QSignalSpy spy(&alerts, &DesktopAlerts::crossed);
        alerts.showSnapshot(snapshot(0, 10, 5), thresholds());
        QCOMPARE(spy.count(), 0);
        now += 5000;
        alerts.showSnapshot(snapshot(4, 2000, 150), thresholds()); // three tiles cross at once
        QCOMPARE(spy.count(), 3);
        for (int i = 0; i < 20; ++i) { // still above on every refresh: nothing more
            now += 5000;
            alerts.showSnapshot(snapshot(4 + i, 2000 + i * 5, 150 + i), thresholds());
        }
        QCOMPARE(spy.count(), 3);
        now += 5000;
        alerts.showSnapshot(snapshot(4, 2000, 95), thresholds()); // 95: within 10 % of 100, still a warning
        now += 5000;
        alerts.showSnapshot(snapshot(4, 2000, 120), thresholds());
        QCOMPARE(spy.count(), 3);
        now += 5000;
        alerts.showSnapshot(snapshot(4, 2000, 1200), thresholds()); // FAILED reaches critical: its own crossing
        QCOMPARE(spy.count(), 4);
        const AlertCrossing c = spy.last().at(0).value<AlertCrossing>();
        QCOMPARE(c.key, QStringLiteral("state:FAILED"));
        QCOMPARE(c.level, 2);
    }

    // Three tiles crossing in one refresh are one notification naming all three. On a desktop
    // with a tray (Xvfb + trayer, QT_QPA_PLATFORM=xcb) it is shown, as Qt's balloon by the icon
    // (no notification service on D-Bus there), and photographed with OM_SCREENSHOT_DIR.
    void crossingsOfOneRefreshAreOneNotification() {
        DesktopAlerts alerts(QStringLiteral("[production] orders-eu"));
        alerts.showSnapshot(snapshot(0, 10, 5), thresholds());
        alerts.showSnapshot(snapshot(12, 2000, 1418), thresholds());
        const QStringList lines = alerts.lastMessage().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3);
        for (const AlertCrossing &c : {AlertCrossing{QStringLiteral("stuck"), 2, 12, 1}, AlertCrossing{QStringLiteral("state:FAILED"), 2, 1418, 1000},
                                       AlertCrossing{QStringLiteral("oldest"), 2, 2000, 1800}})
            QVERIFY2(lines.contains(DesktopAlerts::describe(c)), qPrintable(alerts.lastMessage()));
        if (!QSystemTrayIcon::isSystemTrayAvailable())
            return; // offscreen: no tray to show it on (noTrayIsSaid)
        QWidget *balloon = nullptr;
        const auto findBalloon = [&balloon] {
            for (QWidget *w : QApplication::topLevelWidgets())
                if (w->isVisible() && QLatin1String(w->metaObject()->className()) == QLatin1String("QBalloonTip"))
                    balloon = w;
            return balloon != nullptr;
        };
        QTRY_VERIFY_WITH_TIMEOUT(findBalloon(), 5000);
        QStringList shown;
        for (QLabel *l : balloon->findChildren<QLabel *>())
            shown << l->text();
        for (const QString &line : lines)
            QVERIFY2(shown.join(QLatin1Char('\n')).contains(line.toHtmlEscaped()) || shown.join(QLatin1Char('\n')).contains(line),
                     qPrintable(shown.join(QLatin1Char('\n'))));
        if (const QString dir = qEnvironmentVariable("OM_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(800);
            QGuiApplication::primaryScreen()->grabWindow(0).save(
                QDir(dir).filePath(QStringLiteral("notification-%1.png").arg(testLanguage())));
        }
    }

    void wordingNamesTheTileAndTheNumbers() {
        QCOMPARE(DesktopAlerts::describe({QStringLiteral("stuck"), 2, 12, 1}), QStringLiteral("Stuck: 12 (critical at 1)"));
        QCOMPARE(DesktopAlerts::describe({QStringLiteral("state:FAILED"), 1, 1418, 100}), QStringLiteral("FAILED: 1,418 (warning at 100)"));
        QCOMPARE(DesktopAlerts::describe({QStringLiteral("oldest"), 2, 1900, 1800}),
                 QStringLiteral("Oldest waiting message is %1 old (critical at %2)").arg(formatAge(1900), formatAge(1800)));
    }
};

OM_TEST_MAIN(TestDesktopAlerts)
#include "tst_desktopalerts.moc"
