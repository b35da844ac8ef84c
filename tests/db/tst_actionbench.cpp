// SPDX-License-Identifier: GPL-3.0-or-later
// Timing of the audited retry (1 / 100 / 10,000 FAILED messages in one transaction) and of the
// same retry while a worker holds a lock on one of the rows, against a plain UPDATE that waits for
// that lock. As a test it asserts loose bounds on a fresh database; scripts/bench actions runs it
// against a big app_outbox with workers running (OM_BENCH_CONNINFO) and prints the numbers.
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QSemaphore>
#include <QTest>
#include <QThread>

using namespace om;
using namespace om::test;

class TestActionBench : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QString m_connInfo;                 ///< the test database, or the benchmark's (OM_BENCH_CONNINFO)
    std::unique_ptr<PgSession> m_setup; ///< inserts the FAILED rows
    SchemaProfile m_profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));

    ActionRequest retry(const QList<qint64> &ids) const {
        ActionRequest r;
        r.action = QStringLiteral("retry");
        r.ids = messageIds(ids);
        r.reason = QStringLiteral("benchmark: retry after the downstream fix");
        r.fillWorkstation();
        return r;
    }

    double timedRetry(PgSession &s, int n) {
        const QList<qint64> ids = insertMessages(*m_setup, m_profile, QStringLiteral("FAILED"), n);
        QElapsedTimer t;
        t.start();
        const ActionResult res = ActionRunner(m_profile).run(s, retry(ids));
        const double ms = t.nsecsElapsed() / 1e6;
        if (res.changed() != n)
            qWarning("retry of %d changed %lld (workers hold rows?)", n, res.changed());
        return ms;
    }

    /// The reference shape (the "guarded UPDATE plus audit INSERT"): one statement, the
    /// UPDATE's RETURNING feeding the audit rows, no SKIP LOCKED and no skip report, in its own
    /// transaction like ours. Same load, same run: the ratio says what our extra guarantees cost.
    double timedReferenceRetry(PgSession &s, int n) {
        const QList<qint64> ids = insertMessages(*m_setup, m_profile, QStringLiteral("FAILED"), n);
        QElapsedTimer t;
        t.start();
        s.transact([&](PgTx &tx) {
            tx.exec(QStringLiteral(
                        "WITH u AS (UPDATE app_outbox SET status = 'PENDING', next_run_at = now(), locked_by = NULL,"
                        " locked_at = NULL, updated_at = now() WHERE outbox_id = ANY($1::bigint[]) AND status = 'FAILED'"
                        " RETURNING outbox_id)"
                        " INSERT INTO app_outbox_audit (outbox_id, action_name, reason, old_status, new_status)"
                        " SELECT outbox_id, 'RETRY_FAILED', $2, 'FAILED', 'PENDING' FROM u"),
                    {idArray(ids), QStringLiteral("benchmark: reference statement")});
        });
        return t.nsecsElapsed() / 1e6;
    }

    /// Holds one row locked for `holdMs` on its own connection, as a worker between claim and commit.
    QThread *holdLock(qint64 id, int holdMs, QSemaphore &locked) {
        QThread *w = QThread::create([this, id, holdMs, &locked] {
            PgSession s({m_connInfo});
            s.open();
            s.transact([&](PgTx &tx) {
                tx.exec(QStringLiteral("SELECT 1 FROM app_outbox WHERE outbox_id = $1 FOR UPDATE"), {id});
                locked.release();
                QThread::msleep(unsigned(holdMs));
            });
        });
        w->start();
        return w;
    }

