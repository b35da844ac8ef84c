// SPDX-License-Identifier: GPL-3.0-or-later
// The words for rows in an archive table: a finished count that includes them says so (and that
// an estimated archive makes the whole count an estimate), and an action whose messages were
// archived reads "finished, archived", never "gone".
#include "audit/outcomewording.h"
#include "dashboard/countwording.h"
#include "testmain.h"

#include <QTest>

using namespace om;

class TestArchiveWording : public QObject {
    Q_OBJECT
private slots:
    void finishedSaysArchived() {
        QCOMPARE(OutcomeWording::finished(3, 0), QStringLiteral("3 finished"));
        QCOMPARE(OutcomeWording::finished(3, 1), QStringLiteral("3 finished (1 archived)"));
        QCOMPARE(OutcomeWording::finished(1, 1), QStringLiteral("1 finished, archived"));
    }

    void aCountWithArchivedRowsSaysSo() {
        StateCount c{QStringLiteral("DONE"), QStringLiteral("done"), 600, false};
        QCOMPARE(CountWording::value(c), QStringLiteral("600"));
        QCOMPARE(CountWording::note(c, {}), QString());
        c.archived = 412;
        QCOMPARE(CountWording::value(c), QStringLiteral("600"));
        QCOMPARE(CountWording::note(c, {}), QStringLiteral("incl. 412 archived"));
        QVERIFY(CountWording::toolTip(c, {}).contains(QStringLiteral("412 rows of the archive table, counted")));
        c.archivedEstimated = true;
        QCOMPARE(CountWording::value(c), QStringLiteral("≈ 600 (estimated)"));
        QCOMPARE(CountWording::note(c, {}), QStringLiteral("incl. ≈ 412 archived"));
    }
};

OM_TEST_MAIN(TestArchiveWording)
#include "tst_archivewording.moc"
