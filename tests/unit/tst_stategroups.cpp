// SPDX-License-Identifier: GPL-3.0-or-later
// Which open states the dashboard snapshot counts in one pass (core/sql/stategroups): the
// groups of the built-in and the library profile, what makes a group, and the disjointness the
// near-max sum relies on. The counts themselves are checked against the server in
// tests/db/tst_conditionstates (snapshotEqualsBruteForce, snapshotOfOverlappingStatesCountsEachRowOnce).
#include "core/profile/schemaprofile.h"
#include "core/sql/snapshotsql.h"
#include "core/sql/stategroups.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QFile>
#include <QTest>

// Before any use: a specialization after QTest::addColumn instantiated it does not compile
// (it did in Debug, where the instantiation came later; not under the sanitizers' flags).
Q_DECLARE_METATYPE(QList<om::StateCondition>)

using namespace om;

namespace {

SchemaProfile libraryProfile() { return om::test::profileFile(QStringLiteral("tests/support/profiles/library_outbox.json")); }

StateCondition cond(const QString &column, StateCondition::Op op, const QVariant &value = {}) {
    StateCondition c;
    c.column = column;
    c.op = op;
    if (value.isValid())
        c.values << value;
    return c;
}

} // namespace

class TestStateGroups : public QObject {
    Q_OBJECT
private slots:
    /// Status values are one range each of the status index: never grouped, the snapshot's SQL
    /// for the built-ins stays as it was.
    void statusValuesAreNotGrouped_data() {
        QTest::addColumn<QString>("id");
        QTest::newRow("app_outbox") << "app_outbox";
        QTest::newRow("batch_work_item") << "batch_work_item";
    }
    void statusValuesAreNotGrouped() {
        QFETCH(QString, id);
        const SchemaProfile p = *SchemaProfile::builtIn(id);
        QVERIFY(sql::openStateGroups(p).isEmpty());
        QVERIFY(!sql::snapshotText(p, false, 10).contains(QLatin1String("open_group")));
    }

    /// outbox's one open state (published_at IS NULL) is counted by itself: its count from the
    /// smallest index, its stuck count from a range of the (created_at, id) one.
    void aStateAloneIsNoGroup() {
        QVERIFY(sql::openStateGroups(*SchemaProfile::builtIn(QStringLiteral("outbox"))).isEmpty());
    }

    /// The library: PENDING, READY and IN_FLIGHT differ only in locked_until, READY's other
    /// conditions are the shared ones; ABANDONED alone.
    void libraryGroups() {
        const SchemaProfile p = libraryProfile();
        const QList<sql::StateGroup> g = sql::openStateGroups(p);
        QCOMPARE(g.size(), 1);
        QCOMPARE(g.at(0).states, (QStringList{QStringLiteral("PENDING"), QStringLiteral("READY"), QStringLiteral("IN_FLIGHT")}));
        QCOMPARE(g.at(0).sharedSql(p), QStringLiteral("(\"processed_at\" IS NULL AND \"abandoned_at\" IS NULL)"));
        QCOMPARE(g.at(0).restOf(QStringLiteral("PENDING")), QStringLiteral("\"locked_until\" IS NULL"));
        QCOMPARE(g.at(0).restOf(QStringLiteral("READY")), QStringLiteral("\"locked_until\" < now()"));
        QCOMPARE(sql::groupOf(g, QStringLiteral("IN_FLIGHT")), 0);
        QCOMPARE(sql::groupOf(g, QStringLiteral("ABANDONED")), -1);
        QCOMPARE(sql::groupOf(g, QStringLiteral("PROCESSED")), -1); // terminal: counted from statistics
        // The group and ABANDONED cannot share a row: near-max is the group's pass plus ABANDONED's
        // own index-only count, no BitmapOr.
        QVERIFY(sql::provablyDisjoint(g.at(0).shared, p.state(QStringLiteral("ABANDONED"))->when));
        const QString text = sql::snapshotText(p, false, 10);
        QVERIFY2(text.contains(QLatin1String("(SELECT near FROM open_group_1) + (SELECT count(*) FROM \"public\".\"lib_outbox\" WHERE")), qPrintable(text));
        // The near-max column, not the whole text: the statistics CTE unites a plain table's
        // statistics with a partitioned table's (UNION ALL), which has nothing to do with it.
        QString nearMax;
        for (const QString &column : text.split(QLatin1String(",\n  ")))
            if (column.endsWith(QLatin1String(" AS near_max")))
                nearMax = column;
        QVERIFY2(!nearMax.isEmpty() && !nearMax.contains(QLatin1String(" UNION ")), qPrintable(text));
    }

