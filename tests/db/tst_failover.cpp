// SPDX-License-Identifier: GPL-3.0-or-later
// Several hosts in one connection string, and a failover followed by itself, against a real
// primary and its streaming standby of their own (scripts/lib/pgcluster.sh pg_failover_start:
// the suite's other standby is read by tst_standby meanwhile and is never promoted).
// - each lane reaches the server it needs: a writable one for a window that may act, whichever
//   answers for a read-only window's reads, whatever the order of the hosts;
// - with no writable server among the hosts, the Action lane fails at once with libpq's reason;
// - the primary crashes (pg_ctl -m immediate) after an audited retry the standby has replayed,
//   while the operator has the next action's count on screen; the standby is promoted, and the
//   first action after it, on the same Gateway whose lanes stayed idle on their connections to
//   the old primary, succeeds on the new primary (its rows changed and audited there) and says
//   where it ran; every lane reaches the new primary, the audit rows from before are there, and
//   the server's identity (the key of the window's local history) has not changed.
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "core/connection/serveridentity.h"
#include "pg/gateway.h"
#include "servercontrol.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <optional>

using namespace om;
using namespace om::test;

namespace {

quint16 envPort(const char *name) { return quint16(qEnvironmentVariableIntValue(name)); }

/// What one job on a lane came back with: its result, or its error.
template <class R>
struct Outcome {
    std::optional<R> value;
    std::optional<PgError> error;
};

/// Runs `job` on `lane` and waits (the event loop running) for its answer, at most `timeoutMs`.
template <class R>
Outcome<R> await(Gateway &gw, Lane lane, std::function<R(PgSession &)> job, int timeoutMs = 20000) {
    Outcome<R> out;
    QObject context; // gone when this returns: a late answer is dropped, not delivered here
    QEventLoop loop;
    gw.run<R>(
        lane, &context, std::move(job),
        [&](const R &r) { out.value = r; loop.quit(); },
        [&](const PgError &e) { out.error = e; loop.quit(); });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return out;
}

/// The server a session reached: its port and whether it is a standby, e.g. "41234 primary".
QString whereAmI(PgSession &s) {
    return s.query(QStringLiteral("SELECT inet_server_port() || CASE WHEN pg_is_in_recovery() THEN ' standby' ELSE ' primary' END"))
        .scalar()
        .toString();
}

QString primaryAt(quint16 port) { return QStringLiteral("%1 primary").arg(port); }
QString standbyAt(quint16 port) { return QStringLiteral("%1 standby").arg(port); }

const Lane kLanes[] = {Lane::Monitor, Lane::Browse, Lane::Action};

const char *laneName(Lane lane) {
    switch (lane) {
    case Lane::Monitor: return "Monitor";
    case Lane::Browse: return "Browse";
    case Lane::Action: return "Action";
    }
    return "?";
}

} // namespace

class TestFailover : public QObject {
    Q_OBJECT
    quint16 m_primary = 0, m_standby = 0;
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgSession> m_standbyAdmin; ///< superuser on the standby's maintenance database

    /// The hosts in `ports`' order, as an operator writes a host list (no target_session_attrs);
    /// no dbname when `dbname` is empty.
    static QString hostList(std::initializer_list<quint16> ports, const QString &dbname = QString()) {
        QStringList hosts, numbers;
        for (quint16 p : ports) {
            hosts << QStringLiteral("127.0.0.1");
            numbers << QString::number(p);
        }
        QString s = QStringLiteral("host=%1 port=%2 user=%3").arg(hosts.join(QLatin1Char(',')), numbers.join(QLatin1Char(',')), serverUser());
        return dbname.isEmpty() ? s : s + QStringLiteral(" dbname=") + dbname;
    }

    GatewayConfig config(const QString &connInfo, bool readOnly = false) const {
        GatewayConfig c;
        c.connInfo = connInfo;
        c.readOnly = readOnly;
        return c;
    }

    static std::unique_ptr<PgSession> superuserOn(quint16 port, const QString &dbname) {
        PgSession::Options o;
        o.connInfo = loopbackConnectionString(port, dbname);
        o.statementTimeoutMs = 0; // pg_promote() waits for the promotion
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }

