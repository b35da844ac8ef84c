// SPDX-License-Identifier: GPL-3.0-or-later
// The window through a network that stops answering (a loopback proxy that freezes: connections
// stay open, nothing is forwarded). The dashboard says "server not answering" within the
// watchdog's bound, greys what it can no longer refresh without widening the window, offers
// "Reconnect now", and recovers by itself when the network is back; closing the window while
// frozen finishes at once. Every built-in profile.
#include "messageids.h"
#include "core/dashboard/snapshotpoller.h"
#include "dashboard/dashboardview.h"
#include "dashboard/failuregrouppanel.h"
#include "actionfixture.h"
#include "audit/auditmodel.h"
#include "audit/auditview.h"
#include "dashboard/statustiles.h"
#include "freezingproxy.h"
#include "mainwindow.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testserver.h"
#include "triage/detailpane.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QElapsedTimer>
#include <QGraphicsColorizeEffect>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestOutage : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<FreezingProxy> m_proxy;
    QTemporaryDir m_tmp;
    static constexpr int kWatchdogMs = 2000;
    static constexpr int kIntervalMs = 500;

    AppContext context(const QString &profileId, int watchdogMs = kWatchdogMs) const {
        GatewayConfig c;
        c.connInfo = m_proxy->connectionString(m_db->name());
        c.connectTimeoutS = 2;
        c.watchdogMs = watchdogMs;
        AppContext ctx;
        ctx.gateway = new Gateway(c);
        ctx.profile = *SchemaProfile::builtIn(profileId);
        ctx.connectionLabel = QStringLiteral("through the proxy");
        ctx.connectionKey = QStringLiteral("outage/") + profileId;
        return ctx;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        installTestTranslations(); // OM_LANG=ja: the screenshots in Japanese
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        m_proxy = std::make_unique<FreezingProxy>(QHostAddress::LocalHost, serverPort());
        QVERIFY(m_proxy->isListening());
    }

    void init() { m_proxy->release(); }

    void notAnsweringWithinTheBoundThenRecovers_data() { addProfileRows(); }

    void notAnsweringWithinTheBoundThenRecovers() {
        QFETCH(QString, profileId);
        AppContext ctx = context(profileId);
        std::unique_ptr<DatabaseLink> gateway(ctx.gateway);
        SnapshotPoller poller(ctx.gateway, ctx.profile);
        DashboardView view(ctx, &poller, m_tmp.filePath(profileId + ".sqlite"));
        poller.setIntervalMs(kIntervalMs);
        view.resize(1440, 900);
        view.show();
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(view.healthText().contains("Connection up"), 15000);
        QVERIFY(!view.isStale());
        const int widthBefore = view.width();

        m_proxy->freeze();
        QElapsedTimer frozen;
        frozen.start();
        // The next refresh goes out within one interval and gets no answer: declared within the
        // watchdog's bound after that (the slack is for a busy shared machine).
        QTRY_VERIFY_WITH_TIMEOUT(view.healthText().contains("not answering"), kIntervalMs + kWatchdogMs + 5000);
        qInfo() << profileId << "declared not answering after" << frozen.elapsed() << "ms (bound" << kIntervalMs + kWatchdogMs
                << "ms):" << view.healthText();
        QVERIFY(view.healthText().contains("Connection down"));
        QVERIFY(view.isStale());
        QVERIFY(view.tiles()->isStale());
        QVERIFY2(view.notLiveText().startsWith("Not live since"), qPrintable(view.notLiveText())); // the charts say it too
        auto *reconnect = view.findChild<QPushButton *>();
        QVERIFY(reconnect);
        bool found = false;
        for (QPushButton *b : view.findChildren<QPushButton *>())
            found = found || (b->text() == QLatin1String("Reconnect now") && b->isVisible());
        QVERIFY(found);
        // The long outage line is elided: the window keeps its width.
        QVERIFY2(view.minimumSizeHint().width() <= 1440, qPrintable(QString::number(view.minimumSizeHint().width())));
        QCOMPARE(view.width(), widthBefore);

        m_proxy->release();
        view.reconnectNow(); // what the button does: no waiting out the backoff
        QTRY_VERIFY_WITH_TIMEOUT(view.healthText().contains("Connection up"), 15000);
        QVERIFY(!view.isStale());
        QVERIFY(!view.tiles()->isStale());
        QCOMPARE(view.notLiveText(), QString());
        poller.stop();
    }

    /// Data older than two refresh intervals looks old at once: greyed, "no answer for N s" and
    /// "as of", long before the connection is declared lost (here after 20 s), on every reading
    /// of the tab (tiles, charts, forecast, failure groups, the last hour's actions).
    void staleAtOnceBeforeTheConnectionIsDeclaredLost() {
        AppContext ctx = context(QStringLiteral("app_outbox"), 20000);
        std::unique_ptr<DatabaseLink> gateway(ctx.gateway);
        SnapshotPoller poller(ctx.gateway, ctx.profile);
        DashboardView view(ctx, &poller, m_tmp.filePath(QStringLiteral("stale-at-once.sqlite")));
        poller.setIntervalMs(1000);
        view.resize(1440, 900);
        view.show();
        QSignalSpy snapshots(&poller, &SnapshotPoller::snapshotReady);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(!snapshots.isEmpty(), 15000);
        QVERIFY(!view.isStale());
        QCOMPARE(view.notLiveText(), QString());
        auto *forecast = view.findChild<QLabel *>(QStringLiteral("drainForecast"));
        auto *groups = view.findChild<FailureGroupPanel *>();
        QVERIFY(forecast && groups);
        auto greyed = [](const QWidget *w) {
            return w->palette().color(QPalette::Active, QPalette::WindowText) == w->palette().color(QPalette::Disabled, QPalette::WindowText);
        };
        QVERIFY(!greyed(forecast));

        m_proxy->freeze();
        QElapsedTimer frozen;
        frozen.start();
        // Two intervals and the health line's one-second tick, with slack for a busy machine.
        QTRY_VERIFY_WITH_TIMEOUT(view.isStale(), 2 * 1000 + 1000 + 3000);
        qInfo() << "shown as not live after" << frozen.elapsed() << "ms:" << view.healthText();
        QVERIFY(!view.notLiveText().isEmpty());
        if (english()) {
            QVERIFY2(view.healthText().startsWith("● No answer for"), qPrintable(view.healthText()));
            QVERIFY2(!view.healthText().contains("Connection down"), qPrintable(view.healthText()));
            QVERIFY2(view.notLiveText().startsWith("Not live since"), qPrintable(view.notLiveText()));
        }
        QVERIFY(view.tiles()->isStale());
        QVERIFY(greyed(forecast));
        QVERIFY(greyed(groups));
        auto chartsGrey = [&view] { // a disabled chart still draws in colour: drawn through a grey effect
            int n = 0;
            for (QWidget *w : view.findChildren<QWidget *>())
                n += qobject_cast<QGraphicsColorizeEffect *>(w->graphicsEffect()) != nullptr;
            return n;
        };
        QCOMPARE(chartsGrey(), 2); // the recorded history and the table's flow
        if (!qEnvironmentVariableIsEmpty("OM_SCREENSHOT_DIR")) {
            QTest::qWait(200); // the paint of the greyed tab
            saveScreenshot(&view, QStringLiteral("dashboard-no-answer"));
        }

        m_proxy->release();
        QTRY_VERIFY_WITH_TIMEOUT(!view.isStale(), 25000);
        QCOMPARE(view.notLiveText(), QString());
        QCOMPARE(chartsGrey(), 0);
        QVERIFY(!greyed(forecast));
        poller.stop();
    }

    // The lists read only when asked, so only the poller notices an outage: Triage (with its detail
    // pane) and the Audit tab grey what they show and say they are not refreshing, until data
    // flows again. Before, Triage kept "Age 0 s" in full colour for rows read 13 minutes earlier.
    void listsGreyWhileDownThenRecover_data() { addProfileRows(); }
    void listsGreyWhileDownThenRecover() {
        QFETCH(QString, profileId);
        AppContext ctx = context(profileId);
        const SchemaProfile &p = ctx.profile;
        insertMessages(*m_db, p, p.actions.value(QStringLiteral("retry")).from.first(), 3);
        MainWindow w(ctx);
        w.poller()->setIntervalMs(kIntervalMs);
        w.resize(1440, 900);
        w.show();
        TriageView *triage = w.triageView();
        AuditView *audit = w.auditView();
        w.tabs()->setCurrentWidget(triage);
        triage->setView(ListFilter::View::All);
        QTRY_VERIFY_WITH_TIMEOUT(!triage->model()->isLoading() && triage->model()->rowCount() > 0 && !triage->dataAgeText().isEmpty(), 15000);
        triage->table()->selectRow(0);
        QTRY_VERIFY_WITH_TIMEOUT(!triage->detailPane()->messageId().isNull() && !triage->detailPane()->dataAgeText().isEmpty(), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!audit->model()->isLoading() && !audit->dataAgeText().isEmpty(), 15000);
        const QColor live = triage->table()->palette().color(QPalette::Active, QPalette::Text);
        QVERIFY(!triage->isStale() && !audit->isStale() && !triage->detailPane()->isStale());

        m_proxy->freeze();
        QTRY_VERIFY_WITH_TIMEOUT(triage->isStale() && audit->isStale(), kIntervalMs + kWatchdogMs + 5000);
        QVERIFY(triage->detailPane()->isStale());
        const QPalette grey = triage->table()->palette();
        QCOMPARE(grey.color(QPalette::Active, QPalette::Text), grey.color(QPalette::Disabled, QPalette::Text));
        QVERIFY(grey.color(QPalette::Active, QPalette::Text) != live);
        QCOMPARE(audit->table()->palette().color(QPalette::Active, QPalette::Text), grey.color(QPalette::Disabled, QPalette::Text));
        if (testLanguage() == QLatin1String("en")) {
            QVERIFY2(triage->dataAgeText().contains("not refreshing"), qPrintable(triage->dataAgeText()));
            QVERIFY2(audit->dataAgeText().contains("not refreshing"), qPrintable(audit->dataAgeText()));
        }
        // Still readable: the rows and the selection stay.
        QVERIFY(triage->model()->rowCount() > 0);
        QVERIFY(!triage->detailPane()->messageId().isNull());
        if (profileId == QLatin1String("app_outbox") && screenshotsWanted()) {
            QTest::qWait(3000); // the ages have counted on
            saveScreenshot(&w, QStringLiteral("outage-triage"));
            w.tabs()->setCurrentIndex(0);
            QTest::qWait(300);
            saveScreenshot(&w, QStringLiteral("outage-dashboard"));
            w.tabs()->setCurrentWidget(triage);
        }

        m_proxy->release();
        w.findChild<DashboardView *>()->reconnectNow();
        QTRY_VERIFY_WITH_TIMEOUT(!triage->isStale() && !audit->isStale() && !triage->detailPane()->isStale(), 15000);
        QCOMPARE(triage->table()->palette().color(QPalette::Active, QPalette::Text), live);
        if (testLanguage() == QLatin1String("en"))
            QVERIFY2(!triage->dataAgeText().contains("not refreshing"), qPrintable(triage->dataAgeText()));
    }

    void closingWhileFrozenFinishesAtOnce() {
        AppContext ctx = context(QStringLiteral("app_outbox"));
        auto window = std::make_unique<MainWindow>(ctx);
        window->poller()->setIntervalMs(kIntervalMs);
        window->show();
        QSignalSpy snaps(window->poller(), &SnapshotPoller::snapshotReady);
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 15000);
        m_proxy->freeze();
        QTest::qWait(kIntervalMs + 300); // a refresh is now waiting for an answer that never comes
        QElapsedTimer t;
        t.start();
        window->close();
        window.reset();
        const qint64 closeMs = t.elapsed();
        qInfo() << "window closed in" << closeMs << "ms while frozen";
        QVERIFY2(closeMs < 1000, qPrintable(QString::number(closeMs)));
        m_proxy->release();
    }
};

OM_TEST_MAIN(TestOutage)
#include "tst_outage.moc"
