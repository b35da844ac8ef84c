// SPDX-License-Identifier: GPL-3.0-or-later
// The PostgreSQL ports of the seeds (resources/sql/) against a real server: the semantics each
// seed promises, checked by the rows they leave behind. Also the admin kit (append-only audit,
// roles) and the demo history loader.
#include "pg/pgsession.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QSet>
#include <QTest>

#include <atomic>
#include <optional>
#include <thread>

using namespace om;
using namespace om::test;

namespace {

// Runs f and returns the PgError it threw, or nothing when it did not throw.
template <typename F>
std::optional<PgError> errorOf(F &&f) {
    try {
        f();
    } catch (const PgError &e) {
        return e;
    }
    return std::nullopt;
}

qint64 toLong(const QVariant &v) { return v.toLongLong(); }

// The error is the refusal we expect: its message says so and, when the driver reports one, its
// SQLSTATE matches. (libpqxx 6.4 reports no SQLSTATE for statements sent without parameters.)
bool isRefusal(const std::optional<PgError> &e, const QString &state, const QString &text) {
    if (!e)
        return false;
    if (!e->message.contains(text, Qt::CaseInsensitive)) {
        qWarning("unexpected error: %s", qPrintable(e->message));
        return false;
    }
    if (!e->sqlState.isEmpty() && e->sqlState != state) {
        qWarning("SQLSTATE %s, expected %s", qPrintable(e->sqlState), qPrintable(state));
        return false;
    }
    return true;
}

} // namespace

class TestSqlPorts : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    qint64 count(const QString &sql, const QVariantList &params = {}) { return toLong(m_db->scalar(sql, params)); }

    // One app_outbox row in a given state, returns its id.
    qint64 addOutboxRow(const QString &status, const QString &extraSet = QString()) {
        const qint64 id = toLong(m_db->scalar(
            QStringLiteral("SELECT app_outbox_enqueue('T:' || gen_random_uuid(), 'ORDER_CREATED', 'ORDER_API', '{}')")));
        m_db->exec(QStringLiteral("UPDATE app_outbox SET status = $1 %1 WHERE outbox_id = $2")
                       .arg(extraSet.isEmpty() ? QString() : QStringLiteral(", ") + extraSet),
                   {status, id});
        return id;
    }

