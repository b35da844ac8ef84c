// SPDX-License-Identifier: GPL-3.0-or-later
// The fleet overview against real databases: one row per database with the numbers
// its own snapshot gives (every built-in profile), worst first; a database that goes down is a
// row that says so, greyed, and comes back by itself; one that was never reachable, or whose
// profile cannot be read, says why; a crossing is announced once, naming the database; the
// overview's sessions are read-only; and closing is quick while a database hangs.
#include "actionfixture.h"
#include "core/sql/statesql.h"
#include "core/fleet/fleetmember.h"
#include "alerts/desktopalerts.h"
#include "fleet/fleetmodel.h"
#include "fleet/fleettray.h"
#include "fleet/fleetwindow.h"
#include "freezingproxy.h"
#include "core/service/servicecall.h"
#include "link/pgerror.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testserver.h"

#include <QAbstractItemModelTester>
#include <algorithm>
#include <QAction>
#include <QElapsedTimer>
#include <QApplication>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

FleetMember::Setup setup(const QString &name, const QString &connInfo, const QString &profileId, Environment env) {
    FleetMember::Setup s;
    s.connection.name = name;
    s.connection.connInfo = connInfo;
    s.connection.profile = profileId;
    s.connection.environment = env;
    s.profile = SchemaProfile::builtIn(profileId);
    s.intervalMs = 500;
    s.connectTimeoutS = 2;
    return s;
}

FleetMember *memberNamed(const FleetWindow &w, const QString &name) {
    for (FleetMember *m : w.members())
        if (m->connection().name == name)
            return m;
    return nullptr;
}

/// The model's row of `name`, -1 when absent.
int rowOf(const FleetModel &model, const QString &name) {
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, FleetModel::Name).data(FleetModel::NameRole).toString() == name)
            return r;
    return -1;
}

QString cell(const FleetModel &model, const QString &name, int column) {
    return model.index(rowOf(model, name), column).data().toString();
}

} // namespace

