// SPDX-License-Identifier: GPL-3.0-or-later
// Row-level security on a table the profile reads beside its own (the ordering's lock table), in
// the real window against the real server: a worker that is gone holds a queue's lock, so jobs
// wait behind it (brute-force SQL says so), but the role's policies hide the lock table. Every
// view that shows a number or an absence says the role sees fewer rows, from the window's one
// notice: the dashboard's banner names the lock table, Blocked keys' "No key is blocked" and
// Triage's empty Stuck list carry the note. The kit's read policy, applied while the window is
// open, lifts the notice everywhere at the next snapshot, and the blocked key is listed.
// OM_SCREENSHOT_DIR=dir [OM_LANG=ja]: Triage's empty list with the notice.
#include "common/rowsecuritynotice.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/kit/kitgrants.h"
#include "dashboard/dashboardview.h"
#include "dashboard/rowsecuritybanner.h"
#include "headoflinetables.h"
#include "link/connectioninfo.h"
#include "mainwindow.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "windowcontext.h"
#include "triage/blockedkeysmodel.h"
#include "triage/blockedkeysview.h"
#include "triage/triageview.h"

#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {
const QString kViewer = QStringLiteral("om_rls_lock_viewer");
} // namespace

class TestRowSecurityViews : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    AppContext context(const SchemaProfile &profile, const QString &role) {
        return windowContext(m_db->connectionStringAs(role), profile);
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
    }
    void init() { OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit()); }
    void cleanup() { m_db.reset(); }

    void everyViewSaysTheRoleSeesFewerRows() {
        const SchemaProfile p = setUpHeadOfLineTable(*m_db, headOfLineTables().value(QStringLiteral("queuelock")));
        m_db->createLoginRole(kViewer, kit::KitRoles().auditor);
        // 2,000,000,000 is above any process id the server hands out: a holder that is gone.
        m_db->session().execScript(QStringLiteral(
            "INSERT INTO hol_queue (queue_name, state, created_at) SELECT 'invoices', 'waiting', now() - make_interval(mins => 30 - i) "
            "FROM generate_series(1, 5) i; "
            "INSERT INTO hol_queue_lock VALUES ('invoices', 2000000000, now() - interval '3 minutes'); "
            "ALTER TABLE hol_queue_lock ENABLE ROW LEVEL SECURITY"));
        // The rule over every row (as the superuser reads them): the key is blocked by its lock.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM hol_queue h WHERE h.state = 'waiting' AND EXISTS (SELECT 1 FROM "
                                             "hol_queue_lock q WHERE q.queue_name = h.queue_name AND q.locked_by_pid IS NOT NULL "
                                             "AND q.locked_by_pid NOT IN (SELECT pid FROM pg_stat_activity))"))
                     .toLongLong(),
                 qint64(5));

        MainWindow w(context(p, kViewer));
        w.poller()->setIntervalMs(500);
        w.resize(1440, 900);
        w.show();
        RowSecurityBanner *banner = w.findChild<DashboardView *>()->rowSecurityBanner();
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
        QCOMPARE(banner->facts().hidingTables(), QStringList{QStringLiteral("\"public\".\"hol_queue_lock\"")});
        QVERIFY(banner->text().contains(QStringLiteral("hol_queue_lock")));
        const QString note = banner->facts().fewerRowsNote();
        QVERIFY(note.contains(kViewer));

        // Blocked keys: no key looks blocked, and the summary says what it counts.
        BlockedKeysView *blocked = w.blockedKeysView();
        QVERIFY(blocked);
        w.tabs()->setCurrentWidget(blocked);
        blocked->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(blocked->summaryText().contains(note), 15000);
        QCOMPARE(blocked->model()->rowCount(), 0);
        if (english())
            QVERIFY2(blocked->summaryText().startsWith(QStringLiteral("No key is blocked")), qPrintable(blocked->summaryText()));

        // Triage: the Stuck view holds nothing the role can see, and says so with the note.
        TriageView *triage = w.triageView();
        w.tabs()->setCurrentWidget(triage);
        triage->setView(ListFilter::View::Stuck);
        QTRY_VERIFY_WITH_TIMEOUT(triage->emptyText().contains(note), 15000);
        if (screenshotsWanted())
            saveScreenshot(&w, QStringLiteral("triage-row-security"));

        // The kit's read policy on every table the profile reads, applied while the window is
        // open: the next snapshot lifts the notice everywhere, and the key is listed.
        QSignalSpy changed(w.findChild<RowSecurityNotice *>(), &RowSecurityNotice::changed);
        m_db->exec(kit::readPolicySql(p, kit::KitRoles()));
        // isHidden(): the dashboard's tab is not the one shown now, so nothing on it is visible.
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 15000);
        QVERIFY(banner->isHidden());
        QVERIFY(!triage->emptyText().contains(note));
        blocked->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(blocked->model()->rowCount(), 1, 15000);
        QVERIFY(!blocked->summaryText().contains(note));
        QCOMPARE(blocked->model()->key(0).orderingKey, QStringLiteral("invoices"));
    }
};

OM_TEST_MAIN(TestRowSecurityViews)
#include "tst_rowsecurityviews.moc"
