// SPDX-License-Identifier: GPL-3.0-or-later
// The window as a managed server's ordinary role (RDS, Cloud SQL, Azure): a LOGIN role that is a
// member of the kit's operator role only — no superuser, no pg_read_all_stats / pg_monitor — with
// its own statement_timeout and idle_in_transaction_session_timeout of 2 s (ALTER ROLE … SET), in a
// database without the pg_stat_statements extension. Set up once (initTestCase).
//
// everyViewReadsAsTheRole: what works as that role — tiles equal to the table's counts (no zero that
// looks like data), workers, failure groups, Triage, the Table tab's sizes equal to the catalog's, an
// audited retry through the kit's function, its audit row and the dashboard's recent actions.
// serverTimeLimitIsNamedAndNothingReconnects: another session holds an ACCESS EXCLUSIVE lock, so
// every statement touching the table waits until the server's own 2 s end it. Every view (dashboard,
// Triage, Audit, Table, failure groups, recent actions, Blocked keys, the profile check and the
// report as the command line runs them, the fleet row) says that the server's own limit for this
// role ended it — never a lost connection, a raw "canceling statement", a blank or a silent zero —
// and no lane reconnects (the role's backends are the same before and after).
// OM_SCREENSHOT_DIR=dir [OM_LANG=ja]: docs/screenshots/workstation/managed-role-*.png.
#include "actionfixture.h"
#include "audit/auditmodel.h"
#include "audit/auditview.h"
#include "audit/reportmaker.h"
#include "core/actions/actionrunner.h"
#include "core/service/serverlimits.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/fleet/fleetmember.h"
#include "core/check/profilecheck.h"
#include "core/sql/headsql.h"
#include "dashboard/dashboardview.h"
#include "dashboard/failuregroupmodel.h"
#include "dashboard/failuregrouppanel.h"
#include "dashboard/recentactionsmodel.h"
#include "dashboard/recentactionsview.h"
#include "dashboard/statustiles.h"
#include "dashboard/workergroupmodel.h"
#include "health/tablehealthview.h"
#include "isolatedsettings.h"
#include "mainwindow.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "triage/blockedkeysmodel.h"
#include "triage/blockedkeysview.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestManagedRole : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;
    QString m_role;
    QList<qint64> m_toRetry; ///< three of the failed messages: everyViewReadsAsTheRole retries them

    /// A window's (or a view's) context as the role. `statementTimeoutMs` is the lanes' own limit;
    /// 2000 runs them as they run once PgSession keeps to the smaller of its own limit and the
    /// server's own value for the role (until then a session raises it to its own 15 s).
    AppContext context(const char *profileId, int statementTimeoutMs = limits::kStatementTimeoutMs) {
        AppContext ctx;
        GatewayConfig c;
        c.connInfo = m_db->connectionStringAs(m_role);
        c.statementTimeoutMs = statementTimeoutMs;
        ctx.gateway = new Gateway(c);
        ctx.profile = *SchemaProfile::builtIn(QLatin1String(profileId));
        ctx.connectionLabel = QStringLiteral("managed");
        ctx.connectionKey = ConnectionInfo::storeKey(c.connInfo, ctx.profile.id);
        return ctx;
    }

    static void openAndWait(MainWindow &w) {
        QSignalSpy access(&w, &MainWindow::accessChanged);
        QSignalSpy snapshots(w.poller(), &SnapshotPoller::snapshotReady);
        w.resize(1440, 900);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1 && snapshots.count() >= 1, 15000);
    }

    /// The role's backends, as the admin session sees them.
    QStringList rolePids() {
        return m_db->scalar(QStringLiteral("SELECT string_agg(pid::text, ',' ORDER BY pid) FROM pg_stat_activity "
                                           "WHERE usename = $1 AND datname = current_database()"),
                            {m_role})
            .toString()
            .split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    /// Every backend of `before` is still there: no lane reconnected, the server ended none.
    void sameBackends(const QStringList &before) {
        const QStringList now = rolePids();
        for (const QString &pid : before)
            QVERIFY2(now.contains(pid), qPrintable(QStringLiteral("backend %1 is gone: %2 -> %3").arg(pid, before.join(','), now.join(','))));
    }

    /// What every view must say while the lock holds: the server's own limit of this role, by
    /// the words that are the same in every language (the setting, its value, the role's name).
    bool namesTheLimit(const QString &text) const {
        return text.contains(QLatin1String("statement_timeout")) && text.contains(QLatin1Char('"') + m_role + QLatin1Char('"'))
               && text.contains(QLatin1String("ALTER ROLE")) && text.contains(ServerLimits::formatMs(2000))
               && !text.contains(QLatin1String("canceling statement"));
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << QStringLiteral("kit/monitoring_indexes.sql")
                                                                        << QStringLiteral("kit/failure_groups.sql"));
        // Roles are cluster-wide: a name of this database's own, dropped again at the end.
        m_role = QStringLiteral("om_managed_") + m_db->name().section(QLatin1Char('_'), -1);
        m_db->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE outbox_operator; "
                                  "ALTER ROLE %1 SET statement_timeout = '2s'; "
                                  "ALTER ROLE %1 SET idle_in_transaction_session_timeout = '2s'")
                       .arg(m_role));
        // The set-up is what a managed server gives: checked, so that the test cannot pass on a
        // privileged role by accident.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT rolsuper::text || pg_has_role($1, 'pg_read_all_stats', 'MEMBER')::text "
                                             "|| pg_has_role($1, 'pg_monitor', 'MEMBER')::text FROM pg_roles WHERE rolname = $1"),
                              {m_role})
                     .toString(),
                 QStringLiteral("falsefalsefalse"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'")).toInt(), 0);

        const SchemaProfile app = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        insertMessages(*m_db, app, QStringLiteral("FAILED"), 20, 30);
        m_toRetry = insertMessages(*m_db, app, QStringLiteral("FAILED"), 3, 30);
        insertMessages(*m_db, app, QStringLiteral("PENDING"), 50, 5);
        insertMessages(*m_db, app, QStringLiteral("PROCESSING"), 5, 90); // past the 30-minute stuck timeout
        insertMessages(*m_db, app, QStringLiteral("SENT"), 200, 60);
        // One blocked key in outbox (ordered by key): a head stuck for an hour, three behind it.
        const SchemaProfile ordered = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        if (m_db->scalar(QStringLiteral("SELECT ") + sql::orderingIndexPresent(ordered)).toString() != QLatin1String("t"))
            m_db->exec(sql::orderingIndex(ordered));
        QList<qint64> key = insertMessages(*m_db, ordered, QStringLiteral("UNPUBLISHED"), 4, 1);
        m_db->exec(QStringLiteral("UPDATE outbox SET aggregate_id = 'order-1042', created_at = now() - CASE WHEN id = $1 "
                                  "THEN interval '60 minutes' ELSE interval '1 minute' END WHERE id = ANY($2::bigint[])"),
                   {key.first(), idArray(key)});
        m_db->exec(QStringLiteral("ANALYZE"));
    }

    void cleanupTestCase() {
        m_db.reset(); // the database first: the role's grants there go with it
        if (m_role.isEmpty())
            return;
        PgSession server({TestDatabase::serverConnectionString()});
        server.open();
        server.execScript(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_role));
    }

    void everyViewReadsAsTheRole() {
        MainWindow w(context("app_outbox"));
        openAndWait(w);
        QVERIFY2(w.canChangeMessages(), qPrintable(w.accessText())); // EXECUTE through the operator role

        // Exact counts, equal to the table's: nothing a hidden statistic could have zeroed.
        StatusTiles *tiles = w.tiles();
        QTRY_COMPARE_WITH_TIMEOUT(tiles->tileText(QStringLiteral("state:PENDING")), QStringLiteral("50"), 15000);
        QCOMPARE(tiles->tileText(QStringLiteral("state:FAILED")), QStringLiteral("23"));
        QCOMPARE(tiles->tileText(QStringLiteral("state:PROCESSING")), QStringLiteral("5"));
        QCOMPARE(tiles->tileText(QStringLiteral("state:SENT")), QStringLiteral("200"));
        QCOMPARE(tiles->tileText(QStringLiteral("stuck")), QStringLiteral("5"));
        QVERIFY(!tiles->isStale());
        QTRY_VERIFY_WITH_TIMEOUT(w.dashboardView()->byWorker() && w.dashboardView()->byWorker()->rowCount() >= 1, 15000);
        auto *groups = w.findChild<FailureGroupPanel *>();
        QVERIFY(groups);
        QTRY_COMPARE_WITH_TIMEOUT(groups->model()->rowCount(), 1, 15000);
        QVERIFY(groups->actionButtonsShown()); // an operator acts on a group

        // Triage's Stuck view lists the five stuck messages.
        QTRY_COMPARE_WITH_TIMEOUT(w.triageView()->model()->rowCount(), 5, 15000);

        // The Table tab: the catalog's own sizes and the activity counters (pg_stat_user_tables
        // shows them to every role), not zeros.
        auto *health = w.findChild<TableHealthView *>();
        QVERIFY(health);
        w.tabs()->setCurrentWidget(health);
        QTRY_VERIFY_WITH_TIMEOUT(health->report().table.exists, 15000);
        QCOMPARE(health->report().table.totalBytes,
                 m_db->scalar(QStringLiteral("SELECT pg_total_relation_size('app_outbox')")).toLongLong());
        QVERIFY(health->report().table.totalBytes > 0);
        QVERIFY(health->report().table.liveTuples > 0);
        QVERIFY(health->report().audit.exists);

        // A retry through the kit's function, on a session of the role's own: changed, audited
        // as the role, and the dashboard's recent actions show it (its NOTIFY reaches the window).
        PgSession own({m_db->connectionStringAs(m_role)});
        own.open();
        const ActionResult r = ActionRunner(w.context().profile).run(own, actionRequest(QStringLiteral("retry"), m_toRetry));
        QCOMPARE(r.changed(), m_toRetry.size());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox_audit WHERE changed_by = $1"), {m_role}).toInt(),
                 int(m_toRetry.size()));
        w.tabs()->setCurrentWidget(w.dashboardView()); // recent actions read while they are shown
        auto *recent = w.findChild<RecentActionsView *>();
        QVERIFY(recent);
        QTRY_VERIFY_WITH_TIMEOUT(recent->model()->rowCount() >= 1, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(tiles->tileText(QStringLiteral("state:FAILED")), QStringLiteral("20"), 15000);
        w.auditView()->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(w.auditView()->model()->rowCount(), int(m_toRetry.size()), 15000);
    }

    void serverTimeLimitIsNamedAndNothingReconnects() {
        MainWindow w(context("app_outbox", 2000));
        openAndWait(w);
        const AppContext orderedContext = context("outbox", 2000);
        const std::unique_ptr<DatabaseLink> orderedGateway(orderedContext.gateway); // outlives the view
        BlockedKeysView blocked(orderedContext);
        blocked.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(blocked.model()->rowCount(), 1, 15000);
        // The fleet overview runs its own sessions with the program's default limit.
        FleetMember::Setup fs;
        fs.connection.name = QStringLiteral("managed");
        fs.connection.connInfo = m_db->connectionStringAs(m_role);
        fs.connection.profile = QStringLiteral("app_outbox");
        fs.profile = SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        fs.intervalMs = 500;
        FleetMember fleet(fs);
        fleet.start();
        QTRY_COMPARE_WITH_TIMEOUT(fleet.reading().health, FleetReading::Health::Up, 15000);
        auto *groups = w.findChild<FailureGroupPanel *>();
        auto *recent = w.findChild<RecentActionsView *>();
        auto *health = w.findChild<TableHealthView *>();
        QVERIFY(groups && recent && health);
        QTRY_COMPARE_WITH_TIMEOUT(groups->model()->rowCount(), 1, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(w.triageView()->model()->rowCount(), 5, 15000);
        const QString pending = m_db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'PENDING'")).toString();
        QTRY_COMPARE_WITH_TIMEOUT(w.tiles()->tileText(QStringLiteral("state:PENDING")), pending, 15000);
        const QStringList pidsBefore = rolePids();
        QVERIFY(pidsBefore.size() >= 4); // the window's lanes and listener, Blocked keys', the fleet's
        QSignalSpy connection(w.context().gateway, &Gateway::connectionChanged);
        QSignalSpy refreshFailed(w.poller(), &SnapshotPoller::refreshFailed);

        // Another session takes the table: every statement that reads it now waits for the lock.
        PgSession locker({m_db->connectionString()});
        locker.open();
        locker.execScript(QStringLiteral("BEGIN; LOCK TABLE app_outbox, outbox IN ACCESS EXCLUSIVE MODE"));
        w.poller()->refreshNow();
        w.triageView()->refresh();
        w.auditView()->refresh();
        health->refresh();
        groups->refresh();
        recent->refresh();
        blocked.refresh();
        // The profile check and the incident report as the command line runs them (--check-profile,
        // --report-pdf): a read-only gateway of their own.
        GatewayConfig cliConfig = w.context().gateway->config();
        cliConfig.readOnly = true;
        Gateway cli(cliConfig);
        QString checkError;
        const ProfileCheck check(w.context().profile);
        cli.run<ProfileCheckReport>(
            Lane::Monitor, this, namingServerLimits([check](PgSession &s) { return check.run(s); }),
            [](const ProfileCheckReport &) {}, [&checkError](const PgError &e) { checkError = e.message; });
        ReportMaker report(&cli, w.context().profile);
        QSignalSpy reported(&report, &ReportMaker::finished);
        report.make(m_dir.filePath(QStringLiteral("report.pdf")), QDateTime::currentDateTime().addSecs(-3600),
                    QDateTime::currentDateTime(), QString());

        // The dashboard: the server answered and ended the refresh; data as old as it is, tiles
        // greyed but holding their numbers, no "connection down", no reconnect offered.
        DashboardView *dash = w.dashboardView();
        QTRY_VERIFY_WITH_TIMEOUT(refreshFailed.count() >= 1, 15000);
        QVERIFY(refreshFailed.last().at(2).toBool()); // connectionUp
        QTRY_VERIFY2_WITH_TIMEOUT(namesTheLimit(dash->healthText()), qPrintable(dash->healthText()), 5000);
        QVERIFY2(namesTheLimit(dash->notLiveText()), qPrintable(dash->notLiveText()));
        QVERIFY2(namesTheLimit(w.connectionText()), qPrintable(w.connectionText()));
        auto *reconnect = dash->findChild<QPushButton *>(QStringLiteral("reconnectNow"));
        QVERIFY(reconnect && reconnect->isHidden());
        QVERIFY(w.tiles()->isStale());
        QCOMPARE(w.tiles()->tileText(QStringLiteral("state:PENDING")), pending); // held, greyed: never a zero
        if (testLanguage() == QLatin1String("en")) {
            QVERIFY2(dash->healthText().startsWith(QStringLiteral("● Connected, but the refresh failed: The server's own time limit")),
                     qPrintable(dash->healthText()));
            QVERIFY2(w.connectionText().startsWith(QStringLiteral("Connected to managed")), qPrintable(w.connectionText()));
        }
        saveScreenshot(&w, QStringLiteral("managed-role-dashboard"));

        // Each list and pane says it, in its own place; none stays blank or "not read yet".
        auto *triageStatus = w.triageView()->findChild<QLabel *>(QStringLiteral("triageStatus"));
        QVERIFY(triageStatus);
        QTRY_VERIFY2_WITH_TIMEOUT(namesTheLimit(triageStatus->text()), qPrintable(triageStatus->text()), 20000);
        QVERIFY2(!w.triageView()->isStale(), "a refused refresh is not an outage of the lists");
        // The reload emptied the list: no "as of" beside no rows (it read as "nothing stuck").
        QCOMPARE(w.triageView()->model()->rowCount(), 0);
        QVERIFY2(w.triageView()->dataAgeText().isEmpty(), qPrintable(w.triageView()->dataAgeText()));
        w.tabs()->setCurrentWidget(w.triageView());
        saveScreenshot(&w, QStringLiteral("managed-role-triage"));
        QTRY_VERIFY2_WITH_TIMEOUT(namesTheLimit(w.auditView()->statusText()), qPrintable(w.auditView()->statusText()), 20000);
        auto *readAt = health->findChild<QLabel *>(QStringLiteral("readAt"));
        QVERIFY(readAt);
        QTRY_VERIFY2_WITH_TIMEOUT(namesTheLimit(readAt->text()), qPrintable(readAt->text()), 20000);
        w.tabs()->setCurrentWidget(health);
        saveScreenshot(&w, QStringLiteral("managed-role-table"));
        QTRY_VERIFY2_WITH_TIMEOUT(namesTheLimit(groups->titleText()), qPrintable(groups->titleText()), 20000);
        QTRY_VERIFY2_WITH_TIMEOUT(namesTheLimit(recent->titleText()), qPrintable(recent->titleText()), 20000);
        QTRY_VERIFY2_WITH_TIMEOUT(namesTheLimit(blocked.summaryText()), qPrintable(blocked.summaryText()), 20000);
        QTRY_VERIFY2_WITH_TIMEOUT(namesTheLimit(checkError), qPrintable(checkError), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(reported.count(), 1, 20000);
        QVERIFY(!reported.first().at(0).toBool());
        QVERIFY2(namesTheLimit(reported.first().at(1).toString()), qPrintable(reported.first().at(1).toString()));
        // The fleet row: "cannot read", with a time limit named (its sessions still raise the
        // role's 2 s to the program's 15 s: whichever ended it is named, never a raw cancel).
        QTRY_COMPARE_WITH_TIMEOUT(fleet.reading().health, FleetReading::Health::Failing, 20000);
        QVERIFY2(fleet.reading().message.contains(QLatin1String("statement_timeout"))
                     && !fleet.reading().message.contains(QLatin1String("canceling statement")),
                 qPrintable(fleet.reading().message));

        // Nothing reconnected and no session was ended (idle_in_transaction_session_timeout
        // included: the program never waits inside a transaction): the same backends as before.
        for (const QList<QVariant> &change : connection)
            QVERIFY2(change.at(1).toBool(), qPrintable(change.at(2).toString()));
        sameBackends(pidsBefore);

        locker.execScript(QStringLiteral("ROLLBACK"));
        // Back by itself on the next refresh, on the same connection.
        QSignalSpy snapshots(w.poller(), &SnapshotPoller::snapshotReady);
        w.poller()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() >= 1, 15000);
        QTRY_VERIFY2_WITH_TIMEOUT(!w.tiles()->isStale(), qPrintable(dash->healthText()), 5000);
        sameBackends(pidsBefore);
        fleet.stop(limits::kShutdownWaitMs);
    }

    void whereTheLimitIsSetIsNamed() {
        // The server's precedence: role in database, then role, then database.
        const QString other = m_role + QStringLiteral("_b");
        m_db->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE outbox_auditor; ALTER ROLE %1 IN DATABASE %2 SET statement_timeout = '4s'; "
                                  "ALTER DATABASE %2 SET statement_timeout = '3s'")
                       .arg(other, m_db->name()));
        auto limitsOf = [this](const QString &role) {
            PgSession s({role.isEmpty() ? m_db->connectionString() : m_db->connectionStringAs(role)});
            s.open();
            return ServerLimits::read(s);
        };
        const ServerLimits own = limitsOf(m_role);
        const ServerLimits inDatabase = limitsOf(other);
        const ServerLimits database = limitsOf(QString()); // the test's own login: only the database's
        m_db->exec(QStringLiteral("ALTER DATABASE %1 RESET statement_timeout; DROP ROLE %2").arg(m_db->name(), other));
        QCOMPARE(own.serverTimeoutMs, 2000);
        QCOMPARE(own.origin, ServerLimits::Origin::Role);
        // The session has the server's 2 s, or its own 15 s while PgSession still raises the limit.
        QVERIFY2(own.sessionTimeoutMs == 2000 || own.sessionTimeoutMs == limits::kStatementTimeoutMs,
                 qPrintable(QString::number(own.sessionTimeoutMs)));
        QCOMPARE(own.role, m_role);
        QCOMPARE(inDatabase.serverTimeoutMs, 4000);
        QCOMPARE(inDatabase.origin, ServerLimits::Origin::RoleInDatabase);
        QCOMPARE(database.serverTimeoutMs, 3000);
        QCOMPARE(database.origin, ServerLimits::Origin::Database);
        for (const ServerLimits &l : {own, inDatabase, database}) {
            QVERIFY2(l.timeoutExplanation(l.serverTimeoutMs, limits::kStatementTimeoutMs).contains(l.describeServerLimit()),
                     qPrintable(l.describeServerLimit()));
            QVERIFY(l.describeServerLimit().contains(ServerLimits::formatMs(l.serverTimeoutMs)));
        }
        QVERIFY(inDatabase.describeServerLimit().contains(QLatin1Char('"') + m_db->name() + QLatin1Char('"')));
        // A limit of the program's own that is smaller than the server's is the program's, and
        // says so (a session that still raises the server's 2 s to 15 s too: then 15 s ended it).
        QVERIFY(!own.isServersLimit(1000, 1000));
        QVERIFY(!own.isServersLimit(limits::kStatementTimeoutMs, limits::kStatementTimeoutMs));
        QVERIFY(own.isServersLimit(2000, limits::kStatementTimeoutMs));
        // ... and a per-transaction limit of the program's own is gone when the session is asked
        // afterwards: the session then shows the server's 2 s, although the program's 1 s ended it.
        QVERIFY(!own.isServersLimit(2000, 1000));

        // A real statement ended by the program's own 1 s, below the role's 2 s: named as the
        // program's, not blamed on the server.
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(m_role);
        o.statementTimeoutMs = 1000;
        PgSession s(o);
        s.open();
        PgSession locker({m_db->connectionString()});
        locker.open();
        locker.execScript(QStringLiteral("BEGIN; LOCK TABLE app_outbox IN ACCESS EXCLUSIVE MODE"));
        QString message;
        try {
            namingServerLimits([](PgSession &session) { return session.query(QStringLiteral("SELECT count(*) FROM app_outbox")); })(s);
        } catch (const PgError &e) {
            QCOMPARE(e.kind, PgError::Kind::Query);
            QCOMPARE(e.sqlState, QStringLiteral("57014"));
            message = e.message;
        }
        locker.execScript(QStringLiteral("ROLLBACK"));
        QVERIFY2(message.contains(QLatin1String("statement_timeout")) && message.contains(ServerLimits::formatMs(1000))
                     && !message.contains(m_role),
                 qPrintable(message));
    }
};

OM_TEST_MAIN(TestManagedRole)
#include "tst_managedrole.moc"
