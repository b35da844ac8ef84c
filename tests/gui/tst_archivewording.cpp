// SPDX-License-Identifier: GPL-3.0-or-later
// The words for rows in an archive table: a finished count that includes them says so (and that
// an estimated archive makes the whole count an estimate), and an action whose messages were
// archived reads "finished, archived", never "gone".
#include "audit/outcomewording.h"
#include "dashboard/countwording.h"
#include "testmain.h"
#include "testprofiles.h"

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

    /// An archived message keeps its state in the words: a cancel moved to the archive is
    /// "cancelled, archived" in the outcome and the report's line, never "finished".
    void anArchivedCancelSaysCancelled() {
        QCOMPARE(OutcomeWording::withArchived(QStringLiteral("5 cancelled"), 5, 5), QStringLiteral("5 cancelled, archived"));
        QCOMPARE(OutcomeWording::withArchived(QStringLiteral("5 cancelled"), 5, 2), QStringLiteral("5 cancelled (2 archived)"));
        QCOMPARE(OutcomeWording::withArchived(QStringLiteral("5 cancelled"), 5, 0), QStringLiteral("5 cancelled"));
        const SchemaProfile p = test::profileFile(QStringLiteral("tests/support/profiles/archive/kept_job.json"));
        QVERIFY(p.archive.keepsState());
        ActionSummary a;
        a.action = QStringLiteral("CANCEL");
        a.dbUser = QStringLiteral("ops");
        a.messages = 5;
        a.at = QDateTime::currentDateTimeUtc();
        ActionOutcome &o = a.outcome;
        o.messages = 5;
        o.byState.insert(QStringLiteral("CANCELLED"), 5);
        o.archived = 5;
        o.archivedByState.insert(QStringLiteral("CANCELLED"), 5);
        QCOMPARE(OutcomeWording::summary(p, a.action, o), QStringLiteral("0 waiting · 5 cancelled, archived"));
        QCOMPARE(OutcomeWording::byState(p, o), QStringLiteral("CANCELLED 5 (5 archived)"));
        const QString line = OutcomeWording::reportLine(p, a);
        QVERIFY2(line.endsWith(QStringLiteral(": 0 waiting, 5 cancelled, archived")), qPrintable(line));
        QVERIFY(!line.contains(QStringLiteral("finished")));
        // A mix: two finished and archived, one failed in the table.
        o = {};
        o.messages = 3;
        o.byState = {{QStringLiteral("COMPLETED"), 2}, {QStringLiteral("FAILED"), 1}};
        o.archived = 2;
        o.archivedByState = {{QStringLiteral("COMPLETED"), 2}};
        QCOMPARE(OutcomeWording::summary(p, QStringLiteral("CANCEL"), o), QStringLiteral("2 finished, archived · 1 failed · 0 waiting"));
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
