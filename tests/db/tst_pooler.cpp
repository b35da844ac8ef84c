// SPDX-License-Identifier: GPL-3.0-or-later
// The program through real PgBouncers (scripts/lib/pgbouncer.sh: session, transaction and
// statement pooling, pools smaller than a window's connections): it finds out which path it is
// on, leaves no setting or statement on a server connection that another client of the pool
// could meet, runs every kind of statement, refuses actions where no transaction is possible,
// cancels through the pooler and falls back from LISTEN to polling.
#include "actionfixture.h"
#include "freezingproxy.h"
#include "core/actions/actionrunner.h"
#include "core/actions/privileges.h"
#include "core/dashboard/snapshotquery.h"
#include "core/outcome/actionpoller.h"
#include "core/triage/blockedkeys.h"
#include "core/triage/listquery.h"
#include "orderedprofiles.h"
#include "poolvisit.h"
#include "pg/actionlistener.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <optional>
#include <thread>

using namespace om;
using namespace om::test;

Q_DECLARE_METATYPE(om::PoolSetting)
Q_DECLARE_METATYPE(om::PoolMode)

/// QCOMPARE and QVERIFY belong to the test's own thread: on a worker thread a failed check throws,
/// and the thread's catch counts it.
#define CHECK_ON_THREAD(cond)                           \
    do {                                                \
        if (!(cond))                                    \
            throw std::runtime_error("failed: " #cond); \
    } while (false)

namespace {

/// scripts/lib/pgbouncer.sh: the transaction pool's server connections per database and role.
constexpr int kTransactionPoolSize = 2;

/// What another client of the pool may see of a server connection: the settings the program
/// uses, and prepared statements. The pid says which server connection answered.
const QString kProbe = QStringLiteral(
    "SELECT current_setting('default_transaction_read_only'), current_setting('statement_timeout'), "
    "current_setting('lock_timeout'), current_setting('search_path'), current_setting('max_parallel_workers_per_gather'), "
    "current_setting('jit'), current_setting('IntervalStyle'), current_setting('synchronous_commit'), "
    "(SELECT count(*) FROM pg_prepared_statements)::text, (SELECT count(*) FROM pg_listening_channels())::text, "
    "pg_backend_pid()");

struct ProbeSample {
    QStringList settings;
    int serverPid = 0;
};

ProbeSample sample(PgSession &probe) {
    const QVariantList row = probe.query(kProbe).rows.value(0);
    ProbeSample s;
    for (int i = 0; i + 1 < row.size(); ++i)
        s.settings << row.at(i).toString();
    s.serverPid = row.last().toInt();
    return s;
}

} // namespace

class TestPooler : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QStringList m_serverDefaults; ///< what a fresh server connection says, read directly

    QString through(const QString &mode) const { return loopbackConnectionString(poolerPort(mode), m_db->name()); }

    static std::unique_ptr<PgSession> session(const QString &connInfo, PoolSetting pooling = PoolSetting::Auto,
                                              bool readOnly = false) {
        PgSession::Options o;
        o.connInfo = connInfo;
        o.pooling = pooling;
        o.readOnly = readOnly;
        o.statementTimeoutMs = 12345;
        o.lockTimeoutMs = 2345;
        o.serialPlans = true;
        o.noJit = true;
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }

    /// A client that sets nothing: configured as statement pooling, it sends each statement
    /// alone, without BEGIN or SET (what the application's own relay may well do).
    static std::unique_ptr<PgSession> probeSession(const QString &connInfo) {
        PgSession::Options o;
        o.connInfo = connInfo;
        o.pooling = PoolSetting::Statement;
        o.statementTimeoutMs = 0;
        o.applicationName = QStringLiteral("probe");
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }

    /// The pooler's server connections to the test database are closed, so that whatever a test
    /// left on them (the leak the negative control makes on purpose) reaches no later test.
    void dropServerConnections() {
        const QString others = QStringLiteral("FROM pg_stat_activity WHERE datname = current_database() "
                                              "AND pid <> pg_backend_pid() AND backend_type = 'client backend'");
        m_db->exec(QStringLiteral("SELECT pg_terminate_backend(pid) ") + others);
        // Gone from the server, and then from the pooler, which learns it when it reads the
        // closed socket: a client given a dead server connection would be closed with it.
        QTRY_COMPARE(m_db->scalar(QStringLiteral("SELECT count(*) ") + others).toInt(), 0);
        QTest::qWait(500); // the pooler says nothing when it drops them: no event to wait on
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        for (const char *mode : {"session", "transaction", "statement"})
            QVERIFY2(poolerPort(QLatin1String(mode)) != 0, "scripts/test starts the PgBouncers (OM_PGB_*_PORT)");
        m_serverDefaults = sample(*probeSession(m_db->connectionString())).settings;
        QCOMPARE(m_serverDefaults.value(0), QStringLiteral("off"));
        QCOMPARE(m_serverDefaults.value(1), QStringLiteral("0"));
    }

    void findsThePath_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<PoolSetting>("setting");
        QTest::addColumn<PoolMode>("mode");
        QTest::addColumn<bool>("pooler");
        QTest::addColumn<bool>("learned");
        QTest::newRow("direct") << "direct" << PoolSetting::Auto << PoolMode::Own << false << false;
        // A session pooler cannot be told from a transaction pooler from outside: the safe guess.
        QTest::newRow("session pool, found out") << "session" << PoolSetting::Auto << PoolMode::Transaction << true << false;
        // Said to be its own, but a pooler answered: as safe as found out (a session pool is not
        // told from a transaction pool by being declared one).
        QTest::newRow("session pool, said own") << "session" << PoolSetting::Own << PoolMode::Transaction << true << false;
        QTest::newRow("transaction pool, said own") << "transaction" << PoolSetting::Own << PoolMode::Transaction << true << false;
        QTest::newRow("direct, said own") << "direct" << PoolSetting::Own << PoolMode::Own << false << false;
        QTest::newRow("transaction pool") << "transaction" << PoolSetting::Auto << PoolMode::Transaction << true << false;
        QTest::newRow("statement pool") << "statement" << PoolSetting::Auto << PoolMode::Statement << true << true;
    }

    void findsThePath() {
        QFETCH(QString, path);
        QFETCH(PoolSetting, setting);
        QFETCH(PoolMode, mode);
        QFETCH(bool, pooler);
        QFETCH(bool, learned);
        auto s = session(path == QLatin1String("direct") ? m_db->connectionString() : through(path), setting);
        const LinkFacts f = s->linkFacts();
        QVERIFY(f.known);
        QCOMPARE(f.mode, mode);
        QCOMPARE(f.poolerAnswered, pooler);
        QCOMPARE(f.modeConfigured, setting != PoolSetting::Auto);
        QCOMPARE(!f.learnedBecause.isEmpty(), learned);
        QCOMPARE(f.ownOverruled, setting == PoolSetting::Own && pooler);
        QVERIFY(f.serverPid > 0);
        // The lane's name travels in the startup packet, which the pooler keeps per client.
        QCOMPARE(s->query(QStringLiteral("SELECT current_setting('application_name'), current_setting('TimeZone')")).rows.value(0),
                 (QVariantList{QStringLiteral("outbox-monitor"), QStringLiteral("UTC")}));
    }

    void serverLimitsThatAreShorterWin() {
        // A guest never lifts a limit the DBA set: the role's own 2 s beats the program's 12.3 s.
        m_db->exec(QStringLiteral("DO $$BEGIN CREATE ROLE om_short_limits LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END$$"));
        m_db->exec(QStringLiteral("ALTER ROLE om_short_limits SET statement_timeout = '2s'"));
        for (const QString &path : {QStringLiteral("direct"), QStringLiteral("transaction")}) {
            const QString base = path == QLatin1String("direct") ? m_db->connectionString() : through(path);
            auto s = session(base + QStringLiteral(" user=om_short_limits"));
            QCOMPARE(s->linkFacts().serverStatementTimeoutMs, 2000);
            QCOMPARE(s->linkFacts().statementTimeoutMs, 2000);
            QCOMPARE(s->query(QStringLiteral("SELECT current_setting('statement_timeout')")).scalar().toString(), QStringLiteral("2s"));
            try {
                s->query(QStringLiteral("SELECT pg_sleep(3)"));
                QFAIL("the role's statement_timeout did not end the statement");
            } catch (const PgError &e) {
                QCOMPARE(e.kind, PgError::Kind::Cancelled);
            }
        }
    }

    void everyKindOfStatementThroughATransactionPool() {
        // Three sessions on a pool of two: every transaction may meet another server connection.
        std::atomic<int> failures{0}, done{0};
        QStringList errors;
        QMutex errorsLock;
        std::vector<std::thread> threads;
        QSet<int> servers;
        QMutex serversLock;
        for (int t = 0; t < 3; ++t) {
            threads.emplace_back([&, t] {
                try {
                    auto s = session(through(QStringLiteral("transaction")), PoolSetting::Auto, t == 0);
                    for (int i = 0; i < 60; ++i) {
                        CHECK_ON_THREAD(s->queryPrepared(QStringLiteral("SELECT $1::int + 1"), {i}).scalar().toInt() == i + 1);
                        CHECK_ON_THREAD(s->query(QStringLiteral("SELECT current_setting('statement_timeout')")).scalar().toString() == QStringLiteral("12345ms"));
                        s->transact([&](PgTx &tx) {
                            CHECK_ON_THREAD(tx.inTransaction());
                            CHECK_ON_THREAD(tx.setLocal(QStringLiteral("statement_timeout"), QStringLiteral("777")));
                            CHECK_ON_THREAD((tx.exec(QStringLiteral("SHOW statement_timeout")).scalar().toString()) == (QStringLiteral("777ms")));
                            CHECK_ON_THREAD(tx.exec(QStringLiteral("SHOW transaction_read_only")).scalar().toString() == (t == 0 ? QStringLiteral("on") : QStringLiteral("off")));
                        });
                        s->execScript(QStringLiteral("SELECT 1; SELECT 2"));
                    }
                    QMutexLocker lock(&serversLock);
                    servers.insert(s->linkFacts().serverPid);
                    CHECK_ON_THREAD(s->linkFacts().serverConnectionsSeen >= 1);
                    CHECK_ON_THREAD((s->linkFacts().mode) == (PoolMode::Transaction));
                } catch (const std::exception &e) {
                    ++failures;
                    QMutexLocker lock(&errorsLock);
                    errors << QString::fromUtf8(e.what());
                }
                ++done;
            });
        }
        for (std::thread &t : threads)
            t.join();
        QVERIFY2(failures == 0, qPrintable(errors.join(QLatin1String("; "))));
        QCOMPARE(done.load(), 3);
    }

    void readOnlyIsTheServersThroughATransactionPool() {
        auto s = session(through(QStringLiteral("transaction")), PoolSetting::Auto, true);
        QVERIFY(s->linkFacts().readOnlyByServer);
        try {
            s->query(QStringLiteral("CREATE TABLE om_should_not_exist (x int)"));
            QFAIL("a read-only session wrote through the pooler");
        } catch (const PgError &e) {
            QCOMPARE(e.sqlState, QStringLiteral("25006")); // read_only_sql_transaction
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT to_regclass('om_should_not_exist') IS NULL")).toString(), QStringLiteral("t"));
    }

    void leavesNothingOnTheServerConnections() {
        // While sessions of every kind work through the transaction pool, another client of the
        // same pool sees only the server's defaults, whichever server connection it is given.
        auto probe = probeSession(through(QStringLiteral("transaction")));
        // The program's own reads, not only raw statements: each may set what it needs (the
        // blocked keys read without JIT), and none may leave it behind.
        const SchemaProfile ordered = appOutboxByDestination();
        std::atomic<bool> stop{false};
        std::atomic<int> failures{0};
        QSet<int> monitorServers;
        QMutex serversLock;
        std::vector<std::thread> workers;
        for (int t = 0; t < 2; ++t) {
            workers.emplace_back([&, t] {
                try {
                    auto s = session(through(QStringLiteral("transaction")), PoolSetting::Auto, t == 0);
                    while (!stop) {
                        s->queryPrepared(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status <> $1"), {QString::number(t)});
                        s->transact([](PgTx &tx) { tx.setLocal(QStringLiteral("enable_seqscan"), QStringLiteral("off")); });
                        BlockedKeysQuery(ordered, 30).run(*s, 10);
                        SnapshotQuery(ordered).run(*s);
                        const int pid = s->query(QStringLiteral("SELECT pg_backend_pid()")).scalar().toInt();
                        QMutexLocker lock(&serversLock);
                        monitorServers.insert(pid);
                    }
                } catch (const std::exception &e) {
                    qWarning("worker %d failed: %s", t, e.what());
                    ++failures;
                }
            });
        }
        QSet<int> probeServers;
        int differing = 0;
        for (int i = 0; i < 400; ++i) {
            const ProbeSample p = sample(*probe);
            probeServers.insert(p.serverPid);
            if (p.settings != m_serverDefaults && ++differing == 1)
                qWarning() << "sample" << i << "saw" << p.settings << "instead of" << m_serverDefaults;
        }
        stop = true;
        for (std::thread &t : workers)
            t.join();
        QCOMPARE(failures.load(), 0);
        QCOMPARE(differing, 0);
        // The probe met the very server connections the sessions used (else it proved nothing).
        QVERIFY2(probeServers.intersects(monitorServers), "the probe never shared a server connection with the sessions");
    }

    void theProbeSeesWhatASessionSettingLeaves() {
        // The negative control: a client that sends a session-level SET through the transaction
        // pool (what the program did when told, wrongly, that the connection was its own), and the
        // probe then meets that setting on another client's turn.
        auto wrong = probeSession(through(QStringLiteral("transaction")));
        wrong->execScript(QStringLiteral("SET default_transaction_read_only = on"));
        auto probe = probeSession(through(QStringLiteral("transaction")));
        bool sawLeak = false;
        for (int i = 0; i < 50 && !sawLeak; ++i)
            sawLeak = sample(*probe).settings.value(0) == QLatin1String("on");
        dropServerConnections();
        QVERIFY2(sawLeak, "the probe could not see a session-level SET left on a pooled server connection");
    }

    void aVanishedPreparedStatementTeachesTheSession() {
        // A pooler that passes the server's own backend pid through is not seen at connect: the
        // first statement that meets another server connection finds its prepared statement
        // missing (26000); the session runs it again unnamed, and stays that way. PgBouncer shows
        // itself at connect (declaredOwnOnATransactionPoolLeavesNothing), so the statement is made
        // to vanish here as such a pooler would make it, on a connection the session took for its own.
        auto s = session(m_db->connectionString(), PoolSetting::Own);
        QCOMPARE(s->linkFacts().mode, PoolMode::Own);
        const QString sql = QStringLiteral("SELECT $1::int * 2");
        QCOMPARE(s->queryPrepared(sql, {21}).scalar().toInt(), 42);
        s->execScript(QStringLiteral("DEALLOCATE ALL"));
        QCOMPARE(s->queryPrepared(sql, {5}).scalar().toInt(), 10);
        const LinkFacts f = s->linkFacts();
        QCOMPARE(f.mode, PoolMode::Transaction);
        QVERIFY(!f.learnedBecause.isEmpty());
        QCOMPARE(s->query(QStringLiteral("SELECT count(*) FROM pg_prepared_statements")).scalar().toInt(), 0);
    }

    void readsThroughEachPoolMatchDirect_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<PoolSetting>("setting");
        QTest::newRow("session") << "session" << PoolSetting::Own;
        QTest::newRow("transaction") << "transaction" << PoolSetting::Auto;
        QTest::newRow("statement") << "statement" << PoolSetting::Auto;
    }

    void readsThroughEachPoolMatchDirect() {
        QFETCH(QString, path);
        QFETCH(PoolSetting, setting);
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        if (m_db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox")).toInt() < 700) {
            insertMessages(*m_db, p, QStringLiteral("FAILED"), 300, 10);
            insertMessages(*m_db, p, QStringLiteral("PENDING"), 400, 1);
        }
        auto direct = session(m_db->connectionString());
        auto pooled = session(through(path), setting, true);
        const Snapshot want = SnapshotQuery(p).run(*direct), got = SnapshotQuery(p).run(*pooled);
        QCOMPARE(got.states.size(), want.states.size());
        for (int i = 0; i < want.states.size(); ++i)
            QCOMPARE(got.states.at(i).count, want.states.at(i).count);
        QCOMPARE(got.waiting, want.waiting);
        // A page deep down the list: the fourth page of 100, by keyset.
        const ListQuery list(p);
        PageRequest r;
        r.pageSize = 100;
        MessagePage a, b;
        for (int page = 0; page < 4; ++page) {
            a = list.fetchPage(*direct, r);
            b = list.fetchPage(*pooled, r);
            QCOMPARE(b.rows.size(), a.rows.size());
            QVERIFY(!a.rows.isEmpty());
            r = r.after(a.rows.last());
        }
        QCOMPARE(b.rows.first().id, a.rows.first().id);
        QCOMPARE(b.rows.last().id, a.rows.last().id);
    }

    /// readOneSnapshot(): every read inside sees one moment, a savepoint's error (a refused
    /// statement inside transact()) leaves the others going; directly and through each pool (a
    /// statement pool allows no transaction: there the reads stand alone, and say so).
    void oneSnapshotForManyReads_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("held");
        QTest::newRow("direct") << "" << true;
        QTest::newRow("session") << "session" << true;
        QTest::newRow("transaction") << "transaction" << true;
        QTest::newRow("statement") << "statement" << false;
    }
    void oneSnapshotForManyReads() {
        QFETCH(QString, path);
        QFETCH(bool, held);
        m_db->exec(QStringLiteral("CREATE TABLE IF NOT EXISTS snapshot_probe (n int)"));
        m_db->exec(QStringLiteral("TRUNCATE snapshot_probe"));
        auto s = path.isEmpty() ? session(m_db->connectionString()) : session(through(path), PoolSetting::Auto, true);
        const QString count = QStringLiteral("SELECT count(*) FROM snapshot_probe");
        int first = -1, second = -1, afterError = -1;
        s->readOneSnapshot([&] {
            QCOMPARE(s->inSnapshot(), held);
            first = s->query(count).scalar().toInt();
            m_db->exec(QStringLiteral("INSERT INTO snapshot_probe SELECT generate_series(1, 5)")); // another client commits
            second = s->queryPrepared(count).scalar().toInt();
            bool refused = false;
            try {
                s->transact([](PgTx &tx) { tx.exec(QStringLiteral("SELECT 1 / 0")); });
            } catch (const PgError &) {
                refused = true;
            }
            QVERIFY(refused);
            afterError = s->query(count).scalar().toInt();
        });
        QVERIFY(!s->inSnapshot());
        QCOMPARE(first, 0);
        QCOMPARE(second, held ? 0 : 5); // one moment, or each read its own
        QCOMPARE(afterError, held ? 0 : 5);
        QCOMPARE(s->query(count).scalar().toInt(), 5); // after it, the table as it is now
        if (held) {                                    // read-only: nothing can be changed from inside
            bool refused = false;
            try {
                s->readOneSnapshot([&] { s->query(QStringLiteral("INSERT INTO snapshot_probe VALUES (1)")); });
            } catch (const PgError &) {
                refused = true;
            }
            QVERIFY(refused);
            QCOMPARE(m_db->scalar(count).toInt(), 5);
            QCOMPARE(s->query(count).scalar().toInt(), 5); // and the session goes on
        }
        m_db->exec(QStringLiteral("DROP TABLE snapshot_probe"));
    }

    void actionsAreAuditedThroughPools_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<PoolSetting>("setting");
        QTest::newRow("session") << "session" << PoolSetting::Own;
        QTest::newRow("transaction") << "transaction" << PoolSetting::Auto;
    }

    void actionsAreAuditedThroughPools() {
        QFETCH(QString, path);
        QFETCH(PoolSetting, setting);
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        for (const QString &action : {QStringLiteral("retry"), QStringLiteral("cancel")}) {
            const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 3, 5, path + action);
            auto s = session(through(path), setting);
            const ActionResult r = ActionRunner(p).run(*s, actionRequest(action, ids));
            QCOMPARE(r.changed(), 3);
            for (qint64 id : ids)
                QCOMPARE(stateOf(*m_db, p, id), action == QLatin1String("retry") ? QStringLiteral("PENDING") : QStringLiteral("CANCELLED"));
            QCOMPARE(auditCount(*m_db, p, ids, r.auditName), 3);
            // It committed flushed (the harness's server runs with synchronous_commit off), for its
            // own transaction only.
            QCOMPARE(s->query(QStringLiteral("SELECT current_setting('synchronous_commit')")).scalar().toString(), QStringLiteral("off"));
        }
    }

    void aStatementPoolRefusesActionsAndChangesNothing() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 2, 5, QStringLiteral("stmt"));
        auto s = session(through(QStringLiteral("statement")));
        QCOMPARE(s->linkFacts().mode, PoolMode::Statement);
        QVERIFY(!s->linkFacts().readOnlyByServer);
        // The window says so before the operator tries: no Retry or Cancel is offered.
        const Privileges privileges = PrivilegeCheck(p).run(*s);
        QVERIFY(privileges.noTransactions);
        QVERIFY(!privileges.canChangeMessages());
        QVERIFY2(privileges.summary().contains(QLatin1String("statement mode")), qPrintable(privileges.summary()));
        try {
            ActionRunner(p).run(*s, actionRequest(QStringLiteral("retry"), ids));
            QFAIL("an action ran without a transaction");
        } catch (const PgError &e) {
            QCOMPARE(e.kind, PgError::Kind::ReadOnly);
            QCOMPARE(e.message, statementPoolingRefusal());
        }
        for (qint64 id : ids)
            QCOMPARE(stateOf(*m_db, p, id), QStringLiteral("FAILED"));
        QCOMPARE(auditCount(*m_db, p, ids, p.actions.value(QStringLiteral("retry")).auditName), 0);
    }

    void declaredOwnOnATransactionPoolLeavesNothing() {
        // Declared its own (a saved connection's "own", --pooling own) but pointed at a transaction
        // pool, the program used to put read-only mode, its time limits, named statements and a
        // LISTEN on shared server connections, and another client's writes were refused. A pooler
        // answers at connect, so none of it is sent, whatever was declared.
        m_db->exec(QStringLiteral("CREATE TABLE IF NOT EXISTS own_probe_writes (pid int)"));
        const QString pool = through(QStringLiteral("transaction"));
        const QString serverTimeout = m_db->scalar(QStringLiteral("SHOW statement_timeout")).toString();
        QSet<int> used;
        const auto visitPool = [&](const QString &when) {
            QSet<int> met;
            const int before = m_db->scalar(QStringLiteral("SELECT count(*) FROM own_probe_writes")).toInt();
            for (const ServerConnectionSeen &seen : visitEveryServerConnection(pool, kTransactionPoolSize, QStringLiteral("own_probe_writes"))) {
                const QString where = when + QStringLiteral(", server process ") + QString::number(seen.serverPid);
                met.insert(seen.serverPid);
                QVERIFY2(seen.readOnlyDefault == QLatin1String("off"), qPrintable(where));
                QVERIFY2(seen.statementTimeout == serverTimeout, qPrintable(where + QLatin1String(": ") + seen.statementTimeout));
                QVERIFY2(seen.preparedStatements == 0, qPrintable(where));
                QVERIFY2(seen.listeningChannels == 0, qPrintable(where));
                QVERIFY2(seen.writeError.isEmpty(), qPrintable(where + QLatin1String(": ") + seen.writeError));
            }
            // Every write committed, and the visit met every server connection the sessions used.
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM own_probe_writes")).toInt(), before + kTransactionPoolSize);
            QVERIFY2(met.contains(used), qPrintable(when));
        };
        {
            std::vector<std::unique_ptr<PgSession>> sessions;
            for (bool readOnly : {true, false, true})
                sessions.push_back(session(pool, PoolSetting::Own, readOnly));
            for (auto &s : sessions) {
                const LinkFacts f = s->linkFacts();
                QCOMPARE(f.mode, PoolMode::Transaction);
                QVERIFY(f.ownOverruled);
                QVERIFY(f.modeConfigured);
                QVERIFY(!f.canListen());
                QVERIFY(!s->cancelHandle().isValid());
            }
            for (int i = 0; i < 20; ++i) {
                for (auto &s : sessions) {
                    QCOMPARE(s->queryPrepared(QStringLiteral("SELECT $1::int + 1"), {i}).scalar().toInt(), i + 1);
                    s->transact([](PgTx &tx) { tx.exec(QStringLiteral("SELECT 1")); });
                    used.insert(s->query(QStringLiteral("SELECT pg_backend_pid()")).scalar().toInt());
                }
            }
            // Its own statements still run under its limits, and read-only in the server's terms.
            QCOMPARE(sessions[0]->query(QStringLiteral("SHOW statement_timeout")).scalar().toString(), QStringLiteral("12345ms"));
            try {
                sessions[0]->query(QStringLiteral("INSERT INTO own_probe_writes VALUES (0)"));
                QFAIL("a read-only session wrote through the pool");
            } catch (const PgError &e) {
                QCOMPARE(e.sqlState, QStringLiteral("25006"));
            }
            // The listener, declared its own too, gives LISTEN up for reading the audit trail.
            PgSession::Options o;
            o.connInfo = pool;
            o.pooling = PoolSetting::Own;
            ActionListener listener(o);
            QSignalSpy unavailable(&listener, &ActionListener::notificationsUnavailable);
            QSignalSpy listening(&listener, &ActionListener::listeningChanged);
            listener.start();
            QTRY_COMPARE_WITH_TIMEOUT(unavailable.count(), 1, 10000);
            QCOMPARE(listening.count(), 0);
            visitPool(QStringLiteral("while the sessions are open"));
            if (QTest::currentTestFailed())
                return;
        }
        visitPool(QStringLiteral("after the sessions closed"));
    }

    void noCancelRequestGoesThroughAPooler() {
        // A cancel request through a pooler goes to whatever server connection the pooler links the
        // client to when it arrives, which may run another client's statement by then: a session
        // behind one has no cancel handle to send.
        for (const auto &[path, setting] : {std::pair{QStringLiteral("session"), PoolSetting::Own},
                                            {QStringLiteral("transaction"), PoolSetting::Auto},
                                            {QStringLiteral("transaction"), PoolSetting::Transaction},
                                            {QStringLiteral("statement"), PoolSetting::Auto}}) {
            auto s = session(through(path), setting);
            QVERIFY2(!s->linkFacts().cancelReachesOnlyOurs(), qPrintable(path));
            QVERIFY2(!s->cancelHandle().isValid(), qPrintable(path));
        }
        auto direct = session(m_db->connectionString());
        QVERIFY(direct->linkFacts().cancelReachesOnlyOurs());
        QVERIFY(direct->cancelHandle().isValid());
    }

    void aCancelThroughThePoolerEndsOurSideAndTheStatementItsOwnLimit() {
        // An action cancelled while its transaction runs: no cancel request is sent; the window's
        // side of the connection is dropped, so the job ends at once and can never commit, and the
        // server's statement ends by its own SET LOCAL statement_timeout.
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 1, 5, QStringLiteral("cancelthrough"));
        GatewayConfig config;
        config.connInfo = through(QStringLiteral("transaction"));
        config.statementTimeoutMs = 10000;
        Gateway gateway(config);
        QSignalSpy changed(&gateway, &DatabaseLink::connectionChanged);
        int answered = 0;
        const auto one = [](PgSession &s) { return s.query(QStringLiteral("SELECT 1")).scalar().toInt(); };
        const auto count = [&](const int &) { ++answered; };
        const auto noError = [](const PgError &e) { QFAIL(qPrintable(e.message)); };
        gateway.run<int>(Lane::Action, this, one, count, noError);
        QTRY_COMPARE_WITH_TIMEOUT(answered, 1, 10000);
        QCOMPARE(gateway.linkFacts(Lane::Action).mode, PoolMode::Transaction);
        const int signalsBefore = changed.count();

        const QString sleep = QStringLiteral("SELECT pg_sleep(30)");
        const qint64 id = ids.first();
        std::optional<PgError> failure;
        bool committed = false;
        const quint64 job = gateway.run<int>(
            Lane::Action, this,
            [sleep, id](PgSession &s) {
                s.transact([&](PgTx &tx) {
                    tx.exec(QStringLiteral("UPDATE app_outbox SET status = 'PENDING' WHERE outbox_id = $1"), {id});
                    tx.exec(sleep);
                });
                return 0;
            },
            [&](const int &) { committed = true; }, [&](const PgError &e) { failure = e; });
        QTRY_VERIFY_WITH_TIMEOUT(m_db->runningNow(sleep) == 1 || failure.has_value(), 10000);
        QVERIFY2(!failure.has_value(), qPrintable(failure->message));
        gateway.cancel(Lane::Action, job);
        QTRY_VERIFY_WITH_TIMEOUT(failure.has_value(), 9000);
        QCOMPARE(failure->kind, PgError::Kind::Cancelled);
        // No cancel request reached the server: the statement still runs there, until its own limit.
        QCOMPARE(m_db->runningNow(sleep), 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_db->runningNow(sleep), 0, 30000);
        QVERIFY(!committed);
        QCOMPARE(stateOf(*m_db, p, id), QStringLiteral("FAILED"));
        // The lane goes on, on a new connection, and was never said to be down (nor up again).
        gateway.run<int>(Lane::Action, this, one, count, noError);
        QTRY_COMPARE_WITH_TIMEOUT(answered, 2, 10000);
        QCOMPARE(changed.count(), signalsBefore);
    }

    void anotherClientsStatementIsNeverCancelledByOurs() {
        // Our statement runs on one server connection of the pool of two while the other is held;
        // another client waits for a server connection and is given ours as soon as ours ends. The
        // window cancels ours around that moment, before and after it: whatever reached the pooler
        // would go to the server connection the other client then runs on.
        GatewayConfig config;
        config.connInfo = through(QStringLiteral("transaction"));
        Gateway gateway(config);
        QSignalSpy changed(&gateway, &DatabaseLink::connectionChanged);
        int warmed = 0;
        gateway.run<int>(
            Lane::Browse, this, [](PgSession &s) { return s.query(QStringLiteral("SELECT 1")).scalar().toInt(); },
            [&](const int &) { ++warmed; }, [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_COMPARE_WITH_TIMEOUT(warmed, 1, 10000);
        auto holder = probeSession(through(QStringLiteral("transaction")));
        auto other = probeSession(through(QStringLiteral("transaction")));
        const QString ours = QStringLiteral("SELECT pg_sleep(0.4)");
        for (int cancelAfterMs : {100, 300, 380, 400, 420, 500, 700}) {
            holder->execScript(QStringLiteral("BEGIN"));
            holder->query(QStringLiteral("SELECT 1")); // holds one of the pool's two server connections
            bool finished = false;
            std::optional<PgError> failed;
            const quint64 job = gateway.run<int>(
                Lane::Browse, this, [ours](PgSession &s) { s.query(ours); return 0; }, [&](const int &) { finished = true; },
                [&](const PgError &e) { failed = e; });
            QTRY_COMPARE_WITH_TIMEOUT(m_db->runningNow(ours), 1, 10000);
            std::atomic<bool> otherDone{false};
            QString otherError;
            std::thread otherClient([&] {
                try {
                    other->query(QStringLiteral("SELECT pg_sleep(1)"));
                } catch (const std::exception &e) {
                    otherError = QString::fromUtf8(e.what());
                }
                otherDone = true;
            });
            QTest::qWait(cancelAfterMs); // when the cancel comes, not what is asserted
            gateway.cancel(Lane::Browse, job);
            QTRY_VERIFY_WITH_TIMEOUT(otherDone.load(), 30000);
            otherClient.join();
            // The other client's statement finished normally: ours never cancelled it.
            QVERIFY2(otherError.isEmpty(), qPrintable(QStringLiteral("cancelled after %1 ms: %2").arg(cancelAfterMs).arg(otherError)));
            QTRY_VERIFY_WITH_TIMEOUT(finished || failed.has_value(), 30000);
            if (failed)
                QVERIFY2(failed->kind == PgError::Kind::Cancelled, qPrintable(failed->message));
            holder->execScript(QStringLiteral("ROLLBACK"));
            // A dropped statement runs on to its end on the server: the next round starts after it.
            QTRY_COMPARE_WITH_TIMEOUT(m_db->runningNow(ours), 0, 10000);
        }
        for (const QList<QVariant> &args : changed)
            QVERIFY(args.at(1).toBool()); // never said to be down
    }

    void closingDuringAFreezeBehindThePoolerIsQuick() {
        // The network between the window and the pooler stops answering while every lane waits on
        // a statement: closing must not wait for it, as on a direct connection.
        FreezingProxy proxy(QHostAddress::LocalHost, poolerPort(QStringLiteral("transaction")));
        QVERIFY(proxy.isListening());
        GatewayConfig config;
        config.connInfo = proxy.connectionString(m_db->name());
        auto gateway = std::make_unique<Gateway>(config);
        int answered = 0;
        for (Lane lane : {Lane::Monitor, Lane::Browse, Lane::Action})
            gateway->run<int>(
                lane, this, [](PgSession &s) { return s.query(QStringLiteral("SELECT 1")).scalar().toInt(); },
                [&](const int &) { ++answered; }, [](const PgError &e) { QFAIL(qPrintable(e.message)); });
        QTRY_COMPARE_WITH_TIMEOUT(answered, 3, 10000);
        QCOMPARE(gateway->linkFacts(Lane::Monitor).mode, PoolMode::Transaction);
        bool delivered = false;
        for (Lane lane : {Lane::Monitor, Lane::Browse, Lane::Action})
            gateway->run<int>(
                lane, this, [](PgSession &s) { s.query(QStringLiteral("SELECT pg_sleep(30)")); return 0; },
                [&](const int &) { delivered = true; }, [&](const PgError &) { delivered = true; });
        // The pool has two server connections: two statements run, the third waits in the pooler.
        QTRY_VERIFY_WITH_TIMEOUT(m_db->runningNow(QStringLiteral("SELECT pg_sleep(30)")) >= 2, 10000);
        proxy.freeze();
        QElapsedTimer t;
        t.start();
        gateway.reset();
        const qint64 closeMs = t.elapsed();
        qInfo() << "gateway behind the pooler shut down in" << closeMs << "ms while frozen";
        QVERIFY2(closeMs < 1000, qPrintable(QString::number(closeMs)));
        QTest::qWait(100);
        QVERIFY(!delivered);
        proxy.release();
    }

    void theListenerGivesWayToPollingBehindATransactionPool() {
        PgSession::Options o;
        o.connInfo = through(QStringLiteral("transaction"));
        ActionListener listener(o);
        QSignalSpy unavailable(&listener, &ActionListener::notificationsUnavailable);
        QSignalSpy listening(&listener, &ActionListener::listeningChanged);
        listener.start();
        QTRY_COMPARE_WITH_TIMEOUT(unavailable.count(), 1, 10000);
        QVERIFY(!unavailable.first().first().toString().isEmpty());
        QCOMPARE(listening.count(), 0);

        // What NOTIFY would have said arrives by reading the audit trail.
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        GatewayConfig config;
        config.connInfo = through(QStringLiteral("transaction"));
        Gateway gateway(config);
        ActionPoller poller(&gateway, p);
        QSignalSpy announced(&poller, &ActionPoller::actionAnnounced);
        poller.start(300);
        QTest::qWait(1000); // two reads: what is already there is not news
        QCOMPARE(announced.count(), 0);
        const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 2, 5, QStringLiteral("poll"));
        auto direct = session(m_db->connectionString());
        ActionRunner(p).run(*direct, actionRequest(QStringLiteral("retry"), ids));
        QTRY_COMPARE_WITH_TIMEOUT(announced.count(), 1, 10000);
        const auto n = announced.first().first().value<ActionNotice>();
        QCOMPARE(n.count, 2);
        QCOMPARE(n.profile, p.id);
    }
};

OM_TEST_MAIN(TestPooler)
#include "tst_pooler.moc"
