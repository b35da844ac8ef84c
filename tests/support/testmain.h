#pragma once
// The main() of every test program. QTest exits 0 when a function skipped, so CTest could not tell a
// skip from a pass, and a pattern match on "SKIP" would call the whole program skipped even when
// another function failed. Here the exit code says it: the number of failures when any failed,
// else 77 (CTest's SKIP_RETURN_CODE) when a function skipped with OM_SKIP, else 0.
#include <QTest>

namespace om::test {

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
#define OM_SKIP(reason)                                                                            \
    do {                                                                                           \
        ::om::test::skipped() = true;                                                              \
        QSKIP(reason);                                                                             \
    } while (false)

// As QTEST_MAIN / QTEST_GUILESS_MAIN (same application set-up), with exitCode() as the result.
#define OM_TEST_MAIN_WRAPPER(TestObject, ...)                                                      \
    int main(int argc, char *argv[]) {                                                             \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                         \
        __VA_ARGS__                                                                                \
        TestObject tc;                                                                             \
        QTEST_SET_MAIN_SOURCE_PATH                                                                 \
        return ::om::test::exitCode(QTest::qExec(&tc, argc, argv));                                \
    }
#define OM_TEST_MAIN(TestObject) OM_TEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP())
#define OM_TEST_GUILESS_MAIN(TestObject) OM_TEST_MAIN_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
