// SPDX-License-Identifier: GPL-3.0-or-later
// With the admin kit's indexes the dashboard's snapshot never reads an outbox table sequentially
// (EXPLAIN, no ANALYZE), for each of the three profiles; without them the index advisor names the
// missing index and its cost.
#include "core/dashboard/indexadvisor.h"
#include "core/sql/statesql.h"
#include "core/dashboard/rarecountcheck.h"
#include "core/dashboard/snapshotquery.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace om;
using namespace om::test;

class TestSnapshotPlan : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    /// The scans of `table` that a run of the refresh (no breakdown) executed.
    QStringList executedScans(const SnapshotQuery &q, const QString &table) {
        const QString json = m_db->scalar("EXPLAIN (ANALYZE, FORMAT JSON) " + q.sql(false), q.params()).toString();
        QStringList out;
        collectExecutedScans(QJsonDocument::fromJson(json.toUtf8()).array().first().toObject().value("Plan").toObject(), table, out);
        return out;
    }

    /// "Node Type using Index" (or the node type alone) of every scan of `table` that ran.
    static void collectExecutedScans(const QJsonObject &node, const QString &table, QStringList &out) {
        if (node.value("Relation Name").toString() == table && node.value("Actual Loops").toDouble() > 0) {
            const QString index = node.value("Index Name").toString();
            out << node.value("Node Type").toString() + (index.isEmpty() ? QString() : " using " + index);
        }
        for (const QJsonValue &child : node.value("Plans").toArray())
            collectExecutedScans(child.toObject(), table, out);
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds() << "kit/monitoring_indexes.sql");
        // Mostly finished rows, as in production: the planner must see a big table with few open rows.
        m_db->exec(R"(
            INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, retry_count,
                                    locked_by, locked_at, created_at)
            SELECT 'K' || g, 'EVT_' || (g % 7), 'DEST_' || (g % 5), repeat('x', 200),
                   CASE WHEN g % 1000 = 0 THEN 'PENDING' WHEN g % 1000 = 1 THEN 'PROCESSING'
                        WHEN g % 1000 = 2 THEN 'FAILED' WHEN g % 1000 = 3 THEN 'CANCELLED' ELSE 'SENT' END,
                   g % 6, 'w', now() - (g % 100) * interval '1 minute', now() - (g % 5000) * interval '1 minute'
            FROM generate_series(1, 60000) g)");
        m_db->exec(R"(
            INSERT INTO batch_work_item (job_name, source_key, target_date, status, retry_count, locked_at, created_at)
            SELECT 'JOB_' || (g % 4), 'S' || g, current_date - (g % 30),
                   CASE WHEN g % 1000 = 0 THEN 'NEW' WHEN g % 1000 = 1 THEN 'RUNNING' WHEN g % 1000 = 2 THEN 'FAILED'
                        WHEN g % 1000 = 3 THEN 'RETRY_WAIT' WHEN g % 1000 = 4 THEN 'SKIPPED' ELSE 'SUCCESS' END,
                   g % 4, now() - (g % 300) * interval '1 minute', now() - (g % 5000) * interval '1 minute'
            FROM generate_series(1, 60000) g)");
        m_db->exec(R"(
            INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, created_at, published_at)
            SELECT gen_random_uuid(), 'Agg' || (g % 3), 'A' || g, 'Placed', '{}', now() - (g % 5000) * interval '1 minute',
                   CASE WHEN g % 1000 = 0 THEN NULL ELSE now() END
            FROM generate_series(1, 60000) g)");
        m_db->exec("VACUUM ANALYZE");
    }

    void neverSeqScansWithTheKit_data() {
        QTest::addColumn<QString>("profileId");
        QTest::newRow("app_outbox") << "app_outbox";
        QTest::newRow("batch_work_item") << "batch_work_item";
        QTest::newRow("outbox") << "outbox";
    }
    void neverSeqScansWithTheKit() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const IndexAdvice advice = IndexAdvisor(p).check(m_db->session());
        QVERIFY2(advice.ok(), qPrintable(advice.messages().join('\n')));

        // The plan does read the table, through indexes only (the guarded exact count of the
        // terminal states aside, which only runs on small tables).
        SnapshotQuery q(p);
        const QString plan = m_db->scalar("EXPLAIN (FORMAT JSON) " + q.sql(), q.params()).toString();
        QVERIFY(plan.contains("\"Index Only Scan\""));
        // And it still answers: the snapshot runs with the table counted as big.
        q.setExactCountMaxPages(0);
        const Snapshot s = q.run(m_db->session());
        QCOMPARE(s.waiting, profileId == "batch_work_item" ? qint64(120) : qint64(60));
    }

    // A rare terminal state with the kit's partial index is counted through it: the check finds
    // the index, and the refresh that runs (EXPLAIN ANALYZE, the table counted as big) reads it
    // and never the table sequentially. outbox has no rare terminal state and nothing to count:
    // its one terminal state (published) is held by the kit's partial B-tree on published_at
    // (for the flow chart), but it is the big state, which the bound keeps estimated (as
    // SENT and SUCCESS, whose seed indexes serve them too).
    void rareCountReadsTheIndex_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<QString>("state");
        // clang-format off
        QTest::newRow("app_outbox") << "app_outbox" << "CANCELLED";
        QTest::newRow("batch_work_item") << "batch_work_item" << "SKIPPED";
        QTest::newRow("outbox") << "outbox" << "";
        // clang-format on
    }
    void rareCountReadsTheIndex() {
        QFETCH(QString, profileId);
        QFETCH(QString, state);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        // The seeds' own (status, ...) indexes serve SENT and SUCCESS too; the bound, not the
        // check, keeps those big states estimated.
        const QStringList indexed = RareCountCheck(p).indexServedStates(m_db->session());
        QVERIFY2(state.isEmpty() || indexed.contains(state), qPrintable(indexed.join(", ")));
        SnapshotQuery q(p);
        q.setExactCountMaxPages(0);
        const QStringList without = executedScans(q, p.table);
        q.setIndexedTerminalStates(indexed);
        QStringList with = executedScans(q, p.table);
        for (const QString &scan : std::as_const(with))
            QVERIFY2(!scan.startsWith("Seq Scan"), qPrintable(with.join(", ")));
        // What the rare count added to the refresh: index scans only, at least one.
        for (const QString &scan : without)
            with.removeOne(scan);
        QCOMPARE(with.isEmpty(), state.isEmpty());
        for (const QString &scan : std::as_const(with))
            QVERIFY2(scan.startsWith("Index Only Scan using ") || scan.startsWith("Index Scan using ") || scan == "Bitmap Heap Scan",
                     qPrintable(scan));
        // The count it gives is the table's.
        const Snapshot s = q.run(m_db->session());
        for (const StateCount &c : s.states)
            if (c.name == state)
                QCOMPARE(c.count, m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), sql::statesPredicate(p, {state}))).toLongLong());
    }

    void advisorNamesTheMissingIndex() {
        // Without any index but the primary key the counts must scan: the advisor says so.
        m_db->exec("CREATE TABLE bare_outbox (LIKE app_outbox INCLUDING DEFAULTS)");
        m_db->exec("INSERT INTO bare_outbox SELECT * FROM app_outbox");
        m_db->exec("ANALYZE bare_outbox");
        SchemaProfile p = *SchemaProfile::builtIn("app_outbox");
        p.table = "bare_outbox";
        const IndexAdvice advice = IndexAdvisor(p).check(m_db->session());
        QVERIFY(!advice.ok());
        const QString text = advice.messages().join('\n');
        // The command that prints the kit for the operator's own table, never a file of the sources.
        QVERIFY2(text.contains("outbox-monitor --print-kit --profile FILE"), qPrintable(text));
        QVERIFY2(!text.contains("resources/sql"), qPrintable(text));
        QVERIFY2(text.contains("CREATE INDEX ON \"public\".\"bare_outbox\" (\"status\", \"created_at\", \"outbox_id\")"), qPrintable(text));
        QVERIFY(advice.findings.first().totalCost > 0);
        QVERIFY(advice.findings.first().filter.contains("PENDING") || text.contains("PENDING"));

        // The suggested index is what it takes: create it and the advisor is satisfied.
        m_db->exec(advice.suggestedIndex);
        m_db->exec("VACUUM ANALYZE bare_outbox");
        const IndexAdvice after = IndexAdvisor(p).check(m_db->session());
        QVERIFY2(after.ok(), qPrintable(after.messages().join('\n')));
    }

    // Which index serves a count: the seed's (status, ...) index, or without it the kit's partial
    // index; an index that has the status column second (ix_bwi_fetch: job_name, status, ...)
    // would be read whole, and does not count as serving it. Last: it drops and restores indexes.
    void rareCountNeedsAnIndexThatHoldsTheState() {
        const SchemaProfile p = *SchemaProfile::builtIn("batch_work_item");
        m_db->exec("DROP INDEX ix_bwi_locked");
        QVERIFY(RareCountCheck(p).indexServedStates(m_db->session()).contains("SKIPPED"));
        const QString plan = m_db->scalar("EXPLAIN (FORMAT JSON) SELECT count(*) FROM batch_work_item WHERE status = 'SKIPPED'").toString();
        QVERIFY2(plan.contains("ix_batch_work_item_skipped"), qPrintable(plan));
        m_db->exec("DROP INDEX ix_batch_work_item_skipped");
        QVERIFY(!RareCountCheck(p).indexServedStates(m_db->session()).contains("SKIPPED"));
        m_db->applyFile("seed003_batch_work_item.sql");
        m_db->applyFile("kit/monitoring_indexes.sql");
        QVERIFY(RareCountCheck(p).indexServedStates(m_db->session()).contains("SKIPPED"));
    }
};

OM_TEST_GUILESS_MAIN(TestSnapshotPlan)
#include "tst_snapshotplan.moc"
