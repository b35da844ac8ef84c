// SPDX-License-Identifier: GPL-3.0-or-later
// An archive table (profile "archive"): a job table the test makes, whose "pruner" moves finished
// rows to an archive of the same columns, as libraries' maintenance does. Moving rows must not
// change what the monitor says: the finished count, the flow per minute and an action's outcome
// ("finished, archived", not "gone") are compared before and after the move, and with SQL.
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/flow/flowquery.h"
#include "core/kit/kitgrants.h"
#include "core/outcome/actionoutcomequery.h"
#include "actionfixture.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QTest>

using namespace om;
using namespace om::test;

namespace {

qint64 total(const QList<FlowBucket> &buckets, qint64 FlowBucket::*field) {
    qint64 n = 0;
    for (const FlowBucket &b : buckets)
        n += b.*field;
    return n;
}

} // namespace

class TestArchiveTable : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    const SchemaProfile m_p = profileFile(QStringLiteral("tests/support/profiles/archive/pruned_job.json"));

    /// The library's pruner: finished rows older than `minutes` move to the archive.
    qint64 prune(int minutes) {
        return m_db->scalar(QStringLiteral("WITH moved AS (DELETE FROM pruned_job WHERE status = 'done' AND finished_at < now() - "
                                           "make_interval(mins => $1::int) RETURNING *), ins AS (INSERT INTO pruned_job_archive "
                                           "SELECT * FROM moved RETURNING 1) SELECT count(*) FROM ins"),
                            {minutes})
            .toLongLong();
    }
    qint64 doneCount(const Snapshot &s) {
        for (const StateCount &c : s.states)
            if (c.name == QLatin1String("DONE"))
                return c.count;
        return -1;
    }

