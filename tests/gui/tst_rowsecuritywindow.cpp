// SPDX-License-Identifier: GPL-3.0-or-later
// Where numbers are shown, a role that row-level security hides rows from is told so: the real
// window's dashboard shows the red banner naming the table and the role (and the profile check's
// own banner does not repeat it), the banner goes once a policy opens every row, and the fleet
// overview's row says "rows hidden" and is never "ok".
#include "actionfixture.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/fleet/fleetmember.h"
#include "core/kit/kitgrants.h"
#include "dashboard/dashboardview.h"
#include "dashboard/profilecheckbanner.h"
#include "dashboard/rowsecuritybanner.h"
#include "fleet/fleetmodel.h"
#include "fleet/fleetwindow.h"
#include "mainwindow.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "windowcontext.h"

#include <QStandardPaths>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {
const QString kViewer = QStringLiteral("om_rls_window_viewer");
}

class TestRowSecurityWindow : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        installTestTranslations();
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_db->createLoginRole(kViewer, QStringLiteral("outbox_auditor"));
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        insertMessages(*m_db, p, QStringLiteral("FAILED"), 12, 5, QStringLiteral("rls-window"));
        m_db->exec("ALTER TABLE app_outbox ENABLE ROW LEVEL SECURITY");
        m_db->exec("CREATE POLICY failed_only ON app_outbox FOR SELECT TO outbox_auditor USING (status = 'FAILED')");
    }

    void cleanupTestCase() {
        if (m_db)
            m_db->exec("ALTER TABLE app_outbox DISABLE ROW LEVEL SECURITY");
    }

    void theDashboardSaysRowsAreHidden() {
        MainWindow w(windowContext(m_db->connectionStringAs(kViewer)));
        w.poller()->setIntervalMs(500);
        w.resize(1440, 900);
        w.show();
        RowSecurityBanner *banner = w.findChild<DashboardView *>()->rowSecurityBanner();
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
        QCOMPARE(banner->facts().role(), kViewer);
        if (english())
            QVERIFY2(banner->text().startsWith(QStringLiteral("Row-level security on \"public\".\"app_outbox\" applies to the role %1").arg(kViewer)),
                     qPrintable(banner->text()));
        // The profile check ran (its report names the table) and left row security to the banner.
        ProfileCheckBanner *check = w.findChild<DashboardView *>()->profileCheckBanner();
        QTRY_VERIFY_WITH_TIMEOUT(!check->report().table.isEmpty(), 15000);
        for (const ProfileFinding &f : check->report().findings)
            QVERIFY2(f.path != QLatin1String(kRowSecurityPath), qPrintable(f.message));
        if (screenshotsWanted()) {
            QTest::qWait(1500); // the charts' first layout
            saveScreenshot(&w, QStringLiteral("dashboard-row-security"));
        }

        // The kit's read policy, applied while the window is open: the next refresh drops the banner.
        m_db->exec(kit::readPolicySql(*SchemaProfile::builtIn(QStringLiteral("app_outbox")), kit::KitRoles()));
        QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), 15000);
        m_db->exec(QStringLiteral("DROP POLICY %1 ON app_outbox").arg(QLatin1String(kit::kReadPolicyName)));
        m_db->exec(QStringLiteral("DROP POLICY %1 ON app_outbox_audit").arg(QLatin1String(kit::kReadPolicyName)));
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
    }

    void theFleetRowSaysRowsAreHidden() {
        FleetMember::Setup s;
        s.connection.name = QStringLiteral("orders-rls");
        s.connection.connInfo = m_db->connectionStringAs(kViewer);
        s.connection.profile = QStringLiteral("app_outbox");
        s.connection.environment = Environment::Production;
        s.profile = SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        s.intervalMs = 500;
        s.connectTimeoutS = 2;
        FleetWindow w({s});
        w.show();
        FleetMember *m = w.members().first();
        QTRY_COMPARE_WITH_TIMEOUT(m->reading().health, FleetReading::Health::Up, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(m->reading().rowsHidden, 15000);
        QVERIFY(m->reading().level >= 1);
        QVERIFY(m->reading().message.contains(kViewer));
        const QModelIndex state = w.model()->index(0, FleetModel::State);
        if (english()) {
            QVERIFY2(state.data().toString().endsWith(QStringLiteral("· rows hidden")), qPrintable(state.data().toString()));
            QVERIFY(w.model()->index(0, FleetModel::Connection).data().toString().contains(QStringLiteral("row-level security hides rows")));
        }
        QVERIFY(state.data(Qt::ToolTipRole).toString().contains(kViewer));
    }
};

OM_TEST_MAIN(TestRowSecurityWindow)
#include "tst_rowsecuritywindow.moc"
