// SPDX-License-Identifier: GPL-3.0-or-later
// Row-level security on the tables a profile reads beside its own (the archive, the audit table):
// a role whose policies hide the archive's rows is told so by every snapshot and by the check
// (an error naming the archive, as for the table itself), while its counts drop; the kit's read
// policy (--print-kit --read-policy), applied in the cluster, covers the archive too, after which
// the role's counts are the brute-force counts over both tables and the check fits.
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/kit/kitgrants.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QTest>

using namespace om;
using namespace om::test;

namespace {
const QString kViewer = QStringLiteral("om_rls_reader");
} // namespace

class TestRowSecurityReadTables : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    const SchemaProfile m_p = profileFile(QStringLiteral("tests/support/profiles/archive/kept_job.json"));

    std::unique_ptr<PgSession> login() {
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(kViewer);
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }
    /// Rows of `value` in the table and its archive, as the superuser reads them.
    qint64 brute(const QString &value) {
        return m_db->scalar(QStringLiteral("SELECT (SELECT count(*) FROM kept_job WHERE state = $1) + "
                                           "(SELECT count(*) FROM kept_job_archive WHERE state = $1)"),
                            {value})
            .toLongLong();
    }
    static QList<ProfileFinding> rowSecurityFindings(const ProfileCheckReport &r) {
        QList<ProfileFinding> out;
        for (const ProfileFinding &f : r.findings)
            if (f.path == QLatin1String(kRowSecurityPath))
                out << f;
        return out;
    }

private slots:
    void init() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/archive/kept_job.sql")));
        m_db->session().execScript(KitSql(m_p).script());
        m_db->createLoginRole(kViewer, kit::KitRoles().auditor);
        m_db->exec(QStringLiteral("INSERT INTO kept_job (queue, state, completed_on) SELECT 'q', "
                                  "(ARRAY['created','completed','failed','cancelled'])[1 + g % 4], CASE WHEN g % 4 > 0 THEN now() END "
                                  "FROM generate_series(1, 400) g"));
        m_db->exec(QStringLiteral("WITH m AS (DELETE FROM kept_job WHERE id % 3 <> 0 AND completed_on IS NOT NULL RETURNING *) "
                                  "INSERT INTO kept_job_archive SELECT * FROM m"));
        QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM kept_job_archive")).toLongLong() >= 100);
    }
    void cleanup() {
        m_db.reset();
    }

    void theProfileReadsItsArchiveAndAudit() {
        const QList<ReadTable> t = m_p.readTables();
        QCOMPARE(t.size(), 3);
        QCOMPARE(t.at(0).name, QStringLiteral("\"public\".\"kept_job\""));
        QCOMPARE(int(t.at(1).use), int(ReadTable::Use::Archive));
        QCOMPARE(int(t.at(2).use), int(ReadTable::Use::Audit));
    }

    /// Policies that hide the archive from the role: the snapshot names the archive (and not the
    /// table), the archived rows are missing from its counts, the check is an error naming it.
    void aHiddenArchiveIsSaid() {
        m_db->exec(QStringLiteral("ALTER TABLE kept_job_archive ENABLE ROW LEVEL SECURITY"));
        auto s = login();
        const Snapshot snap = SnapshotQuery(m_p, 30).run(*s);
        QVERIFY(!snap.rowSecurity.hidesRows()); // the table itself is open
        QVERIFY(snap.readSecurity.hidesRows());
        QCOMPARE(snap.readSecurity.hidingTables(), QStringList{QStringLiteral("\"public\".\"kept_job_archive\"")});
        QVERIFY2(snap.readSecurity.hiddenRowsText().contains(QStringLiteral("the archive")), qPrintable(snap.readSecurity.hiddenRowsText()));
        QVERIFY(snap.readSecurity.fewerRowsNote().contains(kViewer));
        // What it hides: the archive's part of the finished count is missing.
        QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM kept_job_archive WHERE state = 'completed'")).toLongLong() > 0);
        QCOMPARE(snap.stateCount(QStringLiteral("COMPLETED")).archived, qint64(0));

        const ProfileCheckReport r = ProfileCheck(m_p).run(*s, 30);
        QVERIFY(!r.ok());
        const QList<ProfileFinding> found = rowSecurityFindings(r);
        QCOMPARE(found.size(), 1);
        QCOMPARE(int(found.first().severity), int(ProfileFinding::Severity::Error));
        QVERIFY2(found.first().message.contains(QStringLiteral("\"public\".\"kept_job_archive\" (the archive")), qPrintable(found.first().message));
        QVERIFY(found.first().message.contains(QStringLiteral("--read-policy")));
        QVERIFY(r.readSecurity.hidesRows());
        QVERIFY(r.indexesChecked); // an error of row security only: the rest of the check still ran
    }

    /// The kit with --read-policy, applied in the cluster: a policy on the table, the archive and
    /// the audit table, after which the role reads every row of each.
    void theKitsReadPolicyOpensTheArchive() {
        for (const char *t : {"kept_job", "kept_job_archive", "kept_job_audit"})
            m_db->exec(QStringLiteral("ALTER TABLE %1 ENABLE ROW LEVEL SECURITY").arg(QLatin1String(t)));
        auto before = login();
        QCOMPARE(SnapshotQuery(m_p, 30).run(*before).readSecurity.hidingTables().size(), 3);
        before.reset();

        KitSql kit(m_p);
        kit.setReadPolicy(true);
        m_db->session().execScript(kit.script());
        for (const char *t : {"kept_job", "kept_job_archive", "kept_job_audit"})
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_policy WHERE polrelid = $1::regclass AND polname = $2"),
                                  {QLatin1String(t), QLatin1String(kit::kReadPolicyName)})
                         .toInt(),
                     1);
        auto s = login();
        const Snapshot snap = SnapshotQuery(m_p, 30).run(*s);
        QVERIFY(!snap.readSecurity.hidesRows());
        QVERIFY(snap.readSecurity.fewerRowsNote().isEmpty());
        QCOMPARE(snap.stateCount(QStringLiteral("COMPLETED")).archived,
                 m_db->scalar(QStringLiteral("SELECT count(*) FROM kept_job_archive WHERE state = 'completed'")).toLongLong());
        QCOMPARE(snap.count(QStringLiteral("COMPLETED")), brute(QStringLiteral("completed")));
        QCOMPARE(snap.count(QStringLiteral("CANCELLED")), brute(QStringLiteral("cancelled")));
        const ProfileCheckReport r = ProfileCheck(m_p).run(*s, 30);
        QVERIFY2(r.ok(), qPrintable(r.lines(QString()).join(QLatin1Char('\n'))));
        QCOMPARE(rowSecurityFindings(r).size(), 3); // a note per table: the policy lets the role read every row
    }
};

OM_TEST_GUILESS_MAIN(TestRowSecurityReadTables)
#include "tst_rowsecurityreadtables.moc"
