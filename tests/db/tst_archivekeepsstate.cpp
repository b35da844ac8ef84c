// SPDX-License-Identifier: GPL-3.0-or-later
// An archive that keeps each row's state (profile "archive" without "state"): the test's job
// table follows a rule libraries document, that their maintenance moves every job whose
// completion time is past an interval to an archive of the same columns, completed, failed and
// cancelled alike, the state column kept. The archived rows must count in the states the rules
// read from them: the per-state counts, the flow's finished series and an action's outcome are
// compared with brute-force SQL of the rule over both tables, and an audited cancel whose rows
// are then archived reads as cancelled, never as delivered.
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/flow/flowquery.h"
#include "core/outcome/actionoutcomequery.h"
#include "actionfixture.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QTest>

using namespace om;
using namespace om::test;

namespace {

// The rule as its description states it, written out by hand: the state column's value names
// the state, in the table and in the archive alike.
const char *const kBruteState = "CASE state WHEN 'created' THEN 'CREATED' WHEN 'active' THEN 'ACTIVE' "
                                "WHEN 'completed' THEN 'COMPLETED' WHEN 'failed' THEN 'FAILED' "
                                "WHEN 'cancelled' THEN 'CANCELLED' END";

qint64 total(const QList<FlowBucket> &buckets, qint64 FlowBucket::*field) {
    qint64 n = 0;
    for (const FlowBucket &b : buckets)
        n += b.*field;
    return n;
}

const StateCount *countOf(const Snapshot &s, const QString &name) {
    for (const StateCount &c : s.states)
        if (c.name == name)
            return &c;
    return nullptr;
}

} // namespace

class TestArchiveKeepsState : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    const SchemaProfile m_p = profileFile(QStringLiteral("tests/support/profiles/archive/kept_job.json"));

    /// The library's maintenance: every job completed (done, failed or cancelled) more than
    /// `minutes` ago moves to the archive with its state.
    qint64 archive(int minutes) {
        return m_db->scalar(QStringLiteral("WITH moved AS (DELETE FROM kept_job WHERE completed_on < now() - make_interval(mins => $1::int) "
                                           "RETURNING *), ins AS (INSERT INTO kept_job_archive SELECT * FROM moved RETURNING 1) "
                                           "SELECT count(*) FROM ins"),
                            {minutes})
            .toLongLong();
    }
    /// Rows per state over the table and the archive, and over the archive alone.
    qint64 brute(const QString &state, bool archiveOnly = false) {
        const QString from = archiveOnly ? QStringLiteral("kept_job_archive")
                                         : QStringLiteral("(SELECT state FROM kept_job UNION ALL SELECT state FROM kept_job_archive) u");
        return m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 = $1").arg(from, QLatin1String(kBruteState)), {state}).toLongLong();
    }

