// SPDX-License-Identifier: GPL-3.0-or-later
// EstimateKeeper on hand-made consecutive snapshots: an estimate never goes down while rows only
// arrive (held, and said so), falls by at most the rows deleted since the last refresh, and takes
// a lower reading as it is after a TRUNCATE / rewrite or a reset of the counters. Exact counts pass
// untouched. (tst_terminalcounts runs the same rule against a real server.)
#include "core/dashboard/estimatekeeper.h"
#include "testmain.h"

#include <QTest>

using namespace om;

namespace {

Snapshot snap(qint64 sent, qint64 cancelledExact, qint64 deletedTotal, const QString &fileNode = QStringLiteral("16384")) {
    Snapshot s;
    s.profileId = QStringLiteral("app_outbox");
    StateCount sentCount{QStringLiteral("SENT"), QStringLiteral("done"), sent, true};
    sentCount.readEstimate = sent;
    StateCount cancelled{QStringLiteral("CANCELLED"), QStringLiteral("cancelled"), cancelledExact, false};
    cancelled.countedByIndex = true;
    s.states = {StateCount{QStringLiteral("PENDING"), QStringLiteral("waiting"), 10, false}, sentCount, cancelled};
    s.table.valid = true;
    s.table.deletedTotal = deletedTotal;
    s.table.fileNode = fileNode;
    return s;
}

const StateCount &state(const Snapshot &s, const QString &name) { return s.stateCount(name); }

} // namespace

class TestEstimateKeeper : public QObject {
    Q_OBJECT
private slots:
    void risesAsRead() {
        EstimateKeeper k;
        Snapshot a = snap(1000, 5, 0);
        k.apply(a);
        Snapshot b = snap(1200, 6, 0);
        k.apply(b);
        QCOMPARE(state(b, "SENT").count, 1200);
        QCOMPARE(state(b, "SENT").note, EstimateNote::None);
    }

    void lowerReadingWithoutDeletesIsHeld() {
        EstimateKeeper k;
        Snapshot a = snap(1000, 5, 7);
        k.apply(a);
        Snapshot b = snap(940, 5, 7); // ANALYZE read lower; nothing deleted
        k.apply(b);
        QCOMPARE(state(b, "SENT").count, 1000);
        QCOMPARE(state(b, "SENT").readEstimate, 940);
        QCOMPARE(state(b, "SENT").note, EstimateNote::Held);
        // Still held on the next one as long as the reading stays below; then it moves on.
        Snapshot c = snap(990, 5, 7);
        k.apply(c);
        QCOMPARE(state(c, "SENT").count, 1000);
        Snapshot d = snap(1010, 5, 7);
        k.apply(d);
        QCOMPARE(state(d, "SENT").count, 1010);
        QCOMPARE(state(d, "SENT").note, EstimateNote::None);
    }

    void fallsByAtMostTheRowsDeleted() {
        EstimateKeeper k;
        Snapshot a = snap(100000, 5, 0);
        k.apply(a);
        Snapshot b = snap(80000, 5, 12000); // 12,000 deleted; the reading fell by 20,000
        k.apply(b);
        QCOMPARE(state(b, "SENT").count, 88000);
        QCOMPARE(state(b, "SENT").note, EstimateNote::RowsDeleted);
        QCOMPARE(state(b, "SENT").deletedRows, 12000);
        Snapshot c = snap(87000, 5, 12000); // no more deletes: held at what was shown
        k.apply(c);
        QCOMPARE(state(c, "SENT").count, 88000);
        QCOMPARE(state(c, "SENT").note, EstimateNote::Held);
    }

    void rewriteAndResetTakeTheReading() {
        EstimateKeeper k;
        Snapshot a = snap(5000, 5, 100);
        k.apply(a);
        Snapshot b = snap(10, 0, 100, QStringLiteral("99999")); // TRUNCATE: a new relfilenode
        k.apply(b);
        QCOMPARE(state(b, "SENT").count, 10);
        QCOMPARE(state(b, "SENT").note, EstimateNote::TableRewritten);
        Snapshot c = snap(5, 0, 0, QStringLiteral("99999")); // counters reset
        k.apply(c);
        QCOMPARE(state(c, "SENT").count, 5);
        QCOMPARE(state(c, "SENT").note, EstimateNote::CountersReset);
    }

    void exactCountsPassUntouchedAndAnotherProfileStartsOver() {
        EstimateKeeper k;
        Snapshot a = snap(1000, 50, 0);
        k.apply(a);
        Snapshot b = snap(1000, 40, 0); // an exact count may fall: it is the truth
        k.apply(b);
        QCOMPARE(state(b, "CANCELLED").count, 40);
        QCOMPARE(state(b, "CANCELLED").note, EstimateNote::None);
        Snapshot other = snap(10, 1, 0);
        other.profileId = QStringLiteral("batch_work_item");
        k.apply(other);
        QCOMPARE(state(other, "SENT").count, 10);
        QCOMPARE(state(other, "SENT").note, EstimateNote::None);
    }

    void aStateThatBecomesEstimatedKeepsItsLastExactCount() {
        EstimateKeeper k;
        Snapshot a = snap(1000, 60000, 0);
        k.apply(a);
        Snapshot b = snap(1000, 0, 0);
        b.states[2].estimated = true; // grew past the bound: estimated now, and the sample read lower
        b.states[2].countedByIndex = false;
        b.states[2].count = b.states[2].readEstimate = 58000;
        k.apply(b);
        QCOMPARE(state(b, "CANCELLED").count, 60000);
        QCOMPARE(state(b, "CANCELLED").note, EstimateNote::Held);
    }
};

OM_TEST_GUILESS_MAIN(TestEstimateKeeper)
#include "tst_estimatekeeper.moc"
