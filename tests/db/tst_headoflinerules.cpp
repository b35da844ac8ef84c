// SPDX-License-Identifier: GPL-3.0-or-later
// Head of line by each library's rule, on four tables the test makes (tests/support/profiles/
// headofline/): a poller that passes over abandoned rows, rows flagged for parallel delivery, a key
// locked through a queue table by a session that is then killed, and rows of no key. For each, the
// Blocked keys list and the dashboard's totals equal a brute-force SQL of that rule written here
// (every row read, DISTINCT ON per key), before and after an audited action on a head.
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/triage/blockedkeys.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"
#include "headoflinetables.h"

#include <QMap>
#include <QRandomGenerator>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

constexpr int kTimeout = 30; // stuck timeout, minutes

/// What the rule says of one blocked key.
struct Expected {
    QString headId;
    int why = 0;
    qint64 behind = 0;
    bool operator==(const Expected &o) const { return headId == o.headId && why == o.why && behind == o.behind; }
};

QString describe(const QMap<QString, Expected> &m) {
    QStringList out;
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        out << QStringLiteral("%1: head %2 why %3 behind %4").arg(it.key(), it->headId).arg(it->why).arg(it->behind);
    return out.join(QLatin1String("; "));
}

} // namespace

class TestHeadOfLineRules : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    SchemaProfile setUp(const HeadOfLineTable &t) { return setUpHeadOfLineTable(*m_db, t); }

    void fill(const HeadOfLineTable &r, quint32 seed, int keys) {
        m_db->exec(QStringLiteral("SELECT setseed($1::float8)"), {double(seed % 1000) / 1000.0});
        // The fill has several statements and one parameter: each statement on its own.
        for (const QString &statement : r.fill.split(QLatin1String("; ")))
            m_db->exec(statement, statement.contains(QLatin1String("$1")) ? QVariantList{keys} : QVariantList{});
    }

    /// The rule, by brute force: every line row read, each key's first by the rule's order (created
    /// time unless it says another), then id; every other row of the key's line waits behind it.
    /// DISTINCT ON takes the NULL keys as one, which only a rule that keeps them in a line has.
    QMap<QString, Expected> bruteForce(const HeadOfLineTable &r) {
        const QString sql = QStringLiteral("WITH line AS (SELECT * FROM %1 WHERE %2), "
                                           "heads AS (SELECT DISTINCT ON (%3) * FROM line ORDER BY %3, %4, id), "
                                           "judged AS (SELECT h.*, %5 AS om_why FROM heads h) "
                                           "SELECT j.%3, j.id::text, j.om_why, "
                                           "(SELECT count(*) FROM line l WHERE l.%3 IS NOT DISTINCT FROM j.%3 AND l.id <> j.id) "
                                           "FROM judged j WHERE j.om_why > 0")
                                .arg(r.table, r.line, r.key, r.order.isEmpty() ? r.created : r.order, r.why);
        QMap<QString, Expected> out;
        for (const QVariantList &row : m_db->rows(sql))
            out.insert(row[0].toString(), Expected{row[1].toString(), row[2].toInt(), row[3].toLongLong()});
        return out;
    }

    QMap<QString, Expected> monitor(const SchemaProfile &p, qint64 *heads = nullptr, qint64 *behind = nullptr) {
        const BlockedKeys got = BlockedKeysQuery(p, kTimeout).run(m_db->session(), 1000);
        if (got.truncated)
            qFatal("more than 1,000 blocked keys");
        QMap<QString, Expected> out;
        for (const BlockedKey &k : got.keys) {
            if (out.contains(k.orderingKey))
                qWarning("key %s listed twice", qPrintable(k.orderingKey));
            out.insert(k.orderingKey, Expected{k.head.id.text(), int(k.why), k.behind});
        }
        const Snapshot snap = SnapshotQuery(p, kTimeout).run(m_db->session(), false);
        if (heads && snap.blockedHeads)
            *heads = *snap.blockedHeads;
        if (behind && snap.blockedBehind)
            *behind = *snap.blockedBehind;
        return out;
    }

    /// The list and the dashboard's totals against the brute force.
    void compare(const HeadOfLineTable &r, const SchemaProfile &p) {
        qint64 heads = -1, behind = -1;
        const QMap<QString, Expected> want = bruteForce(r), got = monitor(p, &heads, &behind);
        QVERIFY2(got == want, qPrintable(QStringLiteral("monitor: %1\nrule:    %2").arg(describe(got), describe(want))));
        qint64 wantBehind = 0;
        for (const Expected &e : want)
            wantBehind += e.behind;
        QCOMPARE(heads, qint64(want.size()));
        QCOMPARE(behind, wantBehind);
    }