private slots:
    void init() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/archive/kept_job.sql")));
        const KitSql kit(m_p);
        QCOMPARE(kit.refusal(), QString());
        m_db->session().execScript(kit.script());
        // 500 completed, 120 failed, 80 cancelled over the last two hours (each with its
        // completion time), 200 created, 50 active.
        m_db->exec(QStringLiteral(
            "INSERT INTO kept_job (queue, state, created_on, updated_on, completed_on) "
            "SELECT 'q' || (g % 4), CASE WHEN g <= 500 THEN 'completed' WHEN g <= 620 THEN 'failed' "
            "WHEN g <= 700 THEN 'cancelled' WHEN g <= 900 THEN 'created' ELSE 'active' END, "
            "now() - make_interval(mins => 130 - g % 120), now() - make_interval(mins => 125 - g % 120), "
            "CASE WHEN g <= 700 THEN now() - make_interval(mins => 121 - g % 120) END "
            "FROM generate_series(1, 950) g"));
        m_db->exec(QStringLiteral("ANALYZE kept_job"));
    }
    void cleanup() { m_db.reset(); }

    /// The rules read the archive's state column: the check requires it, and says how to do
    /// without it (name the archive's one state).
    void theCheckRequiresTheStateColumns() {
        const ProfileCheckReport ok = ProfileCheck(m_p).run(m_db->session());
        QVERIFY2(ok.ok(), qPrintable(ok.lines(QString()).join(QLatin1Char('\n'))));
        m_db->exec(QStringLiteral("ALTER TABLE kept_job_archive DROP COLUMN state"));
        const ProfileCheckReport missing = ProfileCheck(m_p).run(m_db->session());
        QVERIFY(!missing.ok());
        const QString text = missing.lines(QString()).join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QLatin1String("archive.state")) && text.contains(QLatin1String("\"state\" is not a column of")), qPrintable(text));
    }

    /// Each state's count holds while rows move, its archived part is the archive's rows of that
    /// state, and both are the brute-force counts.
    void eachStateCountsItsArchivedRows() {
        const qint64 moved = archive(30);
        QVERIFY(moved > 300 && moved < 700);
        const Snapshot s = SnapshotQuery(m_p).run(m_db->session(), false);
        for (const StateDef &def : m_p.states) {
            const StateCount *c = countOf(s, def.name);
            QVERIFY(c);
            QCOMPARE(c->count, brute(def.name));
            QCOMPARE(c->archived, brute(def.name, true));
            QVERIFY(!c->archivedEstimated);
        }
        QVERIFY(brute(QStringLiteral("CANCELLED"), true) > 0);
        QVERIFY(brute(QStringLiteral("FAILED"), true) > 0);
        QCOMPARE(countOf(s, QStringLiteral("COMPLETED"))->count, qint64(500)); // never the failed or cancelled ones
    }

    /// A big archive's rows per state are its estimate shared out by a sample: each state's share
    /// within a few points of the brute-force share, and said to be estimated.
    void aBigArchiveIsSharedOutBySample() {
        m_db->exec(QStringLiteral("INSERT INTO kept_job_archive (id, queue, state, retry_count, created_on, updated_on, completed_on, data) "
                                  "SELECT 100000 + g, 'q', CASE WHEN g % 10 < 6 THEN 'completed' WHEN g % 10 < 9 THEN 'failed' "
                                  "ELSE 'cancelled' END, 0, now(), now(), now(), repeat('x', 100) FROM generate_series(1, 100000) g"));
        m_db->exec(QStringLiteral("VACUUM ANALYZE kept_job_archive"));
        const Snapshot s = SnapshotQuery(m_p).run(m_db->session(), false);
        const QStringList names{QStringLiteral("COMPLETED"), QStringLiteral("FAILED"), QStringLiteral("CANCELLED")};
        qint64 all = 0;
        for (const QString &name : names) {
            QVERIFY(countOf(s, name));
            QVERIFY(countOf(s, name)->archivedEstimated);
            all += countOf(s, name)->archived;
        }
        QVERIFY(all > 0);
        for (const QString &name : names) {
            const double share = double(countOf(s, name)->archived) / double(all);
            const double want = double(brute(name, true)) / 100000.0;
            QVERIFY2(qAbs(share - want) < 0.05, qPrintable(QStringLiteral("%1: %2 vs %3").arg(name).arg(share).arg(want)));
        }
    }

    /// The finished series counts only the completed rows, where they are; moving rows changes
    /// nothing, in both forms of the statement.
    void theFlowFinishesOnlyCompletedRows() {
        const qint64 now = FlowQuery::serverNowS(m_db->session());
        const qint64 from = (now - 3 * 3600) / 60 * 60, to = now / 60 * 60;
        for (const bool byBucket : {false, true}) {
            const QList<FlowBucket> before = FlowQuery(m_p, byBucket).counts(m_db->session(), from, to, 60);
            const qint64 moved = archive(byBucket ? 10 : 60);
            QVERIFY(moved > 0);
            const QList<FlowBucket> after = FlowQuery(m_p, byBucket).counts(m_db->session(), from, to, 60);
            QCOMPARE(after, before);
            const qint64 completed = m_db->scalar(QStringLiteral(
                                                      "SELECT count(*) FROM (SELECT state, completed_on FROM kept_job UNION ALL "
                                                      "SELECT state, completed_on FROM kept_job_archive) u WHERE %1 = 'COMPLETED' "
                                                      "AND completed_on >= to_timestamp($1) AND completed_on < to_timestamp($2)")
                                                      .arg(QLatin1String(kBruteState)),
                                                  {from, to})
                                         .toLongLong();
            QCOMPARE(total(after, &FlowBucket::finished), completed);
            QCOMPARE(total(after, &FlowBucket::created), qint64(950));
        }
    }

    /// An audited cancel of five waiting jobs, then archived: the outcome is five cancelled, all
    /// archived, none finished, no "finished within"; each message reads CANCELLED (archived).
    void anArchivedCancelIsCancelled() {
        QList<qint64> ids;
        for (const QVariantList &row :
             m_db->session().query(QStringLiteral("INSERT INTO kept_job (queue, state) SELECT 'to-cancel', 'created' FROM generate_series(1, 5) RETURNING id")).rows)
            ids << row.value(0).toLongLong();
        const ActionResult r = ActionRunner(m_p).run(m_db->session(), actionRequest(QStringLiteral("cancel"), ids));
        QCOMPARE(r.changed(), qint64(5));
        QCOMPARE(auditCount(*m_db, m_p, ids, QStringLiteral("CANCEL")), qint64(5));
        m_db->exec(QStringLiteral("UPDATE kept_job SET completed_on = now() - interval '1 hour' WHERE id = ANY($1::bigint[])"), {idArray(ids)});
        QVERIFY(archive(30) >= 5);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM kept_job_archive WHERE id = ANY($1::bigint[]) AND %1 = 'CANCELLED'")
                                  .arg(QLatin1String(kBruteState)),
                              {idArray(ids)})
                     .toLongLong(),
                 qint64(5));
        const QString action = r.actionId.toString(QUuid::WithoutBraces);
        const ActionOutcome o = ActionOutcomeQuery(m_p).outcomes(m_db->session(), {action}).value(action);
        QCOMPARE(o.messages, qint64(5));
        QCOMPARE(o.gone, qint64(0));
        QCOMPARE(o.archived, qint64(5));
        QCOMPARE(o.byState.value(QStringLiteral("CANCELLED")), qint64(5));
        QCOMPARE(o.archivedByState.value(QStringLiteral("CANCELLED")), qint64(5));
        QCOMPARE(o.inRole(m_p, QStringLiteral("done")), qint64(0));
        QCOMPARE(o.archivedInRole(m_p, QStringLiteral("cancelled")), qint64(5));
        QCOMPARE(o.finishedWithinS, -1.0);
        const QList<ActionMessage> messages = ActionOutcomeQuery(m_p).messages(m_db->session(), action, 100);
        QCOMPARE(messages.size(), 5);
        for (const ActionMessage &m : messages) {
            QCOMPARE(m.state, QStringLiteral("CANCELLED"));
            QVERIFY(m.archived);
            QVERIFY(!m.gone);
        }
    }
};

OM_TEST_GUILESS_MAIN(TestArchiveKeepsState)
#include "tst_archivekeepsstate.moc"
