// SPDX-License-Identifier: GPL-3.0-or-later
// Table health from the catalog, checked against the catalog queried independently: sizes equal
// to the server's own figures (and heap + indexes + TOAST within the total), the rows estimate
// pg_class's, dead tuples after an UPDATE burst and gone after VACUUM, the vacuum counted, and
// the planner's estimate of finished rows older than the retention near the true count, and the
// archive table a library's pruner fills read like the table.
#include "actionfixture.h"
#include "core/health/tablehealth.h"
#include "core/sql/sqltext.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QTest>

using namespace om;
using namespace om::test;

class TestTableHealth : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    qint64 scalar(const QString &sql, const QString &table) { return m_db->scalar(sql, {table}).toLongLong(); }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << "demo/logins.sql");
    }

    void sizesAreTheCatalogsOwn_data() { addProfileRows(); }
    void sizesAreTheCatalogsOwn() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        insertMessages(*m_db, p, p.purge.states.first(), 3000);
        m_db->exec(QStringLiteral("ANALYZE ") + p.qualifiedTable());
        const HealthReport r = TableHealthReader(p).read(m_db->session(), 30);
        const QString t = p.qualifiedTable();
        QVERIFY(r.table.exists);
        QVERIFY(r.audit.exists);
        QVERIFY(r.readAt.isValid());
        QCOMPARE(r.table.totalBytes, scalar("SELECT pg_total_relation_size($1::regclass)", t));
        QCOMPARE(r.table.heapBytes, scalar("SELECT pg_relation_size($1::regclass)", t));
        QCOMPARE(r.table.indexBytes, scalar("SELECT pg_indexes_size($1::regclass)", t));
        QVERIFY(r.table.heapBytes > 0);
        QVERIFY(r.table.heapBytes + r.table.indexBytes + r.table.toastBytes <= r.table.totalBytes);
        qint64 indexSum = 0;
        for (const auto &i : r.table.indexes) {
            QCOMPARE(i.second, scalar("SELECT pg_relation_size(to_regclass($1))", sql::quoteIdentifier(p.schema) + '.' + sql::quoteIdentifier(i.first)));
            indexSum += i.second;
        }
        QCOMPARE(indexSum, r.table.indexBytes);
        QCOMPARE(r.table.indexes.size(), int(scalar("SELECT count(*) FROM pg_index WHERE indrelid = $1::regclass", t)));
        QCOMPARE(r.table.rowsEstimate, scalar("SELECT reltuples::bigint FROM pg_class WHERE oid = $1::regclass", t));
        QVERIFY(r.table.rowsEstimate >= 3000);
        QCOMPARE(r.audit.heapBytes, scalar("SELECT pg_relation_size($1::regclass)", p.qualifiedAuditTable()));
    }

    void deadTuplesAfterAnUpdateBurstAndAVacuum() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        m_db->exec("CREATE TABLE burst WITH (autovacuum_enabled = off) AS SELECT g AS id, 'x'::text AS v FROM generate_series(1, 5000) g");
        m_db->exec("VACUUM ANALYZE burst");
        TableHealthReader reader(p);
        const TableHealth before = reader.readTable(m_db->session(), QStringLiteral("public.burst"));
        QVERIFY(before.exists);
        QCOMPARE(before.rowsEstimate, qint64(5000));
        QVERIFY(before.lastVacuum.isValid());
        m_db->exec("UPDATE burst SET v = 'y' WHERE id <= 2000");
        // The server publishes a transaction's counts shortly after it ends.
        QTRY_COMPARE_WITH_TIMEOUT(reader.readTable(m_db->session(), QStringLiteral("public.burst")).deadTuples, qint64(2000), 10000);
        QCOMPARE(reader.readTable(m_db->session(), QStringLiteral("public.burst")).deadTuples,
                 scalar("SELECT n_dead_tup FROM pg_stat_user_tables WHERE relid = $1::regclass", "burst"));
        m_db->exec("VACUUM burst");
        QTRY_COMPARE_WITH_TIMEOUT(reader.readTable(m_db->session(), QStringLiteral("public.burst")).deadTuples, qint64(0), 10000);
        const TableHealth after = reader.readTable(m_db->session(), QStringLiteral("public.burst"));
        QCOMPARE(after.vacuumCount, before.vacuumCount + 1);
        QVERIFY(after.lastVacuum >= before.lastVacuum);
        QCOMPARE(after.autovacuumCount, scalar("SELECT autovacuum_count FROM pg_stat_user_tables WHERE relid = $1::regclass", "burst"));
    }

    void aMissingTableIsSaidSo() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        QVERIFY(!TableHealthReader(p).readTable(m_db->session(), QStringLiteral("public.no_such_table")).exists);
    }

    void theFinishedRowsEstimateIsNearTheCount() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        m_db->exec("DELETE FROM app_outbox");
        insertMessages(*m_db, p, QStringLiteral("SENT"), 4000);
        insertMessages(*m_db, p, QStringLiteral("PENDING"), 1000);
        m_db->exec("UPDATE app_outbox SET updated_at = now() - interval '40 days' WHERE outbox_id % 2 = 0");
        m_db->exec("ANALYZE app_outbox");
        const qint64 exact = m_db->scalar("SELECT count(*) FROM app_outbox WHERE status IN ('SENT','CANCELLED') AND updated_at < now() - interval '30 days'").toLongLong();
        const HealthReport r = TableHealthReader(p).read(m_db->session(), 30);
        QVERIFY2(r.purgeableEstimate > exact / 2 && r.purgeableEstimate < exact * 2,
                 qPrintable(QStringLiteral("estimate %1, count %2").arg(r.purgeableEstimate).arg(exact)));
    }

    // The archive a library's pruner fills grows while the live table stays small: it has its
    // own entry, with the catalog's figures.
    void theArchiveHasItsOwnEntry() {
        const SchemaProfile p = profileFile(QStringLiteral("tests/support/profiles/archive/pruned_job.json"));
        m_db->exec(sourceText(QStringLiteral("tests/support/profiles/archive/pruned_job.sql")));
        m_db->exec("INSERT INTO pruned_job_archive (id, topic, status, attempts, created_at, updated_at, finished_at, body) "
                   "SELECT g, 't' || (g % 7), 'done', 1, now() - interval '2 days', now() - interval '1 day', now() - interval '1 day', "
                   "repeat('x', 100) FROM generate_series(1, 4000) g");
        m_db->exec("ANALYZE pruned_job_archive");
        const HealthReport r = TableHealthReader(p).read(m_db->session(), 30);
        QVERIFY(r.table.exists);
        QVERIFY(r.archive.exists);
        QCOMPARE(r.archive.table, p.qualifiedArchiveTable());
        QCOMPARE(r.archive.totalBytes, scalar("SELECT pg_total_relation_size($1::regclass)", p.qualifiedArchiveTable()));
        QCOMPARE(r.archive.rowsEstimate, scalar("SELECT reltuples::bigint FROM pg_class WHERE oid = $1::regclass", p.qualifiedArchiveTable()));
        QVERIFY(r.archive.rowsEstimate >= 4000);
        // A profile without an archive has no such entry.
        QVERIFY(!TableHealthReader(*SchemaProfile::builtIn(QStringLiteral("app_outbox"))).read(m_db->session(), 30).archive.exists);
    }

    void thePurgeIsAllowedOnlyToTheOperator_data() {
        QTest::addColumn<QString>("login");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("operator") << "demo_operator" << true;
        QTest::newRow("auditor") << "demo_auditor" << false;
    }
    void thePurgeIsAllowedOnlyToTheOperator() {
        QFETCH(QString, login);
        QFETCH(bool, allowed);
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(login);
        PgSession s(o);
        s.open();
        for (const QString &id : builtInProfileIds())
            QCOMPARE(TableHealthReader(*SchemaProfile::builtIn(id)).read(s, 30).purgeAllowed, allowed);
        // Debezium declares no purge: never allowed, whoever asks.
        QVERIFY(!TableHealthReader(*SchemaProfile::builtIn(QStringLiteral("debezium_outbox"))).read(s, 30).purgeAllowed);
    }
};

OM_TEST_GUILESS_MAIN(TestTableHealth)
#include "tst_tablehealth.moc"