class TestFleet : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_orders;  ///< app_outbox and batch_work_item members
    std::unique_ptr<TestDatabase> m_billing; ///< the outbox member, the one that goes down

    /// Rows of `p`'s table in any of `states`, by the profile's own state expression.
    qint64 countIn(TestDatabase &db, const SchemaProfile &p, const QStringList &states) {
        return db.scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE (%2)::text = ANY(string_to_array($1, ','))")
                             .arg(p.qualifiedTable(), sql::stateExpression(p)),
                         {states.join(QLatin1Char(','))})
            .toLongLong();
    }

    /// Ends the fleet's sessions on `db` and lets no new one in (a database that went away), or
    /// lets them in again.
    void setDatabaseReachable(TestDatabase &db, bool reachable) {
        m_orders->exec(QStringLiteral("ALTER DATABASE %1 ALLOW_CONNECTIONS %2").arg(db.name(), reachable ? "true" : "false"));
        if (!reachable)
            m_orders->exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = $1 AND application_name LIKE 'outbox-monitor-fleet%'",
                           {db.name()});
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // thresholds are read from this test's settings
        installTestTranslations();                // OM_LANG=ja: screenshotOfFiveDatabases in Japanese
        OM_CREATE_TEST_DATABASE(m_orders, TestDatabase::seedsWithAdminKit());
        OM_CREATE_TEST_DATABASE(m_billing, TestDatabase::seedsWithAdminKit());
        const SchemaProfile app = *SchemaProfile::builtIn("app_outbox");
        insertMessages(*m_orders, app, app.failedStates.first(), 3, 1);
        insertMessages(*m_orders, app, app.waitingStates.first(), 2, 2);
        insertMessages(*m_orders, app, app.stuckStates.first(), 1, app.stuckTimeoutMinutes + 60); // stuck: critical
        const SchemaProfile outbox = *SchemaProfile::builtIn("outbox");
        insertMessages(*m_billing, outbox, outbox.waitingStates.first(), 4, 1);
    }

    // Every built-in profile, each database's numbers as its own table holds them; worst first;
    // a database down is a row that says so and comes back by itself.
    void overviewFollowsDatabasesDownAndUp() {
        const quint16 closed = closedPort();
        FleetWindow w({setup("orders-eu", m_orders->connectionString(), "app_outbox", Environment::Production),
                       setup("batch-jp", m_orders->connectionString(), "batch_work_item", Environment::Staging),
                       setup("billing", m_billing->connectionString(), "outbox", Environment::Development),
                       setup("gone", loopbackConnectionString(closed, "nowhere"), "app_outbox", Environment::Custom)});
        QAbstractItemModelTester tester(w.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester sortedTester(w.table()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        FleetModel &model = *w.model();
        QCOMPARE(model.rowCount(), 4);
        const auto health = [&w](const QString &name) { return memberNamed(w, name)->reading().health; };
        QTRY_VERIFY_WITH_TIMEOUT(health("orders-eu") == FleetReading::Health::Up && health("batch-jp") == FleetReading::Health::Up
                                     && health("billing") == FleetReading::Health::Up,
                                 15000);
        QTRY_COMPARE_WITH_TIMEOUT(health("gone"), FleetReading::Health::Failing, 15000);

        // The numbers are the tables' own.
        const SchemaProfile app = *SchemaProfile::builtIn("app_outbox");
        const FleetReading orders = memberNamed(w, "orders-eu")->reading();
        QCOMPARE(orders.failed, countIn(*m_orders, app, app.failedStates));
        QCOMPARE(orders.failed, 3);
        QCOMPARE(orders.stuck, 1);
        QCOMPARE(orders.waiting, countIn(*m_orders, app, app.waitingStates));
        QCOMPARE(cell(model, "orders-eu", FleetModel::Failed), QStringLiteral("3"));
        QCOMPARE(cell(model, "orders-eu", FleetModel::Blocked), QString()); // no ordering key
        const SchemaProfile outbox = *SchemaProfile::builtIn("outbox");
        QCOMPARE(memberNamed(w, "billing")->reading().waiting, countIn(*m_billing, outbox, outbox.waitingStates));
        QCOMPARE(memberNamed(w, "billing")->reading().waiting, 4);
        QCOMPARE(memberNamed(w, "batch-jp")->reading().failed, 0);

        // Worst first: the stuck message makes orders-eu critical; the unreachable one next.
        QCOMPARE(cell(model, "orders-eu", FleetModel::State), QStringLiteral("critical"));
        QTRY_COMPARE_WITH_TIMEOUT(w.nameAt(0), QStringLiteral("orders-eu"), 5000);
        QCOMPARE(w.nameAt(1), QStringLiteral("gone"));
        QCOMPARE(cell(model, "gone", FleetModel::State), QStringLiteral("cannot read"));
        QVERIFY2(cell(model, "gone", FleetModel::Connection).contains("refused", Qt::CaseInsensitive),
                 qPrintable(cell(model, "gone", FleetModel::Connection)));
        QCOMPARE(cell(model, "gone", FleetModel::DataAge), QStringLiteral("no data yet"));
        QCOMPARE(w.tray()->level(), 2);
        QCOMPARE(w.summaryText(), QStringLiteral("4 databases: 1 critical, 1 cannot be read, 2 ok"));

        // billing goes away: its row says so, its last numbers stay, greyed, with their age.
        setDatabaseReachable(*m_billing, false);
        QTRY_COMPARE_WITH_TIMEOUT(health("billing"), FleetReading::Health::Failing, 15000);
        const int billing = rowOf(model, "billing");
        QCOMPARE(model.index(billing, FleetModel::Waiting).data().toString(), QStringLiteral("4"));
        QVERIFY(model.index(billing, FleetModel::Waiting).data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(billing, FleetModel::Waiting).data(Qt::ToolTipRole).toString().startsWith("Not current"));
        QVERIFY(!model.index(rowOf(model, "batch-jp"), FleetModel::Waiting).data(Qt::ForegroundRole).isValid());
        QCOMPARE(w.summaryText(), QStringLiteral("4 databases: 1 critical, 2 cannot be read, 1 ok"));
        // The others went on: their data stays fresh.
        QVERIFY(memberNamed(w, "batch-jp")->msSinceSnapshot() < 5000);

        // ... and comes back by itself, with the numbers as they are now.
        insertMessages(*m_billing, outbox, outbox.waitingStates.first(), 1, 1);
        setDatabaseReachable(*m_billing, true);
        QTRY_COMPARE_WITH_TIMEOUT(health("billing"), FleetReading::Health::Up, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(memberNamed(w, "billing")->reading().waiting, 5, 5000);
        QVERIFY(!model.index(rowOf(model, "billing"), FleetModel::Waiting).data(Qt::ForegroundRole).isValid());
    }

    // The overview only reads: its session is read-only whatever the saved connection allows,
    // and a write on it is refused by the server.
    void sessionsAreReadOnly() {
        FleetWindow w({setup("orders-eu", m_orders->connectionString(), "app_outbox", Environment::Production)});
        FleetMember *m = w.members().first();
        QVERIFY(!m->connection().readOnly); // the saved connection itself could act
        QTRY_COMPARE_WITH_TIMEOUT(m->reading().health, FleetReading::Health::Up, 15000);
        QString setting, app, writeError;
        const auto probe = [](PgSession &s) {
            QStringList out{s.query("SHOW default_transaction_read_only").scalar().toString(),
                            s.query("SELECT current_setting('application_name')").scalar().toString()};
            try {
                s.query("CREATE TEMP TABLE fleet_write_probe (x int)");
            } catch (const PgError &e) {
                out << e.message;
            }
            return out;
        };
        const auto heard = [&](const QStringList &out) {
            setting = out.value(0);
            app = out.value(1);
            writeError = out.value(2);
        };
        const auto failed = [&](const PgError &e) { writeError = QStringLiteral("job failed: ") + e.message; };
        gatewayOf(m->gateway()).run<QStringList>(Lane::Monitor, this, probe, heard, failed);
        QTRY_VERIFY_WITH_TIMEOUT(!setting.isEmpty() || writeError.startsWith("job failed"), 10000);
        QCOMPARE(setting, QStringLiteral("on"));
        QCOMPARE(app, QStringLiteral("outbox-monitor-fleet/monitor"));
        QVERIFY2(writeError.contains("read-only transaction"), qPrintable(writeError));
    }

    // A crossing is announced once, naming the database and the number; a click opens it.
    void crossingIsAnnouncedOnceNamingTheDatabase() {
        FleetWindow w({setup("orders-eu", m_orders->connectionString(), "app_outbox", Environment::Production)});
        FleetMember *m = w.members().first();
        QSignalSpy crossed(m, &FleetMember::crossed);
        QTRY_VERIFY_WITH_TIMEOUT(crossed.count() >= 1, 15000);
        QTest::qWait(1500); // two more refreshes: no second announcement of the same crossing
        int stuckCrossings = 0;
        for (const QList<QVariant> &args : std::as_const(crossed))
            stuckCrossings += args.at(0).value<AlertCrossing>().key == QLatin1String("stuck");
        QCOMPARE(stuckCrossings, 1);
        QCOMPARE(w.tray()->lastTitle(), QStringLiteral("[production] orders-eu"));
        // Everything its first refresh crossed is in one notification, a line each.
        QVERIFY2(!w.tray()->lastMessage().isEmpty(), "a notification's text");
        for (const QList<QVariant> &args : std::as_const(crossed)) {
            const QString line = DesktopAlerts::describe(args.at(0).value<AlertCrossing>());
            QVERIFY2(w.tray()->lastMessage().split(QLatin1Char('\n')).contains(line), qPrintable(w.tray()->lastMessage()));
        }
        QSignalSpy open(&w, &FleetWindow::openRequested);
        emit w.tray()->openRequested(QStringLiteral("orders-eu"));
        QCOMPARE(open.count(), 1);
    }

    // Double-click or Enter on a row asks for that database's window.
    void activatingARowOpensThatDatabase() {
        FleetWindow w({setup("orders-eu", m_orders->connectionString(), "app_outbox", Environment::Production),
                       setup("billing", m_billing->connectionString(), "outbox", Environment::Development)});
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(w.members().at(0)->reading().health == FleetReading::Health::Up
                                     && w.members().at(1)->reading().health == FleetReading::Health::Up,
                                 15000);
        QSignalSpy open(&w, &FleetWindow::openRequested);
        w.table()->setFocus();
        w.table()->setCurrentIndex(w.table()->model()->index(1, FleetModel::Name));
        const QString second = w.nameAt(1);
        emit w.table()->activated(w.table()->currentIndex());
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.first().at(0).toString(), second);
    }

    /// The rows re-sort between the two presses of a double-click: the database opened is the one
    /// under the pointer when the click began, not the one that moved there.
    void aDoubleClickOpensTheRowItBeganOn() {
        FleetWindow w({setup("orders-prod", m_orders->connectionString(), "app_outbox", Environment::Production),
                       setup("orders-staging", m_billing->connectionString(), "outbox", Environment::Staging)});
        w.resize(1200, 400);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy open(&w, &FleetWindow::openRequested);
        w.table()->sortByColumn(FleetModel::Name, Qt::AscendingOrder);
        QCOMPARE(w.nameAt(0), QStringLiteral("orders-prod"));
        QWidget *viewport = w.table()->viewport();
        const QPoint row0 = w.table()->visualRect(w.table()->model()->index(0, FleetModel::Name)).center();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, row0);
        w.table()->sortByColumn(FleetModel::Name, Qt::DescendingOrder); // the rows trade places
        QCOMPARE(w.nameAt(0), QStringLiteral("orders-staging"));
        QTest::mouseDClick(viewport, Qt::LeftButton, {}, row0);
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.first().at(0).toString(), QStringLiteral("orders-prod"));
        // A double-click that begins on the row now under the pointer opens that one.
        QTest::qWait(QApplication::doubleClickInterval() + 50); // waits out the double-click interval
        QTest::mouseClick(viewport, Qt::LeftButton, {}, row0);
        QTest::mouseDClick(viewport, Qt::LeftButton, {}, row0);
        QCOMPARE(open.count(), 2);
        QCOMPARE(open.last().at(0).toString(), QStringLiteral("orders-staging"));
    }

    // Refreshes repaint only the cells whose text changed, and rows move only when out of place:
    // a whole-row change, or a layout change on every refresh, repainted the whole table each time
    // (most of the program's CPU time with 20 databases).
    void refreshesAnnounceOnlyTheCellsThatChanged() {
        QList<FleetMember::Setup> setups{setup("orders-eu", m_orders->connectionString(), "app_outbox", Environment::Production),
                                         setup("billing", m_billing->connectionString(), "outbox", Environment::Development)};
        for (FleetMember::Setup &s : setups)
            s.intervalMs = 2000; // the data ages then move between refreshes
        FleetWindow w(setups);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(w.members().at(0)->reading().health == FleetReading::Health::Up
                                     && w.members().at(1)->reading().health == FleetReading::Health::Up,
                                 15000);
        QTRY_COMPARE_WITH_TIMEOUT(w.nameAt(0), QStringLiteral("orders-eu"), 5000); // critical over ok
        QSignalSpy cells(w.model(), &QAbstractItemModel::dataChanged);
        QSignalSpy moves(w.table()->model(), &QAbstractItemModel::layoutChanged);
        QTest::qWait(4500); // two refreshes of each database, four ticks of the clock
        bool aged = false;
        for (const QList<QVariant> &args : std::as_const(cells)) {
            const QModelIndex from = args.at(0).value<QModelIndex>(), to = args.at(1).value<QModelIndex>();
            QCOMPARE(from, to);
            aged = aged || from.column() == FleetModel::DataAge;
        }
        QVERIFY(aged);
        QCOMPARE(moves.count(), 0); // a critical and an ok database: nothing to move
        QCOMPARE(w.nameAt(0), QStringLiteral("orders-eu"));
    }

    // A profile that cannot be read is a row that says why; nothing connects for it.
    void unreadableProfileIsARowThatSaysWhy() {
        FleetMember::Setup bad = setup("typo", m_orders->connectionString(), "/nowhere/profile.json", Environment::Staging);
        bad.profile.reset();
        bad.profileError = QStringLiteral("/nowhere/profile.json: cannot be read");
        FleetWindow w({bad});
        QAbstractItemModelTester tester(w.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(w.members().first()->reading().health, FleetReading::Health::Refused);
        QCOMPARE(cell(*w.model(), "typo", FleetModel::State), QStringLiteral("cannot connect"));
        QCOMPARE(cell(*w.model(), "typo", FleetModel::Connection), bad.profileError);
        QCOMPARE(w.summaryText(), QStringLiteral("1 database: 1 cannot be read"));
    }

    // A database that stopped answering mid-refresh (a frozen network) does not hold the close.
    void closingIsQuickWhileADatabaseHangs() {
        FreezingProxy proxy(QHostAddress::LocalHost, serverPort());
        QVERIFY(proxy.isListening());
        auto w = std::make_unique<FleetWindow>(QList<FleetMember::Setup>{
            setup("orders-eu", m_orders->connectionString(), "app_outbox", Environment::Production),
            setup("frozen", proxy.connectionString(m_billing->name()), "outbox", Environment::Production)});
        QTRY_COMPARE_WITH_TIMEOUT(memberNamed(*w, "frozen")->reading().health, FleetReading::Health::Up, 15000);
        proxy.freeze();
        QTest::qWait(1500); // refreshes now wait for a server that says nothing
        QElapsedTimer t;
        t.start();
        w.reset();
        const qint64 closeMs = t.elapsed();
        proxy.release();
        QVERIFY2(closeMs < 2000, qPrintable(QString::number(closeMs)));
    }

    // Connections saved or deleted after the overview opened appear on Reload (F5): the old
    // members end (their sessions go), the new ones connect.
    void reloadReadsTheSavedConnectionsAgain() {
        QList<FleetMember::Setup> saved{setup("orders-eu", m_orders->connectionString(), "app_outbox", Environment::Production)};
        FleetWindow w(FleetWindow::SetupSource([&saved] { return saved; }));
        QAbstractItemModelTester tester(w.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_COMPARE_WITH_TIMEOUT(w.members().first()->reading().health, FleetReading::Health::Up, 15000);
        const auto fleetSessions = [this](const TestDatabase &db) {
            return m_orders->scalar("SELECT count(*) FROM pg_stat_activity WHERE datname = $1 "
                                    "AND application_name LIKE 'outbox-monitor-fleet%'",
                                    {db.name()})
                .toInt();
        };
        QCOMPARE(fleetSessions(*m_orders), 1);
        saved = {setup("billing", m_billing->connectionString(), "outbox", Environment::Staging),
                 setup("batch-jp", m_orders->connectionString(), "batch_work_item", Environment::Staging)};
        QAction *reload = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(QKeySequence::Refresh))
                reload = a;
        QVERIFY(reload);
        reload->trigger();
        QCOMPARE(w.model()->rowCount(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(w.members().at(0)->reading().health == FleetReading::Health::Up
                                     && w.members().at(1)->reading().health == FleetReading::Health::Up,
                                 15000);
        QCOMPARE(w.summaryText(), QStringLiteral("2 databases: 2 ok"));
        QTRY_COMPARE_WITH_TIMEOUT(fleetSessions(*m_billing), 1, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(fleetSessions(*m_orders), 1, 5000); // orders-eu's went, batch-jp's came
        const SchemaProfile outbox = *SchemaProfile::builtIn("outbox");
        QCOMPARE(memberNamed(w, "billing")->reading().waiting, countIn(*m_billing, outbox, outbox.waitingStates));
    }

    // Five databases in three environments, as an operator sees them; the picture for the user guide
    // when OM_SCREENSHOT_DIR is set (run alone: `tst_fleet screenshotOfFiveDatabases`).
    void screenshotOfFiveDatabases() {
        FleetWindow w({setup("orders-eu", m_orders->connectionString(), "app_outbox", Environment::Production),
                       setup("orders-jp", m_orders->connectionString(), "batch_work_item", Environment::Production),
                       setup("billing", m_billing->connectionString(), "outbox", Environment::Staging),
                       setup("sandbox", m_billing->connectionString(), "app_outbox", Environment::Development),
                       setup("reports-dev", loopbackConnectionString(closedPort(), "reports"), "app_outbox", Environment::Development)});
        w.resize(1280, 330);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(w.members().cbegin(), w.members().cend(),
                                             [](const FleetMember *m) { return m->reading().health != FleetReading::Health::Connecting; }),
                                 15000);
        QTRY_COMPARE_WITH_TIMEOUT(w.nameAt(0), QStringLiteral("orders-eu"), 5000);
        QCOMPARE(w.nameAt(1), QStringLiteral("reports-dev"));
        // The three that are ok tie: they stay in name order, refresh after refresh.
        QCOMPARE(QStringList({w.nameAt(2), w.nameAt(3), w.nameAt(4)}), QStringList({"billing", "orders-jp", "sandbox"}));
        if (const QString dir = qEnvironmentVariable("OM_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(2500); // the data ages tick
            QVERIFY(w.grab().save(QStringLiteral("%1/fleet-overview-%2.png").arg(dir, testLanguage())));
        }
    }

    void summaryWords() {
        FleetReading up;
        up.health = FleetReading::Health::Up;
        FleetReading warn = up;
        warn.level = 1;
        FleetReading connecting;
        QCOMPARE(FleetReading::summary({}), QStringLiteral("0 databases"));
        QCOMPARE(FleetReading::summary({up, warn, connecting}), QStringLiteral("3 databases: 1 warning, 1 ok, 1 connecting"));
        QVERIFY(warn.severity() > up.severity());
        QVERIFY(up.severity() > connecting.severity());
    }
};

OM_TEST_MAIN(TestFleet)
#include "tst_fleet.moc"
