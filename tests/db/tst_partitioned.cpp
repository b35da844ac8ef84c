// SPDX-License-Identifier: GPL-3.0-or-later
// Partitioned outbox tables: one partitioned by list (a partition per destination) and one by
// range, a partition a day, made by pg_partman (tests/support/ddl/partitioned_outbox.sql). A
// partitioned parent has no storage of its own; every figure must come from its leaves. Checked
// against brute force: the snapshot's counts per state, the terminal estimate near count(*), the
// health sizes the sums of the leaves' own, the index verdict the plan's leaf scans; and the kit
// installs in one transaction (psql -1) and reaches partitions made after it.
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/indexadvisor.h"
#include "core/dashboard/rarecountcheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/health/tablehealth.h"
#include "core/kit/kitindexes.h"
#include "core/sql/kitnames.h"
#include "core/sql/sqltext.h"
#include "core/sql/statesql.h"
#include "kitexercise.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

SchemaProfile profileOf(const QString &table) {
    return profileFile(QStringLiteral("tests/support/profiles/partitioned/%1.json").arg(table));
}

/// Sequential scans of `leaves` in an EXPLAIN (FORMAT JSON) plan, outside the guarded exact count
/// of terminal states (only run on small tables): what the index verdict must agree with, read
/// here without IndexAdvisor.
int leafSeqScans(const QJsonObject &node, const QStringList &leaves) {
    if (node.value(QLatin1String("Subplan Name")).toString() == QLatin1String("CTE ") + QLatin1String(SnapshotQuery::kTerminalCte))
        return 0;
    int n = node.value(QLatin1String("Node Type")).toString() == QLatin1String("Seq Scan")
            && leaves.contains(node.value(QLatin1String("Relation Name")).toString());
    for (const QJsonValue &child : node.value(QLatin1String("Plans")).toArray())
        n += leafSeqScans(child.toObject(), leaves);
    return n;
}

} // namespace

