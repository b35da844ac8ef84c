// SPDX-License-Identifier: GPL-3.0-or-later
// The library rules in the real window against the real server, on tables the tests make
// (tests/support/profiles/): a job table whose rows carry their own run timeout and attempt limit
// (the stuck tile names no fixed minutes; the near-max tile tells the last try from one short),
// one that counts attempts started against a limit of attempts (the near-max tile counts the last
// try as that library does), one whose pruner moves finished rows to an archive (the finished
// tile still counts them and says so), and one that stores its kinds' and endpoints' ids (Triage
// shows their names).
// OM_SCREENSHOT_DIR=dir [OM_LANG=ja]: each window, in docs/screenshots/libraryrules/ (libraryrules-*.png).
#include "core/adminkit/kitsql.h"
#include "mainwindow.h"
#include "isolatedsettings.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testprofiles.h"
#include "windowcontext.h"
#include "dashboard/dashboardsettingsdialog.h"
#include "dashboard/statustiles.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"
#include "actions/stuckrulewords.h"

#include <QFormLayout>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestLibraryRules : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    /// The profile's table (its .sql beside it) with the kit applied, as a DBA would.
    SchemaProfile setUp(const QString &folder, const QString &id) {
        const QString base = QStringLiteral("tests/support/profiles/%1/%2").arg(folder, id);
        m_db->session().execScript(sourceText(base + QStringLiteral(".sql")));
        const SchemaProfile p = profileFile(base + QStringLiteral(".json"));
        m_db->session().execScript(KitSql(p).script());
        return p;
    }

    AppContext context(const SchemaProfile &profile) {
        return windowContext(m_db->connectionStringAs(QStringLiteral("demo_operator")), profile);
    }

    static void open(MainWindow &w) {
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.resize(1440, 900);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1, 15000);
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path());
    }
    void init() { OM_CREATE_TEST_DATABASE(m_db, QStringList{QStringLiteral("demo/logins.sql")}); }
    void cleanup() { m_db.reset(); }

    void ownTimeoutsAndLimits() {
        const SchemaProfile p = setUp(QStringLiteral("timing"), QStringLiteral("timed_job"));
        // Stuck: a 20 s job 40 s in, and a job without a timeout 45 min in; not stuck: a 1 h job
        // 45 min in. Near max: two at their own limit, three one short.
        m_db->exec(QStringLiteral(
            "INSERT INTO timed_job (queue, state, attempt, max_attempts, run_timeout, attempted_at) VALUES "
            "('mail', 'executing', 1, 20, interval '20 seconds', now() - interval '40 seconds'), "
            "('mail', 'executing', 1, 20, NULL, now() - interval '45 minutes'), "
            "('reports', 'executing', 1, 20, interval '1 hour', now() - interval '45 minutes'), "
            "('mail', 'available', 3, 3, NULL, NULL), ('mail', 'retryable', 5, 5, NULL, NULL), "
            "('mail', 'available', 2, 3, NULL, NULL), ('reports', 'retryable', 4, 5, NULL, NULL), "
            "('reports', 'available', 19, 20, NULL, NULL)"));
        MainWindow w(context(p));
        open(w);
        StatusTiles *t = w.tiles();
        QTRY_COMPARE_WITH_TIMEOUT(t->tileText(QStringLiteral("stuck")), QStringLiteral("2"), 15000);
        QCOMPARE(t->tileText(QStringLiteral("nearMax")), QStringLiteral("5"));
        if (english()) {
            QCOMPARE(t->tileNote(QStringLiteral("nearMax")), QStringLiteral("2 on the last try, 3 one short"));
            QCOMPARE(t->tileNote(QStringLiteral("stuck")), QStringLiteral("without own timeout: > 30 min"));
        }
        if (screenshotsWanted())
            QTest::qWait(500);
        saveScreenshot(&w, QStringLiteral("libraryrules-own-timeouts"));
    }

    /// A table whose counter is of attempts started (it moves when a worker claims the job) and
    /// whose limit is of attempts ("retries": {"counts": "attempts"}): a queued job's next attempt
    /// is its last at limit - 1, a running one's at the limit, and a job with a limit of 1 is on its
    /// last try before it ever runs.
    void lastTryAsTheLibraryCounts() {
        const SchemaProfile p = setUp(QStringLiteral("counting"), QStringLiteral("counted_job"));
        // Last try: queued 0 of 1, queued 2 of 3, retry 4 of 5, running 3 of 3. One short: queued
        // 1 of 3, retry 3 of 5, claimed 2 of 3. Neither: running 1 of 5, queued 0 of 5.
        m_db->exec(QStringLiteral(
            "INSERT INTO counted_job (queue, status, tries, max_tries, claimed_at, started_at) VALUES "
            "('mail', 'queued', 0, 1, NULL, NULL), ('mail', 'queued', 2, 3, NULL, NULL), ('mail', 'retry', 4, 5, NULL, NULL), "
            "('reports', 'running', 3, 3, now(), now()), ('mail', 'queued', 1, 3, NULL, NULL), ('reports', 'retry', 3, 5, NULL, NULL), "
            "('mail', 'claimed', 2, 3, now(), NULL), ('reports', 'running', 1, 5, now(), now()), ('mail', 'queued', 0, 5, NULL, NULL)"));
        MainWindow w(context(p));
        open(w);
        StatusTiles *t = w.tiles();
        QTRY_COMPARE_WITH_TIMEOUT(t->tileText(QStringLiteral("nearMax")), QStringLiteral("7"), 15000);
        if (english())
            QCOMPARE(t->tileNote(QStringLiteral("nearMax")), QStringLiteral("4 on the last try, 3 one short"));
        auto *tile = t->findChild<QWidget *>(QStringLiteral("tile_nearMax"));
        QVERIFY(tile);
        if (screenshotsWanted())
            QTest::qWait(500);
        saveScreenshot(&w, QStringLiteral("libraryrules-last-try"));
        saveScreenshot(tile, QStringLiteral("libraryrules-last-try-tile"));
    }

    /// Recover stuck states the rule it applies, clock by clock: a fixed 60 s for claimed jobs,
    /// each running job's own timeout (or the minutes without one), not one number of minutes.
    void theStuckRuleIsSaidClockByClock() {
        const SchemaProfile p = profileFile(QStringLiteral("tests/support/profiles/counting/counted_job.json"));
        const QString rule = StuckRuleWords::rule(p, p.actions.value(QStringLiteral("recoverStuck")).from, 30);
        if (english())
            QCOMPARE(rule, QStringLiteral("stuck = in CLAIMED (since claimed_at) for more than 60 s; in RUNNING (since started_at) for "
                                          "longer than its own timeout (run_timeout_s), or 30 min without one, server clock"));
        const SchemaProfile one = profileFile(QStringLiteral("tests/support/profiles/timing/timed_job.json"));
        if (english())
            QCOMPARE(StuckRuleWords::rule(one, {QStringLiteral("EXECUTING")}, 45),
                     QStringLiteral("stuck = in EXECUTING (since attempted_at) for longer than its own timeout (run_timeout), or 45 min "
                                    "without one, server clock"));
    }

    /// The operator's stuck timeout is said to be for messages without their own.
    void theSettingsSayWhatTheTimeoutIsFor() {
        for (const bool own : {false, true}) {
            DashboardSettingsDialog d(DashboardSettings::load(QStringLiteral("test"), 30), {}, own);
            auto *form = d.findChild<QFormLayout *>();
            QVERIFY(form);
            auto *label = qobject_cast<QLabel *>(form->labelForField(d.findChild<QSpinBox *>(QStringLiteral("stuckTimeout"))));
            QVERIFY(label);
            if (english())
                QCOMPARE(label->text(), own ? QStringLiteral("Stuck timeout (messages without their own):") : QStringLiteral("Stuck timeout:"));
        }
    }

    void archivedRowsStayFinished() {
        const SchemaProfile p = setUp(QStringLiteral("archive"), QStringLiteral("pruned_job"));
        m_db->exec(QStringLiteral("INSERT INTO pruned_job (topic, status, finished_at) SELECT 't', 'done', now() - interval '2 hours' "
                                  "FROM generate_series(1, 40)"));
        m_db->exec(QStringLiteral("INSERT INTO pruned_job (topic, status) SELECT 't', 'queued' FROM generate_series(1, 5)"));
        // The pruner moves 30 of the 40 finished rows.
        m_db->exec(QStringLiteral("WITH moved AS (DELETE FROM pruned_job WHERE id IN (SELECT id FROM pruned_job WHERE status = 'done' "
                                  "ORDER BY id LIMIT 30) RETURNING *) INSERT INTO pruned_job_archive SELECT * FROM moved"));
        MainWindow w(context(p));
        open(w);
        StatusTiles *t = w.tiles();
        QTRY_COMPARE_WITH_TIMEOUT(t->tileText(QStringLiteral("state:DONE")), QStringLiteral("40"), 15000);
        if (english())
            QCOMPARE(t->tileNote(QStringLiteral("state:DONE")), QStringLiteral("incl. 30 archived"));
        if (screenshotsWanted())
            QTest::qWait(500);
        saveScreenshot(&w, QStringLiteral("libraryrules-archived"));
    }

    void idsShownByName() {
        const SchemaProfile p = setUp(QStringLiteral("lookup"), QStringLiteral("kind_job"));
        m_db->exec(QStringLiteral("INSERT INTO kind_job (ref, kind_id, endpoint_id, status, error_code, last_error) VALUES "
                                  "('inv-1', 1, 1, 'dead', 'HTTP_503', 'billing unavailable'), ('ord-7', 3, 3, 'dead', 'HTTP_404', 'no such order'), "
                                  "('usr-9', 99, 2, 'dead', 'E1', 'kind 99 has no name')"));
        MainWindow w(context(p));
        open(w);
        TriageView *triage = w.triageView();
        w.tabs()->setCurrentWidget(triage);
        triage->setView(ListFilter::View::Failed);
        MessageListModel *m = triage->model();
        QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(), 3, 15000);
        QStringList kinds, endpoints;
        for (int i = 0; i < m->rowCount(); ++i) {
            kinds << m->message(i).type;
            endpoints << m->message(i).destination;
        }
        kinds.sort();
        endpoints.sort();
        QCOMPARE(kinds, (QStringList{QStringLiteral("99"), QStringLiteral("invoice.paid"), QStringLiteral("order.shipped")}));
        QCOMPARE(endpoints, (QStringList{QStringLiteral("billing-service"), QStringLiteral("crm"), QStringLiteral("warehouse")}));
        if (screenshotsWanted())
            QTest::qWait(500);
        saveScreenshot(&w, QStringLiteral("libraryrules-lookup-names"));
    }
};

OM_TEST_MAIN(TestLibraryRules)
#include "tst_libraryrules.moc"