private slots:
    void initTestCase() {
        QString error;
        m_db = TestDatabase::create({"seed000_app_outbox.sql", "seed003_batch_work_item.sql", "seed004_outbox.sql",
                                     "kit/monitoring_indexes.sql", "kit/append_only_audit.sql", "kit/action_functions.sql", "kit/purge_functions.sql", "kit/roles.sql",
                                     "demo/catalog.sql", "demo/logins.sql"},
                                    &error);
        if (!m_db)
            QFAIL(qPrintable(error));
        // Every file is idempotent: applying them all a second time must work.
        for (const char *f : {"seed000_app_outbox.sql", "seed003_batch_work_item.sql", "seed004_outbox.sql",
                              "kit/monitoring_indexes.sql", "kit/append_only_audit.sql", "kit/action_functions.sql", "kit/purge_functions.sql", "kit/roles.sql",
                              "demo/logins.sql"})
            m_db->applyFile(QString::fromLatin1(f));
    }

    // Each test starts from empty work tables (audit tables are append-only and keep growing:
    // tests look at their own rows only).
    void init() { m_db->exec(QStringLiteral("DELETE FROM app_outbox; DELETE FROM batch_work_item; DELETE FROM outbox;")); }

    // ---------------------------------------------------------------- seed 000: app_outbox

    void enqueueIgnoresDuplicateKey() {
        const QVariant first = m_db->scalar(QStringLiteral("SELECT app_outbox_enqueue('ORDER_CREATED:42', 'ORDER_CREATED', 'ORDER_API', '{\"v\": 1}')"));
        const QVariant second = m_db->scalar(QStringLiteral("SELECT app_outbox_enqueue('ORDER_CREATED:42', 'ORDER_CREATED', 'ORDER_API', '{\"v\": 2}')"));
        QVERIFY(!first.isNull());
        QVERIFY(second.isNull());
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM app_outbox WHERE message_key = 'ORDER_CREATED:42'")), 1);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT payload_json FROM app_outbox WHERE outbox_id = $1"), {first}).toString(),
                 QStringLiteral("{\"v\": 1}"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1"), {first}).toString(),
                 QStringLiteral("PENDING"));
        // payload_json is text, as the seed's CLOB: invalid JSON is stored as it is
        QVERIFY(!m_db->scalar(QStringLiteral("SELECT app_outbox_enqueue('K:bad', 'E', 'D', 'not json {')")).isNull());
    }

    void claimTakesOldestDueAndMarksProcessing() {
        const qint64 a = addOutboxRow(QStringLiteral("PENDING"));
        const qint64 notDue = addOutboxRow(QStringLiteral("PENDING"), QStringLiteral("next_run_at = now() + interval '5 minutes'"));
        addOutboxRow(QStringLiteral("FAILED"));
        const qint64 b = addOutboxRow(QStringLiteral("PENDING"));
        Q_UNUSED(notDue);
        QCOMPARE(toLong(m_db->scalar(QStringLiteral("SELECT app_outbox_claim_one('worker-1')"))), a);
        QCOMPARE(toLong(m_db->scalar(QStringLiteral("SELECT app_outbox_claim_one('worker-2')"))), b);
        QVERIFY(m_db->scalar(QStringLiteral("SELECT app_outbox_claim_one('worker-1')")).isNull());
        const auto r = m_db->rows(QStringLiteral("SELECT status, locked_by, locked_at IS NOT NULL FROM app_outbox WHERE outbox_id = $1"), {a});
        QCOMPARE(r.value(0).value(0).toString(), QStringLiteral("PROCESSING"));
        QCOMPARE(r.value(0).value(1).toString(), QStringLiteral("worker-1"));
        QCOMPARE(r.value(0).value(2).toString(), QStringLiteral("t"));
    }

    void claimSkipsRowLockedByAnotherSession() {
        const qint64 a = addOutboxRow(QStringLiteral("PENDING"));
        const qint64 b = addOutboxRow(QStringLiteral("PENDING"));
        PgSession other({m_db->connectionString()});
        other.open();
        qint64 claimedInside = 0, claimedOutside = 0;
        other.transact([&](PgTx &tx) {
            claimedInside = toLong(tx.exec(QStringLiteral("SELECT app_outbox_claim_one('worker-A')")).scalar());
            // worker-A's transaction still holds row a: worker-B must skip it, not wait
            QElapsedTimer t;
            t.start();
            claimedOutside = toLong(m_db->scalar(QStringLiteral("SELECT app_outbox_claim_one('worker-B')")));
            QVERIFY(t.elapsed() < 2000);
        });
        QCOMPARE(claimedInside, a);
        QCOMPARE(claimedOutside, b);
    }

    void concurrentWorkersNeverClaimTheSameRow() {
        const int rows = 600;
        m_db->exec(QStringLiteral("SELECT count(app_outbox_enqueue('C:' || g, 'ORDER_CREATED', 'ORDER_API', '{}')) "
                                  "FROM generate_series(1, %1) g")
                       .arg(rows));
        const QString conn = m_db->connectionString();
        QList<qint64> claimed[2];
        QString failure[2];
        std::atomic<int> ready{0};
        auto worker = [&](int n) {
            try {
                PgSession s({conn});
                s.open();
                ++ready;
                while (ready.load() < 2) std::this_thread::yield();
                for (;;) {
                    const QVariant id = s.query(QStringLiteral("SELECT app_outbox_claim_one($1)"),
                                                {QStringLiteral("worker-%1").arg(n)})
                                            .scalar();
                    if (id.isNull())
                        break;
                    claimed[n].append(id.toLongLong());
                }
            } catch (const PgError &e) {
                failure[n] = e.message;
                ++ready;
            }
        };
        std::thread t0(worker, 0), t1(worker, 1);
        t0.join();
        t1.join();
        QVERIFY2(failure[0].isEmpty(), qPrintable(failure[0]));
        QVERIFY2(failure[1].isEmpty(), qPrintable(failure[1]));
        const QSet<qint64> s0(claimed[0].begin(), claimed[0].end()), s1(claimed[1].begin(), claimed[1].end());
        QCOMPARE(s0.size(), claimed[0].size());
        QCOMPARE(s1.size(), claimed[1].size());
        QVERIFY2(!s0.intersects(s1), "a row was claimed by both workers");
        QCOMPARE(s0.size() + s1.size(), rows);
        qInfo("worker-0 claimed %d, worker-1 claimed %d", int(s0.size()), int(s1.size()));
        QVERIFY(!s0.isEmpty() && !s1.isEmpty());
        // and the table agrees: every row PROCESSING, held by the worker that got its id
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'PROCESSING' AND locked_by = 'worker-0'")), qint64(s0.size()));
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'PROCESSING' AND locked_by = 'worker-1'")), qint64(s1.size()));
    }

    void nextDelayMinutes_data() {
        QTest::addColumn<int>("retries");
        QTest::addColumn<int>("minutes");
        QTest::newRow("0") << 0 << 1;
        QTest::newRow("1") << 1 << 2;
        QTest::newRow("2") << 2 << 4;
        QTest::newRow("3") << 3 << 8;
        QTest::newRow("4") << 4 << 16;
        QTest::newRow("5") << 5 << 32;
        QTest::newRow("6") << 6 << 60;
        QTest::newRow("7") << 7 << 60;
        QTest::newRow("1000") << 1000 << 60;
    }
    void nextDelayMinutes() {
        QFETCH(int, retries);
        QFETCH(int, minutes);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT app_outbox_next_delay_minutes($1)"), {retries}).toInt(), minutes);
    }

    void retryBacksOffThenFailsAtMax() {
        const qint64 id = addOutboxRow(QStringLiteral("PENDING"));
        const QString longCode = QString(150, QLatin1Char('C')), longMsg = QString(1500, QLatin1Char('m'));
        for (int attempt = 1; attempt <= 5; ++attempt) {
            m_db->exec(QStringLiteral("UPDATE app_outbox SET next_run_at = now() - interval '1 second' WHERE outbox_id = $1"), {id});
            QCOMPARE(toLong(m_db->scalar(QStringLiteral("SELECT app_outbox_claim_one('worker-1')"))), id);
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT app_outbox_mark_retry($1, $2, $3)"), {id, longCode, longMsg}).toInt(), 1);
            const auto r = m_db->rows(QStringLiteral(
                                          "SELECT status, retry_count, round(extract(epoch FROM next_run_at - now()) / 60), locked_by IS NULL AND locked_at IS NULL, "
                                          "length(last_error_code), length(last_error_msg) FROM app_outbox WHERE outbox_id = $1"),
                                      {id})
                               .value(0);
            QCOMPARE(r.value(0).toString(), attempt < 5 ? QStringLiteral("PENDING") : QStringLiteral("FAILED"));
            QCOMPARE(r.value(1).toInt(), attempt);
            // backoff = least(2^(old retry_count + 1), 60) minutes = 2, 4, 8, 16, 32
            QCOMPARE(r.value(2).toInt(), qMin(1 << attempt, 60));
            QCOMPARE(r.value(3).toString(), QStringLiteral("t"));
            QCOMPARE(r.value(4).toInt(), 100);
            QCOMPARE(r.value(5).toInt(), 1000);
        }
        // a FAILED row is never claimed again, even when due
        m_db->exec(QStringLiteral("UPDATE app_outbox SET next_run_at = now() - interval '1 hour' WHERE outbox_id = $1"), {id});
        QVERIFY(m_db->scalar(QStringLiteral("SELECT app_outbox_claim_one('worker-1')")).isNull());

        // max_retry_count = 1: the first failure is final
        const qint64 once = addOutboxRow(QStringLiteral("PROCESSING"), QStringLiteral("max_retry_count = 1"));
        m_db->exec(QStringLiteral("SELECT app_outbox_mark_retry($1, 'HTTP_503', 'down')"), {once});
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1"), {once}).toString(), QStringLiteral("FAILED"));
    }

    void markSentAndMarkFailed() {
        const qint64 a = addOutboxRow(QStringLiteral("PROCESSING"), QStringLiteral("locked_by = 'w', locked_at = now()"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT app_outbox_mark_sent($1)"), {a}).toInt(), 1);
        QCOMPARE(m_db->rows(QStringLiteral("SELECT status, sent_at IS NOT NULL, locked_by IS NULL FROM app_outbox WHERE outbox_id = $1"), {a}).value(0),
                 (QVariantList{QStringLiteral("SENT"), QStringLiteral("t"), QStringLiteral("t")}));
        const qint64 b = addOutboxRow(QStringLiteral("PROCESSING"), QStringLiteral("locked_by = 'w', locked_at = now()"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT app_outbox_mark_failed($1, 'HTTP_400', 'bad email')"), {b}).toInt(), 1);
        QCOMPARE(m_db->rows(QStringLiteral("SELECT status, retry_count, last_error_code, locked_by IS NULL FROM app_outbox WHERE outbox_id = $1"), {b}).value(0),
                 (QVariantList{QStringLiteral("FAILED"), QStringLiteral("1"), QStringLiteral("HTTP_400"), QStringLiteral("t")}));
    }

    void recoverStuckTouchesOnlyProcessingPastTimeout() {
        const qint64 stuck = addOutboxRow(QStringLiteral("PROCESSING"), QStringLiteral("locked_by = 'worker-7', locked_at = now() - interval '45 minutes'"));
        const qint64 busy = addOutboxRow(QStringLiteral("PROCESSING"), QStringLiteral("locked_by = 'worker-8', locked_at = now() - interval '10 minutes'"));
        const qint64 pending = addOutboxRow(QStringLiteral("PENDING"), QStringLiteral("locked_at = now() - interval '3 hours'"));
        const qint64 failed = addOutboxRow(QStringLiteral("FAILED"), QStringLiteral("locked_at = now() - interval '3 hours'"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT recover_stuck_outbox()")).toInt(), 1); // default 30 minutes
        const auto r = m_db->rows(QStringLiteral(
                                      "SELECT status, locked_by IS NULL AND locked_at IS NULL, last_error_code, next_run_at <= now() "
                                      "FROM app_outbox WHERE outbox_id = $1"),
                                  {stuck})
                           .value(0);
        QCOMPARE(r, (QVariantList{QStringLiteral("PENDING"), QStringLiteral("t"), QStringLiteral("STUCK_PROCESSING"), QStringLiteral("t")}));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status || '/' || locked_by FROM app_outbox WHERE outbox_id = $1"), {busy}).toString(),
                 QStringLiteral("PROCESSING/worker-8"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1"), {pending}).toString(), QStringLiteral("PENDING"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1"), {failed}).toString(), QStringLiteral("FAILED"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT recover_stuck_outbox(5)")).toInt(), 1); // now the 10-minute one
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1"), {busy}).toString(), QStringLiteral("PENDING"));
    }

    void adminRetryRefusesWrongStateAndAuditsOnce() {
        const qint64 audits = count(QStringLiteral("SELECT count(*) FROM app_outbox_audit"));
        for (const char *st : {"PENDING", "PROCESSING", "SENT", "CANCELLED"}) {
            const qint64 id = addOutboxRow(QString::fromLatin1(st));
            const auto e = errorOf([&] { m_db->exec(QStringLiteral("CALL retry_failed($1, $2)"), {id, QStringLiteral("try it")}); });
            QVERIFY2(e.has_value(), st);
            QCOMPARE(e->sqlState, QStringLiteral("P0001"));
            QVERIFY2(e->message.contains(QStringLiteral("retry target is not FAILED")), qPrintable(e->message));
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1"), {id}).toString(), QString::fromLatin1(st));
        }
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM app_outbox_audit")), audits);

        const qint64 id = addOutboxRow(QStringLiteral("FAILED"), QStringLiteral("retry_count = 5, locked_by = 'w', next_run_at = now() + interval '1 hour'"));
        PgSession s({m_db->connectionString()});
        s.open();
        s.transact([&](PgTx &tx) {
            tx.exec(QStringLiteral("SELECT set_config('outbox_monitor.ticket', 'INC-7', true), set_config('outbox_monitor.os_user', 'alice', true)"));
            tx.exec(QStringLiteral("CALL retry_failed($1, $2)"), {id, QStringLiteral("destination fixed, retrying")});
        });
        QCOMPARE(m_db->rows(QStringLiteral("SELECT status, next_run_at <= now(), locked_by IS NULL FROM app_outbox WHERE outbox_id = $1"), {id}).value(0),
                 (QVariantList{QStringLiteral("PENDING"), QStringLiteral("t"), QStringLiteral("t")}));
        const auto a = m_db->rows(QStringLiteral(
                                      "SELECT action_name, old_status, new_status, reason, changed_by = session_user, ticket, os_user, client_host "
                                      "FROM app_outbox_audit WHERE outbox_id = $1"),
                                  {id});
        QCOMPARE(a.size(), 1);
        QCOMPARE(a[0], (QVariantList{QStringLiteral("RETRY_FAILED"), QStringLiteral("FAILED"), QStringLiteral("PENDING"),
                                     QStringLiteral("destination fixed, retrying"), QStringLiteral("t"), QStringLiteral("INC-7"),
                                     QStringLiteral("alice"), QVariant()}));
    }

    void adminCancelRefusesWrongStateAndAuditsOnce() {
        for (const char *st : {"PROCESSING", "SENT", "CANCELLED"}) {
            const qint64 id = addOutboxRow(QString::fromLatin1(st));
            const auto e = errorOf([&] { m_db->exec(QStringLiteral("CALL cancel_message($1, 'no')"), {id}); });
            QVERIFY2(e.has_value(), st);
            QCOMPARE(e->sqlState, QStringLiteral("P0001"));
            QVERIFY2(e->message.contains(QStringLiteral("message cannot be cancelled")), qPrintable(e->message));
            QCOMPARE(count(QStringLiteral("SELECT count(*) FROM app_outbox_audit WHERE outbox_id = $1"), {id}), 0);
        }
        for (const char *st : {"PENDING", "FAILED"}) {
            const qint64 id = addOutboxRow(QString::fromLatin1(st));
            m_db->exec(QStringLiteral("CALL cancel_message($1, $2)"), {id, QStringLiteral("顧客都合により取消")});
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1"), {id}).toString(), QStringLiteral("CANCELLED"));
            const auto a = m_db->rows(QStringLiteral("SELECT action_name, old_status, new_status, reason FROM app_outbox_audit WHERE outbox_id = $1"), {id});
            QCOMPARE(a.size(), 1);
            QCOMPARE(a[0], (QVariantList{QStringLiteral("CANCEL_MESSAGE"), QString::fromLatin1(st), QStringLiteral("CANCELLED"),
                                         QStringLiteral("顧客都合により取消")}));
        }
    }

    // ---------------------------------------------------------------- seed 003: batch_work_item

    void batchClaimSuccessAndErrorSplit() {
        QVERIFY(!m_db->scalar(QStringLiteral("SELECT batch_work_item_enqueue('J', 'S1', current_date)")).isNull());
        QVERIFY(m_db->scalar(QStringLiteral("SELECT batch_work_item_enqueue('J', 'S1', current_date)")).isNull());
        m_db->exec(QStringLiteral("SELECT batch_work_item_enqueue('J', 'S' || g, current_date, CASE WHEN g = 5 THEN 10 ELSE 100 END) FROM generate_series(2, 6) g"));
        m_db->exec(QStringLiteral("SELECT batch_work_item_enqueue('J', 'OTHER_DAY', current_date - 1), batch_work_item_enqueue('K', 'OTHER_JOB', current_date)"));
        const qint64 s5 = count(QStringLiteral("SELECT work_item_id FROM batch_work_item WHERE source_key = 'S5'"));
        const qint64 s1 = count(QStringLiteral("SELECT work_item_id FROM batch_work_item WHERE source_key = 'S1'"));

        // priority first, then id: S5 (priority 10), then S1, S2
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT claim_work_items('J', current_date, 3, 'w1')")).toInt(), 3);
        QCOMPARE(m_db->rows(QStringLiteral("SELECT source_key FROM batch_work_item WHERE status = 'RUNNING' AND locked_by = 'w1' ORDER BY source_key")),
                 (QList<QVariantList>{{QStringLiteral("S1")}, {QStringLiteral("S2")}, {QStringLiteral("S5")}}));
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM batch_work_status_history h JOIN batch_work_item w USING (work_item_id) "
                                      "WHERE w.locked_by = 'w1' AND h.old_status = 'NEW' AND h.new_status = 'RUNNING' AND h.changed_by = 'w1'")),
                 3);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT claim_work_items('J', current_date, 10, 'w2')")).toInt(), 3); // S3 S4 S6 only
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT claim_work_items('J', current_date, 10, 'w3')")).toInt(), 0);

        // success: only by the worker that holds it
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT mark_work_item_success($1, 'w2')"), {s5}).toInt(), 0);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT mark_work_item_success($1, 'w1')"), {s5}).toInt(), 1);
        QCOMPARE(m_db->rows(QStringLiteral("SELECT status, finished_at IS NOT NULL FROM batch_work_item WHERE work_item_id = $1"), {s5}).value(0),
                 (QVariantList{QStringLiteral("SUCCESS"), QStringLiteral("t")}));
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM batch_work_status_history WHERE work_item_id = $1 AND new_status = 'SUCCESS'"), {s5}), 1);

        // error: RETRY_WAIT (+10 minutes) while retry_count + 1 < max_retry_count (3), then FAILED
        for (int attempt = 1; attempt <= 3; ++attempt) {
            if (attempt > 1) {
                m_db->exec(QStringLiteral("UPDATE batch_work_item SET next_retry_at = now() - interval '1 second' WHERE work_item_id = $1"), {s1});
                QCOMPARE(m_db->scalar(QStringLiteral("SELECT claim_work_items('J', current_date, 1, 'w1')")).toInt(), 1);
                QCOMPARE(count(QStringLiteral("SELECT count(*) FROM batch_work_status_history WHERE work_item_id = $1 AND old_status = 'RETRY_WAIT' AND new_status = 'RUNNING'"), {s1}),
                         qint64(attempt - 1));
            }
            const QString st = m_db->scalar(QStringLiteral("SELECT mark_work_item_error($1, 'w1', 'LOCK_TIMEOUT', 'row busy')"), {s1}).toString();
            QCOMPARE(st, attempt < 3 ? QStringLiteral("RETRY_WAIT") : QStringLiteral("FAILED"));
            const auto r = m_db->rows(QStringLiteral("SELECT status, retry_count, round(extract(epoch FROM next_retry_at - now()) / 60), finished_at IS NOT NULL, error_code "
                                                     "FROM batch_work_item WHERE work_item_id = $1"),
                                      {s1})
                               .value(0);
            QCOMPARE(r.value(0).toString(), st);
            QCOMPARE(r.value(1).toInt(), attempt);
            if (attempt < 3)
                QCOMPARE(r.value(2).toInt(), 10);
            else
                QVERIFY(r.value(2).isNull());
            QCOMPARE(r.value(3).toString(), attempt < 3 ? QStringLiteral("f") : QStringLiteral("t"));
            QCOMPARE(r.value(4).toString(), QStringLiteral("LOCK_TIMEOUT"));
        }
        QCOMPARE(m_db->rows(QStringLiteral("SELECT new_status, message FROM batch_work_status_history WHERE work_item_id = $1 AND old_status = 'RUNNING' ORDER BY history_id"), {s1}),
                 (QList<QVariantList>{{QStringLiteral("RETRY_WAIT"), QStringLiteral("LOCK_TIMEOUT: row busy")},
                                      {QStringLiteral("RETRY_WAIT"), QStringLiteral("LOCK_TIMEOUT: row busy")},
                                      {QStringLiteral("FAILED"), QStringLiteral("LOCK_TIMEOUT: row busy")}}));
        // an item that is not RUNNING under this worker: no_data_found, nothing written
        const qint64 before = count(QStringLiteral("SELECT count(*) FROM batch_work_status_history"));
        const auto e = errorOf([&] { m_db->exec(QStringLiteral("SELECT mark_work_item_error($1, 'w1', 'X', 'y')"), {s1}); });
        QVERIFY(e.has_value());
        QCOMPARE(e->sqlState, QStringLiteral("P0002"));
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM batch_work_status_history")), before);
    }

    void batchClaimSkipsItemsLockedByAnotherWorker() {
        m_db->exec(QStringLiteral("SELECT batch_work_item_enqueue('J', 'S' || g, current_date) FROM generate_series(1, 10) g"));
        PgSession other({m_db->connectionString()});
        other.open();
        int inside = 0, outside = 0;
        other.transact([&](PgTx &tx) {
            inside = tx.exec(QStringLiteral("SELECT claim_work_items('J', current_date, 4, 'wA')")).scalar().toInt();
            outside = m_db->scalar(QStringLiteral("SELECT claim_work_items('J', current_date, 100, 'wB')")).toInt();
        });
        QCOMPARE(inside, 4);
        QCOMPARE(outside, 6);
        QCOMPARE(count(QStringLiteral("SELECT count(DISTINCT work_item_id) FROM batch_work_status_history h JOIN batch_work_item w USING (work_item_id) "
                                      "WHERE h.new_status = 'RUNNING' AND w.source_key LIKE 'S%'")),
                 10);
    }

    void batchStaleResetAndManualRetry() {
        m_db->exec(QStringLiteral("SELECT batch_work_item_enqueue('J', 'S' || g, current_date) FROM generate_series(1, 5) g"));
        m_db->exec(QStringLiteral(
            "UPDATE batch_work_item SET status = CASE source_key WHEN 'S1' THEN 'RUNNING' WHEN 'S2' THEN 'RUNNING' WHEN 'S3' THEN 'FAILED' "
            "                                                    WHEN 'S4' THEN 'RETRY_WAIT' ELSE 'NEW' END, "
            "  locked_by = 'w9', started_at = now() - interval '3 hours', "
            "  locked_at = CASE source_key WHEN 'S1' THEN now() - interval '3 hours' ELSE now() - interval '1 hour' END"));
        const auto idOf = [&](const char *key) {
            return count(QStringLiteral("SELECT work_item_id FROM batch_work_item WHERE source_key = $1"), {QString::fromLatin1(key)});
        };
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT reset_stale_running_items()")).toInt(), 1); // default 2 hours: S1 only
        QCOMPARE(m_db->rows(QStringLiteral("SELECT status, error_code, locked_by IS NULL AND locked_at IS NULL AND started_at IS NULL, next_retry_at <= now() "
                                           "FROM batch_work_item WHERE work_item_id = $1"),
                            {idOf("S1")})
                     .value(0),
                 (QVariantList{QStringLiteral("RETRY_WAIT"), QStringLiteral("STALE_RUNNING"), QStringLiteral("t"), QStringLiteral("t")}));
        QCOMPARE(m_db->rows(QStringLiteral("SELECT old_status, new_status, changed_by, action_name FROM batch_work_status_history WHERE work_item_id = $1"), {idOf("S1")}),
                 (QList<QVariantList>{{QStringLiteral("RUNNING"), QStringLiteral("RETRY_WAIT"), QStringLiteral("stale-reset-job"), QStringLiteral("RESET_STALE")}}));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM batch_work_item WHERE work_item_id = $1"), {idOf("S2")}).toString(), QStringLiteral("RUNNING"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT reset_stale_running_items(interval '30 minutes')")).toInt(), 1); // now S2

        // manual retry: FAILED and RETRY_WAIT -> NEW, one history row each; anything else refused
        for (const char *key : {"S3", "S4"}) {
            const QString old = m_db->scalar(QStringLiteral("SELECT status FROM batch_work_item WHERE work_item_id = $1"), {idOf(key)}).toString();
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT manual_retry_work_item($1, 'ops_tanaka')"), {idOf(key)}).toString(), old);
            QCOMPARE(m_db->rows(QStringLiteral("SELECT status, locked_by IS NULL AND error_code IS NULL AND finished_at IS NULL FROM batch_work_item WHERE work_item_id = $1"), {idOf(key)}).value(0),
                     (QVariantList{QStringLiteral("NEW"), QStringLiteral("t")}));
            QCOMPARE(m_db->rows(QStringLiteral("SELECT old_status, new_status, changed_by, action_name FROM batch_work_status_history "
                                               "WHERE work_item_id = $1 AND action_name = 'MANUAL_RETRY'"),
                                {idOf(key)}),
                     (QList<QVariantList>{{old, QStringLiteral("NEW"), QStringLiteral("ops_tanaka"), QStringLiteral("MANUAL_RETRY")}}));
        }
        const qint64 before = count(QStringLiteral("SELECT count(*) FROM batch_work_status_history"));
        const auto e = errorOf([&] { m_db->exec(QStringLiteral("SELECT manual_retry_work_item($1, 'ops_tanaka')"), {idOf("S5")}); });
        QVERIFY(e.has_value());
        QCOMPARE(e->sqlState, QStringLiteral("P0002"));
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM batch_work_status_history")), before);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM batch_work_item WHERE work_item_id = $1"), {idOf("S5")}).toString(), QStringLiteral("NEW"));
    }

    // ---------------------------------------------------------------- seed 004: outbox relay

    void relayClaimSkipsLockedRowsAndRollbackUnpublishes() {
        m_db->exec(QStringLiteral("SELECT outbox_enqueue('Order', g::text, 'OrderPlaced', jsonb_build_object('n', g)) FROM generate_series(1, 10) g"));
        const qint64 firstId = count(QStringLiteral("SELECT min(id) FROM outbox"));
        PgSession relayA({m_db->connectionString()}), relayB({m_db->connectionString()});
        relayA.open();
        relayB.open();
        QList<QVariantList> a, b;
        relayA.transact([&](PgTx &ta) {
            a = ta.exec(QStringLiteral("SELECT id FROM outbox_relay_claim(4)")).rows;
            // relay B dies before COMMIT
            const auto e = errorOf([&] {
                relayB.transact([&](PgTx &tb) {
                    b = tb.exec(QStringLiteral("SELECT id FROM outbox_relay_claim(100)")).rows;
                    for (const QVariantList &r : b)
                        tb.exec(QStringLiteral("SELECT outbox_mark_published($1)"), {r.value(0)});
                    throw PgError(PgError::Kind::Query, QStringLiteral("relay B crashed"));
                });
            });
            QVERIFY(e.has_value());
            for (const QVariantList &r : a)
                ta.exec(QStringLiteral("SELECT outbox_mark_published($1)"), {r.value(0)});
        });
        QCOMPARE(a.size(), 4);
        QCOMPARE(b.size(), 6);
        QCOMPARE(toLong(a.first().value(0)), firstId);     // id order
        QCOMPARE(toLong(b.first().value(0)), firstId + 4); // the locked ones skipped
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM outbox WHERE published_at IS NOT NULL")), 4);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM outbox WHERE published_at IS NULL AND id >= $1"), {firstId + 4}), 6);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT outbox_relay_once(100)")).toInt(), 6);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM outbox WHERE published_at IS NULL")), 0);
    }

    // ---------------------------------------------------------------- admin kit

    void auditTablesAreAppendOnly_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("insert");
        // clang-format off
        QTest::newRow("app_outbox_audit") << "app_outbox_audit" << "INSERT INTO app_outbox_audit (outbox_id, action_name, reason) VALUES (1, 'T', 'r')";
        QTest::newRow("batch_work_status_history") << "batch_work_status_history" << "INSERT INTO batch_work_status_history (work_item_id, new_status) VALUES (1, 'NEW')";
        QTest::newRow("outbox_audit") << "outbox_audit" << "INSERT INTO outbox_audit (outbox_id, action_name) VALUES (1, 'T')";
        // clang-format on
    }
    void auditTablesAreAppendOnly() {
        QFETCH(QString, table);
        QFETCH(QString, insert);
        m_db->exec(insert); // the owner (a superuser here) may insert...
        const qint64 rows = count(QStringLiteral("SELECT count(*) FROM %1").arg(table));
        QVERIFY(rows > 0);
        // ...but not change or remove, not even with replication-role tricks
        for (const QString &sql : {QStringLiteral("UPDATE %1 SET changed_at = now()"), QStringLiteral("DELETE FROM %1"),
                                   QStringLiteral("TRUNCATE %1"),
                                   QStringLiteral("SET session_replication_role = replica; DELETE FROM %1")}) {
            const auto e = errorOf([&] { m_db->exec(sql.arg(table)); });
            QVERIFY2(isRefusal(e, QStringLiteral("42501"), QStringLiteral("audit trail is append-only")), qPrintable(sql.arg(table)));
        }
        m_db->exec(QStringLiteral("SET session_replication_role = origin"));
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM %1").arg(table)), rows);
    }

    void rolesGrantWhatTheKitPromises() {
        const qint64 failed = addOutboxRow(QStringLiteral("FAILED"));
        const qint64 pending = addOutboxRow(QStringLiteral("PENDING"));
        PgSession op({m_db->connectionStringAs(QStringLiteral("demo_operator"))});
        op.open();
        // An operator changes messages only through the kit's action function, which
        // writes the audit row itself; the seeds' caller-rights procedures are refused.
        op.query(QStringLiteral("SELECT * FROM outbox_monitor_action_app_outbox('retry', gen_random_uuid(), ARRAY[$1::bigint],"
                                " 'operator retry works', NULL, NULL, NULL, NULL, NULL)"),
                 {failed});
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT changed_by FROM app_outbox_audit WHERE outbox_id = $1"), {failed}).toString(),
                 QStringLiteral("demo_operator"));
        QVERIFY(isRefusal(errorOf([&] { op.query(QStringLiteral("CALL retry_failed($1, 'direct')"), {pending}); }),
                          QStringLiteral("42501"), QStringLiteral("permission denied")));
        for (const QString &sql : {QStringLiteral("UPDATE app_outbox SET payload_json = 'x' WHERE outbox_id = %1").arg(pending),
                                   QStringLiteral("UPDATE app_outbox SET retry_count = 0 WHERE outbox_id = %1").arg(pending),
                                   QStringLiteral("DELETE FROM app_outbox WHERE outbox_id = %1").arg(pending),
                                   QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json) VALUES ('k', 'e', 'd', 'p')"),
                                   QStringLiteral("UPDATE app_outbox_audit SET reason = 'rewritten'"),
                                   QStringLiteral("DELETE FROM batch_work_status_history"),
                                   QStringLiteral("UPDATE outbox SET payload = '{}'")}) {
            const auto e = errorOf([&] { op.query(sql); });
            QVERIFY2(isRefusal(e, QStringLiteral("42501"), QStringLiteral("permission denied")), qPrintable(sql));
        }
        for (const char *sql : {"UPDATE outbox SET published_at = now() WHERE false",
                                "UPDATE batch_work_item SET status = 'SKIPPED', updated_at = now() WHERE false"})
            QVERIFY(isRefusal(errorOf([&] { op.query(QString::fromLatin1(sql)); }), QStringLiteral("42501"), QStringLiteral("permission denied")));

        PgSession au({m_db->connectionStringAs(QStringLiteral("demo_auditor"))});
        au.open();
        QVERIFY(toLong(au.query(QStringLiteral("SELECT count(*) FROM app_outbox_audit")).scalar()) > 0);
        au.query(QStringLiteral("SELECT count(*) FROM batch_work_item, batch_work_status_history, outbox, outbox_audit WHERE false"));
        // demo_auditor is read-only by default; switching that off must not help
        au.execScript(QStringLiteral("SET default_transaction_read_only = off"));
        for (const QString &sql : {QStringLiteral("UPDATE app_outbox SET status = 'CANCELLED' WHERE outbox_id = %1").arg(pending),
                                   QStringLiteral("INSERT INTO app_outbox_audit (outbox_id, action_name) VALUES (1, 'X')"),
                                   QStringLiteral("CALL cancel_message(%1, 'auditor tries')").arg(pending)}) {
            const auto e = errorOf([&] { au.query(sql); });
            QVERIFY2(isRefusal(e, QStringLiteral("42501"), QStringLiteral("permission denied")), qPrintable(sql));
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM app_outbox WHERE outbox_id = $1"), {pending}).toString(), QStringLiteral("PENDING"));
    }

    // ---------------------------------------------------------------- demo history

    void demoHistoryHasThePromisedMix() {
        QString error;
        auto db = TestDatabase::create({"demo/install_demo.sql", "demo/catalog.sql", "demo/logins.sql", "demo/history.sql"}, &error);
        if (!db)
            QFAIL(qPrintable(error));
        db->applyFile(QStringLiteral("demo/install_demo.sql")); // idempotent, psql variables and all
        QElapsedTimer t;
        t.start();
        db->exec(QStringLiteral("SELECT * FROM demo_load_history(20000)"));
        qInfo("demo_load_history(20000): %lld ms", qint64(t.elapsed()));
        const auto n = [&](const QString &sql) { return toLong(db->scalar(sql)); };

        // app_outbox: exact proportions per block of 10,000 rows
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM app_outbox")), 20000);
        QCOMPARE(db->rows(QStringLiteral("SELECT status, count(*) FROM app_outbox GROUP BY status ORDER BY status")),
                 (QList<QVariantList>{{QStringLiteral("CANCELLED"), QStringLiteral("102")},
                                      {QStringLiteral("FAILED"), QStringLiteral("80")},
                                      {QStringLiteral("PENDING"), QStringLiteral("210")},
                                      {QStringLiteral("PROCESSING"), QStringLiteral("8")},
                                      {QStringLiteral("SENT"), QStringLiteral("19600")}}));
        QCOMPARE(n(QStringLiteral("SELECT count(DISTINCT event_type) FROM app_outbox")), 20);
        QCOMPARE(n(QStringLiteral("SELECT count(DISTINCT destination) FROM app_outbox")), 8);
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'PROCESSING' AND locked_at < now() - interval '30 minutes' AND locked_by LIKE 'worker-%'")), 6);
        // the oldest pending messages are on the sick destination, hours old
        QCOMPARE(db->scalar(QStringLiteral("SELECT destination FROM app_outbox WHERE status = 'PENDING' ORDER BY created_at LIMIT 1")).toString(),
                 QStringLiteral("SHIPPING_API"));
        QVERIFY(n(QStringLiteral("SELECT extract(epoch FROM now() - min(created_at))::bigint FROM app_outbox WHERE status = 'PENDING'")) > 3 * 3600);
        QVERIFY(n(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'PENDING' AND destination = 'SHIPPING_API'")) > 100);
        // near max retries, FAILED at max with errors, permanent failures
        QVERIFY(n(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'PENDING' AND retry_count = max_retry_count - 1")) >= 20);
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'FAILED' AND (last_error_code IS NULL OR last_error_msg IS NULL)")), 0);
        QVERIFY(n(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'FAILED' AND retry_count = max_retry_count")) >= 40);
        QVERIFY(n(QStringLiteral("SELECT count(*) FROM app_outbox WHERE status = 'FAILED' AND last_error_code IN ('HTTP_400', 'HTTP_422', 'HTTP_404')")) >= 10);
        // payloads: JSON, except a few invalid ones and one multi-megabyte one
        db->exec(QStringLiteral("CREATE FUNCTION pg_temp.is_json(t text) RETURNS boolean LANGUAGE plpgsql AS "
                                "$$ BEGIN PERFORM t::jsonb; RETURN true; EXCEPTION WHEN others THEN RETURN false; END $$"));
        const qint64 invalid = n(QStringLiteral("SELECT count(*) FROM app_outbox WHERE NOT pg_temp.is_json(payload_json)"));
        QVERIFY2(invalid >= 3 && invalid <= 10, qPrintable(QString::number(invalid)));
        QVERIFY(n(QStringLiteral("SELECT max(length(payload_json)) FROM app_outbox")) > 2000000);
        // ids follow creation time
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM (SELECT created_at < lag(created_at) OVER (ORDER BY outbox_id) AS back FROM app_outbox) s WHERE back")), 0);
        // operators' audit rows: one per cancelled message, one per retried-then-sent message
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM app_outbox_audit WHERE action_name = 'CANCEL_MESSAGE'")), 102);
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM app_outbox_audit a JOIN app_outbox o USING (outbox_id) WHERE a.action_name = 'RETRY_FAILED' AND o.status = 'SENT'")), 20);

        // batch_work_item: every state, history rows for every claimed item
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM batch_work_item")), 6666);
        QCOMPARE(n(QStringLiteral("SELECT count(DISTINCT status) FROM batch_work_item")), 6);
        QVERIFY(n(QStringLiteral("SELECT count(*) FROM batch_work_item WHERE status = 'RUNNING' AND locked_at < now() - interval '2 hours'")) >= 1);
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM batch_work_item w WHERE status <> 'NEW' AND NOT EXISTS "
                                  "(SELECT 1 FROM batch_work_status_history h WHERE h.work_item_id = w.work_item_id)")),
                 0);
        QVERIFY(n(QStringLiteral("SELECT count(*) FROM batch_work_status_history WHERE action_name = 'MANUAL_RETRY'")) > 0);

        // outbox: mostly published, the newest 0.1% not
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM outbox")), 10000);
        QCOMPARE(n(QStringLiteral("SELECT count(*) FROM outbox WHERE published_at IS NULL")), 10);
        QVERIFY(n(QStringLiteral("SELECT count(*) FROM outbox_audit")) > 0);
    }
};

OM_TEST_GUILESS_MAIN(TestSqlPorts)
#include "tst_sqlports.moc"
