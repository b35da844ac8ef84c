// SPDX-License-Identifier: GPL-3.0-or-later
// The threads that carry cancel requests: each request runs on a thread of its own, never the
// caller's; no more than the bound wait at once; and a finished one is joined, not left behind.
#include "pg/cancelthreads.h"
#include "testmain.h"

#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace om;

class TestCancelThreads : public QObject {
    Q_OBJECT
private slots:
    void runsOffTheCallersThread() {
        std::atomic<Qt::HANDLE> ranOn{nullptr};
        QSemaphore ran;
        QVERIFY(cancelthreads::start([&] { ranOn = QThread::currentThreadId(); ran.release(); }, 8));
        QVERIFY(ran.tryAcquire(1, 5000));
        QVERIFY(ranOn.load() != nullptr);
        QVERIFY(ranOn.load() != QThread::currentThreadId());
        QTRY_COMPARE_WITH_TIMEOUT(cancelthreads::inFlight(), 0, 5000);
    }

    // A silent server holds each request; beyond the bound nothing more is started, and the
    // held ones count until they end.
    void refusesBeyondTheBound() {
        QSemaphore release, started;
        std::atomic<int> runs{0};
        const auto held = [&] {
            ++runs;
            started.release();
            release.acquire();
        };
        QVERIFY(cancelthreads::start(held, 2));
        QVERIFY(cancelthreads::start(held, 2));
        QVERIFY(started.tryAcquire(2, 5000));
        QCOMPARE(cancelthreads::inFlight(), 2);
        QVERIFY(!cancelthreads::start(held, 2));
        release.release(2);
        QTRY_COMPARE_WITH_TIMEOUT(cancelthreads::inFlight(), 0, 5000);
        QCOMPARE(runs.load(), 2);
        // The bound frees up again once they ended.
        QVERIFY(cancelthreads::start([&] { started.release(); }, 2));
        QVERIFY(started.tryAcquire(1, 5000));
        QTRY_COMPARE_WITH_TIMEOUT(cancelthreads::inFlight(), 0, 5000);
    }
};

OM_TEST_GUILESS_MAIN(TestCancelThreads)
#include "tst_cancelthreads.moc"