    /// Every lane of `gw` answers `expected` (whereAmI()) to its first job. A failure here ends only
    /// this helper: callers return on QTest::currentTestFailed().
    void lanesReach(Gateway &gw, const QList<Lane> &lanes, const QString &expected) {
        for (Lane lane : lanes) {
            const Outcome<QString> o = await<QString>(gw, lane, whereAmI);
            QVERIFY2(o.value, qPrintable(QStringLiteral("%1 lane: %2").arg(laneName(lane), o.error ? o.error->message : "no answer")));
            QVERIFY2(*o.value == expected, qPrintable(QStringLiteral("%1 lane reached %2, not %3").arg(laneName(lane), *o.value, expected)));
        }
    }

private slots:
    void initTestCase() {
        m_primary = envPort("OM_FAILOVER_PRIMARY_PORT");
        m_standby = envPort("OM_FAILOVER_STANDBY_PORT");
        if (m_primary == 0 || m_standby == 0 || qEnvironmentVariable("OM_FAILOVER_PRIMARY_DATA").isEmpty())
            QFAIL("No failover pair: OM_FAILOVER_PRIMARY_PORT/OM_FAILOVER_STANDBY_PORT/OM_FAILOVER_PRIMARY_DATA are not set. "
                  "Run the tests through scripts/test, which starts one (pg_failover_start).");
        try {
            if (whereAmI(*superuserOn(m_primary, QStringLiteral("postgres"))) != primaryAt(m_primary)
                || whereAmI(*superuserOn(m_standby, QStringLiteral("postgres"))) != standbyAt(m_standby))
                throw PgError(PgError::Kind::Query, QStringLiteral("the roles are not what they were"));
        } catch (const PgError &e) {
            QFAIL(qPrintable(QStringLiteral("The failover pair is no longer a primary and its standby (%1): this test "
                                            "promoted its standby in an earlier run. scripts/test starts a fresh pair.")
                                 .arg(e.message)));
        }
        // Created through the host list, as a writable session: dropped at the end on whichever
        // server is the primary by then.
        QString error;
        m_db = TestDatabase::createOn(hostList({m_primary, m_standby}) + QStringLiteral(" target_session_attrs=read-write"),
                                      TestDatabase::seedsWithAdminKit(), &error);
        if (!m_db)
            QFAIL(qPrintable(error));
        m_standbyAdmin = superuserOn(m_standby, QStringLiteral("postgres"));
    }

    void eachLaneTakesTheServerItNeeds() {
        // A window that may act: every lane on the primary, whichever host comes first.
        for (const QString &connInfo : {hostList({m_primary, m_standby}, m_db->name()), hostList({m_standby, m_primary}, m_db->name())}) {
            Gateway gw(config(connInfo));
            lanesReach(gw, {Lane::Monitor, Lane::Browse, Lane::Action}, primaryAt(m_primary));
            if (QTest::currentTestFailed())
                return;
        }
        // A read-only window reads whichever server answers first: here the standby.
        Gateway auditor(config(hostList({m_standby, m_primary}, m_db->name()), true));
        lanesReach(auditor, {Lane::Monitor, Lane::Browse}, standbyAt(m_standby));
        if (QTest::currentTestFailed())
            return;
        // The operator's own choice wins over the lanes'.
        Gateway chosen(config(hostList({m_standby, m_primary}, m_db->name()) + QStringLiteral(" target_session_attrs=any")));
        lanesReach(chosen, {Lane::Monitor}, standbyAt(m_standby));
    }

    void noWritableServerFailsTheActionLaneAtOnce() {
        // The only host that could take changes is down (nothing listens there); the other one
        // answers but is a standby.
        Gateway gw(config(hostList({closedPort(), m_standby}, m_db->name())));
        for (Lane lane : {Lane::Action, Lane::Monitor}) {
            QElapsedTimer t;
            t.start();
            const Outcome<QString> o = await<QString>(gw, lane, whereAmI);
            QVERIFY2(!o.value, qPrintable(QStringLiteral("%1 lane reached %2").arg(laneName(lane), o.value.value_or(QString()))));
            QVERIFY2(o.error, "no answer in 20 s");
            QCOMPARE(o.error->kind, PgError::Kind::ConnectFailed);
            QVERIFY2(o.error->message.contains(QLatin1String("session is read-only"))
                         || o.error->message.contains(QLatin1String("could not make a writable connection")),
                     qPrintable(o.error->message));
            // Not a login problem that retrying cannot mend: a failover may be under way.
            QCOMPARE(int(o.error->connectProblem), int(ConnectProblem::NotAccepting));
            QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
        }
    }

