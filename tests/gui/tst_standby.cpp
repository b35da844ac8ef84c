// SPDX-License-Identifier: GPL-3.0-or-later
// Reading from a standby: a real streaming standby that scripts/test started
// (pg_basebackup -R from the throwaway primary, OM_PG_STANDBY_PORT).
// - the Monitor and Browse lanes read the standby (read-only sessions), the Action lane the primary;
// - read your writes: after an action commits on the primary, the next read on the standby waits
//   until the standby has replayed it (replay held back on purpose), for every built-in profile;
//   another window's action (its NOTIFY) likewise; the wait is bounded when replay stays stopped;
// - the dashboard shows the replay lag, and marks the numbers and lists stale past the bound;
// - with the primary down, the window still reads the standby and an action is refused with a
//   message that says why, changing nothing.
// OM_SCREENSHOT_DIR=dir saves the window while the standby is behind (OM_LANG=ja: in Japanese).
#include "actionfixture.h"
#include "core/sql/statesql.h"
#include "actions/actioncontroller.h"
#include "core/actions/actionrunner.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/dashboard/snapshotquery.h"
#include "dashboard/dashboardview.h"
#include "dialogoperator.h"
#include "taggedrows.h"
#include "fleet/fleetmodel.h"
#include "fleet/fleetwindow.h"
#include "core/fleet/fleetmember.h"
#include "freezingproxy.h"
#include "mainwindow.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"
#include "pg/standbylink.h"
#include "servercontrol.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testserver.h"
#include "triage/filterbar.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace om;
using namespace om::test;

namespace {

const char *const kProfiles[] = {"app_outbox", "batch_work_item", "outbox"};

quint16 standbyPort() { return quint16(qEnvironmentVariableIntValue("OM_PG_STANDBY_PORT")); }


/// A job's result on the test's thread: waits (spinning the event loop) for `lane` to answer.
template <class R>
R runOn(Gateway &gw, Lane lane, std::function<R(PgSession &)> job, QString *error = nullptr, int timeoutMs = 20000) {
    std::optional<R> out;
    QString failed;
    QObject context;
    gw.run<R>(
        lane, &context, std::move(job), [&out](const R &r) { out = r; }, [&failed](const PgError &e) { failed = e.message; });
    (void)QTest::qWaitFor([&] { return out || !failed.isEmpty(); }, timeoutMs); // a timeout leaves both empty
    if (error)
        *error = failed;
    return out.value_or(R());
}

} // namespace

