// SPDX-License-Identifier: GPL-3.0-or-later
// A view as the source (profile "base"): a job table the test makes and a view over it that leaves
// a column out. The window reads through the view; the kit indexes the table the view reads, the
// kit's function changes it (with the audit row), and its sizes are the table's. Without "base"
// the kit refuses the view before changing anything (tst_printkit) and the check says why.
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/health/tablehealth.h"
#include "core/kit/kitgrants.h"
#include "core/kit/kitindexes.h"
#include "actionfixture.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QTest>

using namespace om;
using namespace om::test;

class TestViewSource : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    const SchemaProfile m_p = profileFile(QStringLiteral("tests/support/profiles/view/viewed_job.json"));

    QString findings(const ProfileCheckReport &r) { return r.lines(QString()).join(QLatin1Char('\n')); }

private slots:
    void init() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/view/viewed_job.sql")));
        m_db->exec(QStringLiteral("INSERT INTO viewed_job_rows (ref, status, attempts, updated_at, last_error, customer_secret) "
                                  "SELECT 'r' || g, (ARRAY['queued', 'running', 'done', 'failed', 'cancelled'])[1 + g % 5], g % 6, "
                                  "now() - make_interval(mins => g % 90), CASE WHEN g % 5 = 3 THEN 'boom' END, 'secret' "
                                  "FROM generate_series(1, 1000) g"));
        const KitSql kit(m_p);
        QCOMPARE(kit.refusal(), QString());
        m_db->session().execScript(kit.script());
        m_db->exec(QStringLiteral("ANALYZE viewed_job_rows"));
    }
    void cleanup() { m_db.reset(); }

    void theKitIndexesTheBaseTable() {
        for (const kit::KitIndex &i : kit::monitoringIndexes(m_p))
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT indrelid::regclass::text FROM pg_index WHERE indexrelid = to_regclass($1)"),
                                  {QStringLiteral("public.") + sql::quoteIdentifier(i.name)})
                         .toString(),
                     QStringLiteral("viewed_job_rows"));
        const ProfileCheckReport r = ProfileCheck(m_p).run(m_db->session());
        QVERIFY2(r.ok() && !findings(r).contains(QLatin1String("is a view")), qPrintable(findings(r)));
        QVERIFY2(!findings(r).contains(QLatin1String("Index missing")), qPrintable(findings(r)));
    }

    void countsAndSizesAreTheBaseTables() {
        const Snapshot s = SnapshotQuery(m_p).run(m_db->session(), false);
        for (const StateCount &c : s.states)
            QCOMPARE(c.count, m_db->scalar(QStringLiteral("SELECT count(*) FROM viewed_job_rows WHERE status = $1"), {c.name.toLower()}).toLongLong());
        const HealthReport h = TableHealthReader(m_p).read(m_db->session(), 7);
        QCOMPARE(h.table.totalBytes, m_db->scalar(QStringLiteral("SELECT pg_total_relation_size('viewed_job_rows')")).toLongLong());
        QVERIFY(h.table.totalBytes > 0);
    }

    /// The operator changes the base table only through the kit's function, with its audit row.
    void actionsChangeTheBaseTable() {
        const QString login = QStringLiteral("view_op_%1").arg(QCoreApplication::applicationPid());
        m_db->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE %2").arg(login, kit::KitRoles().operatorRole));
        const QList<qint64> failed = {m_db->scalar(QStringLiteral("SELECT min(id) FROM viewed_job_rows WHERE status = 'failed'")).toLongLong()};
        PgSession op({m_db->connectionStringAs(login)});
        op.open();
        const ActionResult r = ActionRunner(m_p).run(op, actionRequest(QStringLiteral("retry"), failed));
        QCOMPARE(r.changed(), qint64(1));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM viewed_job_rows WHERE id = $1"), {failed.first()}).toString(), QStringLiteral("queued"));
        QCOMPARE(auditCount(*m_db, m_p, failed, QStringLiteral("RETRY")), qint64(1));
        // Never directly: neither through the view nor on the table.
        for (const char *table : {"viewed_job", "viewed_job_rows"}) {
            try {
                op.query(QStringLiteral("UPDATE %1 SET status = status").arg(QLatin1String(table)));
                QFAIL("the operator changed rows directly");
            } catch (const PgError &e) {
                QCOMPARE(e.sqlState, QStringLiteral("42501"));
            }
        }
        op.close();
        m_db->exec(QStringLiteral("DROP ROLE %1").arg(login));
    }

    void aMissingOrWrongBaseIsSaid() {
        SchemaProfile missing = m_p;
        missing.baseTable = QStringLiteral("no_such_rows");
        const QString said = findings(ProfileCheck(missing).run(m_db->session()));
        QVERIFY2(said.contains(QLatin1String("base.table")) && said.contains(QLatin1String("no_such_rows")), qPrintable(said));
        QString error;
        QVERIFY(!SchemaProfile::fromJson(R"({"id": "x", "table": "t", "base": {"table": "t"},
            "columns": {"id": "id", "key": "k", "createdAt": "c", "status": "s"}, "states": [{"name": "A", "role": "waiting", "value": "a"}]})",
                                         &error));
        QVERIFY2(error.contains(QLatin1String("base")), qPrintable(error));
    }
};

OM_TEST_GUILESS_MAIN(TestViewSource)
#include "tst_viewsource.moc"
