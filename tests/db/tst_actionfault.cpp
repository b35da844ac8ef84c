// SPDX-License-Identifier: GPL-3.0-or-later
// The fault test: retry, cancel and recover stuck, by selection and by filter, for the
// three built-in profiles, with the action's backend killed at chosen points INSIDE the transaction:
//   beforeChange  after BEGIN, before the action function runs
//   afterChange   after the function changed the rows and wrote their audit rows
//   beforeCommit  after the skipped-rows probe, COMMIT is next (the client then loses the
//                 connection during COMMIT: in doubt, re-checked)
//   insideCommit  during COMMIT, held there by an advisory lock a deferred trigger waits on
//   ackLost       COMMIT reached the server and committed, its answer never reached the client
//                 (a proxy drops it): in doubt, re-checked
// Asserted after every run: each changed row has exactly one audit row of the run's action id and
// each such audit row a changed row; nothing outside the run's rows changed; the outcome the
// program reports (committed / rolled back / in doubt then re-checked) is what the database holds;
// and over all runs, a NOTIFY arrived for every committed run and for no rolled-back one.
// OM_FAULT_RUNS sets the runs per point and profile (default 100).
#include "actionfixture.h"
#include "core/sql/statesql.h"
#include "commitdropproxy.h"
#include "core/actions/actionrunner.h"
#include "core/sql/sqltext.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <QThread>
#include <QUuid>

#include <thread>

using namespace om;
using namespace om::test;

namespace {

enum class Point {
    BeforeChange,
    AfterChange,
    BeforeCommit,
    InsideCommit,
    AckLost
};
constexpr int kRowsPerRun = 6;
constexpr int kHoldLock = 4242;

const char *name(Point p) {
    switch (p) {
    case Point::BeforeChange: return "beforeChange";
    case Point::AfterChange: return "afterChange";
    case Point::BeforeCommit: return "beforeCommit";
    case Point::InsideCommit: return "insideCommit";
    case Point::AckLost: return "ackLost";
    }
    return "";
}

/// What the program told the operator, reduced to what can be compared with the database.
struct Reported {
    enum class Outcome {
        Committed,
        RolledBack,
        Unknown
    } outcome = Outcome::Unknown;
    bool inDoubt = false;
    QList<qint64> changedIds;
    bool faultInjected = false; ///< the kill (or the dropped answer) happened where it was meant to
};

} // namespace

Q_DECLARE_METATYPE(Point)

