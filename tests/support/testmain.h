// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main() of every test program. QTest exits 0 when a function skipped, so CTest could not tell a
// skip from a pass, and a pattern match on "SKIP" would call the whole program skipped even when
// another function failed. Here the exit code says it: the number of failures when any failed,
// else 77 (CTest's SKIP_RETURN_CODE) when a function skipped with OM_SKIP, else 0.
#include <QTest>

#include <chrono>
#include <cstdlib>
#include <dirent.h>
#include <thread>

namespace om::test {

/// This process's threads, as the kernel lists them (/proc/self/task); -1 when it cannot tell.
inline int threadCount() {
    DIR *dir = opendir("/proc/self/task");
    if (!dir)
        return -1;
    int n = 0;
    while (const dirent *e = readdir(dir))
        n += e->d_name[0] != '.';
    closedir(dir);
    return n;
}

/// Registered with atexit at the start of main(), so it runs after main() and before
/// LeakSanitizer's leak check at exit (registered earlier, it runs later). Qt starts its threads
/// detached: QThread::wait() returns before the thread has left the kernel, and a thread still
/// exiting when LeakSanitizer stops the world crashes its tracer ("Tracer caught signal 11 ...
/// LeakSanitizer has encountered a fatal error": gui/tst_auditview and gui/tst_windowactions, after
/// every function had passed). Waits until the thread count has stayed the same for 100 ms, at
/// most 2 s.
inline void settleExitingThreads() {
    using namespace std::chrono;
    const auto deadline = steady_clock::now() + seconds(2);
    int last = threadCount();
    auto stableSince = steady_clock::now();
    while (last > 1 && steady_clock::now() < deadline && steady_clock::now() - stableSince < milliseconds(100)) {
        std::this_thread::sleep_for(milliseconds(5));
        const int now = threadCount();
        if (now != last) {
            last = now;
            stableSince = steady_clock::now();
        }
    }
}

inline bool &skipped() {
    static bool s = false;
    return s;
}

/// Exit code for QTest::qExec's result: a failure always wins over a skip.
inline int exitCode(int failures) {
    if (failures > 0)
        return failures == 77 ? 78 : failures; // never mistaken for "skipped"
    return skipped() ? 77 : 0;
}

} // namespace om::test

/// QSKIP that the program's exit code reports (tests/checks/sources.sh refuses a bare QSKIP).
#define OM_SKIP(reason)               \
    do {                              \
        ::om::test::skipped() = true; \
        QSKIP(reason);                \
    } while (false)

// As QTEST_MAIN / QTEST_GUILESS_MAIN (same application set-up), with exitCode() as the result.
#define OM_TEST_MAIN_WRAPPER(TestObject, ...)                              \
    int main(int argc, char *argv[]) {                                     \
        std::atexit(::om::test::settleExitingThreads);                     \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>(); \
        __VA_ARGS__                                                        \
        TestObject tc;                                                     \
        QTEST_SET_MAIN_SOURCE_PATH                                         \
        return ::om::test::exitCode(QTest::qExec(&tc, argc, argv));        \
    }
#define OM_TEST_MAIN(TestObject) OM_TEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP())
#define OM_TEST_GUILESS_MAIN(TestObject) OM_TEST_MAIN_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
