// The fault test: kill the action's backend (pg_terminate_backend from a second connection) at a
// random moment of many bulk actions. Afterwards every changed row has exactly one audit row for
// that action, no audit row exists for a row that did not change, and nothing else changed: each
// run is all or nothing. OM_FAULT_RUNS sets the runs per profile (default 200).
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>
#include <QThread>

using namespace om;
using namespace om::test;

class TestActionFault : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

private slots:
    void initTestCase() {
        QString error;
        m_db = TestDatabase::create({"seed000_app_outbox.sql", "seed003_batch_work_item.sql", "seed004_outbox.sql",
                                     "kit/append_only_audit.sql"}, &error);
        if (!m_db)
            QFAIL(qPrintable(error));
    }

    void killedActionsAreAllOrNothing_data() {
        QTest::addColumn<QString>("profileId");
        for (const char *p : {"app_outbox", "batch_work_item", "outbox"})
            QTest::newRow(p) << QString::fromLatin1(p);
    }

    void killedActionsAreAllOrNothing() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const ActionDef a = p.actions.value(QStringLiteral("retry"));
        const int runs = qEnvironmentVariableIntValue("OM_FAULT_RUNS") > 0 ? qEnvironmentVariableIntValue("OM_FAULT_RUNS") : 200;
        const int rowsPerRun = 300;
        const StateDef *to = p.state(a.to);
        const QString toValue = to->value.isEmpty() ? to->name : to->value;
        const StateDef *from = p.state(a.from.first());
        const QString fromValue = from->value.isEmpty() ? from->name : from->value;

        PgSession::Options o;
        o.connInfo = m_db->connectionString();
        o.lockTimeoutMs = 2000;
        PgSession session(o);
        ActionRunner runner(p);
        auto makeRequest = [&](const QList<qint64> &ids) {
            ActionRequest r;
            r.action = QStringLiteral("retry");
            r.ids = ids;
            r.reason = QStringLiteral("fault test: kill the backend at random");
            r.osUser = QStringLiteral("fault");
            r.host = QStringLiteral("test");
            return r;
        };

        // How long one action takes here: the kill delays spread over 1.5 times that.
        session.open();
        QElapsedTimer warm;
        warm.start();
        runner.run(session, makeRequest(insertMessages(*m_db, p, a.from.first(), rowsPerRun)));
        const qint64 spanUs = qMax<qint64>(2000, warm.nsecsElapsed() / 1000 * 3 / 2);

        int committed = 0, rolledBack = 0, inDoubt = 0;
        for (int run = 0; run < runs; ++run) {
            const QList<qint64> ids = insertMessages(*m_db, p, a.from.first(), rowsPerRun);
            if (!session.isOpen())
                session.open();
            const int pid = session.backendPid();
            bool ok = false;
            QString error;
            QThread *actor = QThread::create([&] {
                try {
                    runner.run(session, makeRequest(ids));
                    ok = true;
                } catch (const PgError &e) {
                    error = e.message;
                    if (qEnvironmentVariableIsSet("OM_FAULT_DEBUG"))
                        qInfo() << int(e.kind) << session.isOpen() << e.message;
                }
            });
            actor->start();
            QThread::usleep(unsigned(QRandomGenerator::global()->bounded(spanUs)));
            const bool killed = m_db->scalar("SELECT pg_terminate_backend($1)", {pid}).toString() == QLatin1String("t");
            QVERIFY(actor->wait(30000));
            delete actor;
            if (killed)
                session.close(); // the backend is gone even when the kill landed after the commit

            const qint64 changed = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 = ANY($1::bigint[]) AND (%3)::text = $2")
                                                    .arg(p.qualifiedTable(), p.col("id"), p.stateExpression()),
                                                {idArray(ids), toValue}).toLongLong();
            const qint64 unchanged = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 = ANY($1::bigint[]) AND (%3)::text = $2")
                                                      .arg(p.qualifiedTable(), p.col("id"), p.stateExpression()),
                                                  {idArray(ids), fromValue}).toLongLong();
            const QString auditId = PgSession::quoteIdentifier(p.audit.column(QStringLiteral("messageId")));
            // Rows with a number of audit rows other than one-if-changed / zero-if-not.
            const qint64 mismatched = m_db->scalar(QStringLiteral(
                "SELECT count(*) FROM %1 m LEFT JOIN (SELECT %2 AS mid, count(*) AS n FROM %3 WHERE %2 = ANY($1::bigint[])"
                " AND %4 = $3 GROUP BY %2) a ON a.mid = m.%5 WHERE m.%5 = ANY($1::bigint[])"
                " AND COALESCE(a.n, 0) <> CASE WHEN (%6)::text = $2 THEN 1 ELSE 0 END")
                    .arg(p.qualifiedTable(), auditId, p.qualifiedAuditTable(),
                         PgSession::quoteIdentifier(p.audit.column(QStringLiteral("action"))), p.col("id"), p.stateExpression()),
                {idArray(ids), toValue, a.auditName}).toLongLong();
            QCOMPARE(mismatched, qint64(0));
            QCOMPARE(changed + unchanged, qint64(rowsPerRun)); // nothing went anywhere else
            QVERIFY2(changed == 0 || changed == rowsPerRun, qPrintable(QStringLiteral("run %1: %2 of %3 changed").arg(run).arg(changed).arg(rowsPerRun)));
            QCOMPARE(auditCount(*m_db, p, ids, a.auditName), changed);
            if (ok) {
                QCOMPARE(changed, qint64(rowsPerRun));
                ++committed; // the kill landed after the commit
            } else if (changed == rowsPerRun) {
                ++inDoubt; // killed after COMMIT reached the server, before the client heard
            } else {
                ++rolledBack;
                QVERIFY2(killed, qPrintable(error));
            }
        }
        qInfo().noquote() << QStringLiteral("fault %1: runs=%2 killed_before_commit=%3 committed=%4 committed_in_doubt=%5 "
                                            "kill_window_us=%6")
                                 .arg(p.id).arg(runs).arg(rolledBack).arg(committed).arg(inDoubt).arg(spanUs);
        QVERIFY2(rolledBack > 0, "no run was killed mid-transaction: the test proves nothing");
    }
};

OM_TEST_GUILESS_MAIN(TestActionFault)
#include "tst_actionfault.moc"