    void followsAFailover() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const ActionDef retry = p.actions.value(QStringLiteral("retry"));
        const QList<qint64> first = insertMessages(*m_db, p, QStringLiteral("FAILED"), 3);
        const QList<qint64> second = insertMessages(*m_db, p, QStringLiteral("FAILED"), 2);
        // As the window runs an action: counted on the Browse lane, then run on the Action lane
        // with the server the count came from (ActionRunFlow).
        auto count = [&p](const QList<qint64> &ids) {
            const ActionRequest r = actionRequest(QStringLiteral("retry"), ids);
            return [p, r](PgSession &s) { return ActionRunner(p).preview(s, r); };
        };
        auto runRetry = [&p](const QList<qint64> &ids, const ActionServer &countedOn) {
            ActionRequest r = actionRequest(QStringLiteral("retry"), ids);
            r.confirmedOn = countedOn;
            return [p, r](PgSession &s) { return ActionRunner(p).run(s, r); };
        };
        const QString oldAddress = QStringLiteral(":%1").arg(m_primary), newAddress = QStringLiteral(":%1").arg(m_standby);

        // The operator's window: every lane connected to the primary.
        Gateway gw(config(hostList({m_primary, m_standby}, m_db->name())));
        QSignalSpy changes(&gw, &DatabaseLink::connectionChanged);
        lanesReach(gw, {Lane::Monitor, Lane::Browse, Lane::Action}, primaryAt(m_primary));
        if (QTest::currentTestFailed())
            return;
        const Outcome<ServerIdentity> before = await<ServerIdentity>(gw, Lane::Monitor, ServerIdentity::read);
        QVERIFY(before.value && before.value->isValid());

        const Outcome<ActionPreview> counted = await<ActionPreview>(gw, Lane::Browse, count(first));
        QVERIFY2(counted.value, qPrintable(counted.error ? counted.error->message : QStringLiteral("no answer")));
        QCOMPARE(counted.value->eligible, qint64(first.size()));
        QCOMPARE(counted.value->server.systemId, before.value->systemId);
        QVERIFY2(counted.value->server.address.endsWith(oldAddress), qPrintable(counted.value->server.address));
        const Outcome<ActionResult> done = await<ActionResult>(gw, Lane::Action, runRetry(first, counted.value->server));
        QVERIFY2(done.value, qPrintable(done.error ? done.error->message : QStringLiteral("no answer")));
        QCOMPARE(done.value->changed(), qint64(first.size()));
        QVERIFY(!done.value->serverMoved());
        QCOMPARE(auditCount(*m_db, p, first, retry.auditName), qint64(first.size()));

        // The operator counts the next messages (the reason dialog opens) while the failover
        // happens: the count is the old primary's.
        const Outcome<ActionPreview> countedBefore = await<ActionPreview>(gw, Lane::Browse, count(second));
        QVERIFY2(countedBefore.value, qPrintable(countedBefore.error ? countedBefore.error->message : QStringLiteral("no answer")));
        QCOMPARE(countedBefore.value->eligible, qint64(second.size()));
        const ActionServer confirmedOn = countedBefore.value->server;
        QVERIFY2(confirmedOn.address.endsWith(oldAddress), qPrintable(confirmedOn.address));

        // The standby has replayed everything up to and with the action's commit.
        const QString written = flushedWalPosition(m_db->session());
        QTRY_VERIFY_WITH_TIMEOUT(pgTrue(m_standbyAdmin->query(QStringLiteral("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn"),
                                                              {written})
                                            .scalar()),
                                 20000);

        QString said;
        QElapsedTimer sinceCrash;
        sinceCrash.start();
        QVERIFY2(stopAbruptly(qEnvironmentVariable("OM_FAILOVER_PRIMARY_DATA"), &said), qPrintable(said));
        {
            // While there is no primary nothing takes changes: an action is refused before anything
            // is sent. Asked of another window's Gateway, so that the operator's stays as an open
            // window's lanes are when a DBA promotes a standby: idle, on connections to a server
            // that is gone.
            Gateway during(config(hostList({m_primary, m_standby}, m_db->name())));
            const Outcome<ActionResult> refused = await<ActionResult>(during, Lane::Action, runRetry(second, confirmedOn));
            QVERIFY2(refused.error, "an action ran with no primary");
            QCOMPARE(refused.error->kind, PgError::Kind::ConnectFailed);
            QVERIFY2(refused.error->message.contains(QLatin1String("session is read-only")), qPrintable(refused.error->message));
            QCOMPARE(int(refused.error->connectProblem), int(ConnectProblem::NotAccepting));
            qInfo("an action with no primary: %s", qPrintable(refused.error->message));
        }