class TestStandby : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgSession> m_standbyAdmin; ///< superuser on the standby: pauses and resumes replay
    QTemporaryDir m_dir;

    QString standbyConnectionString(const QString &role) const {
        return loopbackConnectionString(standbyPort(), m_db->name(), QStringLiteral("user=") + role);
    }

    GatewayConfig config(const QString &role, const QString &primary = QString()) const {
        GatewayConfig c;
        c.connInfo = primary.isEmpty() ? loopbackConnectionString(serverPort(), m_db->name(), QStringLiteral("user=") + role) : primary;
        c.standbyConnInfo = standbyConnectionString(role);
        return c;
    }

    AppContext context(const QString &profileId, const GatewayConfig &c) const {
        AppContext ctx;
        ctx.gateway = new Gateway(c);
        ctx.profile = *SchemaProfile::builtIn(profileId);
        ctx.connectionLabel = QStringLiteral("standby test");
        ctx.connectionKey = ConnectionInfo::storeKey(c.connInfo, profileId);
        return ctx;
    }

    /// The standby has replayed everything the primary has written so far.
    void waitForStandby() {
        const QString wanted = flushedWalPosition(m_db->session());
        const QString replayedSql = QStringLiteral("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn");
        if (!QTest::qWaitFor([&] { return pgTrue(m_standbyAdmin->query(replayedSql, {wanted}).scalar()); }, 20000))
            QFAIL(qPrintable(replicationState(wanted)));
    }
    /// Where replication stands, for a test that waited in vain: what the primary sends and the
    /// standby received, replayed and whether its replay is paused.
    QString replicationState(const QString &wanted) {
        const QString sent = m_db->scalar(QStringLiteral("SELECT coalesce(string_agg(format('%s sent %s, flushed there %s, replayed %s', "
                                                         "state, sent_lsn, flush_lsn, replay_lsn), '; '), 'no standby streams') "
                                                         "FROM pg_stat_replication"))
                                 .toString();
        const QString there = m_standbyAdmin
                                  ->query(QStringLiteral("SELECT format('received %s, replayed %s, replay %s', pg_last_wal_receive_lsn(), "
                                                         "pg_last_wal_replay_lsn(), CASE WHEN pg_is_in_recovery() THEN pg_get_wal_replay_pause_state() ELSE 'over: not in recovery' END)"))
                                  .scalar()
                                  .toString();
        return QStringLiteral("the standby has not replayed %1: primary: %2; standby: %3").arg(wanted, sent, there);
    }
    /// Server processes on the primary whose last statement was a LISTEN: a window's listener is
    /// up once a new one is among them (the listener sends nothing after its LISTEN).
    QStringList listenerPids() {
        return m_db->scalar(QStringLiteral("SELECT coalesce(string_agg(pid::text, ','), '') FROM pg_stat_activity "
                                           "WHERE datname = current_database() AND query LIKE 'LISTEN %'"))
            .toString()
            .split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    bool newListenerSince(const QStringList &before) {
        const QStringList now = listenerPids();
        return std::any_of(now.begin(), now.end(), [&](const QString &pid) { return !before.contains(pid); });
    }
    void pauseReplay() { m_standbyAdmin->query(QStringLiteral("SELECT pg_wal_replay_pause()")); }
    void resumeReplay() { m_standbyAdmin->query(QStringLiteral("SELECT pg_wal_replay_resume()")); }

    /// The state `lane` reads for `id`, as the profile names it (as stateOf() on the primary).
    static QString stateOnLane(Gateway &gw, Lane lane, const SchemaProfile &p, qint64 id, QString *error = nullptr) {
        return runOn<QString>(
            gw, lane, [p, id](PgSession &s) {
                return s.query(QStringLiteral("SELECT (%1)::text FROM %2 WHERE %3 = $1")
                                   .arg(sql::stateExpression(p), p.qualifiedTable(), p.col(QStringLiteral("id"))),
                               {id})
                    .scalar()
                    .toString();
            },
            error);
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        if (!standbyPort())
            QFAIL("OM_PG_STANDBY_PORT is not set: run the tests through scripts/test, which starts the standby");
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << QStringLiteral("demo/logins.sql"));
        PgSession::Options o;
        o.connInfo = loopbackConnectionString(standbyPort(), QStringLiteral("postgres"));
        o.statementTimeoutMs = 0;
        m_standbyAdmin = std::make_unique<PgSession>(o);
        QTRY_VERIFY_WITH_TIMEOUT([this] {
            try {
                m_standbyAdmin->open();
                return true;
            } catch (const PgError &) {
                return false;
            }
        }(),
                                 20000);
        waitForStandby(); // the new database and its seeds are on the standby
    }

    void cleanup() {
        if (m_standbyAdmin && m_standbyAdmin->isOpen())
            resumeReplay(); // a failed test must not leave the next one a standby that stopped
    }

    void frequenciesAreReadOnTheStandbyEveryTime() {
        // A standby keeps ANALYZE times of its own (none), while the statistics arrive from the
        // primary's ANALYZE: no key there can say they changed, so none is given and the
        // statistics are read with every refresh.
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        m_db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status) "
                                  "SELECT 'freq-' || g, 'T', 'D', '{}', CASE WHEN g % 3 = 0 THEN 'CANCELLED' ELSE 'SENT' END "
                                  "FROM generate_series(1, 300) g"));
        m_db->exec(QStringLiteral("ANALYZE app_outbox"));
        waitForStandby();
        SnapshotQuery q(p);
        q.setExactCountMaxPages(0);
        const Snapshot onPrimary = q.run(m_db->session());
        QVERIFY(!onPrimary.frequencies.key.isEmpty());
        PgSession::Options o;
        o.connInfo = loopbackConnectionString(standbyPort(), m_db->name());
        PgSession standby(o);
        standby.open();
        KnownFrequencies planted = onPrimary.frequencies; // the key the primary gave, with values of the test's own
        for (QVariant &v : planted.values)
            v = 0.123456789;
        q.setKnownFrequencies(planted);
        QCOMPARE(q.run(m_db->session()).frequencies.values.first().toDouble(), 0.123456789); // used on the primary
        const Snapshot onStandby = q.run(standby);
        QVERIFY(onStandby.frequencies.key.isEmpty());
        QCOMPARE(onStandby.frequencies.values, onPrimary.frequencies.values); // read there, from the replicated statistics
    }

    void parsesWalPositions() {
        QCOMPARE(StandbyLink::parseLsn(QStringLiteral("0/3000000")).value_or(1), quint64(0x3000000));
        QCOMPARE(StandbyLink::parseLsn(QStringLiteral("16/B374D848")).value_or(1), (quint64(0x16) << 32) | 0xB374D848u);
        QVERIFY(StandbyLink::parseLsn(QStringLiteral("16B374D848")) == std::nullopt);
        QVERIFY(StandbyLink::parseLsn(QStringLiteral("/1")) == std::nullopt);
        QVERIFY(StandbyLink::parseLsn(QStringLiteral("1/")) == std::nullopt);
        QVERIFY(StandbyLink::parseLsn(QStringLiteral("1/x")) == std::nullopt);
        QVERIFY(StandbyLink::parseLsn(QStringLiteral("100000000/0")) == std::nullopt);
        QVERIFY(StandbyLink::parseLsn(QString()) == std::nullopt);
    }

    // Monitor and Browse on the standby, read-only; Action on the primary.
    void lanesReadTheStandbyAndActOnThePrimary() {
        Gateway gw(config(QStringLiteral("demo_operator")));
        QVERIFY(gw.readsStandby());
        using Where = QPair<QString, QString>;
        const auto where = [](PgSession &s) {
            const PgResult r = s.query(QStringLiteral("SELECT pg_is_in_recovery()::text || '/' || current_setting('transaction_read_only'),"
                                                      " inet_server_port()::text"));
            return Where(r.rows.first().at(0).toString(), r.rows.first().at(1).toString());
        };
        const QString standby = QString::number(standbyPort());
        QString error;
        QCOMPARE(runOn<Where>(gw, Lane::Monitor, where, &error), Where(QStringLiteral("true/on"), standby));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(runOn<Where>(gw, Lane::Browse, where, &error), Where(QStringLiteral("true/on"), standby));
        QCOMPARE(runOn<Where>(gw, Lane::Action, where, &error),
                 Where(QStringLiteral("false/off"), QString::number(serverPort())));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // After an action commits on the primary, the next read of the standby shows it: the read
    // waits while replay is held back, and returns as soon as replay resumes.
    void readsTheActionAfterItCommits_data() {
        QTest::addColumn<QString>("profileId");
        for (const char *p : kProfiles)
            QTest::newRow(p) << QString::fromLatin1(p);
    }
    void readsTheActionAfterItCommits() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const ActionDef retry = p.actions.value(QStringLiteral("retry"));
        const QList<qint64> ids = insertMessages(*m_db, p, retry.from.first(), 1, 0, QStringLiteral("ryw") + profileId);
        waitForStandby();
        Gateway gw(config(QStringLiteral("demo_operator")));
        QCOMPARE(stateOnLane(gw, Lane::Browse, p, ids.first()), stateValue(p, retry.from.first()));

        pauseReplay();
        // Replay held back: a read that follows no change of this window's answers at once, with what the standby has.
        QElapsedTimer quick;
        quick.start();
        QCOMPARE(stateOnLane(gw, Lane::Browse, p, ids.first()), stateValue(p, retry.from.first()));
        QVERIFY2(quick.elapsed() < 2000, qPrintable(QString::number(quick.elapsed())));

        QString error;
        const ActionResult res = runOn<ActionResult>(
            gw, Lane::Action, [p, ids](PgSession &s) {
                return ActionRunner(p).run(s, actionRequest(QStringLiteral("retry"), ids));
            },
            &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(res.changed(), qint64(1));
        QCOMPARE(stateOf(*m_db, p, ids.first()), stateValue(p, retry.to)); // on the primary
        QCOMPARE(auditCount(*m_db, p, ids, retry.auditName), qint64(1));

        // The read after the action waits for the standby: replay resumes in 700 ms.
        QTimer resume; // local: a failed check must not leave it to resume replay during the next test
        resume.setSingleShot(true);
        connect(&resume, &QTimer::timeout, this, [this] { resumeReplay(); });
        resume.start(700);
        QElapsedTimer waited;
        waited.start();
        QCOMPARE(stateOnLane(gw, Lane::Browse, p, ids.first()), stateValue(p, retry.to));
        QVERIFY2(waited.elapsed() >= 600, qPrintable(QString::number(waited.elapsed())));
    }

    // WAL another session wrote without committing waits unflushed (the harness's server, like
    // many, runs with synchronous_commit off) until the next commit anywhere: up to 15 s on a quiet
    // server. The reads of the standby after this window's action wait for the action, not for it.
    void anOpenTransactionElsewhereDoesNotDelayTheStandbyReads() {
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT current_setting('synchronous_commit')")).toString(), QStringLiteral("off"));
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const ActionDef retry = p.actions.value(QStringLiteral("retry"));
        const QList<qint64> ids = insertMessages(*m_db, p, retry.from.first(), 2, 0, QStringLiteral("opentx"));
        waitForStandby();
        Gateway gw(config(QStringLiteral("demo_operator")));
        QCOMPARE(stateOnLane(gw, Lane::Browse, p, ids.first()), stateValue(p, retry.from.first()));

        PgSession writer(PgSession::Options{m_db->connectionString()});
        writer.open();
        const auto writeUncommitted = [&](qint64 id) {
            writer.execScript(QStringLiteral("BEGIN; INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status) "
                                             "VALUES ('held-%1', 'T', 'D', '{}', 'SENT')")
                                  .arg(id));
        };
        for (qint64 id : ids) {
            QString error;
            const ActionResult res = runOn<ActionResult>(
                gw, Lane::Action, [p, id](PgSession &s) { return ActionRunner(p).run(s, actionRequest(QStringLiteral("retry"), {id})); },
                &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QCOMPARE(res.changed(), qint64(1));
            // Written after the action's commit, before the lane reads where the primary's WAL
            // stands (a job on the Action lane raises the standby's floor after it): unflushed.
            // (A commit of a neighbouring test flushes it early: then this round cannot tell.)
            writeUncommitted(id);
            (void)runOn<QString>(gw, Lane::Action, [](PgSession &s) { return s.query(QStringLiteral("SELECT 1")).scalar().toString(); });
            QElapsedTimer waited;
            waited.start();
            QCOMPARE(stateOnLane(gw, Lane::Browse, p, id), stateValue(p, retry.to));
            QVERIFY2(waited.elapsed() < limits::kReplayWaitMs / 2, qPrintable(QString::number(waited.elapsed())));
            writer.execScript(QStringLiteral("ROLLBACK"));
        }
    }

    // A standby whose replay stays stopped delays the read by the bound, not for ever.
    void waitForReplayIsBounded() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const ActionDef cancel = p.actions.value(QStringLiteral("cancel"));
        const QList<qint64> ids = insertMessages(*m_db, p, cancel.from.first(), 1, 0, QStringLiteral("bound"));
        waitForStandby();
        Gateway gw(config(QStringLiteral("demo_operator")));
        pauseReplay();
        QString error;
        const ActionResult res = runOn<ActionResult>(
            gw, Lane::Action, [p, ids](PgSession &s) {
                return ActionRunner(p).run(s, actionRequest(QStringLiteral("cancel"), ids));
            },
            &error);
        QCOMPARE(res.changed(), qint64(1));
        QElapsedTimer waited;
        waited.start();
        QCOMPARE(stateOnLane(gw, Lane::Browse, p, ids.first()), stateValue(p, cancel.from.first())); // the standby's (old) state
        QVERIFY2(waited.elapsed() >= limits::kReplayWaitMs - 200 && waited.elapsed() < limits::kReplayWaitMs + 5000,
                 qPrintable(QString::number(waited.elapsed())));
        resumeReplay();
        QTRY_COMPARE_WITH_TIMEOUT(stateOnLane(gw, Lane::Browse, p, ids.first()), stateValue(p, cancel.to), 10000);
    }

    // Another window's action, learned from its NOTIFY on the primary: the list the NOTIFY reloads
    // shows the change although the standby replays it later.
    void anotherWindowsActionIsShownOnceReplayed() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("batch_work_item"));
        const ActionDef retry = p.actions.value(QStringLiteral("retry"));
        const QString tag = QStringLiteral("foreign");
        const QList<qint64> ids = insertMessages(*m_db, p, retry.from.first(), 2, 0, tag);
        waitForStandby();
        const QStringList listenersBefore = listenerPids();
        MainWindow w(context(p.id, config(QStringLiteral("demo_operator"))));
        w.resize(1280, 800);
        w.show();
        showTagged(w, tag, 2);
        if (QTest::currentTestFailed())
            return;
        MessageListModel *m = w.triageView()->model();
        QTRY_VERIFY_WITH_TIMEOUT(newListenerSince(listenersBefore), 15000);

        pauseReplay();
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(QStringLiteral("demo_operator"));
        PgSession other(o);
        other.open();
        QCOMPARE(ActionRunner(p).run(other, actionRequest(QStringLiteral("retry"), ids)).changed(), qint64(2));
        QTimer resume;
        resume.setSingleShot(true);
        connect(&resume, &QTimer::timeout, this, [this] { resumeReplay(); });
        resume.start(800);
        const QString retried = stateValue(p, retry.to);
        QTRY_VERIFY_WITH_TIMEOUT(!m->isLoading() && m->rowCount() == 2 && m->message(0).state == retried
                                     && m->message(1).state == retried,
                                 15000);
    }

    // The dashboard says how far behind the standby is, and past the bound marks its numbers and
    // the lists stale; caught up again, they are live again.
    void dashboardShowsReplayLagAndStaleness() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        GatewayConfig c = config(QStringLiteral("demo_operator"));
        c.standbyMaxLagS = 2;
        MainWindow w(context(p.id, c));
        w.poller()->setIntervalMs(500);
        w.resize(1280, 800);
        w.show();
        DashboardView *d = w.dashboardView();
        QTRY_VERIFY_WITH_TIMEOUT(d->healthText().contains(QStringLiteral("replay lag")) || !english(), 15000);
        QVERIFY(!d->isStale());
        if (english())
            QVERIFY2(w.serverTimeText().contains(QStringLiteral("reading the standby · replay lag")), qPrintable(w.serverTimeText()));

        pauseReplay();
        insertMessages(*m_db, p, p.actions.value(QStringLiteral("retry")).from.first(), 1, 0, QStringLiteral("lag")); // WAL the standby does not replay
        // Stale first, on a loaded machine, because a refresh came late (two intervals of 500 ms);
        // the standby's lag passes its bound of 2 s after that.
        QTRY_VERIFY_WITH_TIMEOUT(d->isStale(), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(d->standbyStale(), 15000);
        QVERIFY(w.triageView()->isStale());
        if (english())
            QVERIFY2(d->healthText().contains(QStringLiteral("behind the primary")), qPrintable(d->healthText()));
        if (const QString dir = qEnvironmentVariable("OM_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(1000);
            w.grab().save(QDir(dir).filePath(QStringLiteral("standby-behind-%1.png").arg(testLanguage())));
        }
        resumeReplay();
        QTRY_VERIFY_WITH_TIMEOUT(!d->isStale(), 15000);
        QVERIFY(!w.triageView()->isStale());
    }

    // A fleet row of a connection with a standby reads the standby, says its lag, and greys its
    // numbers while the standby is behind its bound.
    void fleetRowSaysTheStandbyLag() {
        FleetMember::Setup setup;
        setup.connection.name = QStringLiteral("orders-replica");
        setup.connection.connInfo = config(QStringLiteral("demo_operator")).connInfo;
        setup.connection.standbyConnInfo = standbyConnectionString(QStringLiteral("demo_operator"));
        setup.connection.standbyMaxLagS = 2;
        setup.connection.profile = QStringLiteral("app_outbox");
        setup.profile = SchemaProfile::builtIn(setup.connection.profile);
        setup.intervalMs = 500;
        FleetWindow w({setup});
        QAbstractItemModelTester tester(w.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        FleetMember *m = w.members().first();
        QTRY_VERIFY_WITH_TIMEOUT(m->reading().health == FleetReading::Health::Up && m->reading().readsStandby, 15000);
        QVERIFY(m->reading().numbersCurrent());
        const QModelIndex connection = w.model()->index(0, FleetModel::Connection);
        if (english())
            QTRY_VERIFY_WITH_TIMEOUT(connection.data().toString().contains(QStringLiteral("standby lag")), 5000);

        pauseReplay();
        insertMessages(*m_db, *setup.profile, setup.profile->failedStates.first(), 1, 0, QStringLiteral("fleetlag"));
        QTRY_VERIFY_WITH_TIMEOUT(m->reading().standbyStale, 15000);
        QVERIFY(!m->reading().numbersCurrent());
        QTRY_VERIFY_WITH_TIMEOUT(w.model()->index(0, FleetModel::Waiting).data(Qt::ForegroundRole).isValid(), 5000); // grey
        if (english())
            QTRY_VERIFY_WITH_TIMEOUT(connection.data().toString().contains(QStringLiteral("(stale)")), 5000);
        resumeReplay();
        QTRY_VERIFY_WITH_TIMEOUT(m->reading().numbersCurrent(), 15000);
    }

    // The primary unreachable from the start: the window reads the standby, and says that
    // nothing can be changed because the primary cannot be reached.
    void primaryDownAtStartReadsOn() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const QString deadPrimary = loopbackConnectionString(closedPort(), m_db->name(), QStringLiteral("user=demo_operator"));
        MainWindow w(context(p.id, config(QStringLiteral("demo_operator"), deadPrimary)));
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.resize(1280, 800);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1, 15000);
        QVERIFY(!w.canChangeMessages());
        if (english())
            QVERIFY2(w.accessText().contains(QStringLiteral("The primary cannot be reached")), qPrintable(w.accessText()));
        QTRY_VERIFY_WITH_TIMEOUT(w.poller()->isHealthy(), 15000); // the numbers come from the standby
        QVERIFY(!w.actions()->action(QStringLiteral("retry"))->isEnabled());
    }

    // The primary goes away after the window opened: the window reads on, and an action is
    // refused with a message that names the primary; nothing changes.
    void actionRefusedWhenPrimaryGoesDown() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const ActionDef retry = p.actions.value(QStringLiteral("retry"));
        const QString tag = QStringLiteral("down");
        const QList<qint64> ids = insertMessages(*m_db, p, retry.from.first(), 1, 0, tag);
        waitForStandby();
        auto proxy = std::make_unique<FreezingProxy>(QHostAddress::LocalHost, serverPort());
        QVERIFY(proxy->isListening());
        const QString primary = loopbackConnectionString(proxy->port(), m_db->name(), QStringLiteral("user=demo_operator"));
        MainWindow w(context(p.id, config(QStringLiteral("demo_operator"), primary)));
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.resize(1280, 800);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(w.canChangeMessages(), 15000); // asked on the primary, through the proxy

        showTagged(w, tag, 1);
        if (QTest::currentTestFailed())
            return;

        QTRY_VERIFY_WITH_TIMEOUT(w.poller()->isHealthy(), 15000);
        proxy.reset(); // the primary is gone: its connections closed, its port refuses
        QSignalSpy snapshots(w.poller(), &SnapshotPoller::snapshotReady);
        DialogOperator op;
        QAction *retryAction = w.actions()->action(QStringLiteral("retry"));
        QVERIFY(retryAction && retryAction->isEnabled());
        retryAction->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(op.messages.size(), 1, 20000);
        if (english())
            QVERIFY2(op.messages.first().contains(QStringLiteral("The primary cannot be reached"))
                         && op.messages.first().contains(QStringLiteral("never on the standby")),
                     qPrintable(op.messages.first()));
        QVERIFY(op.reasonScopes.isEmpty()); // refused before the operator typed a reason
        QCOMPARE(stateOf(*m_db, p, ids.first()), stateValue(p, retry.from.first()));
        QCOMPARE(auditCount(*m_db, p, ids, retry.auditName), qint64(0));
        w.poller()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() >= 1, 15000); // still reading the standby
        QVERIFY2(w.poller()->isHealthy(), qPrintable(w.dashboardView()->healthText()));
    }
};

OM_TEST_MAIN(TestStandby)
#include "tst_standby.moc"
