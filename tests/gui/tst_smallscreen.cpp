// SPDX-License-Identifier: GPL-3.0-or-later
// The window on a 1366×768 laptop screen beside a 1600×1000 one (the offscreen platform given
// those two screens): it opens within the screen it is on, and a size saved on the big screen
// does not come back larger than the small screen when the connection is opened there.
#include "common/elidinglabel.h"
#include "core/dashboard/snapshotpoller.h"
#include "isolatedsettings.h"
#include "mainwindow.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "windowcontext.h"

#include <QDir>
#include <QFile>
#include <QScreen>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>

using namespace om;
using namespace om::test;

namespace {
/// The laptop at (0, 0), the big screen right of it. Written before the application exists:
/// the platform reads it when it starts.
QString screensFile() { return QDir::temp().filePath(QStringLiteral("om-smallscreen-%1.json").arg(QCoreApplication::applicationPid())); }
} // namespace

class TestSmallScreen : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    static QScreen *screenOfSize(int width) {
        for (QScreen *s : QGuiApplication::screens())
            if (s->geometry().width() == width)
                return s;
        return nullptr;
    }
    std::unique_ptr<MainWindow> openOn(QScreen *screen) {
        auto w = std::make_unique<MainWindow>(windowContext(m_db->connectionString(), "app_outbox", QStringLiteral("orders")));
        w->setScreen(screen);
        w->move(screen->availableGeometry().topLeft());
        w->show();
        return w;
    }

public:
    static void initMain() {
        QFile f(screensFile());
        if (f.open(QIODevice::WriteOnly))
            f.write(R"({"screens": [
                {"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
                {"name": "desk", "x": 1366, "y": 0, "width": 1600, "height": 1000, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
        qputenv("QT_QPA_PLATFORM", QByteArray("offscreen:configfile=") + QFile::encodeName(screensFile()));
    }

private slots:
    void initTestCase() {
        QFile::remove(screensFile()); // read already
        installTestTranslations();    // OM_LANG=ja: the screenshots in Japanese
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path());
        QVERIFY2(screenOfSize(1366) && screenOfSize(1600), "the offscreen platform did not take the two screens");
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_db->exec(R"(INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status)
                      SELECT 'K' || g, 'E', 'D' || (g % 3), '{}', CASE WHEN g <= 40 THEN 'PENDING' WHEN g <= 50 THEN 'FAILED' ELSE 'SENT' END
                      FROM generate_series(1, 400) g)");
    }

    /// A first window on the laptop fits it; on the big screen it takes most of it.
    void opensWithinItsScreen() {
        for (const int width : {1366, 1600}) {
            QScreen *screen = screenOfSize(width);
            const auto w = openOn(screen);
            if (width == 1600)
                w->resize(1440, 900); // as fitToScreen() sizes it when the desk is the primary screen
            QSignalSpy snaps(w->poller(), &SnapshotPoller::snapshotReady);
            QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 10000);
            QTest::qWait(200);
            const QRect avail = screen->availableGeometry();
            QVERIFY2(w->width() <= avail.width() && w->height() <= avail.height(),
                     qPrintable(QStringLiteral("%1×%2 on %3×%4").arg(w->width()).arg(w->height()).arg(avail.width()).arg(avail.height())));
            // The status bar's segments say their whole text.
            for (const ElidingLabel *segment : w->statusBar()->findChildren<ElidingLabel *>())
                if (segment->isVisible())
                    QTRY_VERIFY2(segment->shownText() == segment->fullText(), qPrintable(segment->fullText()));
            QTest::qWait(screenshotsWanted() ? 600 : 0);
            saveScreenshot(w.get(), QStringLiteral("window-on-%1").arg(width));
        }
    }

    /// Left at 1440×900 (on a bigger screen that has gone since: the size is kept with the
    /// position, here the laptop's), the connection comes back within the laptop's screen,
    /// status bar and all.
    void aSavedSizeLargerThanTheScreenIsNotBroughtBack() {
        QScreen *laptop = screenOfSize(1366);
        {
            const auto w = openOn(laptop);
            w->resize(1440, 900); // the offscreen platform lets a window be larger than its screen
            QTRY_COMPARE(w->size(), QSize(1440, 900));
        } // the window saves its state as it closes
        MainWindow w(windowContext(m_db->connectionString(), "app_outbox", QStringLiteral("orders")));
        const QRect avail = laptop->availableGeometry();
        QVERIFY2(w.height() <= avail.height() && w.width() <= avail.width(), qPrintable(QStringLiteral("%1×%2").arg(w.width()).arg(w.height())));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(w.height() <= avail.height() && w.width() <= avail.width(), qPrintable(QStringLiteral("%1×%2").arg(w.width()).arg(w.height())));
        QVERIFY(avail.contains(w.geometry().topLeft()));
    }
};

OM_TEST_MAIN(TestSmallScreen)
#include "tst_smallscreen.moc"