class TestPartitioned : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    QStringList leaves(const QString &table) {
        QStringList out;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT relid::regclass::text FROM pg_partition_tree($1::regclass) "
                                                               "WHERE isleaf ORDER BY 1"),
                                                {table}))
            out << r.at(0).toString();
        return out;
    }
    qint64 leafSum(const QString &expression, const QString &table) {
        return m_db->scalar(QStringLiteral("SELECT sum(%1)::bigint FROM pg_partition_tree($1::regclass) t JOIN pg_class c ON c.oid = t.relid "
                                           "WHERE t.isleaf")
                                .arg(expression),
                            {table})
            .toLongLong();
    }
    void fill(const QString &table, const QString &createdAt) {
        // Every status (SENT most), five destinations, payloads long enough that the table is
        // more than IndexAdvisor's harmless size (1 MB) without indexes.
        m_db->exec(QStringLiteral(R"(
            INSERT INTO %1 (message_key, event_type, destination, payload_json, status, retry_count, max_retry_count,
                            locked_by, locked_at, created_at, updated_at)
            SELECT 'K:' || g, 'EVT_' || (g % 7), 'DEST_' || (g % 5), repeat('x', 200),
                   (ARRAY['SENT','SENT','SENT','SENT','SENT','SENT','SENT','PENDING','PROCESSING','FAILED','CANCELLED'])
                       [1 + floor(random() * 11)::int],
                   floor(random() * 6)::int, 5, 'worker-' || (g % 3), now() - random() * interval '3 hours', %2, now()
            FROM generate_series(1, 20000) g)")
                       .arg(table, createdAt));
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        QFile ddl(QStringLiteral(OM_SOURCE_DIR "/tests/support/ddl/partitioned_outbox.sql"));
        QVERIFY(ddl.open(QIODevice::ReadOnly));
        m_db->exec(QString::fromUtf8(ddl.readAll()));
        // pg_partman 4.7, native partitioning; its background worker is not loaded (that needs
        // shared_preload_libraries): maintenance is called by hand, as a cron job would.
        m_db->exec(QStringLiteral("CREATE SCHEMA partman; CREATE EXTENSION pg_partman SCHEMA partman"));
        m_db->exec(QStringLiteral("SELECT partman.create_parent(p_parent_table := 'public.part_daily_outbox', p_control := 'created_at', "
                                  "p_type := 'native', p_interval := 'daily', p_premake := 2, "
                                  "p_start_partition := (now() - interval '9 days')::date::text)"));
        m_db->exec(QStringLiteral("SELECT setseed(0.42)"));
        fill(QStringLiteral("part_queue_outbox"), QStringLiteral("now() - random() * interval '3 hours'"));
        fill(QStringLiteral("part_daily_outbox"), QStringLiteral("now() - random() * interval '8 days'"));
        // The inserts' counters reach the shared statistics when this backend next flushes them
        // (at most once a second): flushed first, or they would land on top of what ANALYZE
        // sets and count every row twice.
        m_db->exec(QStringLiteral("SELECT pg_stat_force_next_flush()"));
        m_db->exec(QStringLiteral("SELECT 1"));
        m_db->exec(QStringLiteral("ANALYZE part_queue_outbox"));
        m_db->exec(QStringLiteral("ANALYZE part_daily_outbox"));
        QVERIFY(leaves(QStringLiteral("part_daily_outbox")).size() >= 11); // 9 days back, 2 ahead, and the default
    }

    void tables_data() {
        QTest::addColumn<QString>("table");
        QTest::newRow("list") << QStringLiteral("part_queue_outbox");
        QTest::newRow("daily") << QStringLiteral("part_daily_outbox");
    }

    void indexVerdictReadsTheLeafScans_data() { tables_data(); }
    void indexVerdictReadsTheLeafScans() {
        // Before the kit only the primary key is there: the snapshot reads the partitions
        // sequentially, and the verdict must say so (reading the parent's name in the plan it
        // found nothing, and claimed the snapshot read only indexes).
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        const QStringList names = leaves(table);
        const sql::Statement explain = sql::explainJson(SnapshotQuery(p).statement());
        const QJsonObject plan =
            QJsonDocument::fromJson(m_db->session().query(explain.text, explain.params).scalar().toString().toUtf8()).array().first().toObject();
        QVERIFY(leafSeqScans(plan.value(QLatin1String("Plan")).toObject(), names) > 0);
        const IndexAdvice advice = IndexAdvisor(p).check(m_db->session());
        QVERIFY(!advice.ok());
        for (const SeqScanFinding &f : advice.findings) {
            QCOMPARE(f.relation, p.qualifiedTable());
            QVERIFY2(names.contains(f.partition), qPrintable(f.partition));
        }
        QVERIFY(!advice.messages().isEmpty());
    }

    void theKitInstallsInOneTransaction_data() { tables_data(); }
    void theKitInstallsInOneTransaction() {
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        const KitSql kit(p, {QStringLiteral("part_auditor"), QStringLiteral("part_operator")});
        QVERIFY(kit.refusal().isEmpty());
        bool applied = false;
        const QString output = psqlApplyInOneTransaction(*m_db, kit.script(), &applied);
        QVERIFY2(applied, qPrintable(output));
        QVERIFY2(!output.contains(QLatin1String("ERROR")), qPrintable(output));
        const QString again = psqlApplyInOneTransaction(*m_db, kit.script(), &applied);
        QVERIFY2(applied, qPrintable(again)); // idempotent, as on a plain table
        for (const kit::KitIndex &i : kit::monitoringIndexes(p))
            QVERIFY2(!m_db->scalar(QStringLiteral("SELECT to_regclass($1)"), {sql::quoteIdentifier(p.schema) + '.' + sql::quoteIdentifier(i.name)})
                          .isNull(),
                     qPrintable(i.name));
        m_db->exec(QStringLiteral("ANALYZE ") + table);
    }

    // With the kit's index on every partition, a scan the planner chooses anyway (a small
    // partition, a flip between refreshes; forced here) is not a missing index: the advice must
    // not ask for the index that exists. Without the index the scans are named.
    void aScanOfAnIndexedPartitionIsNotAMissingIndex_data() { tables_data(); }
    void aScanOfAnIndexedPartitionIsNotAMissingIndex() {
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        PgSession &session = m_db->session();
        session.execScript(QStringLiteral("SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off"));
        const sql::Statement explain = sql::explainJson(SnapshotQuery(p).statement());
        const QJsonObject plan =
            QJsonDocument::fromJson(session.query(explain.text, explain.params).scalar().toString().toUtf8()).array().first().toObject();
        QVERIFY(leafSeqScans(plan.value(QLatin1String("Plan")).toObject(), leaves(table)) > 0); // the planner reads them whole
        const IndexAdvice indexed = IndexAdvisor(p).check(session);
        QVERIFY2(indexed.ok(), qPrintable(indexed.messages().join(QLatin1Char('\n'))));

        // Without the kit's index the same scans are named again (then the kit puts it back).
        const QString open = sql::quoteIdentifier(p.schema) + QLatin1Char('.')
                             + sql::quoteIdentifier(kit::objectName(QStringLiteral("ix_") + p.table, QStringLiteral("open")));
        m_db->exec(QStringLiteral("DROP INDEX %1").arg(open));
        const IndexAdvice missing = IndexAdvisor(p).check(session);
        QVERIFY(!missing.ok());
        bool applied = false;
        const QString output = psqlApplyInOneTransaction(*m_db, KitSql(p, {QStringLiteral("part_auditor"), QStringLiteral("part_operator")}).script(), &applied);
        QVERIFY2(applied, qPrintable(output));
        QVERIFY(!m_db->scalar(QStringLiteral("SELECT to_regclass($1)"), {open}).isNull());
        session.execScript(QStringLiteral("RESET enable_indexscan; RESET enable_indexonlyscan; RESET enable_bitmapscan"));
    }

    void snapshotCountsAreExact_data() { tables_data(); }
    void snapshotCountsAreExact() {
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        const Snapshot s = SnapshotQuery(p).run(m_db->session());
        QCOMPARE(s.states.size(), p.states.size());
        for (const StateCount &c : s.states) {
            const qint64 truth =
                m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), sql::statesPredicate(p, {c.name}))).toLongLong();
            QVERIFY2(!c.estimated, qPrintable(c.name)); // 20,000 rows: a small table, counted exactly
            QVERIFY2(truth > 0, qPrintable(c.name));
            QCOMPARE(c.count, truth);
        }
    }

    void terminalEstimateIsNearTheCount_data() { tables_data(); }
    void terminalEstimateIsNearTheCount() {
        // As on a big table: the terminal states from the leaves' live rows and statistics.
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        SnapshotQuery q(p);
        q.setExactCountMaxPages(0);
        const Snapshot s = q.run(m_db->session());
        const qint64 all = m_db->scalar(QStringLiteral("SELECT count(*) FROM ") + table).toLongLong();
        for (const StateCount &c : s.states) {
            const qint64 truth =
                m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), sql::statesPredicate(p, {c.name}))).toLongLong();
            QCOMPARE(c.estimated, p.state(c.name)->terminal);
            // Within 3 % of all rows: the big state (SENT) within a few percent of its own count.
            QVERIFY2(qAbs(c.count - truth) <= all * 3 / 100,
                     qPrintable(QStringLiteral("%1: estimated %2, true %3").arg(c.name).arg(c.count).arg(truth)));
        }
    }

    void knownFrequenciesFollowTheLeaves_data() { tables_data(); }
    void knownFrequenciesFollowTheLeaves() {
        // The frequencies come from every leaf's statistics, weighted by its rows: passed back to
        // the next refresh, they hold until one leaf is analysed or a partition comes or goes.
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        SnapshotQuery q(p);
        q.setExactCountMaxPages(0);
        const Snapshot first = q.run(m_db->session());
        QVERIFY(!first.frequencies.key.isEmpty());
        KnownFrequencies planted = first.frequencies;
        for (QVariant &v : planted.values)
            v = 0.123456789;
        q.setKnownFrequencies(planted);
        QCOMPARE(q.run(m_db->session()).frequencies.values.first().toDouble(), 0.123456789); // not read: the key holds
        const QString leaf = m_db->scalar(QStringLiteral("SELECT c.oid::regclass::text FROM pg_class c WHERE c.oid IN "
                                                         "(SELECT relid FROM pg_partition_tree($1::regclass) WHERE isleaf) "
                                                         "AND c.reltuples > 0 ORDER BY c.reltuples DESC LIMIT 1"),
                                          {table})
                                 .toString();
        QVERIFY(!leaf.isEmpty());
        m_db->exec(QStringLiteral("ANALYZE ") + leaf);
        const Snapshot analysed = q.run(m_db->session());
        QVERIFY(analysed.frequencies.key != first.frequencies.key);
        QCOMPARE(analysed.frequencies.values, SnapshotQuery(p).run(m_db->session()).frequencies.values); // read again
        // A partition added (empty, never analysed) changes the key too.
        planted.key = analysed.frequencies.key;
        q.setKnownFrequencies(planted);
        const QString added = table + QLatin1String("_known_freq");
        m_db->exec(QStringLiteral("CREATE TABLE %2 PARTITION OF %1 %3")
                       .arg(table, added,
                            table == QLatin1String("part_daily_outbox") ? QStringLiteral("FOR VALUES FROM ('1990-01-01') TO ('1990-01-02')")
                                                                        : QStringLiteral("FOR VALUES IN ('DEST_KNOWN_FREQ')")));
        const Snapshot withNewLeaf = q.run(m_db->session());
        m_db->exec(QStringLiteral("DROP TABLE ") + added);
        QVERIFY(withNewLeaf.frequencies.key != analysed.frequencies.key);
        QVERIFY(withNewLeaf.frequencies.values.first().toDouble() != 0.123456789);
    }

    void healthSumsTheLeaves_data() { tables_data(); }
    void healthSumsTheLeaves() {
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        const HealthReport r = TableHealthReader(p).read(m_db->session(), 30);
        QVERIFY(r.table.exists);
        QVERIFY(r.table.partitioned);
        QCOMPARE(r.table.totalBytes, leafSum(QStringLiteral("pg_total_relation_size(c.oid)"), table));
        QCOMPARE(r.table.heapBytes, leafSum(QStringLiteral("pg_relation_size(c.oid)"), table));
        QCOMPARE(r.table.indexBytes, leafSum(QStringLiteral("pg_indexes_size(c.oid)"), table));
        QCOMPARE(r.table.rowsEstimate, leafSum(QStringLiteral("greatest(c.reltuples, 0)"), table));
        QVERIFY(r.table.totalBytes > 1024 * 1024);
        qint64 indexSum = 0;
        for (const auto &i : r.table.indexes)
            indexSum += i.second;
        QCOMPARE(indexSum, r.table.indexBytes); // each partitioned index sized by its partitions
        const QStringList names = leaves(table);
        QCOMPARE(r.table.partitions.size(), names.size());
        qint64 partitionBytes = 0;
        for (const PartitionHealth &ph : r.table.partitions) {
            QVERIFY2(names.contains(ph.name), qPrintable(ph.name));
            QCOMPARE(ph.totalBytes, m_db->scalar(QStringLiteral("SELECT pg_total_relation_size($1::regclass)"), {ph.name}).toLongLong());
            QCOMPARE(ph.bound, m_db->scalar(QStringLiteral("SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE oid = $1::regclass"), {ph.name}).toString());
            QVERIFY(!ph.bound.isEmpty());
            partitionBytes += ph.totalBytes;
        }
        QCOMPARE(partitionBytes, r.table.totalBytes);
    }

    void aPlainTableHasNoPartitions() {
        m_db->exec(QStringLiteral("CREATE TABLE plain_copy AS SELECT * FROM part_queue_outbox; ANALYZE plain_copy"));
        const TableHealth h = TableHealthReader(profileOf(QStringLiteral("part_queue_outbox"))).readTable(m_db->session(), QStringLiteral("public.plain_copy"));
        QVERIFY(h.exists);
        QVERIFY(!h.partitioned);
        QVERIFY(h.partitions.isEmpty());
        QCOMPARE(h.totalBytes, m_db->scalar(QStringLiteral("SELECT pg_total_relation_size('plain_copy')")).toLongLong());
        QCOMPARE(h.rowsEstimate, m_db->scalar(QStringLiteral("SELECT reltuples::bigint FROM pg_class WHERE oid = 'plain_copy'::regclass")).toLongLong());
    }

    void laterPartitionsHaveTheKitsIndexes_data() { tables_data(); }
    void laterPartitionsHaveTheKitsIndexes() {
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        const QStringList before = leaves(table);
        if (table == QLatin1String("part_daily_outbox")) {
            m_db->exec(QStringLiteral("UPDATE partman.part_config SET premake = premake + 3 WHERE parent_table = 'public.part_daily_outbox'"));
            m_db->exec(QStringLiteral("SELECT partman.run_maintenance('public.part_daily_outbox')"));
        } else {
            m_db->exec(QStringLiteral("CREATE TABLE part_queue_outbox_dest_9 PARTITION OF part_queue_outbox FOR VALUES IN ('DEST_9')"));
        }
        QStringList made = leaves(table);
        for (const QString &old : before)
            made.removeAll(old);
        QVERIFY(!made.isEmpty());
        QList<kit::KitIndex> kitIndexes = kit::monitoringIndexes(p) + kit::flowIndexes(p);
        for (const QString &partition : std::as_const(made))
            for (const kit::KitIndex &i : std::as_const(kitIndexes)) {
                if (i.table != p.qualifiedTable())
                    continue;
                const qint64 n = m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_inherits h JOIN pg_index x ON x.indexrelid = h.inhrelid "
                                                             "WHERE h.inhparent = to_regclass($1) AND x.indrelid = $2::regclass"),
                                              {sql::quoteIdentifier(p.schema) + '.' + sql::quoteIdentifier(i.name), partition})
                                     .toLongLong();
                QVERIFY2(n == 1, qPrintable(partition + QLatin1String(": ") + i.name));
            }
    }

    void profileCheckAgreesWithTheLeafPlan_data() { tables_data(); }
    void profileCheckAgreesWithTheLeafPlan() {
        // With the kit's indexes on every partition and sequential scans priced out (on 20,000
        // rows the planner may rightly prefer reading a small partition whole), the snapshot
        // reads the partitions' indexes only, and the profile check says so.
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        m_db->exec(QStringLiteral("SET enable_seqscan = off"));
        const sql::Statement explain = sql::explainJson(SnapshotQuery(p).statement());
        const QString planText = m_db->session().query(explain.text, explain.params).scalar().toString();
        const QJsonObject plan = QJsonDocument::fromJson(planText.toUtf8()).array().first().toObject();
        const int scans = leafSeqScans(plan.value(QLatin1String("Plan")).toObject(), leaves(table));
        const ProfileCheckReport r = ProfileCheck(p).run(m_db->session());
        m_db->exec(QStringLiteral("RESET enable_seqscan"));
        QVERIFY(planText.contains(QLatin1String("Index Only Scan")));
        QCOMPARE(scans, 0);
        QVERIFY2(r.indexesChecked, qPrintable(r.lines(table).join(QLatin1Char('\n'))));
        QVERIFY2(r.indexes.ok(), qPrintable(r.indexes.messages().join(QLatin1Char('\n'))));
    }

    void aRareStateIsCountedThroughThePartitionsIndexes_data() { tables_data(); }
    void aRareStateIsCountedThroughThePartitionsIndexes() {
        // The kit's index of CANCELLED on the parent is one index per partition in the plan:
        // the count is served by them, and exact although the table is taken for big.
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        const QStringList served = RareCountCheck(p).indexServedStates(m_db->session());
        QVERIFY2(served.contains(QStringLiteral("CANCELLED")), qPrintable(served.join(QLatin1Char(','))));
        SnapshotQuery q(p);
        q.setExactCountMaxPages(0);
        q.setIndexedTerminalStates(served);
        const Snapshot s = q.run(m_db->session());
        const qint64 truth =
            m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), sql::statesPredicate(p, {QStringLiteral("CANCELLED")}))).toLongLong();
        for (const StateCount &c : s.states)
            if (c.name == QLatin1String("CANCELLED")) {
                QVERIFY(c.countedByIndex);
                QCOMPARE(c.count, truth);
            }
    }

    void theKitsAuditorReadsTheSameCounts_data() { tables_data(); }
    void theKitsAuditorReadsTheSameCounts() {
        // A role the kit lets read the parent may not read the partitions themselves (a grant on
        // the parent does not reach them): their statistics are hidden from it, yet the counts
        // and the estimate of the big state are the same as the owner's.
        QFETCH(QString, table);
        const SchemaProfile p = profileOf(table);
        m_db->createLoginRole(QStringLiteral("part_audit_login"), QStringLiteral("part_auditor"));
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(QStringLiteral("part_audit_login"));
        PgSession auditor(o);
        auditor.open();
        SnapshotQuery q(p);
        q.setExactCountMaxPages(0);
        q.setIndexedTerminalStates(RareCountCheck(p).indexServedStates(auditor));
        const Snapshot s = q.run(auditor);
        const qint64 all = m_db->scalar(QStringLiteral("SELECT count(*) FROM ") + table).toLongLong();
        for (const StateCount &c : s.states) {
            const qint64 truth =
                m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), sql::statesPredicate(p, {c.name}))).toLongLong();
            if (c.estimated)
                QVERIFY2(qAbs(c.count - truth) <= all * 3 / 100,
                         qPrintable(QStringLiteral("%1: estimated %2, true %3").arg(c.name).arg(c.count).arg(truth)));
            else
                QCOMPARE(c.count, truth);
        }
    }

    void theSeedKitFileSetsAutovacuumOnEachPartition() {
        // kit/monitoring_indexes.sql on a partitioned app_outbox: the parent refuses storage
        // parameters, so each partition takes them; the indexes go on the parent.
        m_db->exec(QStringLiteral("CREATE TABLE app_outbox (LIKE part_queue_outbox INCLUDING DEFAULTS INCLUDING CONSTRAINTS, "
                                  "PRIMARY KEY (outbox_id, destination)) PARTITION BY LIST (destination); "
                                  "CREATE TABLE app_outbox_a PARTITION OF app_outbox FOR VALUES IN ('A'); "
                                  "CREATE TABLE app_outbox_rest PARTITION OF app_outbox DEFAULT"));
        m_db->applyFile(QStringLiteral("kit/monitoring_indexes.sql"));
        for (const char *partition : {"app_outbox_a", "app_outbox_rest"})
            QVERIFY2(m_db->scalar(QStringLiteral("SELECT 'autovacuum_vacuum_scale_factor=0' = ANY(reloptions) FROM pg_class WHERE oid = $1::regclass"),
                                  {QString::fromLatin1(partition)})
                             .toString()
                         == QLatin1String("t"),
                     partition);
        QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_index WHERE indrelid = 'app_outbox'::regclass")).toLongLong() > 1);
    }
};

OM_TEST_GUILESS_MAIN(TestPartitioned)
#include "tst_partitioned.moc"