private slots:
    void init() { OM_CREATE_TEST_DATABASE(m_db, QStringList{}); }
    void cleanup() { m_db.reset(); }

    void blockedKeysFollowTheRule_data() {
        QTest::addColumn<QString>("rule");
        for (const QString &name : headOfLineTables().keys())
            QTest::newRow(qPrintable(name)) << name;
    }
    /// Random rows in rounds; after each, an audited action on the head of the worst key its
    /// profile can act on, and the comparison again.
    void blockedKeysFollowTheRule() {
        QFETCH(QString, rule);
        const HeadOfLineTable r = headOfLineTables().value(rule);
        const SchemaProfile p = setUp(r);
        int acted = 0;
        qint64 blocked = 0;
        for (int round = 0; round < 3; ++round) {
            const quint32 seed = QRandomGenerator::global()->generate();
            qInfo("round %d, seed %u", round, seed);
            m_db->exec(QStringLiteral("TRUNCATE %1").arg(r.table));
            if (!r.lockTable.isEmpty())
                m_db->exec(QStringLiteral("TRUNCATE %1").arg(r.lockTable));
            fill(r, seed, 20 + round * 10);
            blocked += bruteForce(r).size();
            compare(r, p);
            if (QTest::currentTestFailed())
                return;
            const BlockedKeys keys = BlockedKeysQuery(p, kTimeout).run(m_db->session(), 1000);
            for (const BlockedKey &k : keys.keys) {
                const auto kind = std::find_if(p.actions.cbegin(), p.actions.cend(),
                                               [&](const ActionDef &a) { return a.from.contains(k.head.state); });
                if (k.heldByLock() || kind == p.actions.cend())
                    continue;
                const qint64 head = k.head.id.number();
                const ActionResult done = ActionRunner(p).run(m_db->session(), actionRequest(kind.key(), {head}));
                QCOMPARE(done.changed(), qint64(1));
                QCOMPARE(auditCount(*m_db, p, {head}, kind->auditName), qint64(1));
                // The head no longer holds its key up (its lock still may).
                const QMap<QString, Expected> after = bruteForce(r);
                QVERIFY(!after.contains(k.orderingKey) || after.value(k.orderingKey).headId != k.head.id.text()
                        || after.value(k.orderingKey).why >= int(BlockedKey::Why::LockHolderGone));
                compare(r, p);
                ++acted;
                break;
            }
        }
        // Per key, a head blocks with a chance of a third or more: over 90 keys, some always do.
        QVERIFY2(blocked > 0, "the random rows should block at least one key");
        QVERIFY2(acted > 0, "no round had a head the profile can act on");
    }

    /// The rule's own cases, each on rows placed by hand: what the old single rule got wrong.
    void abandonedRowsArePassedOver() {
        const HeadOfLineTable r = headOfLineTables().value(QStringLiteral("skipped"));
        const SchemaProfile p = setUp(r);
        // s-1: abandoned, then a fresh queued row: nothing blocks (the poller takes the queued row).
        // s-2: abandoned, then a running row stuck for an hour: the stuck row is the head.
        m_db->exec(QStringLiteral(
            "INSERT INTO hol_skipped (stream, phase, created_at, started_at) VALUES "
            "('s-1', 'abandoned', now() - interval '3 hours', NULL), ('s-1', 'queued', now() - interval '2 hours', NULL), "
            "('s-2', 'abandoned', now() - interval '3 hours', NULL), ('s-2', 'running', now() - interval '2 hours', now() - interval '1 hour'), "
            "('s-2', 'queued', now() - interval '1 hour', NULL)"));
        const QMap<QString, Expected> got = monitor(p);
        QCOMPARE(got.keys(), QStringList{QStringLiteral("s-2")});
        QCOMPARE(got.value(QStringLiteral("s-2")).why, int(BlockedKey::Why::Stuck));
        QCOMPARE(got.value(QStringLiteral("s-2")).behind, qint64(1));
        compare(r, p);
    }

    void rowsOfNoKeyAreNoKey() {
        const HeadOfLineTable r = headOfLineTables().value(QStringLiteral("nullkey"));
        const SchemaProfile p = setUp(r);
        m_db->exec(QStringLiteral("INSERT INTO hol_nullkey (group_id, status, created_at) VALUES "
                                  "(NULL, 'error', now() - interval '2 hours'), (NULL, 'pending', now() - interval '1 hour'), "
                                  "('g-1', 'pending', now() - interval '1 hour')"));
        QVERIFY(monitor(p).isEmpty());
        compare(r, p);
    }

    /// "Every row of no group is one line": a failing row of no group holds the 19 behind it,
    /// where the rule of no key (hol_nullkey) lists nothing.
    void rowsOfNoKeyAreOneLine() {
        const HeadOfLineTable r = headOfLineTables().value(QStringLiteral("nullline"));
        const SchemaProfile p = setUp(r);
        m_db->exec(QStringLiteral("INSERT INTO hol_nullline (group_id, status, created_at) "
                                  "SELECT NULL, 'pending', now() - make_interval(mins => i) FROM generate_series(1, 19) i; "
                                  "INSERT INTO hol_nullline (group_id, status, created_at, error) VALUES "
                                  "(NULL, 'error', now() - interval '2 hours', 'no route'), ('g-1', 'pending', now() - interval '3 hours', NULL)"));
        qint64 heads = -1, behind = -1;
        const QMap<QString, Expected> got = monitor(p, &heads, &behind);
        QCOMPARE(got.keys(), QStringList{QString()});
        QCOMPARE(got.first().why, int(BlockedKey::Why::Failed));
        QCOMPARE(got.first().behind, qint64(19));
        QCOMPARE(heads, qint64(1));
        QCOMPARE(behind, qint64(19));
        const BlockedKeys keys = BlockedKeysQuery(p, kTimeout).run(m_db->session(), 10);
        QVERIFY(keys.keys.first().nullKey);
        compare(r, p);
    }

    /// "While a job of a key is active, no other job of it is fetched": four jobs of one key, the
    /// active one created last. While it runs the key is moving; once it is past the stuck timeout
    /// it is the head that holds the three others, in the list and in the dashboard's tile.
    void aSingletonKeysActiveJobIsItsHead() {
        const HeadOfLineTable r = headOfLineTables().value(QStringLiteral("singleton"));
        const SchemaProfile p = setUp(r);
        m_db->exec(QStringLiteral("INSERT INTO hol_singleton (singleton_key, state, created_at) "
                                  "SELECT 'k-1', 'created', now() - make_interval(mins => 90 - i) FROM generate_series(1, 3) i; "
                                  "INSERT INTO hol_singleton (singleton_key, state, created_at, started_at) "
                                  "VALUES ('k-1', 'active', now() - interval '10 minutes', now() - interval '2 minutes')"));
        QVERIFY(monitor(p).isEmpty());
        compare(r, p);
        m_db->exec(QStringLiteral("UPDATE hol_singleton SET started_at = now() - interval '1 hour' WHERE state = 'active'"));
        qint64 heads = -1, behind = -1;
        const QMap<QString, Expected> got = monitor(p, &heads, &behind);
        QCOMPARE(got.keys(), QStringList{QStringLiteral("k-1")});
        QCOMPARE(got.value(QStringLiteral("k-1")).why, int(BlockedKey::Why::Stuck));
        QCOMPARE(got.value(QStringLiteral("k-1")).behind, qint64(3));
        QCOMPARE(got.value(QStringLiteral("k-1")).headId,
                 m_db->scalar(QStringLiteral("SELECT id::text FROM hol_singleton WHERE state = 'active'")).toString());
        QCOMPARE(heads, qint64(1));
        QCOMPARE(behind, qint64(3));
        compare(r, p);
    }

    /// "Jobs are taken by priority, highest first, then run time": a failing job of low priority
    /// created first is not q-1's head while a job of higher priority waits (it is taken first);
    /// q-2's failing job of the highest priority holds the two behind it.
    void theHeadIsTheJobTakenNext() {
        const HeadOfLineTable r = headOfLineTables().value(QStringLiteral("pickorder"));
        const SchemaProfile p = setUp(r);
        m_db->exec(QStringLiteral(
            "INSERT INTO hol_pickorder (queue, status, priority, run_at, created_at, error) VALUES "
            "('q-1', 'failed', 0, now() - interval '3 hours', now() - interval '3 hours', 'refused'), "
            "('q-1', 'queued', 5, now() - interval '1 hour', now() - interval '1 hour', NULL), "
            "('q-2', 'queued', 1, now() - interval '3 hours', now() - interval '3 hours', NULL), "
            "('q-2', 'failed', 9, now() - interval '1 hour', now() - interval '1 hour', 'refused'), "
            "('q-2', 'queued', 9, now() - interval '30 minutes', now() - interval '4 hours', NULL)"));
        const QMap<QString, Expected> got = monitor(p);
        QCOMPARE(got.keys(), QStringList{QStringLiteral("q-2")});
        QCOMPARE(got.value(QStringLiteral("q-2")).why, int(BlockedKey::Why::Failed));
        QCOMPARE(got.value(QStringLiteral("q-2")).behind, qint64(2));
        QCOMPARE(got.value(QStringLiteral("q-2")).headId,
                 m_db->scalar(QStringLiteral("SELECT id::text FROM hol_pickorder WHERE queue = 'q-2' AND status = 'failed'")).toString());
        compare(r, p);
    }

    /// "A queue is locked by a worker's id; the library frees it when the heartbeat is a minute old
    /// or the lock an hour old": each found by its own limit, not by the stuck timeout; a lock
    /// without a holder is free whatever times it kept.
    void aWorkersLockIsJudgedByItsHeartbeatAndAge() {
        const HeadOfLineTable r = headOfLineTables().value(QStringLiteral("workerlock"));
        const SchemaProfile p = setUp(r);
        m_db->exec(QStringLiteral("INSERT INTO hol_wqueue (queue_name, state, created_at) "
                                  "SELECT 'q-1', 'waiting', now() - make_interval(mins => 200 - i) FROM generate_series(1, 148) i; "
                                  "INSERT INTO hol_wqueue_lock VALUES ('q-1', 'pool-7f3a', now() - interval '2 minutes', now() - interval '5 seconds')"));
        QVERIFY(monitor(p).isEmpty()); // a live worker, beating
        compare(r, p);
        const auto why = [&] { return monitor(p).value(QStringLiteral("q-1"), Expected{QString(), 0, 0}).why; };
        m_db->exec(QStringLiteral("UPDATE hol_wqueue_lock SET heartbeat_at = now() - interval '2 minutes'"));
        QCOMPARE(why(), int(BlockedKey::Why::LockHeartbeatStale)); // two minutes, not the 30 of the stuck timeout
        QCOMPARE(monitor(p).value(QStringLiteral("q-1")).behind, qint64(147));
        compare(r, p);
        m_db->exec(QStringLiteral("UPDATE hol_wqueue_lock SET heartbeat_at = now(), locked_at = now() - interval '61 minutes'"));
        QCOMPARE(why(), int(BlockedKey::Why::LockHeldTooLong)); // the library's hour, not the stuck timeout
        compare(r, p);
        m_db->exec(QStringLiteral("UPDATE hol_wqueue_lock SET locked_by = NULL, heartbeat_at = now() - interval '1 day'"));
        QCOMPARE(why(), 0); // free: the library left its times behind
        compare(r, p);
    }

    /// A head stuck by itself while its queue's lock is held too: listed as stuck (an action on it
    /// is allowed), with the lock's holder, so that the Recover dialog can say the lock stays.
    void aStuckHeadSaysItsLockIsHeldToo() {
        const HeadOfLineTable r = headOfLineTables().value(QStringLiteral("workerlock"));
        const SchemaProfile p = setUp(r);
        m_db->exec(QStringLiteral("INSERT INTO hol_wqueue (queue_name, state, created_at, started_at) VALUES "
                                  "('q-1', 'active', now() - interval '3 hours', now() - interval '2 hours'), "
                                  "('q-1', 'waiting', now() - interval '1 hour', NULL), ('q-2', 'failed', now() - interval '1 hour', NULL); "
                                  "INSERT INTO hol_wqueue_lock VALUES ('q-1', 'pool-7f3a', now() - interval '5 minutes', now()), "
                                  "('q-2', NULL, now() - interval '5 hours', NULL)"));
        const BlockedKeys keys = BlockedKeysQuery(p, kTimeout).run(m_db->session(), 10);
        QCOMPARE(keys.keys.size(), 2);
        for (const BlockedKey &k : keys.keys) {
            const bool q1 = k.orderingKey == QLatin1String("q-1");
            QCOMPARE(k.why, q1 ? BlockedKey::Why::Stuck : BlockedKey::Why::Failed);
            QCOMPARE(k.lockHeld, q1); // q-2's lock has no holder: free, whatever its time says
            QCOMPARE(k.lockHolder, q1 ? QStringLiteral("pool-7f3a") : QString());
        }
        compare(r, p);
    }

    /// --check-profile: a heartbeat column that is not a time is an error at its path.
    void theCheckWantsTimesForTheLocksAges() {
        const SchemaProfile p = setUp(headOfLineTables().value(QStringLiteral("workerlock")));
        const auto errors = [&] {
            QStringList out;
            for (const ProfileFinding &f : ProfileCheck(p).run(m_db->session()).findings)
                if (f.severity == ProfileFinding::Severity::Error)
                    out << f.path + QStringLiteral(": ") + f.message;
            return out;
        };
        QCOMPARE(errors(), QStringList());
        m_db->exec(QStringLiteral("ALTER TABLE hol_wqueue_lock ALTER COLUMN heartbeat_at TYPE bigint USING 0"));
        const QStringList got = errors();
        QCOMPARE(got.size(), 1);
        QVERIFY2(got.first().startsWith(QLatin1String("ordering.lock.heartbeatAt: \"heartbeat_at\" is bigint, not a time")),
                 qPrintable(got.first()));
    }

    /// A worker takes the queue's lock and dies with it: the key is listed, named for its lock,
    /// with every row of the queue behind its first; while the worker lives it is not.
    void aLockHeldByAKilledSessionBlocksItsQueue() {
        const HeadOfLineTable r = headOfLineTables().value(QStringLiteral("queuelock"));
        const SchemaProfile p = setUp(r);
        m_db->exec(QStringLiteral("INSERT INTO hol_queue (queue_name, state, created_at) "
                                  "SELECT 'q-1', 'waiting', now() - make_interval(mins => 70 - i) FROM generate_series(1, 63) i; "
                                  "INSERT INTO hol_queue_lock VALUES ('q-1', NULL, NULL)"));
        PgSession::Options o;
        o.connInfo = m_db->connectionString();
        PgSession worker(o);
        worker.open();
        worker.query(QStringLiteral("UPDATE hol_queue_lock SET locked_by_pid = pg_backend_pid(), locked_at = now() WHERE queue_name = 'q-1'"));
        QVERIFY(monitor(p).isEmpty()); // held by a live worker for a moment: the queue is moving
        compare(r, p);

        const int pid = m_db->scalar(QStringLiteral("SELECT locked_by_pid FROM hol_queue_lock")).toInt();
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT pg_terminate_backend($1)"), {pid}).toString(), QStringLiteral("t"));
        QTRY_VERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = $1"), {pid}).toInt() == 0);
        const QMap<QString, Expected> got = monitor(p);
        QCOMPARE(got.keys(), QStringList{QStringLiteral("q-1")});
        QCOMPARE(got.value(QStringLiteral("q-1")).why, int(BlockedKey::Why::LockHolderGone));
        QCOMPARE(got.value(QStringLiteral("q-1")).behind, qint64(62));
        QCOMPARE(got.value(QStringLiteral("q-1")).headId,
                 m_db->scalar(QStringLiteral("SELECT id::text FROM hol_queue ORDER BY created_at, id LIMIT 1")).toString());
        compare(r, p);
    }

    /// --check-profile reads the lock table too: a renamed column or a missing table is an error
    /// at its path, where the Blocked keys statement would otherwise fail.
    void theCheckNamesWhatTheLockTableLacks() {
        const SchemaProfile p = setUp(headOfLineTables().value(QStringLiteral("queuelock")));
        const auto errorsAt = [&] {
            QStringList out;
            for (const ProfileFinding &f : ProfileCheck(p).run(m_db->session()).findings)
                if (f.severity == ProfileFinding::Severity::Error)
                    out << f.path + QStringLiteral(": ") + f.message;
            return out;
        };
        QCOMPARE(errorsAt(), QStringList());
        m_db->exec(QStringLiteral("ALTER TABLE hol_queue_lock RENAME COLUMN locked_at TO taken_at"));
        QStringList errors = errorsAt();
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().startsWith(QLatin1String("ordering.lock.lockedAt: \"locked_at\" is not a column of \"public\".\"hol_queue_lock\"")),
                 qPrintable(errors.first()));
        m_db->exec(QStringLiteral("DROP TABLE hol_queue_lock"));
        errors = errorsAt();
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().startsWith(QLatin1String("ordering.lock.table: \"public\".\"hol_queue_lock\" does not exist")),
                 qPrintable(errors.first()));
    }

    void theKitGrantsTheLockTable() {
        const SchemaProfile p = setUp(headOfLineTables().value(QStringLiteral("queuelock")));
        m_db->createLoginRole(QStringLiteral("hol_auditor"), QStringLiteral("outbox_auditor"));
        const QString privileges = QStringLiteral("SELECT has_table_privilege('hol_auditor', 'public.hol_queue_lock', 'SELECT')::text "
                                                  "|| has_table_privilege('hol_auditor', 'public.hol_queue_lock', 'UPDATE')::text");
        QCOMPARE(m_db->scalar(privileges).toString(), QStringLiteral("truefalse")); // reads it, never changes it
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(QStringLiteral("hol_auditor"));
        PgSession auditor(o);
        auditor.open();
        QCOMPARE(BlockedKeysQuery(p, kTimeout).run(auditor, 10).keys.size(), 0);
    }
};

OM_TEST_GUILESS_MAIN(TestHeadOfLineRules)
#include "tst_headoflinerules.moc"
