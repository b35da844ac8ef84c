// SPDX-License-Identifier: GPL-3.0-or-later
// The gateway against the faults of a real network, through a loopback proxy that can freeze
// (connections stay open, nothing is forwarded: a dropped VPN): a cancel never blocks the caller,
// the watchdog declares the server not answering within its bound and the lane recovers when the
// network does, shutting down never waits for the server, and a superseded queued job never runs.
#include "freezingproxy.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace om;
using namespace om::test;

namespace {

/// Measures how late a 10 ms timer fires on the calling thread's event loop: the stall a user
/// would feel while the loop runs.
class StallMeter {
public:
    StallMeter() {
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_maxLateMs = qMax(m_maxLateMs, now - m_last - 10);
            m_last = now;
        });
        m_clock.start();
        m_timer.start(10);
    }
    qint64 maxLateMs() const { return m_maxLateMs; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_maxLateMs = 0;
};

} // namespace

class TestGatewayFaults : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<FreezingProxy> m_proxy;

    GatewayConfig throughProxy(int watchdogMs) const {
        GatewayConfig c;
        c.connInfo = m_proxy->connectionString(m_db->name());
        c.connectTimeoutS = 2;
        c.watchdogMs = watchdogMs;
        return c;
    }

    /// Runs `SELECT 1` on the lane and waits for its answer.
    static bool answers(Gateway &gw, Lane lane, int timeoutMs) {
        int one = 0;
        QObject ctx;
        gw.run<int>(
            lane, &ctx, [](PgSession &s) { return s.query("SELECT 1").scalar().toInt(); },
            [&](const int &v) { one = v; }, [](const PgError &) {});
        return QTest::qWaitFor([&] { return one == 1; }, timeoutMs);
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, {});
        m_proxy = std::make_unique<FreezingProxy>(QHostAddress::LocalHost, serverPort());
        QVERIFY(m_proxy->isListening());
    }

    void init() {
        m_proxy->release();
        m_proxy->delayNewConnections(0);
    }

    void proxyRefusesAnythingButLoopback() {
        FreezingProxy away(QHostAddress(QStringLiteral("192.0.2.1")), 5432);
        QVERIFY(!away.isListening());
    }

    void supersededQueuedJobNeverRuns() {
        Gateway gw(throughProxy(0));
        QVERIFY(answers(gw, Lane::Browse, 10000));
        // The lane is busy until the test lets it go (never a clock: a test thread descheduled on a
        // loaded machine must still find it busy); two detail loads of the same key queue behind it.
        bool blockerDone = false;
        std::atomic<bool> blockerStarted{false}, blockerReleased{false};
        const auto releaseOnAnyReturn = qScopeGuard([&] { blockerReleased = true; }); // a failed check too
        gw.run<int>(
            Lane::Browse, this,
            [&](PgSession &s) {
                blockerStarted = true;
                s.query("SELECT 1");
                while (!blockerReleased)
                    QThread::msleep(10);
                return 0;
            },
            [&](const int &) { blockerDone = true; }, [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_VERIFY(blockerStarted);
        std::atomic<bool> olderRan{false}, newerRan{false};
        PgError::Kind olderError = PgError::Kind::Query;
        bool olderFailed = false, newerDone = false;
        gw.run<int>(
            Lane::Browse, this, [&](PgSession &) { olderRan = true; return 1; }, [](const int &) {},
            [&](const PgError &e) { olderFailed = true; olderError = e.kind; }, QStringLiteral("detail"));
        // A job of another key is left alone.
        bool otherDone = false;
        gw.run<int>(
            Lane::Browse, this, [](PgSession &) { return 3; }, [&](const int &) { otherDone = true; },
            [](const PgError &e) { QFAIL(qPrintable(e.message)); }, QStringLiteral("count"));
        gw.run<int>(
            Lane::Browse, this, [&](PgSession &) { newerRan = true; return 2; }, [&](const int &) { newerDone = true; },
            [](const PgError &e) { QFAIL(qPrintable(e.message)); }, QStringLiteral("detail"));
        QCOMPARE(gw.queuedJobs(Lane::Browse), 2);
        blockerReleased = true;
        QTRY_VERIFY_WITH_TIMEOUT(newerDone && blockerDone && otherDone, 10000);
        QVERIFY(!olderRan);
        QVERIFY(newerRan);
        QVERIFY(olderFailed);
        QCOMPARE(olderError, PgError::Kind::Cancelled);
    }

    void cancelReturnsAtOnceWhileFrozenAndWatchdogEndsTheJob() {
        const int bound = 2000;
        Gateway gw(throughProxy(bound));
        QSignalSpy silent(&gw, &Gateway::serverNotAnswering);
        QVERIFY(answers(gw, Lane::Browse, 10000));
        bool failed = false;
        PgError error(PgError::Kind::Query, QString());
        const quint64 id = gw.run<int>(
            Lane::Browse, this, [](PgSession &s) { s.query("SELECT pg_sleep(30)"); return 0; },
            [](const int &) {}, [&](const PgError &e) { failed = true; error = e; });
        QTRY_COMPARE_WITH_TIMEOUT(m_db->runningNow(QStringLiteral("SELECT pg_sleep(30)")), 1, 10000);
        m_proxy->freeze();
        QElapsedTimer sinceFreeze;
        sinceFreeze.start();
        // Every keystroke of a filter cancels the query in flight: none may stall the loop. (Before,
        // PQcancel on this thread waited for the frozen server: the whole freeze.)
        StallMeter meter;
        qint64 slowestCancelMs = 0;
        for (int i = 0; i < 10; ++i) {
            QElapsedTimer t;
            t.start();
            gw.cancel(Lane::Browse, id);
            slowestCancelMs = qMax(slowestCancelMs, t.elapsed());
            QTest::qWait(50); // keystrokes are this far apart; the loop runs meanwhile
        }
        // A cancel that waited for the frozen server would wait until the watchdog ended the job
        // (`bound`): half of it says "did not wait" on a loaded machine too.
        QVERIFY2(slowestCancelMs < bound / 2, qPrintable(QString::number(slowestCancelMs)));
        // The watchdog, not the cancel (which cannot get through), ends the job.
        QTRY_VERIFY_WITH_TIMEOUT(failed, bound + 5000);
        const qint64 detectedMs = sinceFreeze.elapsed();
        qInfo() << "declared not answering after" << detectedMs << "ms (bound" << bound << "ms), loop stalled at most"
                << meter.maxLateMs() << "ms";
        QCOMPARE(error.kind, PgError::Kind::ConnectionLost);
        QVERIFY2(error.message.contains("not answering"), qPrintable(error.message));
        QCOMPARE(silent.count(), 1);
        // A loop that blocked would have stalled for the whole bound.
        QVERIFY2(meter.maxLateMs() < bound / 2, qPrintable(QString::number(meter.maxLateMs())));

        // Frozen, a new connection cannot be made either; released, the lane works again.
        m_proxy->release();
        QVERIFY(answers(gw, Lane::Browse, 15000));
    }

    // PostgreSQL cancels whatever the backend runs when a cancel request arrives. A cancel still
    // on its way when its job ended must not end the lane's next job (seen under load: a count's
    // cancel ended the incident report queued behind it, and a detail load after an action).
    void lateCancelNeverEndsTheNextJob_data() {
        QTest::addColumn<int>("delayMs");
        QTest::addColumn<bool>("sameConnection");
        QTest::newRow("arrives within the settle bound") << 500 << true;
        QTest::newRow("arrives after it: a new connection") << limits::kCancelSettleMs + 1500 << false;
    }
    void lateCancelNeverEndsTheNextJob() {
        QFETCH(int, delayMs);
        QFETCH(bool, sameConnection);
        Gateway gw(throughProxy(0));
        const auto backendPid = [](PgSession &s) { return s.query("SELECT pg_backend_pid()").scalar().toInt(); };
        int pidBefore = 0;
        gw.run<int>(
            Lane::Browse, this, backendPid, [&](const int &pid) { pidBefore = pid; },
            [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_VERIFY_WITH_TIMEOUT(pidBefore != 0, 10000);

        // The cancel request (a connection of its own) reaches the server delayMs late; the job it
        // was sent for ends meanwhile, and the next one runs when it arrives.
        const int acceptedBefore = m_proxy->accepted();
        m_proxy->delayNewConnections(delayMs);
        std::atomic<bool> started{false};
        bool firstEnded = false;
        const quint64 first = gw.run<int>(
            Lane::Browse, this, [&](PgSession &s) { started = true; s.query("SELECT pg_sleep(0.2)"); return 0; },
            [&](const int &) { firstEnded = true; }, [&](const PgError &) { firstEnded = true; });
        QTRY_VERIFY_WITH_TIMEOUT(started, 10000);
        gw.cancel(Lane::Browse, first);
        const double sleepS = delayMs / 1000.0 + 0.5;
        int nextPid = 0;
        QString nextError;
        gw.run<int>(
            Lane::Browse, this,
            [&](PgSession &s) { const int pid = backendPid(s); s.query(QStringLiteral("SELECT pg_sleep(%1)").arg(sleepS)); return pid; },
            [&](const int &pid) { nextPid = pid; }, [&](const PgError &e) { nextError = e.message; });
        QTRY_VERIFY_WITH_TIMEOUT(m_proxy->accepted() == acceptedBefore + 1, 5000); // the cancel is on its way
        m_proxy->delayNewConnections(0);                                           // a new lane connection is not held
        QTRY_VERIFY_WITH_TIMEOUT(nextPid != 0 || !nextError.isEmpty(), delayMs + 15000);
        QVERIFY(firstEnded);
        QVERIFY2(nextError.isEmpty(), qPrintable(nextError)); // before: "canceling statement due to user request"
        QCOMPARE(nextPid == pidBefore, sameConnection);
    }

    void shutdownWhileFrozenDoesNotWait() {
        auto gw = std::make_unique<Gateway>(throughProxy(60000));
        for (Lane lane : {Lane::Monitor, Lane::Browse})
            QVERIFY(answers(*gw, lane, 10000));
        bool delivered = false;
        for (Lane lane : {Lane::Monitor, Lane::Browse, Lane::Action})
            gw->run<int>(
                lane, this, [](PgSession &s) { s.query("SELECT pg_sleep(30)"); return 0; },
                [&](const int &) { delivered = true; }, [&](const PgError &) { delivered = true; });
        QTRY_COMPARE_WITH_TIMEOUT(m_db->runningNow(QStringLiteral("SELECT pg_sleep(30)")), 3, 10000);
        m_proxy->freeze();
        QElapsedTimer t;
        t.start();
        gw.reset();
        const qint64 closeMs = t.elapsed();
        qInfo() << "gateway shut down in" << closeMs << "ms while frozen";
        QVERIFY2(closeMs < 1000, qPrintable(QString::number(closeMs)));
        QTest::qWait(100);
        QVERIFY(!delivered); // nothing reaches a caller after shutdown
        m_proxy->release();
    }
};

OM_TEST_MAIN(TestGatewayFaults)
#include "tst_gatewayfaults.moc"