        QVERIFY(promote(*m_standbyAdmin));

        // The operator confirms: the first action after the promotion runs, on the new primary.
        // Its lane's connection was closed by the old primary's end; that is found before
        // anything is sent, and the action goes on a new connection instead of failing on it.
        changes.clear();
        const Outcome<ActionResult> again = await<ActionResult>(gw, Lane::Action, runRetry(second, confirmedOn), 30000);
        QVERIFY2(again.value, qPrintable(again.error ? again.error->message : QStringLiteral("no answer")));
        qInfo("the first action after the promotion ran %lld ms after the crash", qlonglong(sinceCrash.elapsed()));
        QCOMPARE(again.value->changed(), qint64(second.size()));
        QVERIFY(again.value->actionId != done.value->actionId);
        // Where it ran, for the result the operator reads: the same data at another address.
        QVERIFY2(again.value->ranOn.address.endsWith(newAddress), qPrintable(again.value->ranOn.address));
        QCOMPARE(again.value->ranOn.systemId, before.value->systemId);
        QVERIFY(again.value->serverMoved());
        // The window was told: the lane's connection went down before it came up again.
        QList<bool> actionLane;
        for (const QList<QVariant> &c : changes)
            if (c.at(0).value<Lane>() == Lane::Action)
                actionLane << c.at(1).toBool();
        QVERIFY2(actionLane.size() >= 2 && !actionLane.first() && actionLane.last(),
                 qPrintable(QStringLiteral("%1 changes of the Action lane").arg(actionLane.size())));

        // In the database, on the new primary (the test's own session follows the host list too):
        // the messages changed, each with its audit row, and the first action's rows are there.
        m_db->session().open();
        QCOMPARE(whereAmI(m_db->session()), primaryAt(m_standby));
        for (qint64 id : second)
            QCOMPARE(stateOf(*m_db, p, id), stateValue(p, retry.to));
        QCOMPARE(auditCount(*m_db, p, second, retry.auditName), qint64(second.size()));
        QCOMPARE(auditCount(*m_db, p, first, retry.auditName), qint64(first.size()));

        // Every other lane of the same Gateway reaches the new primary too, its idle connection
        // to the old one replaced without an error; each said it went down first.
        for (Lane lane : {Lane::Monitor, Lane::Browse}) {
            QList<PgError> failures;
            auto reachedNewPrimary = [&] {
                const Outcome<QString> o = await<QString>(gw, lane, whereAmI, 10000);
                if (o.error)
                    failures << *o.error;
                return o.value.value_or(QString()) == primaryAt(m_standby);
            };
            QTRY_VERIFY_WITH_TIMEOUT(reachedNewPrimary(), 20000);
            for (const PgError &e : failures)
                QVERIFY2(e.kind == PgError::Kind::ConnectionLost || e.kind == PgError::Kind::ConnectFailed,
                         qPrintable(QStringLiteral("%1 lane: %2").arg(laneName(lane), e.message)));
            bool wentDown = false;
            for (const QList<QVariant> &c : changes)
                wentDown = wentDown || (c.at(0).value<Lane>() == lane && !c.at(1).toBool());
            QVERIFY2(wentDown, qPrintable(QStringLiteral("%1 lane: the crash went unnoticed").arg(laneName(lane))));
        }
        qInfo("every lane on the new primary %lld ms after the crash", qlonglong(sinceCrash.elapsed()));

        const Outcome<ServerIdentity> after = await<ServerIdentity>(gw, Lane::Monitor, ServerIdentity::read);
        QVERIFY(after.value);
        QCOMPARE(after.value->systemId, before.value->systemId); // one cluster: the window keeps one history
        QCOMPARE(*after.value, *before.value);
    }

    void cleanupTestCase() {
        m_standbyAdmin.reset();
        m_db.reset(); // dropped on the server that is the primary now
    }
};

OM_TEST_GUILESS_MAIN(TestFailover)
#include "tst_failover.moc"