class TestActionFault : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<CommitDropProxy> m_proxy;

    std::unique_ptr<PgSession> connect(bool viaProxy) {
        PgSession::Options o;
        o.connInfo = viaProxy ? loopbackConnectionString(m_proxy->port(), m_db->name(), QStringLiteral("sslmode=disable gssencmode=disable"))
                              : m_db->connectionString();
        o.lockTimeoutMs = 2000;
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }

    /// Kills backend `pid` from `via` and waits until it is gone (pg_terminate_backend's own
    /// timeout polls only every 100 ms). No QTest macro: it also runs on the killer thread.
    static bool terminate(PgSession &via, int pid) {
        if (via.query(QStringLiteral("SELECT pg_terminate_backend($1)"), {pid}).scalar().toString() != QLatin1String("t"))
            return false;
        for (int i = 0; i < 10000; ++i) {
            if (via.query(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = $1"), {pid}).scalar().toInt() == 0)
                return true;
            QThread::usleep(500);
        }
        return false;
    }

    ActionRequest makeRequest(const SchemaProfile &p, const QString &action, bool byFilter, const QList<qint64> &ids,
                              const QString &tag) {
        ActionRequest r;
        r.action = action;
        r.actionId = QUuid::createUuid();
        r.reason = QStringLiteral("fault test: backend killed inside the transaction");
        r.osUser = QStringLiteral("fault");
        r.host = QStringLiteral("test");
        r.stuckTimeoutMinutes = 60;
        if (byFilter) {
            ListFilter f; // "every message matching All, key starts with k-<tag>-"
            f.keyText = QStringLiteral("k-%1-").arg(tag);
            f.keyMode = ListFilter::TextMode::Prefix;
            f.stuckTimeoutMinutes = 60;
            r.filter = f;
        } else {
            r.ids = messageIds(ids);
        }
        Q_UNUSED(p);
        return r;
    }

    /// Runs one action with the fault at `point`, and returns what the program would report.
    Reported runWithFault(PgSession &session, const SchemaProfile &p, const ActionRequest &r, Point point) {
        Reported out;
        ActionRunner runner(p);
        ActionProgress progress;
        const int pid = session.backendPid();
        std::unique_ptr<std::thread> killer;
        bool killed = point == Point::AckLost;
        const ActionProgress::Stage killAt = point == Point::BeforeChange  ? ActionProgress::Stage::Begun
                                             : point == Point::AfterChange ? ActionProgress::Stage::Changed
                                                                           : ActionProgress::Stage::Committing;
        progress.hook = [&](ActionProgress::Stage stage) {
            if (stage != killAt || point == Point::AckLost)
                return;
            if (point != Point::InsideCommit) {
                killed = terminate(m_db->session(), pid);
                return;
            }
            // COMMIT is next: its deferred trigger waits for the advisory lock this test holds;
            // kill the backend once it waits there (its own connection: this thread goes on).
            killer = std::make_unique<std::thread>([this, pid, &killed] {
                PgSession::Options o;
                o.connInfo = m_db->connectionString();
                PgSession via(o);
                try {
                    via.open();
                    bool waiting = false;
                    for (int i = 0; i < 20000 && !waiting; ++i) {
                        waiting = via.query(QStringLiteral("SELECT count(*) FROM pg_locks WHERE pid = $1 AND locktype = 'advisory'"
                                                           " AND NOT granted"),
                                            {pid})
                                      .scalar()
                                      .toInt()
                                  > 0;
                        if (!waiting)
                            QThread::usleep(500);
                    }
                    killed = waiting && terminate(via, pid);
                } catch (const PgError &) {
                    killed = false;
                }
            });
        };
        if (point == Point::AckLost)
            m_proxy->arm();
        try {
            const ActionResult res = runner.run(session, r, &progress);
            out.outcome = Reported::Outcome::Committed;
            out.changedIds = idNumbers(res.changedIds);
        } catch (const PgError &e) {
            if (e.kind == PgError::Kind::InDoubt) {
                // What the window does: "unknown", then a new connection re-checks.
                out.inDoubt = true;
                // (Another connection than the broken one: the harness's own.)
                const ActionRecheck rc = runner.recheck(m_db->session(), r.actionId, progress.xid.load());
                out.outcome = rc.outcome == ActionRecheck::Outcome::Committed    ? Reported::Outcome::Committed
                              : rc.outcome == ActionRecheck::Outcome::RolledBack ? Reported::Outcome::RolledBack
                                                                                 : Reported::Outcome::Unknown;
                out.changedIds = idNumbers(rc.changedIds);
            } else {
                out.outcome = Reported::Outcome::RolledBack; // "failed; nothing was changed"
            }
        }
        if (killer)
            killer->join();
        out.faultInjected = killed;
        return out;
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_proxy = std::make_unique<CommitDropProxy>();
        QVERIFY(m_proxy->port() > 0);
        // insideCommit: a deferred trigger that, when the session asks for it, waits at COMMIT for
        // an advisory lock the test holds.
        m_db->exec("CREATE FUNCTION om_fault_hold() RETURNS trigger LANGUAGE plpgsql AS "
                   "$$ BEGIN PERFORM pg_advisory_xact_lock(4242); RETURN NULL; END $$");
        for (const char *t : {"app_outbox_audit", "batch_work_status_history", "outbox_audit"})
            m_db->exec(QStringLiteral("CREATE CONSTRAINT TRIGGER om_fault_hold AFTER INSERT ON %1 DEFERRABLE INITIALLY DEFERRED "
                                      "FOR EACH ROW WHEN (current_setting('om.fault_hold', true) = 'on') "
                                      "EXECUTE FUNCTION om_fault_hold()")
                           .arg(t));
    }

    void killedInsideTheTransaction_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<Point>("point");
        for (const char *p : {"app_outbox", "batch_work_item", "outbox"})
            for (Point pt : {Point::BeforeChange, Point::AfterChange, Point::BeforeCommit, Point::InsideCommit, Point::AckLost})
                QTest::addRow("%s/%s", p, name(pt)) << QString::fromLatin1(p) << pt;
    }

    void killedInsideTheTransaction() {
        QFETCH(QString, profileId);
        QFETCH(Point, point);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const int runs = qEnvironmentVariableIntValue("OM_FAULT_RUNS") > 0 ? qEnvironmentVariableIntValue("OM_FAULT_RUNS") : 100;
        const QStringList actions = p.actions.keys(); // retry, cancel, recoverStuck where the profile has them

        PgSession::Options lo;
        lo.connInfo = m_db->connectionString();
        PgSession listener(lo);
        listener.open();
        listener.listen(ActionRunner::channel());
        if (point == Point::InsideCommit)
            m_db->scalar("SELECT pg_advisory_lock($1)", {kHoldLock});

        QSet<QString> committedIds, heardIds;
        int heardTotal = 0;
        auto hear = [&](int waitMs) {
            for (const PgNotification &n : listener.waitNotifications(waitMs)) {
                ++heardTotal;
                heardIds << QJsonDocument::fromJson(n.payload.toUtf8()).object().value(QStringLiteral("actionId")).toString();
            }
        };
        QMap<QString, int> outcomes;
        QElapsedTimer timer;
        timer.start();
        std::unique_ptr<PgSession> session;
        const bool debug = qEnvironmentVariableIsSet("OM_FAULT_DEBUG");
        QElapsedTimer phase;
        phase.start();
        for (int run = 0; run < runs; ++run) {
            const QString action = actions.at(run % actions.size());
            const bool byFilter = (run / actions.size()) % 2 == 1;
            const ActionDef a = p.actions.value(action);
            const QString tag = QStringLiteral("f%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(12));
            const QList<qint64> ids = insertMessages(*m_db, p, a.from.first(), kRowsPerRun, a.pastStuckTimeout ? 200 : 0, tag);
            const ActionRequest r = makeRequest(p, action, byFilter, ids, tag);
            if (!session || !session->isOpen())
                session = connect(point == Point::AckLost);
            if (point == Point::InsideCommit)
                session->execScript("SET om.fault_hold = 'on'");

            if (debug)
                qInfo() << "prepared" << phase.restart();
            const Reported rep = runWithFault(*session, p, r, point);
            if (debug)
                qInfo() << "ran" << phase.restart();
            session.reset(); // killed (or dropped): a new connection next time, as the Gateway does

            // The database's truth for this run.
            const QString auditMsg = sql::quoteIdentifier(p.audit.column(QStringLiteral("messageId")));
            const QString auditAction = sql::quoteIdentifier(p.audit.column(QStringLiteral("actionId")));
            QList<qint64> audited;
            for (const QVariantList &row : m_db->rows(QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1::uuid ORDER BY 1")
                                                          .arg(auditMsg, p.qualifiedAuditTable(), auditAction),
                                                      {r.actionId.toString(QUuid::WithoutBraces)}))
                audited << row.at(0).toLongLong();
            QList<qint64> changed;
            for (const QVariantList &row : m_db->rows(QStringLiteral("SELECT %1 FROM %2 WHERE %1 = ANY($1::bigint[]) AND (%3)::text = $2 ORDER BY 1")
                                                          .arg(p.col("id"), p.qualifiedTable(), sql::stateExpression(p)),
                                                      {idArray(ids), stateValue(p, a.to)}))
                changed << row.at(0).toLongLong();
            const qint64 untouched = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 = ANY($1::bigint[]) AND (%3)::text = $2")
                                                      .arg(p.qualifiedTable(), p.col("id"), sql::stateExpression(p)),
                                                  {idArray(ids), stateValue(p, a.from.first())})
                                         .toLongLong();
            const QString where = QStringLiteral("run %1 (%2, %3)").arg(run).arg(action, byFilter ? "filter" : "selection");
            QVERIFY2(rep.faultInjected, qPrintable(where));
            // Exactly one audit row per changed row and none for an unchanged one; all or nothing.
            QVERIFY2(audited == changed, qPrintable(where));
            QVERIFY2(changed.isEmpty() || changed.size() == kRowsPerRun, qPrintable(where));
            QCOMPARE(changed.size() + untouched, qint64(kRowsPerRun));
            // What the program reports is what the database holds.
            QVERIFY2(rep.outcome != Reported::Outcome::Unknown, qPrintable(where));
            if (rep.outcome == Reported::Outcome::Committed) {
                QVERIFY2(rep.changedIds == changed && !changed.isEmpty(), qPrintable(where));
                committedIds << r.actionId.toString(QUuid::WithoutBraces);
            } else {
                QVERIFY2(changed.isEmpty(), qPrintable(where));
            }
            // Each point has one true outcome: only a lost answer leaves a committed transaction.
            QCOMPARE(rep.outcome == Reported::Outcome::Committed, point == Point::AckLost);
            // Killed after the change, the next statement is the probe (filter scope, or rows left
            // over) or, when every selected row changed, already COMMIT: then the client is in doubt.
            if (point == Point::AfterChange)
                QVERIFY2(!rep.inDoubt || !byFilter, qPrintable(where));
            else
                QCOMPARE(rep.inDoubt, point == Point::BeforeCommit || point == Point::InsideCommit || point == Point::AckLost);
            ++outcomes[QStringLiteral("%1%2").arg(rep.inDoubt ? "in_doubt_then_" : "").arg(rep.outcome == Reported::Outcome::Committed ? "committed" : "rolled_back")];
            hear(0);
            if (debug)
                qInfo() << "checked" << phase.restart();
        }
        hear(1000);
        if (point == Point::InsideCommit)
            m_db->scalar("SELECT pg_advisory_unlock($1)", {kHoldLock});
        // A NOTIFY for every committed run, once, and none from a rolled-back one.
        QCOMPARE(heardIds, committedIds);
        QCOMPARE(heardTotal, committedIds.size());
        if (point == Point::AckLost)
            QCOMPARE(m_proxy->dropped() >= runs, true);
        QStringList counts;
        for (auto it = outcomes.cbegin(); it != outcomes.cend(); ++it)
            counts << QStringLiteral("%1=%2").arg(it.key()).arg(it.value());
        qInfo().noquote() << QStringLiteral("fault %1 %2: runs=%3 %4 notifies=%5 (%6 ms)")
                                 .arg(p.id, QLatin1String(name(point)))
                                 .arg(runs)
                                 .arg(counts.join(QLatin1Char(' ')))
                                 .arg(heardTotal)
                                 .arg(timer.elapsed());
    }
};

OM_TEST_GUILESS_MAIN(TestActionFault)
#include "tst_actionfault.moc"
