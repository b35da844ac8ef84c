// SPDX-License-Identifier: GPL-3.0-or-later
// The gateway: work runs on lane threads, results come back on the caller's thread, a slow or
// broken database never blocks the caller, and read-only sessions refuse changes.
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QFileInfo>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <optional>

using namespace om;
using namespace om::test;

class TestGateway : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    GatewayConfig config(bool readOnly = false) const {
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        c.readOnly = readOnly;
        return c;
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, {"seed000_app_outbox.sql"});
    }

    void resultsArriveOnTheCallersThread() {
        Gateway gw(config());
        QSignalSpy up(&gw, &Gateway::connectionChanged);
        QThread *jobThread = nullptr;
        QThread *callbackThread = nullptr;
        QString appName;
        gw.run<QString>(
            Lane::Monitor, this,
            [&](PgSession &s) { jobThread = QThread::currentThread(); return s.query("SELECT current_setting('application_name')").scalar().toString(); },
            [&](const QString &v) { callbackThread = QThread::currentThread(); appName = v; },
            [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_VERIFY(callbackThread != nullptr);
        QCOMPARE(callbackThread, QThread::currentThread());
        QVERIFY(jobThread != QThread::currentThread());
        QCOMPARE(appName, QStringLiteral("outbox-monitor/monitor"));
        QTRY_COMPARE(up.count(), 1);
        QCOMPARE(up.first().at(1).toBool(), true);
    }

    void slowQueryDoesNotBlockAndCanBeCancelled() {
        Gateway gw(config());
        bool cancelled = false;
        const quint64 id = gw.run<int>(
            Lane::Browse, this,
            [](PgSession &s) { s.query("SELECT pg_sleep(30)"); return 0; },
            [](const int &) {},
            [&](const PgError &e) { cancelled = e.kind == PgError::Kind::Cancelled; });
        // The caller's event loop keeps running while the server sleeps.
        QElapsedTimer t;
        t.start();
        int ticks = 0;
        QTimer timer;
        connect(&timer, &QTimer::timeout, [&] { ++ticks; });
        timer.start(50);
        QTest::qWait(600);
        // A blocked loop would count 0 or 1; a busy shared machine may deliver fewer than 12.
        QVERIFY2(ticks >= 4, qPrintable(QString::number(ticks)));
        gw.cancel(Lane::Browse, id);
        QTRY_VERIFY_WITH_TIMEOUT(cancelled, 5000);
        QVERIFY(t.elapsed() < 10000);
        // The lane is usable again after the cancel.
        int one = 0;
        gw.run<int>(
            Lane::Browse, this, [](PgSession &s) { return s.query("SELECT 1").scalar().toInt(); },
            [&](const int &v) { one = v; }, [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_COMPARE(one, 1);
    }

    void cancellingAnOldJobLeavesTheNewOneAlone() {
        Gateway gw(config());
        int result = 0;
        bool oldDone = false;
        const quint64 old = gw.run<int>(
            Lane::Browse, this, [](PgSession &s) { return s.query("SELECT 1").scalar().toInt(); },
            [&](const int &) { oldDone = true; }, [&](const PgError &) { oldDone = true; });
        QTRY_VERIFY_WITH_TIMEOUT(oldDone, 10000);
        gw.run<int>(
            Lane::Browse, this, [](PgSession &s) { return s.query("SELECT 2 FROM pg_sleep(2)").scalar().toInt(); },
            [&](const int &v) { result = v; }, [&](const PgError &) { result = -1; });
        QTRY_COMPARE_WITH_TIMEOUT(m_db->runningNow(QStringLiteral("SELECT 2 FROM pg_sleep(2)")), 1, 10000);
        gw.cancel(Lane::Browse, old); // finished long ago: must not hit the running job
        QTRY_COMPARE_WITH_TIMEOUT(result, 2, 10000);
    }

    void badConnectionStringIsAnErrorNotACrash_data() {
        QTest::addColumn<QString>("conninfo");
        QTest::newRow("unknown keyword") << "hostt=nowhere";
        QTest::newRow("refused port") << "host=127.0.0.1 port=1 dbname=x";
        QTest::newRow("no such database") << (TestDatabase::serverConnectionString("no_such_db_here"));
    }
    void badConnectionStringIsAnErrorNotACrash() {
        QFETCH(QString, conninfo);
        GatewayConfig c;
        c.connInfo = conninfo;
        Gateway gw(c);
        QSignalSpy changed(&gw, &Gateway::connectionChanged);
        PgError::Kind kind = PgError::Kind::Query;
        QString message;
        gw.run<int>(
            Lane::Monitor, this, [](PgSession &) { return 1; }, [](const int &) { QFAIL("connected?"); },
            [&](const PgError &e) { kind = e.kind; message = e.message; });
        QTRY_VERIFY_WITH_TIMEOUT(!message.isEmpty(), 10000);
        QCOMPARE(kind, PgError::Kind::ConnectFailed);
        QTRY_COMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(1).toBool(), false);
    }

    void readOnlyRefusesChanges() {
        // Its own row, as it was however often the function runs.
        m_db->exec("INSERT INTO app_outbox (message_key, event_type, destination, payload_json) VALUES ('RO:1', 'E', 'D', '{}') "
                   "ON CONFLICT (message_key) DO UPDATE SET status = 'PENDING'");
        Gateway gw(config(true));
        // The action lane refuses before anything reaches the server...
        PgError::Kind actionKind = PgError::Kind::Query;
        bool ran = false;
        gw.run<int>(
            Lane::Action, this, [&](PgSession &) { ran = true; return 0; }, [](const int &) {},
            [&](const PgError &e) { actionKind = e.kind; });
        QTRY_COMPARE(actionKind, PgError::Kind::ReadOnly);
        QVERIFY(!ran);
        // ...and the read lanes' sessions are read-only in the database itself.
        QString state;
        gw.run<int>(
            Lane::Browse, this,
            [](PgSession &s) { s.query("UPDATE app_outbox SET status = 'CANCELLED' WHERE message_key = 'RO:1'"); return 0; },
            [](const int &) { QFAIL("a read-only session wrote"); }, [&](const PgError &e) { state = e.sqlState; });
        QTRY_COMPARE(state, QStringLiteral("25006")); // read_only_sql_transaction
        QCOMPARE(m_db->scalar("SELECT status FROM app_outbox WHERE message_key = 'RO:1'").toString(), QStringLiteral("PENDING"));
    }

    // A connection the server closed while the lane was idle (an administrator's
    // pg_terminate_backend here; a crash or a failover's old primary alike) is found closed
    // before the next job sends anything: reported down, reopened, and the job runs on the new
    // one instead of failing on the old.
    void anIdleConnectionClosedByTheServerIsReplacedBeforeTheJob() {
        Gateway gw(config());
        QSignalSpy changed(&gw, &Gateway::connectionChanged);
        int pid = 0;
        gw.run<int>(
            Lane::Monitor, this, [](PgSession &s) { return s.backendPid(); }, [&](const int &v) { pid = v; },
            [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_VERIFY(pid != 0);
        m_db->exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid));
        QTRY_COMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = $1"), {pid}).toInt(), 0);
        // Gone from pg_stat_activity before its process exits and its socket closes: "closed by
        // the server" is when the process is gone (the test's server runs on this machine).
        QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)), 10000);
        int newPid = 0;
        gw.run<int>(
            Lane::Monitor, this, [](PgSession &s) { return s.query("SELECT pg_backend_pid()").scalar().toInt(); },
            [&](const int &v) { newPid = v; }, [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_VERIFY(newPid != 0);
        QVERIFY(newPid != pid);
        QTRY_COMPARE(changed.count(), 3); // up, down, and up again
        QCOMPARE(changed.at(1).at(1).toBool(), false);
        QCOMPARE(changed.at(2).at(1).toBool(), true);
    }

    // A connection that breaks under a running statement fails that job as a lost connection,
    // in the program's words (not libpqxx's "Could not obtain client encoding: not connected"),
    // and the next job opens a new one.
    void lostConnectionIsReportedAndReopened() {
        std::atomic<int> pid{0}; // before the Gateway: its lane writes it
        std::optional<PgError> failure;
        Gateway gw(config());
        QSignalSpy changed(&gw, &Gateway::connectionChanged);
        gw.run<int>(
            Lane::Monitor, this,
            [&pid](PgSession &s) {
                pid = s.backendPid();
                return s.query("SELECT pg_sleep(60)").rows.size() > 0 ? 1 : 0;
            },
            [](const int &) { QFAIL("the statement outlived its backend"); }, [&](const PgError &e) { failure = e; });
        QTRY_VERIFY(pid != 0);
        QTRY_COMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND query LIKE '%pg_sleep%'"),
                                  {pid.load()})
                         .toInt(),
                     1);
        m_db->exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid.load()));
        QTRY_VERIFY(failure.has_value());
        QCOMPARE(failure->kind, PgError::Kind::ConnectionLost);
        QVERIFY2(!failure->message.contains(QLatin1String("client encoding")), qPrintable(failure->message));
        QTRY_COMPARE(changed.count(), 2); // up, then down
        int newPid = 0;
        gw.run<int>(
            Lane::Monitor, this, [](PgSession &s) { return s.backendPid(); }, [&](const int &v) { newPid = v; },
            [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_VERIFY(newPid != 0);
        QVERIFY(newPid != pid);
        QTRY_COMPARE(changed.count(), 3); // and up again
    }
};

OM_TEST_GUILESS_MAIN(TestGateway)
#include "tst_gateway.moc"
