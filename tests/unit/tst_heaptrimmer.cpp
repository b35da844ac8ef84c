// SPDX-License-Identifier: GPL-3.0-or-later
// HeapTrimmer (a wall display's memory plateau): freed memory that glibc keeps inside a
// thread's arena goes back to the system when trimmed, and the timer trims off the GUI thread.
#include "core/common/heaptrimmer.h"
#include "processmemory.h"
#include "testmain.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <memory>
#include <thread>
#include <vector>

using namespace om;
using om::test::rssKb;

class TestHeapTrimmer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<Qt::HANDLE>("Qt::HANDLE"); }

    // The soak's pattern in small: a worker thread (its own arena, like a lane) allocates a result
    // set's worth of small blocks and frees all but a few scattered ones. The kept blocks pin the
    // arena's heap, so glibc returns nothing by itself; trimming gives the free pages back.
    void trimGivesFreedArenaMemoryBack() {
        if (!HeapTrimmer::available())
            OM_SKIP("not glibc: nothing to trim");
        std::vector<std::unique_ptr<char[]>> kept;
        qint64 afterFree = 0;
        std::thread worker([&] {
            std::vector<std::unique_ptr<char[]>> blocks;
            const int count = 400000; // ~100 MB of 240-byte blocks
            blocks.reserve(count);
            for (int i = 0; i < count; ++i) {
                blocks.emplace_back(new char[240]);
                blocks.back()[0] = char(i); // touch the page
                std::fill_n(blocks.back().get(), 240, char(i));
            }
            for (int i = 0; i < count; ++i)
                if (i % 2000 == 1999)
                    kept.push_back(std::move(blocks[i])); // scattered survivors pin the heap
            blocks.clear();
            afterFree = rssKb();
        });
        worker.join();
        QVERIFY(afterFree > 0);
        QVERIFY(HeapTrimmer::trimNow());
        const qint64 afterTrim = rssKb();
        qInfo("RSS after free %lld KB, after trim %lld KB (%zu blocks kept)", afterFree, afterTrim, kept.size());
        QVERIFY2(afterFree - afterTrim > 50 * 1024,
                 qPrintable(QStringLiteral("trim released only %1 KB").arg(afterFree - afterTrim)));
    }

    // The timer's trim never runs on the thread that owns the trimmer (the GUI thread in the window).
    void timerTrimsOffTheOwningThread() {
        if (!HeapTrimmer::available())
            OM_SKIP("not glibc: nothing to trim");
        HeapTrimmer trimmer(std::chrono::milliseconds(10));
        QSignalSpy spy(&trimmer, &HeapTrimmer::trimmed);
        QVERIFY(spy.wait(5000));
        const Qt::HANDLE trimmedOn = spy.first().at(1).value<Qt::HANDLE>();
        QVERIFY(trimmedOn != nullptr);
        QVERIFY(trimmedOn != QThread::currentThreadId());
    }
};

OM_TEST_GUILESS_MAIN(TestHeapTrimmer)
#include "tst_heaptrimmer.moc"