private slots:
    void init() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/archive/pruned_job.sql")));
        const KitSql kit(m_p);
        QCOMPARE(kit.refusal(), QString());
        m_db->session().execScript(kit.script());
        // 600 finished over the last two hours, 100 failed, 300 queued; created before they finished.
        m_db->exec(QStringLiteral(
            "INSERT INTO pruned_job (topic, status, created_at, updated_at, finished_at) "
            "SELECT 't' || (g % 5), CASE WHEN g <= 600 THEN 'done' WHEN g <= 700 THEN 'failed' ELSE 'queued' END, "
            "       now() - make_interval(mins => 130 - g % 120), now() - make_interval(mins => 125 - g % 120), "
            "       CASE WHEN g <= 600 THEN now() - make_interval(mins => 121 - g % 120) END "
            "FROM generate_series(1, 1000) g"));
        m_db->exec(QStringLiteral("ANALYZE pruned_job"));
    }
    void cleanup() { m_db.reset(); }

    void theCheckReadsTheArchive() {
        const ProfileCheckReport ok = ProfileCheck(m_p).run(m_db->session());
        QVERIFY2(ok.ok(), qPrintable(ok.lines(QString()).join(QLatin1Char('\n'))));
        m_db->exec(QStringLiteral("ALTER TABLE pruned_job_archive RENAME TO pruned_job_archive_old"));
        const ProfileCheckReport missing = ProfileCheck(m_p).run(m_db->session());
        QVERIFY(!missing.ok());
        QVERIFY2(missing.lines(QString()).join(QLatin1Char('\n')).contains(QLatin1String("archive.table")),
                 qPrintable(missing.lines(QString()).join(QLatin1Char('\n'))));
    }

    /// The finished count holds while the pruner moves rows; the part in the archive is said.
    void archivedRowsCountAsFinished() {
        const Snapshot before = SnapshotQuery(m_p).run(m_db->session(), false);
        QCOMPARE(doneCount(before), qint64(600));
        const qint64 moved = prune(30);
        QVERIFY(moved > 300 && moved < 600);
        const Snapshot after = SnapshotQuery(m_p).run(m_db->session(), false);
        QCOMPARE(doneCount(after), qint64(600));
        for (const StateCount &c : after.states) {
            QCOMPARE(c.archived, c.name == QLatin1String("DONE") ? moved : qint64(0));
            QVERIFY(!c.archivedEstimated); // a small archive is counted
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pruned_job WHERE status = 'done'")).toLongLong(), 600 - moved);

        // The kit's auditor reads the archive too (the kit grants it), so the count is the same.
        const QString login = QStringLiteral("arch_aud_%1").arg(QCoreApplication::applicationPid());
        m_db->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE %2").arg(login, kit::KitRoles().auditor));
        PgSession auditor({m_db->connectionStringAs(login)});
        auditor.open();
        QCOMPARE(doneCount(SnapshotQuery(m_p).run(auditor, false)), qint64(600));
        auditor.close();
        m_db->exec(QStringLiteral("DROP ROLE %1").arg(login));
    }

    /// A big archive (over 8 MB) is estimated as the table's own rows are, and says so.
    void aBigArchiveIsEstimated() {
        m_db->exec(QStringLiteral("INSERT INTO pruned_job_archive (id, topic, status, attempts, created_at, updated_at, finished_at, body) "
                                  "SELECT 100000 + g, 't', 'done', 0, now(), now(), now(), repeat('x', 100) FROM generate_series(1, 100000) g"));
        m_db->exec(QStringLiteral("VACUUM ANALYZE pruned_job_archive"));
        QVERIFY(m_db->scalar(QStringLiteral("SELECT pg_relation_size('pruned_job_archive') > 8 * 1024 * 1024")).toString() == QLatin1String("t"));
        const Snapshot s = SnapshotQuery(m_p).run(m_db->session(), false);
        for (const StateCount &c : s.states) {
            if (c.name != QLatin1String("DONE"))
                continue;
            QVERIFY(c.archivedEstimated);
            QVERIFY2(qAbs(c.archived - 100000) <= 5000, qPrintable(QString::number(c.archived)));
            QCOMPARE(c.count, 600 + c.archived);
        }
    }

    /// Created and finished per minute stay where they happened, in both forms of the statement.
    void theFlowKeepsArchivedRows() {
        const qint64 now = FlowQuery::serverNowS(m_db->session());
        const qint64 from = (now - 3 * 3600) / 60 * 60, to = now / 60 * 60;
        for (const bool byBucket : {false, true}) {
            const QList<FlowBucket> before = FlowQuery(m_p, byBucket).counts(m_db->session(), from, to, 60);
            QCOMPARE(total(before, &FlowBucket::finished), qint64(600));
            QCOMPARE(total(before, &FlowBucket::created), qint64(1000));
            const qint64 moved = prune(byBucket ? 10 : 60);
            QVERIFY(moved > 0);
            const QList<FlowBucket> after = FlowQuery(m_p, byBucket).counts(m_db->session(), from, to, 60);
            QCOMPARE(after, before);
        }
    }

    /// A retried job that finished and was then archived is "finished, archived", not "gone".
    void anArchivedOutcomeIsFinished() {
        const qint64 id = m_db->scalar(QStringLiteral("SELECT min(id) FROM pruned_job WHERE status = 'failed'")).toLongLong();
        const ActionResult r = ActionRunner(m_p).run(m_db->session(), actionRequest(QStringLiteral("retry"), {id}));
        QCOMPARE(r.changed(), qint64(1));
        QCOMPARE(auditCount(*m_db, m_p, {id}, QStringLiteral("RETRY")), qint64(1));
        // The worker finishes it an hour "ago", and the pruner moves it.
        m_db->exec(QStringLiteral("UPDATE pruned_job SET status = 'done', finished_at = now() WHERE id = $1"), {id});
        const QString action = r.actionId.toString(QUuid::WithoutBraces);
        ActionOutcome o = ActionOutcomeQuery(m_p).outcomes(m_db->session(), {action}).value(action);
        QCOMPARE(o.byState.value(QStringLiteral("DONE")), qint64(1));
        QCOMPARE(o.archived, qint64(0));
        m_db->exec(QStringLiteral("UPDATE pruned_job SET finished_at = now() - interval '1 hour' WHERE id = $1"), {id});
        QVERIFY(prune(30) > 0);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pruned_job_archive WHERE id = $1"), {id}).toLongLong(), qint64(1));
        o = ActionOutcomeQuery(m_p).outcomes(m_db->session(), {action}).value(action);
        QCOMPARE(o.messages, qint64(1));
        QCOMPARE(o.gone, qint64(0));
        QCOMPARE(o.archived, qint64(1));
        QCOMPARE(o.byState.value(QStringLiteral("DONE")), qint64(1));
        // Deleted outright (not archived), it is gone.
        m_db->exec(QStringLiteral("DELETE FROM pruned_job_archive WHERE id = $1"), {id});
        o = ActionOutcomeQuery(m_p).outcomes(m_db->session(), {action}).value(action);
        QCOMPARE(o.gone, qint64(1));
        QCOMPARE(o.archived, qint64(0));
    }
};

OM_TEST_GUILESS_MAIN(TestArchiveTable)
#include "tst_archivetable.moc"
