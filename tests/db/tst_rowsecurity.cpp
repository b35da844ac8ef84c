// SPDX-License-Identifier: GPL-3.0-or-later
// Row-level security between the monitor's role and the table: a role the policies show nothing,
// or a subset, is told so by every snapshot and by the profile check, whose counts are then what
// the role sees (compared with the table as the superuser reads it); the kit's read policy opens
// every row, and a restrictive policy beside it narrows again; a superuser and the owner of a
// table that does not FORCE row security are not subject to it.
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/kit/kitgrants.h"
#include "pg/pgsession.h"
#include "actionfixture.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QTest>

using namespace om;
using namespace om::test;

namespace {
const QString kViewer = QStringLiteral("om_rls_viewer");
const QString kOwner = QStringLiteral("om_rls_owner");
} // namespace

class TestRowSecurity : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    SchemaProfile m_profile;

    std::unique_ptr<PgSession> login(const QString &role) {
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(role);
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }
    Snapshot snapshotAs(const QString &role) {
        auto s = login(role);
        return SnapshotQuery(m_profile, 30).run(*s);
    }
    ProfileCheckReport checkAs(const QString &role) {
        auto s = login(role);
        return ProfileCheck(m_profile).run(*s, 30);
    }
    qint64 tableCount(const QString &status) {
        return m_db->scalar("SELECT count(*) FROM app_outbox WHERE status = $1", {status}).toLongLong();
    }
    static QList<ProfileFinding> rowSecurityFindings(const ProfileCheckReport &r) {
        QList<ProfileFinding> out;
        for (const ProfileFinding &f : r.findings)
            if (f.path == QLatin1String(kRowSecurityPath))
                out << f;
        return out;
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        for (const QString &role : {kViewer, kOwner})
            m_db->createLoginRole(role, QStringLiteral("outbox_auditor"));
        insertMessages(*m_db, m_profile, QStringLiteral("FAILED"), 7, 5, QStringLiteral("rls-failed"));
        insertMessages(*m_db, m_profile, QStringLiteral("SENT"), 11, 5, QStringLiteral("rls-sent"));
        m_db->exec("ANALYZE app_outbox");
        QVERIFY(tableCount(QStringLiteral("FAILED")) >= 7);
    }

    void init() {
        m_db->exec("DROP POLICY IF EXISTS failed_only ON app_outbox");
        m_db->exec("DROP POLICY IF EXISTS only_old ON app_outbox");
        m_db->exec(QStringLiteral("DROP POLICY IF EXISTS %1 ON app_outbox").arg(QLatin1String(kit::kReadPolicyName)));
        m_db->exec(QStringLiteral("DROP POLICY IF EXISTS %1 ON app_outbox_audit").arg(QLatin1String(kit::kReadPolicyName)));
        m_db->exec("ALTER TABLE app_outbox NO FORCE ROW LEVEL SECURITY");
        m_db->exec("ALTER TABLE app_outbox ENABLE ROW LEVEL SECURITY");
    }

    void cleanupTestCase() {
        if (m_db)
            m_db->exec("ALTER TABLE app_outbox DISABLE ROW LEVEL SECURITY");
    }

    // No policy: the role sees no row at all, and the dashboard would show an empty, healthy table.
    void noPolicyHidesEveryRow() {
        const Snapshot s = snapshotAs(kViewer);
        QVERIFY(s.rowSecurity.known);
        QVERIFY(s.rowSecurity.enabled);
        QVERIFY(s.rowSecurity.active);
        QVERIFY(s.rowSecurity.hidesRows());
        QCOMPARE(s.rowSecurity.role, kViewer);
        QCOMPARE(s.count(QStringLiteral("FAILED")), qint64(0));
        QVERIFY(tableCount(QStringLiteral("FAILED")) > 0);
        const QString text = s.rowSecurity.hiddenRowsText(m_profile.qualifiedTable());
        QVERIFY2(text.contains(QStringLiteral("Row-level security on \"public\".\"app_outbox\" applies to the role om_rls_viewer")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("not the table's owner, a superuser or a role with BYPASSRLS")), qPrintable(text));

        const ProfileCheckReport r = checkAs(kViewer);
        QVERIFY(!r.ok());
        const QList<ProfileFinding> found = rowSecurityFindings(r);
        QCOMPARE(found.size(), 2);
        QCOMPARE(int(found.at(0).severity), int(ProfileFinding::Severity::Error));
        QVERIFY(found.at(0).message.contains(kViewer));
        QVERIFY(found.at(0).message.contains(QStringLiteral("--read-policy")));
        QVERIFY2(found.at(1).message.startsWith(QStringLiteral("The role om_rls_viewer sees 0 rows")), qPrintable(found.at(1).message));
        QCOMPARE(r.coverage.total, qint64(0));
    }

    // A policy that shows the failed rows only: the role's counts are the table's for FAILED and
    // zero elsewhere, and it is still told that rows are hidden.
    void aPolicyShowsASubset() {
        m_db->exec("CREATE POLICY failed_only ON app_outbox FOR SELECT TO outbox_auditor USING (status = 'FAILED')");
        const Snapshot s = snapshotAs(kViewer);
        QVERIFY(s.rowSecurity.hidesRows());
        QCOMPARE(s.count(QStringLiteral("FAILED")), tableCount(QStringLiteral("FAILED")));
        QCOMPARE(s.count(QStringLiteral("PENDING")), qint64(0));
        const ProfileCheckReport r = checkAs(kViewer);
        QVERIFY(!r.ok());
        QCOMPARE(r.coverage.total, tableCount(QStringLiteral("FAILED")));
    }

    // The kit's read policy lets the role read every row: the counts are the table's, the check
    // fits with a note that names the policy. A restrictive policy beside it hides rows again.
    void theKitsReadPolicyOpensEveryRow() {
        m_db->exec("CREATE POLICY failed_only ON app_outbox FOR SELECT TO outbox_auditor USING (status = 'FAILED')");
        KitSql kit(m_profile);
        kit.setReadPolicy(true);
        QVERIFY(kit.script().contains(QLatin1String(kit::kReadPolicyName)));
        m_db->exec(kit::readPolicySql(m_profile, kit::KitRoles()));
        m_db->exec(kit::readPolicySql(m_profile, kit::KitRoles())); // idempotent
        QCOMPARE(m_db->scalar("SELECT count(*) FROM pg_policy WHERE polname = $1", {QLatin1String(kit::kReadPolicyName)}).toInt(), 2);

        const Snapshot s = snapshotAs(kViewer);
        QVERIFY(s.rowSecurity.active);
        QVERIFY(!s.rowSecurity.hidesRows());
        QVERIFY(s.rowSecurity.readsEveryRow());
        QCOMPARE(s.rowSecurity.openPolicy, QLatin1String(kit::kReadPolicyName));
        for (const QString &state : {QStringLiteral("FAILED"), QStringLiteral("SENT")})
            QCOMPARE(s.count(state), tableCount(state));
        const ProfileCheckReport r = checkAs(kViewer);
        QVERIFY2(r.ok(), qPrintable(r.summary()));
        const QList<ProfileFinding> found = rowSecurityFindings(r);
        QCOMPARE(found.size(), 1);
        QCOMPARE(int(found.first().severity), int(ProfileFinding::Severity::Note));
        QVERIFY(found.first().message.contains(QLatin1String(kit::kReadPolicyName)));
        QCOMPARE(r.coverage.total, m_db->scalar("SELECT count(*) FROM app_outbox").toLongLong());

        m_db->exec("CREATE POLICY only_old ON app_outbox AS RESTRICTIVE FOR SELECT TO PUBLIC USING (created_at < now() - interval '1 minute')");
        const Snapshot narrowed = snapshotAs(kViewer);
        QVERIFY(narrowed.rowSecurity.hidesRows());
        QCOMPARE(narrowed.rowSecurity.restrictivePolicies, 1);
        QVERIFY(narrowed.rowSecurity.hiddenRowsText(m_profile.qualifiedTable()).contains(QLatin1String("restrictive policies")));
    }

    // The superuser and the table's owner read every row unless the table FORCEs row security on
    // its owner too.
    void superuserAndOwner() {
        const Snapshot su = SnapshotQuery(m_profile, 30).run(m_db->session());
        QVERIFY(su.rowSecurity.enabled);
        QVERIFY(!su.rowSecurity.active);
        QVERIFY(su.rowSecurity.superuser);
        QVERIFY(su.rowSecurity.reasonText().contains(QLatin1String("superuser")));
        QCOMPARE(su.count(QStringLiteral("FAILED")), tableCount(QStringLiteral("FAILED")));

        const QString previousOwner = m_db->scalar("SELECT tableowner::text FROM pg_tables WHERE tablename = 'app_outbox'").toString();
        m_db->exec(QStringLiteral("ALTER TABLE app_outbox OWNER TO %1").arg(kOwner));
        const Snapshot owner = snapshotAs(kOwner);
        QVERIFY(owner.rowSecurity.owner);
        QVERIFY(!owner.rowSecurity.active);
        QCOMPARE(owner.count(QStringLiteral("FAILED")), tableCount(QStringLiteral("FAILED")));
        m_db->exec("ALTER TABLE app_outbox FORCE ROW LEVEL SECURITY");
        const Snapshot forced = snapshotAs(kOwner);
        QVERIFY(forced.rowSecurity.forced);
        QVERIFY(forced.rowSecurity.hidesRows());
        QVERIFY(forced.rowSecurity.reasonText().contains(QLatin1String("FORCE")));
        QCOMPARE(forced.count(QStringLiteral("FAILED")), qint64(0));
        m_db->exec(QStringLiteral("ALTER TABLE app_outbox OWNER TO %1").arg(previousOwner));
    }

    // Without row-level security on the table nothing is said.
    void withoutRowSecurityNothingIsSaid() {
        m_db->exec("ALTER TABLE app_outbox DISABLE ROW LEVEL SECURITY");
        const Snapshot s = snapshotAs(kViewer);
        QVERIFY(s.rowSecurity.known);
        QVERIFY(!s.rowSecurity.enabled);
        QVERIFY(!s.rowSecurity.hidesRows());
        QCOMPARE(s.rowSecurity.reasonText(), QString());
        QVERIFY(rowSecurityFindings(checkAs(kViewer)).isEmpty());
    }
};

OM_TEST_GUILESS_MAIN(TestRowSecurity)
#include "tst_rowsecurity.moc"
