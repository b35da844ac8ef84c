// SPDX-License-Identifier: GPL-3.0-or-later
// The window against a real database, offscreen: the tiles show the server's numbers and the
// status bar says where they come from; a kit applied while it is open lets it act.
#include "core/common/countformat.h"
#include "core/dashboard/snapshotpoller.h"
#include "common/elidinglabel.h"
#include "dashboard/dashboardview.h"
#include "dashboard/profilecheckbanner.h"
#include "dashboard/statustiles.h"
#include "mainwindow.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testmain.h"
#include "windowcontext.h"

#include <QApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QUrl>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

#include <QTest>

using namespace om;
using namespace om::test;

/// Stands in for the desktop: the URLs QDesktopServices::openUrl was asked to open.
class UrlCatcher : public QObject {
    Q_OBJECT
public:
    QList<QUrl> opened;
public slots:
    void open(const QUrl &url) { opened << url; }
};

class TestMainWindow : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

private slots:
    void initTestCase() {
        // The window's history store must not write into the developer's own app-data folder.
        QStandardPaths::setTestModeEnabled(true);
        OM_CREATE_TEST_DATABASE(m_db, {"seed000_app_outbox.sql"});
    }

    // The counts the tiles must show, whatever an earlier function changed.
    void init() {
        m_db->exec("TRUNCATE app_outbox");
        m_db->exec(R"(INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status)
                      SELECT 'K' || g, 'E', 'D', '{}', CASE WHEN g <= 7 THEN 'PENDING' WHEN g <= 10 THEN 'FAILED' ELSE 'SENT' END
                      FROM generate_series(1, 25) g)");
    }

    void tilesShowTheServersCounts() {
        MainWindow w(windowContext(m_db->connectionString()));
        w.show();
        QSignalSpy snaps(w.poller(), &SnapshotPoller::snapshotReady);
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 10000);
        QCOMPARE(w.tiles()->tileText("state:PENDING"), formatCount(7));
        QCOMPARE(w.tiles()->tileText("state:FAILED"), formatCount(3));
        QCOMPARE(w.tiles()->tileText("state:SENT"), formatCount(15));
        QVERIFY(w.connectionText().contains("Connected"));
        // The offscreen desktop has no system tray: the status bar says that alerts stay in the
        // window, for as long as the window is open.
        const QLabel *noTray = w.findChild<QLabel *>(QStringLiteral("noTray"));
        QVERIFY(noTray && noTray->isVisible());
        QVERIFY2(noTray->toolTip().contains(QStringLiteral("No system tray")), qPrintable(noTray->toolTip()));

        // A change on the server shows up at the next refresh.
        m_db->exec("UPDATE app_outbox SET status = 'SENT' WHERE status = 'FAILED'");
        w.poller()->refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(w.tiles()->tileText("state:FAILED"), formatCount(0), 10000);
    }

    /// The window fits a 1366×768 laptop screen (once its minimum was 967×852, the status bar
    /// off screen), every tab at that size, and the status bar's texts are not cut.
    void fitsASmallLaptopScreen() {
        MainWindow w(windowContext(m_db->connectionString()));
        w.resize(1366, 768 - 48); // less a panel or task bar
        w.show();
        QSignalSpy snaps(w.poller(), &SnapshotPoller::snapshotReady);
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 10000);
        const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
        QVERIFY2(least.width() <= 1366 && least.height() <= 768 - 48,
                 qPrintable(QStringLiteral("%1×%2").arg(least.width()).arg(least.height())));
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QTest::qWait(50);
            QVERIFY2(w.height() <= 768 - 48 && w.width() <= 1366, qPrintable(w.tabs()->tabText(i)));
        }
        w.tabs()->setCurrentIndex(0);
        // The status bar's segments say their whole text at this width.
        for (const ElidingLabel *segment : w.statusBar()->findChildren<ElidingLabel *>())
            if (segment->isVisible())
                QTRY_COMPARE(segment->shownText(), segment->fullText());
        QTest::qWait(screenshotsWanted() ? 800 : 0);
        saveScreenshot(&w, QStringLiteral("window-1366x720"));
    }

    void unreachableServerSaysSo() {
        MainWindow w(windowContext(QStringLiteral("host=127.0.0.1 port=1 dbname=x connect_timeout=2"), "app_outbox", QStringLiteral("nowhere")));
        w.show();
        QSignalSpy failed(w.poller(), &SnapshotPoller::refreshFailed);
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() >= 1, 10000);
        QTRY_VERIFY(w.connectionText().startsWith("Not connected"));
        QVERIFY(w.connectionText().contains("retrying"));
    }

    // A DBA applies the kit while the window is open: the next profile check (here "Check
    // again"; also every few minutes and on reconnect) asks again what the role may change, and
    // the actions appear without a restart.
    void aKitAppliedWhileOpenAllowsTheActions() {
        std::unique_ptr<TestDatabase> bare;
        OM_CREATE_TEST_DATABASE(bare, TestDatabase::allSeeds());
        MainWindow w(windowContext(bare->connectionString()));
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(!access.isEmpty(), 15000);
        QCOMPARE(access.constLast().at(0).toBool(), false);
        auto *toolBar = w.findChild<QToolBar *>(QStringLiteral("actionsToolBar"));
        QVERIFY(toolBar && toolBar->isHidden());
        ProfileCheckBanner *banner = w.dashboardView()->profileCheckBanner();
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);

        for (const QString &file : TestDatabase::seedsWithAdminKit().mid(TestDatabase::allSeeds().size()))
            bare->applyFile(file);
        access.clear();
        emit banner->linkActivated(QStringLiteral("recheck"));
        QTRY_VERIFY_WITH_TIMEOUT(!access.isEmpty() && access.constLast().at(0).toBool(), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(banner->isHidden(), 15000);
        QVERIFY(toolBar->isVisible());
        QVERIFY(w.findChild<QAction *>(QStringLiteral("retry"))->isVisible());
    }

    // Help → User guide (F1) hands the guide to the desktop: from a build, this source tree's
    // docs/user-guide.md. The desktop is stood in for by a handler of file URLs.
    void helpMenuOpensTheUserGuide() {
        MainWindow w(windowContext(m_db->connectionString()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *help = w.findChild<QMenu *>(QStringLiteral("helpMenu"));
        QVERIFY(help);
        QCOMPARE(w.menuBar()->actions().constLast(), help->menuAction()); // last, as on every desktop
        QVERIFY(help->title().contains(QLatin1Char('&')));
        auto *guide = help->findChild<QAction *>(QStringLiteral("userGuide"));
        QVERIFY(guide && help->actions().contains(guide));
        QCOMPARE(guide->shortcut(), QKeySequence(Qt::Key_F1));

        UrlCatcher desktop;
        QDesktopServices::setUrlHandler(QStringLiteral("file"), &desktop, "open");
        QTest::keyClick(&w, Qt::Key_F1);
        QTRY_COMPARE(desktop.opened.size(), 1);
        QDesktopServices::unsetUrlHandler(QStringLiteral("file"));
        const QString expected = QDir::cleanPath(QStringLiteral(OM_SOURCE_DIR "/docs/user-guide.md"));
        QCOMPARE(desktop.opened.constFirst(), QUrl::fromLocalFile(expected));
        QVERIFY(QFile::exists(expected));
    }
};

OM_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
