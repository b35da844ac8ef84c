// SPDX-License-Identifier: GPL-3.0-or-later
// Head of line against the real server, for every profile with an ordering key
// (tests/support/orderedprofiles.h): randomised rows, the blocked keys and the dashboard's totals
// against a brute force computed here from every row; a head retried or cancelled through the
// audited path stops blocking its key; the kit's index is the one the statements are written for.
#include "actionfixture.h"
#include "core/sql/statesql.h"
#include "core/actions/actionrunner.h"
#include "core/dashboard/snapshotquery.h"
#include "core/sql/headsql.h"
#include "core/sql/sqltext.h"
#include "core/triage/blockedkeys.h"
#include "orderedprofiles.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QHash>
#include <QRandomGenerator>
#include <QTest>
#include <algorithm>

using namespace om;
using namespace om::test;

namespace {

constexpr int kTimeout = 30; // stuck timeout, minutes

/// What the test expects of one key, computed from every row of the table.
struct Expected {
    qint64 headId = 0;
    int why = 0;
    qint64 behind = 0;
    qint64 oldestBehindUs = 0;
};

struct Row {
    qint64 id;
    QString key;
    QString state;
    qint64 createdUs;
    qint64 sinceUs;
    int retries;      // -1: no column
    qint64 nextRunUs; // 0: no column or NULL
};

QString epochUs(const SchemaProfile &p, const QString &logical) {
    return p.has(logical) ? QStringLiteral("(extract(epoch from %1) * 1000000)::bigint::text").arg(p.col(logical))
                          : QStringLiteral("NULL::text");
}

} // namespace

class TestHeadOfLine : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    /// Rows in every state, then keys, ages, retries and next runs at random (seeded: the seed
    /// is printed, so a failure can be replayed). Ages are whole minutes plus 30 s and next runs
    /// whole minutes plus 30 s from now, so that no row sits within 30 s of the stuck rule or of
    /// now() between the statements.
    void randomRows(const SchemaProfile &p, quint32 seed, int keys) {
        QRandomGenerator rng(seed);
        for (const StateDef &s : p.states)
            insertMessages(*m_db, p, s.name, 10 + int(rng.bounded(40)), 0);
        m_db->exec(QStringLiteral("SELECT setseed($1::float8)"), {double(seed % 1000) / 1000.0});
        QStringList set;
        set << QStringLiteral("%1 = 'key-' || floor(random() * %2)::int").arg(p.col(p.orderingKey)).arg(keys)
            << QStringLiteral("%1 = now() - make_interval(mins => floor(random() * 180)::int) - interval '30 seconds'")
                   .arg(p.col(QStringLiteral("createdAt")));
        if (p.stuckSince != QLatin1String("createdAt"))
            set << QStringLiteral("%1 = now() - make_interval(mins => floor(random() * 90)::int) - interval '30 seconds'")
                       .arg(p.col(p.stuckSince));
        if (p.has(QStringLiteral("retries")))
            set << QStringLiteral("%1 = floor(random() * 3)::int").arg(p.col(QStringLiteral("retries")));
        if (p.has(QStringLiteral("nextRun")))
            set << QStringLiteral("%1 = now() + make_interval(mins => floor(random() * 20)::int - 10) + interval '30 seconds'")
                       .arg(p.col(QStringLiteral("nextRun")));
        m_db->exec(QStringLiteral("UPDATE %1 SET %2").arg(p.qualifiedTable(), set.join(QLatin1String(", "))));
    }

    QList<Row> allRows(const SchemaProfile &p, qint64 *nowUs) {
        *nowUs = m_db->scalar(QStringLiteral("SELECT (extract(epoch from now()) * 1000000)::bigint")).toLongLong();
        const QString sql = QStringLiteral("SELECT %1::text, %2::text, (%3)::text, %4, %5, %6, %7 FROM %8")
                                .arg(p.col(QStringLiteral("id")), p.col(p.orderingKey), sql::stateExpression(p),
                                     epochUs(p, QStringLiteral("createdAt")), epochUs(p, p.stuckSince),
                                     p.has(QStringLiteral("retries")) ? p.col(QStringLiteral("retries")) + QLatin1String("::text") : QStringLiteral("NULL"),
                                     epochUs(p, QStringLiteral("nextRun")), p.qualifiedTable());
        QList<Row> out;
        for (const QVariantList &r : m_db->rows(sql))
            out << Row{r[0].toString().toLongLong(), r[1].toString(), r[2].toString(), r[3].toString().toLongLong(),
                       r[4].toString().toLongLong(), r[5].isNull() ? -1 : r[5].toString().toInt(),
                       r[6].isNull() ? 0 : r[6].toString().toLongLong()};
        return out;
    }

    /// Why a head blocks its key (1 failing, 2 stuck, 3 retrying), 0 when it does not: the
    /// issue's rules, written again here from the profile's lists.
    static int why(const SchemaProfile &p, const Row &r, qint64 nowUs) {
        if (p.failedStates.contains(r.state))
            return 1;
        if (p.stuckStates.contains(r.state) && r.sinceUs < nowUs - qint64(kTimeout) * 60 * 1000000)
            return 2;
        if (p.waitingStates.contains(r.state) && r.retries > 0 && (!p.has(QStringLiteral("nextRun")) || (r.nextRunUs && r.nextRunUs > nowUs)))
            return 3;
        return 0;
    }

    QHash<QString, Expected> bruteForce(const SchemaProfile &p) {
        qint64 nowUs = 0;
        const QList<Row> rows = allRows(p, &nowUs);
        QHash<QString, QList<Row>> open;
        for (const Row &r : rows)
            if (!p.state(r.state)->terminal)
                open[r.key] << r;
        QHash<QString, Expected> out;
        for (auto it = open.begin(); it != open.end(); ++it) {
            QList<Row> &k = it.value();
            std::sort(k.begin(), k.end(), [](const Row &a, const Row &b) {
                return a.createdUs != b.createdUs ? a.createdUs < b.createdUs : a.id < b.id;
            });
            const int w = why(p, k.first(), nowUs);
            if (!w)
                continue;
            out.insert(it.key(), Expected{k.first().id, w, k.size() - 1, k.size() > 1 ? k.at(1).createdUs : 0});
        }
        return out;
    }

    /// The index the head checks need, as a DBA adds it from the profile where the kit has none
    /// (the test-only app_outbox variant): sql::orderingIndex.
    void ensureOrderingIndex(const SchemaProfile &p) {
        if (m_db->scalar(QStringLiteral("SELECT ") + sql::orderingIndexPresent(p)).toString() != QLatin1String("t"))
            m_db->exec(sql::orderingIndex(p));
    }

    std::unique_ptr<PgSession> session() {
        PgSession::Options o;
        o.connInfo = m_db->connectionString();
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }

