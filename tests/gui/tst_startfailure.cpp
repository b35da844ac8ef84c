// SPDX-License-Identifier: GPL-3.0-or-later
// A start that fails says what failed and asks, instead of retrying forever: the real window on a
// connection with no such role, no such database and nothing listening. What retrying cannot fix
// stops the poller and offers "Change connection…" and "Try again"; an unreachable server keeps
// being tried and the question closes itself once the server answers. The status bar never says
// the role "cannot change messages" when nothing was learnt about the role.
#include "connection/startfailurewatcher.h"
#include "core/dashboard/snapshotpoller.h"
#include "dashboard/dashboardview.h"
#include "freezingproxy.h"
#include "mainwindow.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace om;
using namespace om::test;

Q_DECLARE_METATYPE(om::ConnectProblem)

class TestStartFailure : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    std::unique_ptr<MainWindow> window(const QString &connInfo) {
        GatewayConfig c;
        c.connInfo = connInfo;
        c.connectTimeoutS = 2;
        AppContext ctx;
        ctx.gateway = new Gateway(c);
        ctx.profile = *SchemaProfile::builtIn("app_outbox");
        ctx.connectionLabel = QStringLiteral("127.0.0.1/test");
        auto w = std::make_unique<MainWindow>(ctx);
        w->poller()->setIntervalMs(500);
        return w;
    }
    static QString tcp(const QString &rest) {
        return QStringLiteral("host=127.0.0.1 port=%1 %2").arg(qEnvironmentVariable("PGPORT"), rest);
    }
    static QPushButton *button(QMessageBox *box, const QString &text) {
        for (QAbstractButton *b : box->buttons())
            if (b->text() == text)
                return qobject_cast<QPushButton *>(b);
        return nullptr;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        OM_CREATE_TEST_DATABASE(m_db, QStringList{"seed000_app_outbox.sql"});
    }

    void whatRetryingCannotFixStopsAndAsks_data() {
        QTest::addColumn<QString>("connInfo");
        QTest::addColumn<QString>("explanation");
        QTest::newRow("no such role") << tcp("user=om_no_such_role dbname=" + m_db->name()) << "has no such role";
        QTest::newRow("no such database") << tcp("dbname=om_no_such_database") << "has no such database";
    }

    void whatRetryingCannotFixStopsAndAsks() {
        QFETCH(QString, connInfo);
        QFETCH(QString, explanation);
        auto w = window(connInfo);
        auto *watcher = new StartFailureWatcher(w->poller(), w.get(), w->context().connectionLabel);
        QSignalSpy failed(w->poller(), &SnapshotPoller::refreshFailed);
        QSignalSpy change(watcher, &StartFailureWatcher::changeConnectionRequested);
        w->show();
        QTRY_VERIFY_WITH_TIMEOUT(watcher->box() && watcher->box()->isVisible(), 15000);
        QMessageBox *box = watcher->box();
        QVERIFY2(box->text().contains(explanation), qPrintable(box->text()));
        QVERIFY(box->informativeText().contains("stopped trying"));
        QVERIFY(!box->detailedText().isEmpty()); // the server's own words
        QVERIFY2(w->connectionText().contains("not retrying"), qPrintable(w->connectionText()));
        auto *dashboard = w->findChild<DashboardView *>();
        QVERIFY2(dashboard->healthText().contains("not retrying"), qPrintable(dashboard->healthText()));
        // Never connected: the charts (local history only) say they are not live.
        QVERIFY2(dashboard->notLiveText().startsWith("Not live"), qPrintable(dashboard->notLiveText()));
        QVERIFY2(!w->accessText().contains("cannot change messages"), qPrintable(w->accessText()));
        // No endless retry: several intervals later, still the one attempt.
        QTest::qWait(2500);
        QCOMPARE(failed.count(), 1);

        // "Try again" tries once more and asks again.
        QPushButton *again = button(box, "Try again");
        QVERIFY(again);
        again->click();
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 2, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(watcher->box() && watcher->box()->isVisible(), 5000);
        QPushButton *changeButton = button(watcher->box(), "Change connection…");
        QVERIFY(changeButton);
        changeButton->click();
        QCOMPARE(change.count(), 1);
        // The dashboard's "Reconnect now" tries again too (the poller had stopped).
        QVERIFY(!w->poller()->isRunning());
        dashboard->reconnectNow();
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 3, 15000);
    }

    // Unreachable first, then the server answers without the database: the retrying that could
    // not help by then stops, and the question says what is now known.
    void aProblemRetryingCannotFixStopsAlsoLater() {
        FreezingProxy proxy(QHostAddress::LocalHost, quint16(qEnvironmentVariableIntValue("PGPORT")));
        QVERIFY(proxy.isListening());
        proxy.freeze();
        auto w = window(proxy.connectionString(QStringLiteral("om_no_such_database")));
        auto *watcher = new StartFailureWatcher(w->poller(), w.get(), w->context().connectionLabel);
        QSignalSpy started(w->poller(), &SnapshotPoller::startFailed);
        w->show();
        QTRY_VERIFY_WITH_TIMEOUT(started.count() == 1, 20000);
        QCOMPARE(started.at(0).at(2).toBool(), true); // unreachable: still trying
        proxy.release();
        QTRY_VERIFY_WITH_TIMEOUT(started.count() == 2, 60000);
        QCOMPARE(started.at(1).at(0).value<ConnectProblem>(), ConnectProblem::DatabaseMissing);
        QCOMPARE(started.at(1).at(2).toBool(), false);
        QVERIFY(!w->poller()->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(watcher->box() && watcher->box()->text().contains("has no such database"), 5000);
    }

    // Nothing listening (yet): the start keeps being tried, the question says so and closes by
    // itself when the server answers.
    void unreachableKeepsTryingAndTheQuestionCloses() {
        FreezingProxy proxy(QHostAddress::LocalHost, quint16(qEnvironmentVariableIntValue("PGPORT")));
        QVERIFY(proxy.isListening());
        proxy.freeze(); // accepted, never answered: libpq's connect_timeout ends each attempt
        auto w = window(proxy.connectionString(m_db->name()));
        auto *watcher = new StartFailureWatcher(w->poller(), w.get(), w->context().connectionLabel);
        QSignalSpy failed(w->poller(), &SnapshotPoller::refreshFailed);
        QSignalSpy snaps(w->poller(), &SnapshotPoller::snapshotReady);
        w->show();
        QTRY_VERIFY_WITH_TIMEOUT(watcher->box() && watcher->box()->isVisible(), 20000);
        QVERIFY2(watcher->box()->text().contains("No server answered"), qPrintable(watcher->box()->text()));
        QVERIFY(watcher->box()->informativeText().contains("keeps trying"));
        QVERIFY(!button(watcher->box(), "Try again"));
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() >= 2, 30000); // still trying
        proxy.release();
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!watcher->box(), 5000);
    }
};

OM_TEST_MAIN(TestStartFailure)
#include "tst_startfailure.moc"
