// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard's one-round-trip snapshot against brute force, on randomised data, for each of
// the three profiles from the seeds.
#include "core/dashboard/snapshotquery.h"
#include "core/sql/statesql.h"
#include "profilerows.h"
#include "agereading.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QFile>
#include <algorithm>
#include <QRandomGenerator>
#include <QTest>

using namespace om;
using namespace om::test;

class TestSnapshot : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    quint32 m_seed = 0;

    // Who holds the in-flight rows, against a GROUP BY written here: per worker the rows held, those
    // held past the timeout, the oldest lock's age and the first three destinations (else types).
    void compareWorkers(const SchemaProfile &p, const Snapshot &s, const QElapsedTimer &sinceBefore) {
        if (!p.has("lockedBy")) {
            QVERIFY(s.byWorker.isEmpty());
            return;
        }
        const QString t = p.qualifiedTable();
        const PgResult truth = m_db->session().query(
            QStringLiteral("SELECT %1::text, count(*), count(*) FILTER (WHERE %2 < now() - interval '%3 minutes'), "
                           "extract(epoch from now() - min(%2))::float8 FROM %4 WHERE %5 "
                           "GROUP BY 1 ORDER BY 3 DESC, 2 DESC, 1 NULLS LAST LIMIT 12")
                .arg(p.col("lockedBy"), p.col(p.stuckSince))
                .arg(p.stuckTimeoutMinutes)
                .arg(t, sql::statesPredicate(p, p.stuckStates)));
        QVERIFY(truth.rows.size() >= 2); // the data has several workers and rows naming none
        QCOMPARE(s.byWorker.size(), truth.rows.size());
        const QString what = p.has("destination") ? QStringLiteral("destination") : QStringLiteral("type");
        for (int i = 0; i < s.byWorker.size(); ++i) {
            const WorkerGroup &g = s.byWorker.at(i);
            const QVariantList &row = truth.rows.at(i);
            QCOMPARE(g.worker, row.at(0).toString());
            QCOMPARE(g.inFlight, row.at(1).toLongLong());
            QCOMPARE(g.stuck, row.at(2).toLongLong());
            QVERIFY(ageAgrees(g.oldestLockAgeS, row.at(3).toDouble(), sinceBefore));
            const PgResult whats = m_db->session().query(
                QStringLiteral("SELECT DISTINCT %1::text FROM %2 WHERE %3 AND %4 IS NOT DISTINCT FROM $1 ORDER BY 1 LIMIT 3")
                    .arg(p.col(what), t, sql::statesPredicate(p, p.stuckStates), p.col("lockedBy")),
                {row.at(0)});
            QStringList expected;
            for (const QVariantList &w : whats.rows)
                expected << w.at(0).toString();
            QCOMPARE(g.what, expected);
        }
        QVERIFY(std::any_of(s.byWorker.cbegin(), s.byWorker.cend(), [](const WorkerGroup &g) { return g.worker.isEmpty(); }));
        QVERIFY(std::any_of(s.byWorker.cbegin(), s.byWorker.cend(), [](const WorkerGroup &g) { return g.stuck > 0; }));
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        m_seed = QRandomGenerator::global()->generate() % 100000;
        qInfo("random seed %u", m_seed);
        m_db->exec(QStringLiteral("SELECT setseed(%1)").arg(double(m_seed) / 100000.0));
        // app_outbox: every status, ages up to 3 hours, retries around the maximum.
        m_db->exec(R"(
            INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, retry_count,
                                    max_retry_count, locked_by, locked_at, created_at, updated_at)
            SELECT 'K:' || g, 'EVT_' || (g % 7), 'DEST_' || (g % 5), '{}',
                   (ARRAY['PENDING','PROCESSING','SENT','SENT','SENT','FAILED','CANCELLED'])[1 + floor(random() * 7)::int],
                   floor(random() * 6)::int, 5,
                   'worker-' || (g % 3), now() - random() * interval '3 hours',
                   now() - random() * interval '3 hours', now()
            FROM generate_series(1, 5000) g)");
        m_db->exec(R"(
            INSERT INTO batch_work_item (job_name, source_key, target_date, status, retry_count, max_retry_count,
                                         locked_by, locked_at, created_at, updated_at)
            SELECT 'JOB_' || (g % 4), 'S' || g, current_date,
                   (ARRAY['NEW','RUNNING','SUCCESS','SUCCESS','FAILED','RETRY_WAIT','SKIPPED'])[1 + floor(random() * 7)::int],
                   floor(random() * 4)::int, 3, 'w' || (g % 2), now() - random() * interval '5 hours',
                   now() - random() * interval '5 hours', now()
            FROM generate_series(1, 3000) g)");
        m_db->exec(R"(
            INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, created_at, published_at)
            SELECT gen_random_uuid(), 'Agg' || (g % 3), 'A' || g, 'Placed', '{}', now() - random() * interval '2 hours',
                   CASE WHEN random() < 0.3 THEN NULL ELSE now() END
            FROM generate_series(1, 2000) g)");
        // In-flight rows that name no worker (a relay that does not record one): their own group.
        m_db->exec(R"(
            INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, locked_at, created_at, updated_at)
            SELECT 'NW:' || g, 'EVT_1', 'DEST_' || (g % 2), '{}', 'PROCESSING', now() - g * interval '20 minutes', now(), now()
            FROM generate_series(1, 3) g)");
        m_db->exec(R"(
            INSERT INTO batch_work_item (job_name, source_key, target_date, status, locked_at, created_at, updated_at)
            SELECT 'JOB_9', 'NW' || g, current_date, 'RUNNING', now() - g * interval '50 minutes', now(), now()
            FROM generate_series(1, 3) g)");
        // The live row count comes from pg_stat (n_live_tup), which ANALYZE sets; counts of this
        // session not yet sent to the statistics would be added on top of it afterwards (within
        // a second, the rows counted twice). Send them first, as a loader that waits would.
        m_db->exec(QStringLiteral("SELECT pg_stat_force_next_flush()"));
        m_db->exec(QStringLiteral("ANALYZE"));
    }

    void equalsBruteForce_data() { addProfileRows(); }
    void equalsBruteForce() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        QElapsedTimer sinceBefore;
        sinceBefore.start();
        const Snapshot s = SnapshotQuery(p).run(m_db->session());
        const QString t = p.qualifiedTable();

        QCOMPARE(s.states.size(), p.states.size());
        for (const StateCount &c : s.states) {
            const qint64 truth = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2")
                                                  .arg(t, sql::statesPredicate(p, {c.name})))
                                     .toLongLong();
            QVERIFY2(!c.estimated, qPrintable(c.name)); // small table: exact everywhere
            QCOMPARE(c.count, truth);
        }
        const qint64 waiting = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(t, sql::statesPredicate(p, p.waitingStates))).toLongLong();
        QCOMPARE(s.waiting, waiting);
        const double oldest = m_db->scalar(QStringLiteral("SELECT extract(epoch from now() - min(%1)) FROM %2 WHERE %3")
                                               .arg(p.col(p.waitingSince), t, sql::statesPredicate(p, p.waitingStates)))
                                  .toDouble();
        QVERIFY(s.oldestWaitingAgeS.has_value());
        QVERIFY2(qAbs(*s.oldestWaitingAgeS - oldest) < 2.0, qPrintable(QStringLiteral("%1 vs %2").arg(*s.oldestWaitingAgeS).arg(oldest)));
        // At the snapshot's own server time, not this statement's: a row whose lock age reaches the
        // timeout between the two statements would make them differ by one (seen on a loaded CI
        // machine: 485 against 486).
        const qint64 stuck = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 AND %3 < to_timestamp($1::float8) - interval '%4 minutes'")
                                              .arg(t, sql::statesPredicate(p, p.stuckStates), p.col(p.stuckSince))
                                              .arg(p.stuckTimeoutMinutes),
                                          {QString::number(s.serverTime.toMSecsSinceEpoch() / 1000.0, 'f', 3)})
                                 .toLongLong();
        QCOMPARE(s.stuck, stuck);
        if (p.hasRetries()) {
            // The default rule (failures against a limit of retries): one short at maximum - 1.
            const qint64 near = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 AND %3 >= %4 - 1")
                                                 .arg(t, sql::statesPredicate(p, p.nearMaxRetryStates), p.col("retries"), p.col("maxRetries")))
                                    .toLongLong();
            QVERIFY(s.nearMaxRetry.has_value());
            QCOMPARE(*s.nearMaxRetry, near);
        } else {
            QVERIFY(!s.nearMaxRetry.has_value());
        }
        if (p.has("destination")) {
            qint64 sum = 0;
            for (const WaitingGroup &g : s.byDestination) {
                const qint64 n = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 AND %3 = $1")
                                                  .arg(t, sql::statesPredicate(p, p.waitingStates), p.col("destination")),
                                              {g.label})
                                     .toLongLong();
                QCOMPARE(g.count, n);
                sum += n;
            }
            QCOMPARE(sum, waiting); // fewer groups than the limit: they add up to the total
        }
        // Both roll-ups of the one pass over (destination, type) pairs: count and oldest age.
        for (const char *dim : {"destination", "type"}) {
            if (!p.has(dim))
                continue;
            const QList<WaitingGroup> &groups = QLatin1String(dim) == QLatin1String("type") ? s.byType : s.byDestination;
            const PgResult truth = m_db->session().query(
                QStringLiteral("SELECT %1::text, count(*), extract(epoch from now() - min(%2))::float8 FROM %3 WHERE %4"
                               " GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 12")
                    .arg(p.col(dim), p.col(p.waitingSince), t, sql::statesPredicate(p, p.waitingStates)));
            QCOMPARE(groups.size(), truth.rows.size());
            for (int i = 0; i < groups.size(); ++i) {
                QCOMPARE(groups.at(i).label, truth.rows.at(i).at(0).toString());
                QCOMPARE(groups.at(i).count, truth.rows.at(i).at(1).toLongLong());
                QVERIFY(ageAgrees(groups.at(i).oldestAgeS, truth.rows.at(i).at(2).toDouble(), sinceBefore));
            }
        }
        compareWorkers(p, s, sinceBefore);
        QCOMPARE(s.breakdownTime, s.serverTime);
        QVERIFY(s.serverTime.isValid());
        QVERIFY(qAbs(s.serverTime.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    }

    void withoutBreakdownCountsTheSame_data() { addProfileRows(); }
    void withoutBreakdownCountsTheSame() {
        // The refresh without the breakdown (SnapshotPoller's choice while many messages wait)
        // answers every count the same and says it carries no breakdown.
        QFETCH(QString, profileId);
        const SnapshotQuery q(*SchemaProfile::builtIn(profileId));
        const Snapshot full = q.run(m_db->session(), true);
        const Snapshot lean = q.run(m_db->session(), false);
        QVERIFY(!lean.breakdownTime.isValid());
        QVERIFY(lean.byDestination.isEmpty() && lean.byType.isEmpty());
        QVERIFY(!full.byDestination.isEmpty() || !full.byType.isEmpty());
        QCOMPARE(lean.waiting, full.waiting);
        QCOMPARE(lean.stuck, full.stuck);
        QCOMPARE(lean.nearMaxRetry, full.nearMaxRetry);
        for (const StateCount &c : full.states)
            QCOMPARE(lean.count(c.name), c.count);
        QVERIFY(!q.sql(false).contains(QLatin1String("waiting_pairs")));
    }

    void terminalStatesAreEstimatedOnBigTables_data() { addProfileRows(); }
    void terminalStatesAreEstimatedOnBigTables() {
        // Pretend the table is big: no exact count for terminal states; the estimate comes from
        // the statistics and must land near the truth.
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        SnapshotQuery q(p);
        q.setExactCountMaxPages(0);
        const Snapshot s = q.run(m_db->session());
        int terminal = 0;
        for (const StateCount &c : s.states) {
            const qint64 truth = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2")
                                                  .arg(p.qualifiedTable(), sql::statesPredicate(p, {c.name})))
                                     .toLongLong();
            const StateDef *def = p.state(c.name);
            QVERIFY2(def, qPrintable(c.name));
            QCOMPARE(c.estimated, def->terminal);
            if (def->terminal) {
                ++terminal;
                QVERIFY2(truth > 0, qPrintable(c.name)); // the seed data gives every terminal state rows
                QVERIFY2(qAbs(c.count - truth) <= qMax<qint64>(50, truth / 10),
                         qPrintable(QStringLiteral("%1: estimated %2, true %3").arg(c.name).arg(c.count).arg(truth)));
            } else {
                QCOMPARE(c.count, truth);
            }
        }
        QVERIFY(terminal > 0);
    }

    void emptyTableHasNoOldest_data() { addProfileRows(); }
    void emptyTableHasNoOldest() {
        // A copy of the profile's table with no rows, under a name of its own per profile so that
        // the function can run alone, twice, or in any order.
        QFETCH(QString, profileId);
        const QString empty = QStringLiteral("empty_") + profileId;
        m_db->exec(QStringLiteral("DROP TABLE IF EXISTS %1; CREATE TABLE %1 (LIKE %2 INCLUDING ALL)").arg(empty, profileId));
        QString err;
        QFile f(QStringLiteral(OM_SOURCE_DIR "/resources/profiles/%1.json").arg(profileId));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray json = f.readAll().replace("\"table\": \"" + profileId.toUtf8() + "\"", "\"table\": \"" + empty.toUtf8() + "\"");
        const auto p = SchemaProfile::fromJson(json, &err);
        QVERIFY2(p, qPrintable(err));
        QCOMPARE(p->table, empty);
        const Snapshot s = SnapshotQuery(*p).run(m_db->session());
        QVERIFY(!s.oldestWaitingAgeS.has_value());
        QCOMPARE(s.waiting, 0);
        QCOMPARE(s.stuck, 0);
        QCOMPARE(s.states.size(), p->states.size());
        for (const StateCount &c : s.states)
            QCOMPARE(c.count, 0);
    }

    void knownFrequenciesSpareTheStatisticsUntilTheyChange_data() { addProfileRows(); }
    void knownFrequenciesSpareTheStatisticsUntilTheyChange() {
        // The refresh after another passes back the frequencies it was given: the server reads
        // the statistics again only when what they come from has changed (an ANALYZE here).
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const qsizetype terminal = std::count_if(p.states.cbegin(), p.states.cend(), [](const StateDef &s) { return s.terminal; });
        SnapshotQuery q(p);
        q.setExactCountMaxPages(0); // estimated, as on a big table
        const Snapshot first = q.run(m_db->session());
        QVERIFY(!first.frequencies.key.isEmpty());
        QCOMPARE(first.frequencies.values.size(), terminal);
        // Values of the test's own under the same key are the ones used: nothing was read.
        KnownFrequencies planted = first.frequencies;
        for (QVariant &v : planted.values)
            v = 0.123456789;
        q.setKnownFrequencies(planted);
        const Snapshot second = q.run(m_db->session());
        QCOMPARE(second.frequencies.key, first.frequencies.key);
        for (const QVariant &v : second.frequencies.values)
            QCOMPARE(v.toDouble(), 0.123456789);
        // Under a key that no longer holds (new statistics) they are left, and read again.
        m_db->exec(QStringLiteral("ANALYZE ") + p.qualifiedTable());
        const Snapshot third = q.run(m_db->session());
        QVERIFY(third.frequencies.key != first.frequencies.key);
        const Snapshot fresh = SnapshotQuery(p).run(m_db->session());
        QCOMPARE(third.frequencies.key, fresh.frequencies.key);
        QCOMPARE(third.frequencies.values, fresh.frequencies.values);
        for (const QVariant &v : third.frequencies.values)
            QVERIFY(v.isNull() || v.toDouble() != 0.123456789);
        // A list that does not fit the profile's terminal states is never used.
        planted.key = third.frequencies.key;
        planted.values.removeLast();
        q.setKnownFrequencies(planted);
        QCOMPARE(q.run(m_db->session()).frequencies.values, fresh.frequencies.values);
    }
};

OM_TEST_GUILESS_MAIN(TestSnapshot)
#include "tst_snapshot.moc"
