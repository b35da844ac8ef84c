// SPDX-License-Identifier: GPL-3.0-or-later
// Head of line in the real window against the real server, for every profile with an
// ordering key (tests/support/orderedprofiles.h): the dashboard tile counts the messages behind
// blocked heads and opens the Blocked keys tab; the tab lists the keys worst first (its model
// under QAbstractItemModelTester), shows the head in the detail pane, acts on the head through the
// audited path (reason dialog naming the head, audit row, the key gone from the list and the
// tile), and opens the key's messages in Triage. Without an ordering key the tab and tile are
// absent. OM_SCREENSHOT_DIR=dir [OM_LANG=ja]: the tab and the tile, in docs/screenshots/.
#include "actionfixture.h"
#include "core/sql/headsql.h"
#include "dialogoperator.h"
#include "mainwindow.h"
#include "orderedprofiles.h"
#include "headoflinetables.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "windowcontext.h"
#include "dashboard/statustiles.h"
#include "triage/blockedkeysmodel.h"
#include "triage/blockedkeysview.h"
#include "triage/detailpane.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QAbstractItemModelTester>
#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;


class TestBlockedKeys : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    AppContext context(const SchemaProfile &profile, const QString &role) {
        return windowContext(m_db->connectionStringAs(role), profile);
    }

    static void waitForAccess(MainWindow &w) {
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.resize(1440, 900);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1, 15000);
    }

    /// One key `key` whose head blocks `behind` fresh messages: failing where the profile has a
    /// failed state, else stuck (created an hour ago, past the 30-minute timeout). Returns the
    /// head's id first, then the ids behind it.
    QList<qint64> blockedKey(const SchemaProfile &p, const QString &key, int behind) {
        const bool failing = !p.failedStates.isEmpty();
        const QString headState = failing ? p.failedStates.first() : p.stuckStates.first();
        QList<qint64> ids = insertMessages(*m_db, p, headState, 1, 60);
        ids += insertMessages(*m_db, p, p.waitingStates.first(), behind, 1);
        const QString created = p.col(QStringLiteral("createdAt"));
        QString set = QStringLiteral("%1 = $1, %2 = now() - CASE WHEN %3 = $2 THEN interval '60 minutes' ELSE interval '1 minute' END")
                          .arg(p.col(p.orderingKey), created, p.col(QStringLiteral("id")));
        if (p.has(QStringLiteral("retries")))
            set += QStringLiteral(", %1 = 0").arg(p.col(QStringLiteral("retries")));
        m_db->exec(QStringLiteral("UPDATE %1 SET %2 WHERE %3 = ANY($3::bigint[])").arg(p.qualifiedTable(), set, p.col(QStringLiteral("id"))),
                   {key, ids.first(), idArray(ids)});
        return ids;
    }

    /// The action that unblocks the head: Retry where it failed, else Cancel (outbox: Discard).
    static QString unblockingAction(const SchemaProfile &p) {
        return !p.failedStates.isEmpty() && p.actions.value(QStringLiteral("retry")).from.contains(p.failedStates.first())
                   ? QStringLiteral("retry")
                   : QStringLiteral("cancel");
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
    }
    void init() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << QStringLiteral("kit/monitoring_indexes.sql")
                                                                        << QStringLiteral("demo/logins.sql"));
    }
    void cleanup() { m_db.reset(); }

    void tileViewAndHeadAction_data() { addOrderedProfileRows(); }
    void tileViewAndHeadAction() {
        QFETCH(SchemaProfile, profile);
        // The index the tile needs, as a DBA adds it where the kit has none (the app_outbox variant).
        if (m_db->scalar(QStringLiteral("SELECT ") + sql::orderingIndexPresent(profile)).toString() != QLatin1String("t"))
            m_db->exec(sql::orderingIndex(profile));
        const QList<qint64> worst = blockedKey(profile, QStringLiteral("order-1042"), 4);
        const QList<qint64> other = blockedKey(profile, QStringLiteral("order-7"), 1);
        MainWindow w(context(profile, QStringLiteral("demo_operator")));
        waitForAccess(w);
        QVERIFY(w.canChangeMessages());
        BlockedKeysView *view = w.blockedKeysView();
        QVERIFY(view);
        QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        // The tile: 5 messages behind 2 heads.
        QTRY_COMPARE_WITH_TIMEOUT(w.tiles()->tileText(QStringLiteral("blocked")), QStringLiteral("5"), 15000);
        if (english())
            QVERIFY2(w.tiles()->tileNote(QStringLiteral("blocked")).contains(QStringLiteral("2 blocked key heads")),
                     qPrintable(w.tiles()->tileNote(QStringLiteral("blocked"))));
        if (screenshotsWanted())
            QTest::qWait(500); // the new tile laid out and painted
        saveScreenshot(&w, QStringLiteral("blocked-tile-") + profile.id);
        // Clicking it opens the view, which loads the keys worst first.
        auto *tile = w.tiles()->findChild<QFrame *>(QStringLiteral("tile_blocked"));
        QVERIFY(tile);
        QTest::mouseClick(tile, Qt::LeftButton);
        QCOMPARE(w.tabs()->currentWidget(), view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 2, 15000);
        QCOMPARE(view->model()->key(0).orderingKey, QStringLiteral("order-1042"));
        QCOMPARE(view->model()->key(0).head.id, worst.first());
        QCOMPARE(view->model()->key(0).behind, qint64(4));
        QCOMPARE(view->model()->key(1).head.id, other.first());
        if (english())
            QVERIFY2(view->summaryText().contains(QStringLiteral("2 keys blocked")) && view->summaryText().contains(QStringLiteral("5 messages")),
                     qPrintable(view->summaryText()));

        // Selecting the key shows its head in the detail pane.
        QSignalSpy shown(view->detailPane(), &DetailPane::detailShown);
        view->table()->selectRow(0);
        QTRY_COMPARE_WITH_TIMEOUT(view->detailPane()->messageId(), worst.first(), 15000);
        if (screenshotsWanted())
            QTest::qWait(500);
        saveScreenshot(&w, QStringLiteral("blocked-keys-") + profile.id);

        // The head's action, through the reason dialog, audited.
        const QString kind = unblockingAction(profile);
        QPushButton *button = view->actionButton(kind);
        QVERIFY(button && button->isVisible() && button->isEnabled());
        DialogOperator op;
        button->click();
        QTRY_COMPARE_WITH_TIMEOUT(op.outcomes.size(), 1, 20000);
        QCOMPARE(op.reasonScopes.size(), 1);
        QVERIFY2(op.reasonScopes.first().contains(QString::number(worst.first())), qPrintable(op.reasonScopes.first()));
        const QString auditName = profile.actions.value(kind).auditName;
        QCOMPARE(auditCount(*m_db, profile, {worst.first()}, auditName), qint64(1));
        QCOMPARE(auditCount(*m_db, profile, worst.mid(1) + other, auditName), qint64(0)); // only the head
        QCOMPARE(stateOf(*m_db, profile, worst.first()), profile.actions.value(kind).to);
        // The key is no longer blocked: the list and the tile follow without a click.
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 15000);
        QCOMPARE(view->model()->key(0).head.id, other.first());
        QTRY_COMPARE_WITH_TIMEOUT(w.tiles()->tileText(QStringLiteral("blocked")), QStringLiteral("1"), 15000);

        // "Messages of this key" opens the key in Triage's list: its head and the one behind it.
        view->table()->selectRow(0);
        QTRY_VERIFY(view->keyFilter().has_value());
        auto *showKey = view->findChild<QPushButton *>(QStringLiteral("showKeyMessages"));
        QVERIFY(showKey && showKey->isEnabled());
        showKey->click();
        QCOMPARE(w.tabs()->currentWidget(), w.triageView());
        MessageListModel *m = w.triageView()->model();
        QTRY_VERIFY_WITH_TIMEOUT(!m->isLoading() && m->rowCount() == 2, 15000);
        QList<qint64> listed{m->message(0).id.number(), m->message(1).id.number()};
        std::sort(listed.begin(), listed.end());
        QCOMPARE(listed, other);
    }

    /// The window follows the profile's rule: a queue held by the lock of a worker that is gone is
    /// listed as such, with its head actions off and saying why, beside a queue held by its
    /// failing head; jobs without a queue are no key. The rule is said above the table.
    void aKeyHeldByItsLockHasNoHeadActions() {
        const SchemaProfile p = setUpHeadOfLineTable(*m_db, headOfLineTables().value(QStringLiteral("queuelock")));
        // clang-format off
        m_db->session().execScript(QStringLiteral(
            "INSERT INTO hol_queue (queue_name, state, created_at, last_error) VALUES "
            "('mail', 'failed', now() - interval '60 minutes', 'SMTP 550 mailbox unavailable'), "
            "('mail', 'waiting', now() - interval '50 minutes', NULL), ('mail', 'waiting', now() - interval '40 minutes', NULL), "
            "(NULL, 'failed', now() - interval '90 minutes', 'no queue'), (NULL, 'waiting', now() - interval '80 minutes', NULL);"
            "INSERT INTO hol_queue (queue_name, state, created_at) "
            "SELECT 'invoices', 'waiting', now() - make_interval(mins => 30 - i) FROM generate_series(1, 5) i;"
            // 2,000,000,000 is above any process id the server hands out: a holder that is gone.
            "INSERT INTO hol_queue_lock VALUES ('mail', NULL, NULL), ('invoices', 2000000000, now() - interval '3 minutes')"));
        // clang-format on
        MainWindow w(context(p, QStringLiteral("demo_operator")));
        waitForAccess(w);
        BlockedKeysView *view = w.blockedKeysView();
        QVERIFY(view);
        QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_COMPARE_WITH_TIMEOUT(w.tiles()->tileText(QStringLiteral("blocked")), QStringLiteral("6"), 15000);
        w.tabs()->setCurrentWidget(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 2, 15000);
        QCOMPARE(view->model()->key(0).orderingKey, QStringLiteral("invoices"));
        QCOMPARE(view->model()->key(0).why, BlockedKey::Why::LockHolderGone);
        QCOMPARE(view->model()->key(0).behind, qint64(4));
        QCOMPARE(view->model()->key(1).orderingKey, QStringLiteral("mail"));
        QCOMPARE(view->model()->key(1).why, BlockedKey::Why::Failed);
        if (english()) {
            bool said = false;
            for (const QLabel *l : view->findChildren<QLabel *>())
                said = said || (l->text().contains(QLatin1String("its lock in public.hol_queue_lock is held by a process that is gone")) && l->text().contains(QLatin1String("messages without a queue_name")));
            QVERIFY2(said, "the rule is said above the table");
            QCOMPARE(view->model()->index(0, BlockedKeysModel::HeadState).data().toString(),
                     QStringLiteral("WAITING (key locked by a process that is gone)"));
        }
        QPushButton *retry = view->actionButton(QStringLiteral("retry"));
        QVERIFY(retry && retry->isVisible());
        view->table()->selectRow(0);
        QTRY_VERIFY(!retry->toolTip().isEmpty());
        QVERIFY(!retry->isEnabled());
        view->table()->selectRow(1);
        QTRY_VERIFY(retry->isEnabled());
        QVERIFY(retry->toolTip().isEmpty());
        view->table()->selectRow(0);
        if (screenshotsWanted())
            QTest::qWait(500); // the detail pane painted
        saveScreenshot(&w, QStringLiteral("blocked-keys-queue-lock"));
    }

    /// A failing head whose queue's lock a live worker holds too: Retry on the head is offered (the
    /// head blocks by itself), and its dialog says the lock stays held and when the library frees it.
    void theHeadsDialogSaysTheLockStaysHeld() {
        const SchemaProfile p = setUpHeadOfLineTable(*m_db, headOfLineTables().value(QStringLiteral("workerlock")));
        m_db->session().execScript(QStringLiteral(
            "INSERT INTO hol_wqueue (queue_name, state, created_at, last_error) VALUES "
            "('mail', 'failed', now() - interval '60 minutes', 'SMTP 550 mailbox unavailable'), "
            "('mail', 'waiting', now() - interval '50 minutes', NULL);"
            "INSERT INTO hol_wqueue_lock VALUES ('mail', 'pool-7f3a', now() - interval '3 minutes', now())"));
        MainWindow w(context(p, QStringLiteral("demo_operator")));
        waitForAccess(w);
        BlockedKeysView *view = w.blockedKeysView();
        w.tabs()->setCurrentWidget(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 15000);
        QVERIFY(view->model()->key(0).lockHeld);
        view->table()->selectRow(0);
        QPushButton *retry = view->actionButton(QStringLiteral("retry"));
        QTRY_VERIFY(retry && retry->isEnabled());
        if (english()) {
            bool said = false;
            for (const QLabel *l : view->findChildren<QLabel *>())
                said = said || l->text().contains(QLatin1String("held by a holder without a heartbeat for 60 seconds, or for longer than 3600 "
                                                                "seconds, when the library frees it itself"));
            QVERIFY2(said, "the lock's limits are said above the table");
        }
        DialogOperator op;
        retry->click();
        QTRY_COMPARE_WITH_TIMEOUT(op.outcomes.size(), 1, 20000);
        QCOMPARE(op.reasonScopes.size(), 1);
        if (english())
            QVERIFY2(op.reasonScopes.first().contains(QLatin1String("The key's lock in public.hol_wqueue_lock is held too (by pool-7f3a), and "
                                                                    "this action does not free it. The worker takes none of the key's "
                                                                    "messages until the library frees it, 60 seconds after its holder's "
                                                                    "last heartbeat or 3600 seconds after it was taken.")),
                     qPrintable(op.reasonScopes.first()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT locked_by FROM hol_wqueue_lock")).toString(), QStringLiteral("pool-7f3a"));
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 0, 15000); // the head retried; the live worker's lock is no blocker
    }

    /// Singleton keys: the job that runs alone in its key is the head whatever its created time,
    /// and once stuck it holds the three jobs of the key created before it; the tile counts them.
    void aSingletonKeysRunningJobIsItsHead() {
        const SchemaProfile p = setUpHeadOfLineTable(*m_db, headOfLineTables().value(QStringLiteral("singleton")));
        m_db->session().execScript(QStringLiteral(
            "INSERT INTO hol_singleton (singleton_key, state, created_at) "
            "SELECT 'invoice-run', 'created', now() - make_interval(mins => 90 - i) FROM generate_series(1, 3) i; "
            "INSERT INTO hol_singleton (singleton_key, state, created_at, started_at) VALUES "
            "('invoice-run', 'active', now() - interval '50 minutes', now() - interval '47 minutes'), "
            "('reports', 'active', now() - interval '5 minutes', now() - interval '2 minutes'); "
            "INSERT INTO hol_singleton (singleton_key, state, created_at) VALUES ('reports', 'created', now() - interval '20 minutes')"));
        MainWindow w(context(p, QStringLiteral("demo_operator")));
        waitForAccess(w);
        QTRY_COMPARE_WITH_TIMEOUT(w.tiles()->tileText(QStringLiteral("blocked")), QStringLiteral("3"), 15000);
        BlockedKeysView *view = w.blockedKeysView();
        w.tabs()->setCurrentWidget(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 15000);
        QCOMPARE(view->model()->key(0).orderingKey, QStringLiteral("invoice-run"));
        QCOMPARE(view->model()->key(0).head.state, QStringLiteral("ACTIVE"));
        QCOMPARE(view->model()->key(0).why, BlockedKey::Why::Stuck);
        QCOMPARE(view->model()->key(0).behind, qint64(3));
        if (english()) {
            bool said = false;
            for (const QLabel *l : view->findChildren<QLabel *>())
                said = said || l->text().contains(QLatin1String("A message in ACTIVE runs alone in its key"));
            QVERIFY2(said, "the rule is said above the table");
        }
        view->table()->selectRow(0);
        QPushButton *recover = view->actionButton(QStringLiteral("recoverStuck"));
        QTRY_VERIFY(recover && recover->isEnabled());
        if (screenshotsWanted())
            QTest::qWait(500);
        saveScreenshot(&w, QStringLiteral("blocked-keys-singleton"));
    }

    /// A poller that passes over abandoned rows: the key whose abandoned row comes first is held by
    /// the stuck row after it, and a key with only an abandoned row before a fresh one is not held.
    void abandonedRowsAreNotHeads() {
        const SchemaProfile p = setUpHeadOfLineTable(*m_db, headOfLineTables().value(QStringLiteral("skipped")));
        m_db->session().execScript(QStringLiteral(
            "INSERT INTO hol_skipped (stream, phase, created_at, started_at, last_error) VALUES "
            "('payments', 'abandoned', now() - interval '3 hours', NULL, 'gave up after 5 attempts'), "
            "('payments', 'queued', now() - interval '2 hours', NULL, NULL), "
            "('refunds', 'abandoned', now() - interval '3 hours', NULL, 'gave up after 5 attempts'), "
            "('refunds', 'running', now() - interval '2 hours', now() - interval '75 minutes', NULL), "
            "('refunds', 'queued', now() - interval '1 hour', NULL, NULL), ('refunds', 'queued', now() - interval '20 minutes', NULL, NULL)"));
        MainWindow w(context(p, QStringLiteral("demo_operator")));
        waitForAccess(w);
        BlockedKeysView *view = w.blockedKeysView();
        w.tabs()->setCurrentWidget(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 15000);
        QCOMPARE(view->model()->key(0).orderingKey, QStringLiteral("refunds"));
        QCOMPARE(view->model()->key(0).head.state, QStringLiteral("RUNNING"));
        QCOMPARE(view->model()->key(0).behind, qint64(2));
        view->table()->selectRow(0);
        QPushButton *recover = view->actionButton(QStringLiteral("recoverStuck"));
        QTRY_VERIFY(recover && recover->isEnabled());
        if (screenshotsWanted())
            QTest::qWait(500);
        saveScreenshot(&w, QStringLiteral("blocked-keys-skipped"));
    }

    /// An auditor sees the view and the tile but no button that changes a message.
    void auditorSeesNoHeadActions() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        blockedKey(p, QStringLiteral("order-9"), 2);
        MainWindow w(context(p, QStringLiteral("demo_auditor")));
        waitForAccess(w);
        w.tabs()->setCurrentWidget(w.blockedKeysView());
        QTRY_COMPARE_WITH_TIMEOUT(w.blockedKeysView()->model()->rowCount(), 1, 15000);
        w.blockedKeysView()->table()->selectRow(0);
        for (const QString &kind : p.actions.keys())
            if (QPushButton *b = w.blockedKeysView()->actionButton(kind))
                QVERIFY(!b->isVisible());
    }

    /// Without an ordering key the tab is absent (not empty) and there is no tile.
    void absentWithoutOrderingKey_data() {
        QTest::addColumn<QString>("profileId");
        QTest::newRow("app_outbox") << QStringLiteral("app_outbox");
        QTest::newRow("batch_work_item") << QStringLiteral("batch_work_item");
    }
    void absentWithoutOrderingKey() {
        QFETCH(QString, profileId);
        MainWindow w(context(*SchemaProfile::builtIn(profileId), QStringLiteral("demo_operator")));
        waitForAccess(w);
        QVERIFY(!w.blockedKeysView());
        QVERIFY(!w.findChild<BlockedKeysView *>());
        QTRY_VERIFY_WITH_TIMEOUT(!w.tiles()->tileText(QStringLiteral("stuck")).isEmpty(), 15000);
        QVERIFY(!w.tiles()->findChild<QFrame *>(QStringLiteral("tile_blocked")));
    }
};

OM_TEST_MAIN(TestBlockedKeys)
#include "tst_blockedkeys.moc"