private slots:
    void init() {
        // A database per function: each fills its tables from scratch.
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << "kit/monitoring_indexes.sql");
    }
    void cleanup() { m_db.reset(); }

    void blockedKeysMatchBruteForce_data() { addOrderedProfileRows(); }
    void blockedKeysMatchBruteForce() {
        QFETCH(SchemaProfile, profile);
        ensureOrderingIndex(profile);
        auto s = session();
        for (int round = 0; round < 4; ++round) {
            const quint32 seed = QRandomGenerator::global()->generate();
            qInfo("round %d, seed %u", round, seed);
            m_db->exec(QStringLiteral("DELETE FROM %1").arg(profile.qualifiedTable()));
            randomRows(profile, seed, 8 + round * 10);
            const QHash<QString, Expected> expected = bruteForce(profile);
            if (round == 0)
                QVERIFY2(!expected.isEmpty(), "the random rows should block at least one key");

            const BlockedKeys got = BlockedKeysQuery(profile, kTimeout).run(*s, 1000);
            QCOMPARE(got.truncated, false);
            QCOMPARE(got.keys.size(), expected.size());
            qint64 behindTotal = 0;
            for (int i = 0; i < got.keys.size(); ++i) {
                const BlockedKey &k = got.keys.at(i);
                QVERIFY2(expected.contains(k.orderingKey), qPrintable(k.orderingKey));
                const Expected &e = expected.value(k.orderingKey);
                QCOMPARE(k.head.id, MessageId(e.headId));
                QCOMPARE(int(k.why), e.why);
                QCOMPARE(k.behind, e.behind);
                QCOMPARE(k.oldestBehindAgeS < 0, e.behind == 0);
                QCOMPARE(k.head.key.isEmpty(), false);
                behindTotal += k.behind;
                if (i > 0) // worst first
                    QVERIFY(got.keys.at(i - 1).behind >= k.behind);
            }
            // The dashboard's tile: the same heads and rows, in the snapshot's one statement.
            const Snapshot snap = SnapshotQuery(profile, kTimeout).run(*s, false);
            QVERIFY(snap.blockedHeads.has_value());
            QCOMPARE(*snap.blockedHeads, qint64(expected.size()));
            QCOMPARE(*snap.blockedBehind, behindTotal);
        }
    }

    void limitCutsTheWorstFirst_data() { addOrderedProfileRows(); }
    void limitCutsTheWorstFirst() {
        QFETCH(SchemaProfile, profile);
        randomRows(profile, 4242, 12);
        const QHash<QString, Expected> expected = bruteForce(profile);
        QVERIFY(expected.size() >= 3);
        auto s = session();
        const BlockedKeys all = BlockedKeysQuery(profile, kTimeout).run(*s, 1000);
        const BlockedKeys two = BlockedKeysQuery(profile, kTimeout).run(*s, 2);
        QCOMPARE(two.keys.size(), 2);
        QVERIFY(two.truncated);
        QCOMPARE(two.keys.at(0).head.id, all.keys.at(0).head.id);
        QCOMPARE(two.keys.at(1).head.id, all.keys.at(1).head.id);
    }

    /// A key whose failing head is retried through the kit's audited function is no longer
    /// blocked: the head is due again, its audit row is written, the tile counts nothing.
    void retriedHeadStopsBlocking() {
        const SchemaProfile p = appOutboxByDestination();
        ensureOrderingIndex(p);
        const qint64 head = insertMessages(*m_db, p, QStringLiteral("FAILED"), 1, 0).first();
        const QList<qint64> behind = insertMessages(*m_db, p, QStringLiteral("PENDING"), 3, 0);
        m_db->exec(QStringLiteral("UPDATE app_outbox SET destination = 'D-retry', retry_count = 0, "
                                  "created_at = now() - CASE WHEN outbox_id = $1 THEN interval '10 minutes' ELSE interval '5 minutes' END "
                                  "WHERE outbox_id = ANY($2::bigint[])"),
                   {head, idArray(QList<qint64>{head} + behind)});
        m_db->exec(QStringLiteral("UPDATE app_outbox SET retry_count = 3 WHERE outbox_id = $1"), {head});
        auto s = session();
        BlockedKeys before = BlockedKeysQuery(p, kTimeout).run(*s, 100);
        QCOMPARE(before.keys.size(), 1);
        QCOMPARE(before.keys.first().head.id, head);
        QCOMPARE(before.keys.first().behind, qint64(3));
        QCOMPARE(before.keys.first().orderingKey, QStringLiteral("D-retry"));

        const ActionResult r = ActionRunner(p).run(*s, actionRequest(QStringLiteral("retry"), {head}));
        QCOMPARE(r.changed(), qint64(1));
        QCOMPARE(stateOf(*m_db, p, head), QStringLiteral("PENDING"));
        QCOMPARE(auditCount(*m_db, p, {head}, QStringLiteral("RETRY_FAILED")), qint64(1));
        // Retried with retry_count 3: PENDING, retries > 0, but due now, so the workers' to take.
        QCOMPARE(BlockedKeysQuery(p, kTimeout).run(*s, 100).keys.size(), 0);
        QCOMPARE(*SnapshotQuery(p, kTimeout).run(*s, false).blockedBehind, qint64(0));
        // Its next run pushed into the future (a worker's backoff after another failure): blocked again.
        m_db->exec(QStringLiteral("UPDATE app_outbox SET next_run_at = now() + interval '5 minutes' WHERE outbox_id = $1"), {head});
        before = BlockedKeysQuery(p, kTimeout).run(*s, 100);
        QCOMPARE(before.keys.size(), 1);
        QCOMPARE(int(before.keys.first().why), int(BlockedKey::Why::Retrying));
    }

    /// outbox: an unpublished head past the stuck timeout blocks its aggregate; discarded through
    /// the audited Cancel, the next message becomes the head and, being fresh, blocks nothing.
    void cancelledStuckHeadStopsBlocking() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        const qint64 head = insertMessages(*m_db, p, QStringLiteral("UNPUBLISHED"), 1, 60).first();
        const QList<qint64> behind = insertMessages(*m_db, p, QStringLiteral("UNPUBLISHED"), 4, 2);
        m_db->exec(QStringLiteral("UPDATE outbox SET aggregate_id = 'order-7' WHERE id = ANY($1::bigint[])"),
                   {idArray(QList<qint64>{head} + behind)});
        auto s = session();
        const BlockedKeys before = BlockedKeysQuery(p, kTimeout).run(*s, 100);
        QCOMPARE(before.keys.size(), 1);
        QCOMPARE(before.keys.first().head.id, head);
        QCOMPARE(int(before.keys.first().why), int(BlockedKey::Why::Stuck));
        QCOMPARE(before.keys.first().behind, qint64(4));
        QVERIFY(before.keys.first().oldestBehindAgeS >= 110 && before.keys.first().oldestBehindAgeS < 200);

        const ActionResult r = ActionRunner(p).run(*s, actionRequest(QStringLiteral("cancel"), {head}));
        QCOMPARE(r.changed(), qint64(1));
        QCOMPARE(stateOf(*m_db, p, head), QStringLiteral("PUBLISHED"));
        QCOMPARE(auditCount(*m_db, p, {head}, QStringLiteral("DISCARD")), qint64(1));
        QCOMPARE(BlockedKeysQuery(p, kTimeout).run(*s, 100).keys.size(), 0);
        const Snapshot snap = SnapshotQuery(p, kTimeout).run(*s, false);
        QCOMPARE(*snap.blockedHeads, qint64(0));
        QCOMPARE(*snap.blockedBehind, qint64(0));
    }

    /// Without an index on (key, created time) every head check would read all the open rows: the
    /// snapshot leaves the totals out and says so, rather than grow with the backlog.
    void snapshotLeavesTotalsOutWithoutTheIndex() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        randomRows(p, 5, 10);
        auto s = session();
        Snapshot snap = SnapshotQuery(p, kTimeout).run(*s, false);
        QVERIFY(snap.blockedHeads.has_value());
        QVERIFY(!snap.blockedNeedsIndex);
        m_db->exec(QStringLiteral("DROP INDEX ix_outbox_open_by_key"));
        snap = SnapshotQuery(p, kTimeout).run(*s, false);
        QVERIFY(!snap.blockedHeads.has_value());
        QVERIFY(!snap.blockedBehind.has_value());
        QVERIFY(snap.blockedNeedsIndex);
        QCOMPARE(snap.waiting, m_db->scalar(QStringLiteral("SELECT count(*) FROM outbox WHERE published_at IS NULL")).toLongLong());
    }

    /// Profiles without an ordering key: no head-of-line columns in the snapshot at all.
    void unorderedTablesHaveNoTile() {
        for (const QString &id : {QStringLiteral("app_outbox"), QStringLiteral("batch_work_item")}) {
            const SchemaProfile p = *SchemaProfile::builtIn(id);
            QVERIFY(!p.isOrdered());
            auto s = session();
            const Snapshot snap = SnapshotQuery(p, kTimeout).run(*s, false);
            QVERIFY(!snap.blockedHeads.has_value());
            QVERIFY(!snap.blockedNeedsIndex);
        }
    }

    /// The kit's index for outbox is the one sql::orderingIndex writes for the profile.
    void kitIndexIsTheGeneratedOne() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        const QString def = QStringLiteral("SELECT regexp_replace(pg_get_indexdef(i.indexrelid), 'INDEX \\S+ ON', 'INDEX ON') "
                                           "FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1");
        const QString kit = m_db->scalar(def, {QStringLiteral("ix_outbox_open_by_key")}).toString();
        QVERIFY2(!kit.isEmpty(), "kit/monitoring_indexes.sql should create ix_outbox_open_by_key");
        m_db->exec(QStringLiteral("DROP INDEX ix_outbox_open_by_key"));
        m_db->exec(sql::orderingIndex(p).replace(QLatin1String("CREATE INDEX ON"), QLatin1String("CREATE INDEX ix_generated ON")));
        QCOMPARE(m_db->scalar(def, {QStringLiteral("ix_generated")}).toString(), kit);
        // Applying the kit again (idempotent) recreates it beside the generated one, nothing fails.
        m_db->applyFile(QStringLiteral("kit/monitoring_indexes.sql"));
        m_db->applyFile(QStringLiteral("kit/monitoring_indexes.sql"));
        QCOMPARE(m_db->scalar(def, {QStringLiteral("ix_outbox_open_by_key")}).toString(), kit);
    }

    /// With the kit's index, the head checks and the counts behind read that index, never the
    /// table from end to end (checked by the plan: no Seq Scan even where one would be cheap).
    void headsReadTheOrderingIndex() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        randomRows(p, 77, 20);
        m_db->exec(QStringLiteral("ANALYZE outbox"));
        const sql::Statement st = sql::blockedHeads(p, kTimeout, 100);
        auto s = session();
        s->query(QStringLiteral("SET enable_seqscan = off"));
        const PgResult plan = s->query(QStringLiteral("EXPLAIN ") + st.text, st.params);
        QString text;
        for (const QVariantList &r : plan.rows)
            text += r.first().toString() + QLatin1Char('\n');
        QVERIFY2(!text.contains(QLatin1String("Seq Scan on outbox")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("ix_outbox_open_by_key")), qPrintable(text));
    }
};

OM_TEST_GUILESS_MAIN(TestHeadOfLine)
#include "tst_headofline.moc"
