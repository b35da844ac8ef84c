// SPDX-License-Identifier: GPL-3.0-or-later
// Real windows through a real PgBouncer in transaction mode (a pool of two server connections for
// two windows of four connections each): a read-write window with every lane busy (fast
// refreshes, Triage and Audit pages, audited actions) and a read-only window run while another
// client of the same pool samples what a server connection carries, until it has a thousand
// samples (about a minute). It must only ever see the server's defaults; the windows must see no
// SQL error; every action must have its audit rows; and the windows must learn of each other's
// actions without NOTIFY. A window whose connection is declared its own leaves nothing on the
// pool either. OM_POOLER_SOAK_S scales the samples down for a quick local run (a minute's worth
// at 60); OM_SCREENSHOT_DIR saves the Connection information dialog (OM_LANG=ja: in Japanese).
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "core/dashboard/snapshotpoller.h"
#include "core/fleet/fleetmember.h"
#include "fleet/fleetwindow.h"
#include "core/outcome/actionpoller.h"
#include "connection/connectioninfodialog.h"
#include "mainwindow.h"
#include "poolvisit.h"
#include "link/connectioninfo.h"
#include "core/service/servicecall.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testserver.h"

#include <QAction>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <thread>

using namespace om;
using namespace om::test;

namespace {

/// scripts/lib/pgbouncer.sh: the transaction pool's server connections per database and role.
constexpr int kTransactionPoolSize = 2;

/// What another client of the pool may meet on a server connection.
const QString kProbe = QStringLiteral(
    "SELECT current_setting('default_transaction_read_only'), current_setting('statement_timeout'), "
    "current_setting('lock_timeout'), current_setting('search_path'), current_setting('max_parallel_workers_per_gather'), "
    "current_setting('jit'), (SELECT count(*) FROM pg_prepared_statements)::text, "
    "(SELECT count(*) FROM pg_listening_channels())::text, pg_backend_pid()");

/// A client that sends each statement alone, with no BEGIN and no SET (as a plain relay would).
std::unique_ptr<PgSession> plainClient(const QString &connInfo) {
    PgSession::Options o;
    o.connInfo = connInfo;
    o.pooling = PoolSetting::Statement;
    o.statementTimeoutMs = 0;
    o.applicationName = QStringLiteral("relay-probe");
    auto s = std::make_unique<PgSession>(o);
    s->open();
    return s;
}

struct ProbeResult {
    std::atomic<int> samples{0}; ///< read by the test's thread while the probe runs
    int differing = 0;
    QStringList firstDifference;
    QSet<int> servers;
    QString error;
    std::atomic<bool> ended{false}; ///< the probe stopped (asked to, or on an error)
};

} // namespace