private slots:
    void initTestCase() {
        m_connInfo = qEnvironmentVariable("OM_BENCH_CONNINFO"); // the benchmark's big table, workers running
        if (m_connInfo.isEmpty()) {
            OM_CREATE_TEST_DATABASE(m_db, {"seed000_app_outbox.sql", "kit/monitoring_indexes.sql", "kit/append_only_audit.sql", "kit/action_functions.sql"});
            m_connInfo = m_db->connectionString();
        }
        PgSession::Options o;
        o.connInfo = m_connInfo;
        o.statementTimeoutMs = 0;
        m_setup = std::make_unique<PgSession>(o);
        m_setup->open();
    }

    void retryTimings() {
        const bool bench = qEnvironmentVariableIsSet("OM_BENCH_CONNINFO");
        const int holdMs = bench ? 3000 : 1000;
        PgSession::Options o;
        o.connInfo = m_connInfo;
        o.lockTimeoutMs = 2000; // as the Gateway's Action lane
        PgSession s(o);
        s.open();
        timedRetry(s, 100); // warm-up: plans, caches
        const double ms1 = timedRetry(s, 1);
        const double ms100 = timedRetry(s, 100);
        const double ms10000 = timedRetry(s, 10000);
        const double ref10000 = timedReferenceRetry(s, 10000);
        const double ms10000b = timedRetry(s, 10000); // after the reference too: drift hits both

        // A worker holds one of 100 rows: the action skips it and finishes at once.
        QList<qint64> ids = insertMessages(*m_setup, m_profile, QStringLiteral("FAILED"), 100);
        QSemaphore locked;
        QThread *w = holdLock(ids.at(50), holdMs, locked);
        QVERIFY(locked.tryAcquire(1, 10000));
        QElapsedTimer t;
        t.start();
        const ActionResult res = ActionRunner(m_profile).run(s, retry(ids));
        const double lockedMs = t.nsecsElapsed() / 1e6;
        w->wait();
        delete w;
        QCOMPARE(res.count(SkipReason::Locked), qint64(1));

        // The naive way: a plain UPDATE (no lock_timeout, no SKIP LOCKED) waits for the worker.
        ids = insertMessages(*m_setup, m_profile, QStringLiteral("FAILED"), 100);
        PgSession naive({m_connInfo});
        naive.open();
        w = holdLock(ids.at(50), holdMs, locked);
        QVERIFY(locked.tryAcquire(1, 10000));
        t.restart();
        naive.query(QStringLiteral("UPDATE app_outbox SET status = 'PENDING', next_run_at = now(), locked_by = NULL, locked_at = NULL,"
                                   " updated_at = now() WHERE outbox_id = ANY($1::bigint[]) AND status = 'FAILED'"),
                    {idArray(ids)});
        const double naiveMs = t.nsecsElapsed() / 1e6;
        w->wait();
        delete w;

        const QString line = QStringLiteral("actions: retry_1_ms=%1 retry_100_ms=%2 retry_10000_ms=%3 locked_row_ms=%4 "
                                            "naive_locked_row_ms=%5 naive_vs_skip_locked=%6x (worker held the lock %7 ms)")
                                 .arg(ms1, 0, 'f', 1)
                                 .arg(ms100, 0, 'f', 1)
                                 .arg(ms10000, 0, 'f', 1)
                                 .arg(lockedMs, 0, 'f', 1)
                                 .arg(naiveMs, 0, 'f', 1)
                                 .arg(naiveMs / qMax(lockedMs, 0.1), 0, 'f', 0)
                                 .arg(holdMs);
        qInfo().noquote() << line;
        qInfo().noquote() << QStringLiteral("actions: retry_10000 runs %1 / %2 ms; reference guarded UPDATE + audit INSERT"
                                            " (no SKIP LOCKED, no skip report) %3 ms; ours / reference = %4")
                                 .arg(ms10000, 0, 'f', 1)
                                 .arg(ms10000b, 0, 'f', 1)
                                 .arg(ref10000, 0, 'f', 1)
                                 .arg(qMin(ms10000, ms10000b) / qMax(ref10000, 0.1), 0, 'f', 2);
        QVERIFY2(lockedMs < 1000, qPrintable(line));         // milliseconds, not the lock's duration
        QVERIFY2(naiveMs >= holdMs * 0.8, qPrintable(line)); // the comparison measures what it claims
        if (!bench)
            QVERIFY2(ms10000 < 5000, qPrintable(line));
    }
};

OM_TEST_GUILESS_MAIN(TestActionBench)
#include "tst_actionbench.moc"