    void disjointness_data() {
        using Op = StateCondition::Op;
        QTest::addColumn<QList<StateCondition>>("a");
        QTest::addColumn<QList<StateCondition>>("b");
        QTest::addColumn<bool>("disjoint");
        const StateCondition nul = cond(QStringLiteral("abandonedAt"), Op::IsNull);
        const StateCondition notNul = cond(QStringLiteral("abandonedAt"), Op::NotNull);
        const StateCondition otherNotNul = cond(QStringLiteral("processedAt"), Op::NotNull);
        const StateCondition t = cond(QStringLiteral("flag"), Op::IsTrue), f = cond(QStringLiteral("flag"), Op::IsFalse);
        const StateCondition x = cond(QStringLiteral("kind"), Op::Equals, QStringLiteral("x"));
        const StateCondition y = cond(QStringLiteral("kind"), Op::Equals, QStringLiteral("y"));
        QTest::newRow("null / not null") << QList<StateCondition>{nul} << QList<StateCondition>{otherNotNul, notNul} << true;
        QTest::newRow("other column") << QList<StateCondition>{nul} << QList<StateCondition>{otherNotNul} << false;
        QTest::newRow("true / false") << QList<StateCondition>{t} << QList<StateCondition>{f} << true;
        QTest::newRow("x / y") << QList<StateCondition>{x} << QList<StateCondition>{y} << true;
        QTest::newRow("x / x") << QList<StateCondition>{x} << QList<StateCondition>{x} << false;
        QTest::newRow("x / null") << QList<StateCondition>{x} << QList<StateCondition>{cond(QStringLiteral("kind"), Op::IsNull)} << true;
        QTest::newRow("empty") << QList<StateCondition>{} << QList<StateCondition>{nul} << false;
    }
    void disjointness() {
        QFETCH(QList<StateCondition>, a);
        QFETCH(QList<StateCondition>, b);
        QFETCH(bool, disjoint);
        QCOMPARE(sql::provablyDisjoint(a, b), disjoint);
        QCOMPARE(sql::provablyDisjoint(b, a), disjoint);
    }

    /// The snapshot index of an ordered profile carries the key (the head-of-line check reads the
    /// stuck rows' keys from it), and of a condition profile the columns its states test.
    void snapshotIndexCoversWhatTheSnapshotReads() {
        QCOMPARE(sql::snapshotIndex(*SchemaProfile::builtIn(QStringLiteral("outbox"))),
                 QStringLiteral("CREATE INDEX ON \"public\".\"outbox\" (\"created_at\", \"id\") "
                                "INCLUDE (\"aggregate_type\", \"event_type\", \"aggregate_id\") WHERE \"published_at\" IS NULL"));
        // The library's states differ in abandoned_at and locked_until (all test processed_at IS NULL).
        const QString lib = sql::snapshotIndex(libraryProfile());
        QVERIFY2(lib.contains(QLatin1String("INCLUDE (\"event_type\", \"attempts\", \"locked_until\", \"abandoned_at\")")), qPrintable(lib));
        // Status values: the status column is the index's first key, nothing more to include.
        QVERIFY(!sql::snapshotIndex(*SchemaProfile::builtIn(QStringLiteral("app_outbox"))).contains(QLatin1String("INCLUDE (\"status\"")));
    }
};


OM_TEST_MAIN(TestStateGroups)
#include "tst_stategroups.moc"