class TestPoolerWindow : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    /// What a fresh server connection of `role` says, read directly: a role may carry settings
    /// of its own (the kit's auditor logins are read-only by ALTER ROLE).
    QStringList defaultsOf(const QString &role) {
        const QVariantList row = plainClient(m_db->connectionStringAs(role))->query(kProbe).rows.value(0);
        QStringList out;
        for (int i = 0; i + 1 < row.size(); ++i)
            out << row.at(i).toString();
        return out;
    }

    QString pooled(const QString &mode, const QString &role) const {
        return loopbackConnectionString(poolerPort(mode), m_db->name(), QStringLiteral("user=%1").arg(role));
    }

    AppContext context(const QString &connInfo, bool readOnly, PoolSetting pooling = PoolSetting::Auto) {
        AppContext ctx;
        GatewayConfig c;
        c.connInfo = connInfo;
        c.readOnly = readOnly;
        c.pooling = pooling;
        ctx.gateway = new Gateway(c);
        ctx.profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        ctx.connectionLabel = QStringLiteral("pooled");
        ctx.connectionKey = ConnectionInfo::storeKey(c.connInfo, ctx.profile.id);
        ctx.readOnly = readOnly;
        return ctx;
    }

    /// Samples on a thread of its own every `everyMs` until `stop`.
    static void probe(const QString &connInfo, const QStringList &defaults, int everyMs, const std::atomic<bool> &stop,
                      ProbeResult &out) {
        try {
            auto client = plainClient(connInfo);
            while (!stop) {
                const QVariantList row = client->query(kProbe).rows.value(0);
                QStringList settings;
                for (int i = 0; i + 1 < row.size(); ++i)
                    settings << row.at(i).toString();
                out.servers.insert(row.last().toInt());
                ++out.samples;
                if (settings != defaults && ++out.differing == 1)
                    out.firstDifference = settings;
                std::this_thread::sleep_for(std::chrono::milliseconds(everyMs));
            }
        } catch (const std::exception &e) {
            out.error = QString::fromUtf8(e.what());
        }
        out.ended = true;
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << QStringLiteral("demo/logins.sql"));
        QVERIFY2(poolerPort(QStringLiteral("transaction")) != 0, "scripts/test starts the PgBouncers (OM_PGB_*_PORT)");
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        insertMessages(*m_db, p, QStringLiteral("PENDING"), 800, 2);
        insertMessages(*m_db, p, QStringLiteral("SENT"), 1500, 60);
    }

    void twoWindowsLeaveNothingOnTheTransactionPool() {
        // About a minute of work on an idle machine: the windows work until the probe has taken
        // its samples, however long a loaded machine needs for them (within a generous bound).
        const int soakS = qEnvironmentVariableIsSet("OM_POOLER_SOAK_S") ? qEnvironmentVariableIntValue("OM_POOLER_SOAK_S") : 60;
        const int wantedSamples = qMax(20, soakS * 1000 / 60);
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        MainWindow operatorWindow(context(pooled(QStringLiteral("transaction"), QStringLiteral("demo_operator")), false));
        // Opened read-only (--read-only) by a role that may write: the session, not the role, is
        // read-only, which is what a session-level SET would have leaked to the pool.
        MainWindow auditorWindow(context(pooled(QStringLiteral("transaction"), QStringLiteral("demo_operator")), true));
        QSignalSpy failedA(operatorWindow.poller(), &SnapshotPoller::refreshFailed);
        QSignalSpy failedB(auditorWindow.poller(), &SnapshotPoller::refreshFailed);
        QSignalSpy snapshotsA(operatorWindow.poller(), &SnapshotPoller::snapshotReady);
        QSignalSpy snapshotsB(auditorWindow.poller(), &SnapshotPoller::snapshotReady);
        for (MainWindow *w : {&operatorWindow, &auditorWindow}) {
            w->resize(1366, 768);
            w->show();
            w->poller()->setIntervalMs(300);
        }
        QTRY_VERIFY_WITH_TIMEOUT(snapshotsA.count() > 0 && snapshotsB.count() > 0, 15000);
        // Both windows found the pooler and gave LISTEN up for reading the audit trail.
        QTRY_VERIFY_WITH_TIMEOUT(operatorWindow.findChild<ActionPoller *>() && auditorWindow.findChild<ActionPoller *>(), 15000);
        QSignalSpy heardByAuditor(auditorWindow.findChild<ActionPoller *>(), &ActionPoller::actionAnnounced);
        for (Lane lane : {Lane::Monitor, Lane::Browse}) // the Action lane connects at its first action
            QCOMPARE(operatorWindow.context().gateway->linkFacts(lane).mode, PoolMode::Transaction);

        // Every lane busy: F5 in both windows (snapshot, Triage page, Audit page, outcomes), and an
        // audited retry or cancel through the operator window's Action lane every two seconds.
        QTimer refresher;
        connect(&refresher, &QTimer::timeout, this, [&] {
            for (MainWindow *w : {&operatorWindow, &auditorWindow})
                w->findChild<QAction *>(QStringLiteral("refreshNow"))->trigger();
        });
        refresher.start(700);
        int actionsDone = 0, actionErrors = 0;
        QList<QPair<QList<qint64>, QString>> acted;
        QTimer actor;
        connect(&actor, &QTimer::timeout, this, [&] {
            const QString kind = acted.size() % 2 ? QStringLiteral("cancel") : QStringLiteral("retry");
            const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 2, 5, QStringLiteral("soak%1").arg(acted.size()));
            acted << qMakePair(ids, kind);
            const ActionRequest r = actionRequest(kind, ids);
            const auto act = [p, r](PgSession &s) { return ActionRunner(p).run(s, r); };
            const auto finished = [&](const ActionResult &result) { actionsDone += result.changed() == 2; };
            const auto failed = [&](const PgError &e) {
                ++actionErrors;
                qWarning() << "action failed:" << e.message;
            };
            gatewayOf(operatorWindow.context().gateway).run<ActionResult>(Lane::Action, this, act, finished, failed);
        });
        actor.start(2000);

        // PgBouncer keeps one pool per role and database: the other client of the windows' pool
        // logs in as their role. About a thousand samples, each on whichever server connection of
        // the pool is free.
        std::atomic<bool> stop{false};
        ProbeResult probed;
        const QStringList defaults = defaultsOf(QStringLiteral("demo_operator"));
        QCOMPARE(defaults.value(0), QStringLiteral("off")); // the role itself may write
        const int everyMs = qMax(5, soakS * 1000 / 1100);
        std::thread prober([&] { probe(pooled(QStringLiteral("transaction"), QStringLiteral("demo_operator")), defaults, everyMs, stop, probed); });
        QElapsedTimer soaked;
        soaked.start();
        // Not a QTRY: its failure would be a count of samples, which says how fast the machine is.
        const QDeadlineTimer deadline(qMax(180, 5 * soakS) * 1000);
        while (probed.samples.load() < wantedSamples && !probed.ended.load() && !deadline.hasExpired())
            QTest::qWait(200);
        refresher.stop();
        actor.stop();
        stop = true;
        prober.join();
        QTRY_COMPARE_WITH_TIMEOUT(actionsDone + actionErrors, acted.size(), 15000);

        QVERIFY2(probed.error.isEmpty(), qPrintable(probed.error));
        qInfo("probe: %d samples over %lld s on %d server connections, %d differing from the server's defaults",
              probed.samples.load(), soaked.elapsed() / 1000, int(probed.servers.size()), probed.differing);
        QVERIFY2(probed.differing == 0, qPrintable(probed.firstDifference.join(QLatin1String(", "))));
        // The probe was given the very server connections the windows' lanes worked on (else it
        // proved nothing).
        QSet<int> windowServers;
        for (MainWindow *w : {&operatorWindow, &auditorWindow})
            for (Lane lane : {Lane::Monitor, Lane::Browse, Lane::Action})
                windowServers.insert(w->context().gateway->linkFacts(lane).serverPid);
        QVERIFY2(probed.servers.intersects(windowServers), "the probe never met a server connection of the windows");
        QCOMPARE(failedA.count(), 0);
        QCOMPARE(failedB.count(), 0);
        QCOMPARE(actionErrors, 0);
        QCOMPARE(actionsDone, acted.size());
        QCOMPARE(operatorWindow.context().gateway->linkFacts(Lane::Action).mode, PoolMode::Transaction);
        for (const auto &[ids, kind] : acted)
            QCOMPARE(auditCount(*m_db, p, ids, p.actions.value(kind).auditName), 2);
        // The read-only window heard of the operator's actions by polling.
        QTRY_VERIFY_WITH_TIMEOUT(heardByAuditor.count() >= acted.size() - 1, 15000);

        auditorWindow.findChild<QAction *>(QStringLiteral("connectionInformation"))->trigger();
        ConnectionInfoDialog *info = auditorWindow.connectionInfoDialog();
        QVERIFY(info && info->isVisible());
        QStringList texts;
        for (const auto &[label, value] : info->rows())
            texts << label + QLatin1String(": ") + value;
        if (testLanguage() == QLatin1String("en")) {
            QVERIFY2(texts.join(QLatin1Char('\n')).contains(QLatin1String("treated as transaction pooling")), qPrintable(texts.join('\n')));
            QVERIFY2(texts.join(QLatin1Char('\n')).contains(QLatin1String("Enforced by the server in every transaction")), qPrintable(texts.join('\n')));
            QVERIFY2(texts.join(QLatin1Char('\n')).contains(QLatin1String("by polling")), qPrintable(texts.join('\n')));
        }
        saveScreenshot(info, QStringLiteral("connection-information-pooled"));
    }

    void aWindowDeclaredOwnOnATransactionPoolLeavesNothing() {
        // What was reported: a read-only window whose connection said "own" (a saved connection,
        // --pooling own) on a transaction pool left read-only mode, its time limits, prepared
        // statements and a LISTEN on the pool's server connections, and another client's writes were
        // refused, also after the window closed. A pooler answers at connect, so nothing of it is
        // sent, and Connection information says why.
        m_db->exec(QStringLiteral("CREATE TABLE IF NOT EXISTS own_window_writes (pid int)"));
        m_db->exec(QStringLiteral("GRANT INSERT ON own_window_writes TO demo_operator"));
        const QString pool = pooled(QStringLiteral("transaction"), QStringLiteral("demo_operator"));
        const QStringList defaults = defaultsOf(QStringLiteral("demo_operator"));
        QSet<int> windowServers;
        const auto visitPool = [&](const QString &when) {
            QSet<int> met;
            const int before = m_db->scalar(QStringLiteral("SELECT count(*) FROM own_window_writes")).toInt();
            const QList<ServerConnectionSeen> seen = visitEveryServerConnection(pool, kTransactionPoolSize, QStringLiteral("own_window_writes"));
            for (const ServerConnectionSeen &s : seen) {
                const QString where = when + QStringLiteral(", server process ") + QString::number(s.serverPid);
                met.insert(s.serverPid);
                QVERIFY2(s.readOnlyDefault == QLatin1String("off"), qPrintable(where));
                QVERIFY2(s.statementTimeout == defaults.value(1), qPrintable(where + QLatin1String(": ") + s.statementTimeout));
                QVERIFY2(s.preparedStatements == 0, qPrintable(where));
                QVERIFY2(s.listeningChannels == 0, qPrintable(where));
                QVERIFY2(s.writeError.isEmpty(), qPrintable(where + QLatin1String(": ") + s.writeError));
            }
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM own_window_writes")).toInt(), before + kTransactionPoolSize);
            QVERIFY2(met.contains(windowServers), qPrintable(when + QLatin1String(": the visit did not meet the window's server connections")));
        };
        {
            MainWindow w(context(pool, true, PoolSetting::Own));
            QSignalSpy snapshots(w.poller(), &SnapshotPoller::snapshotReady);
            QSignalSpy failed(w.poller(), &SnapshotPoller::refreshFailed);
            w.resize(1366, 768);
            w.show();
            w.poller()->setIntervalMs(300);
            QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() >= 3, 15000);
            // No LISTEN: the window reads the audit trail instead.
            QTRY_VERIFY_WITH_TIMEOUT(w.findChild<ActionPoller *>() != nullptr, 15000);
            for (Lane lane : {Lane::Monitor, Lane::Browse}) {
                const LinkFacts f = w.context().gateway->linkFacts(lane);
                if (!f.known)
                    continue;
                QCOMPARE(f.mode, PoolMode::Transaction);
                QVERIFY(f.poolerAnswered);
                QVERIFY(f.ownOverruled);
                windowServers.insert(f.serverPid);
            }
            QVERIFY(!windowServers.isEmpty());
            w.findChild<QAction *>(QStringLiteral("refreshNow"))->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() >= 5, 15000);
            QCOMPARE(failed.count(), 0);

            w.findChild<QAction *>(QStringLiteral("connectionInformation"))->trigger();
            ConnectionInfoDialog *info = w.connectionInfoDialog();
            QVERIFY(info && info->isVisible());
            QStringList texts;
            for (const auto &[label, value] : info->rows())
                texts << label + QLatin1String(": ") + value;
            const QString all = texts.join(QLatin1Char('\n'));
            if (testLanguage() == QLatin1String("en")) {
                QVERIFY2(all.contains(QLatin1String("Declared as its own connection, but a connection pooler answered: nothing is "
                                                    "kept beyond each transaction")),
                         qPrintable(all));
                QVERIFY2(all.contains(QLatin1String("declared own, but a pooler answered")), qPrintable(all));
                QVERIFY2(all.contains(QLatin1String("Enforced by the server in every transaction")), qPrintable(all));
            }
            saveScreenshot(info, QStringLiteral("connection-information-declared-own"));
            visitPool(QStringLiteral("while the window is open"));
            if (QTest::currentTestFailed())
                return;
        }
        visitPool(QStringLiteral("after the window closed"));
    }

    void aWindowDeclaredOwnOnASessionPoolWorksAsOnAnyPool() {
        // A session pool cannot be told from a transaction pool from outside: declared its own, the
        // window keeps nothing beyond each transaction there too, and its lanes run and act.
        MainWindow w(context(pooled(QStringLiteral("session"), QStringLiteral("demo_operator")), false, PoolSetting::Own));
        QSignalSpy snapshots(w.poller(), &SnapshotPoller::snapshotReady);
        QSignalSpy failed(w.poller(), &SnapshotPoller::refreshFailed);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() > 0, 15000);
        const LinkFacts f = w.context().gateway->linkFacts(Lane::Monitor);
        QCOMPARE(f.mode, PoolMode::Transaction);
        QVERIFY(f.poolerAnswered);
        QVERIFY(f.modeConfigured);
        QVERIFY(f.ownOverruled);
        const SchemaProfile p = w.context().profile;
        const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 2, 5, QStringLiteral("sessionpool"));
        bool done = false;
        const auto retry = [p, r = actionRequest(QStringLiteral("retry"), ids)](PgSession &s) { return ActionRunner(p).run(s, r); };
        const auto retried = [&](const ActionResult &) { done = true; };
        const auto retryFailed = [&](const PgError &e) { QFAIL(qPrintable(e.message)); };
        gatewayOf(w.context().gateway).run<ActionResult>(Lane::Action, this, retry, retried, retryFailed);
        QTRY_VERIFY_WITH_TIMEOUT(done, 15000);
        QCOMPARE(auditCount(*m_db, p, ids, p.actions.value(QStringLiteral("retry")).auditName), 2);
        QTRY_VERIFY_WITH_TIMEOUT(w.findChild<ActionPoller *>() != nullptr, 15000); // no LISTEN through a pooler
        QCOMPARE(failed.count(), 0);
    }

    void fleetRowsThroughEachPool() {
        // The fleet overview reads every saved connection through whatever path it names.
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        QList<FleetMember::Setup> setups;
        for (const auto &[mode, pooling] : {std::pair{QStringLiteral("session"), PoolSetting::Own},
                                            {QStringLiteral("transaction"), PoolSetting::Auto},
                                            {QStringLiteral("statement"), PoolSetting::Auto}}) {
            FleetMember::Setup s;
            s.connection.name = mode;
            s.connection.connInfo = pooled(mode, QStringLiteral("postgres"));
            s.connection.profile = p.id;
            s.connection.pooling = pooling;
            s.profile = p;
            s.intervalMs = 500;
            setups << s;
        }
        FleetWindow w(setups);
        const qint64 waiting = m_db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'PENDING'")).toLongLong();
        for (FleetMember *m : w.members()) {
            QTRY_VERIFY2_WITH_TIMEOUT(m->reading().health == FleetReading::Health::Up, qPrintable(m->connection().name), 15000);
            QCOMPARE(m->reading().waiting, waiting);
        }
    }
};

OM_TEST_MAIN(TestPoolerWindow)
#include "tst_poolerwindow.moc"
