// SPDX-License-Identifier: GPL-3.0-or-later
// The flow from the table against brute force: random rows with known times (some
// exactly on bucket edges) in every built-in profile's table and in two test tables whose times
// are `timestamp` in Asia/Tokyo (zoned_outbox) and epoch milliseconds (text_outbox); the counts
// the server gives per bucket must equal the counts computed here from the inserted times. And
// the admin kit's flow indexes must be the ones flowIndexes() writes.
#include "core/flow/flowquery.h"
#include "core/sql/flowsql.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QFile>
#include <QMap>
#include <QRandomGenerator>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

/// One inserted message: its times in ms since the epoch (0 = none).
struct Row {
    qint64 createdMs = 0;
    QString status;
    qint64 finishedMs = 0; ///< done states
    qint64 failedMs = 0;   ///< failed states (the row's failedAt / updatedAt)
};

SchemaProfile loadProfile(const QString &id) {
    QString error;
    const auto builtIn = SchemaProfile::builtIn(id);
    if (builtIn)
        return *builtIn;
    const auto p = SchemaProfile::fromFile(QStringLiteral(OM_SOURCE_DIR "/tests/profiles/%1.json").arg(id), &error);
    if (!p)
        qFatal("%s: %s", qPrintable(id), qPrintable(error));
    return *p;
}

qint64 floorDiv(qint64 a, qint64 b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

} // namespace

class TestFlowSql : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    qint64 m_baseS = 0;

    /// A time in the three hours after base: whole seconds, some exactly on a minute's edge,
    /// most with milliseconds.
    qint64 randomMs(QRandomGenerator *rng) const {
        const qint64 s = m_baseS + rng->bounded(3 * 3600);
        const int kind = int(rng->bounded(4));
        return s * 1000 + (kind == 0 ? 0 : kind == 1 ? 999
                                                     : qint64(rng->bounded(1000)));
    }
    static QString ts(qint64 ms) { return QStringLiteral("to_timestamp(%1 / 1000.0)").arg(ms); }

    void insert(const QString &table, const Row &r, int i) {
        const QString c = ts(r.createdMs);
        if (table == QLatin1String("app_outbox"))
            m_db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, created_at,"
                                      " updated_at, sent_at) VALUES ('k%1', 'T', 'D', '{}', $1, %2, %3, %4)")
                           .arg(i)
                           .arg(c, r.failedMs ? ts(r.failedMs) : r.finishedMs ? ts(r.finishedMs)
                                                                              : c,
                                r.finishedMs ? ts(r.finishedMs) : QStringLiteral("NULL")),
                       {r.status});
        else if (table == QLatin1String("batch_work_item"))
            m_db->exec(QStringLiteral("INSERT INTO batch_work_item (job_name, source_key, target_date, status, created_at, updated_at,"
                                      " finished_at) VALUES ('J', 'k%1', current_date, $1, %2, %2, %3)")
                           .arg(i)
                           .arg(c, r.finishedMs ? ts(r.finishedMs) : QStringLiteral("NULL")),
                       {r.status});
        else if (table == QLatin1String("outbox"))
            m_db->exec(QStringLiteral("INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, created_at,"
                                      " published_at) VALUES (gen_random_uuid(), 'A', 'k%1', 'E', '{}', %2, %3)")
                           .arg(i)
                           .arg(c, r.finishedMs ? ts(r.finishedMs) : QStringLiteral("NULL")));
        else if (table == QLatin1String("zoned_outbox"))
            m_db->exec(QStringLiteral("INSERT INTO zoned_outbox (event_key, status, payload, created_at, updated_at)"
                                      " VALUES ('k%1', $1, 'p', %2 AT TIME ZONE 'Asia/Tokyo', %3 AT TIME ZONE 'Asia/Tokyo')")
                           .arg(i)
                           .arg(c, ts(r.failedMs ? r.failedMs : r.finishedMs ? r.finishedMs
                                                                             : r.createdMs)),
                       {r.status});
        else // text_outbox: epoch milliseconds
            m_db->exec(QStringLiteral("INSERT INTO text_outbox VALUES ('m%1', 'k%1', 'T', $1, 'b', NULL, $2, $3)").arg(i),
                       {r.status, r.createdMs, r.failedMs ? r.failedMs : r.finishedMs ? r.finishedMs
                                                                                      : r.createdMs});
    }

    /// Failures written to the audit (status history) table, and other rows that must not count.
    void insertAudit(const SchemaProfile &p, qint64 ms, const QString &newStatus, int i) {
        if (p.audit.table == QLatin1String("batch_work_status_history"))
            m_db->exec(QStringLiteral("INSERT INTO batch_work_status_history (work_item_id, old_status, new_status, changed_at)"
                                      " VALUES ($1, 'RUNNING', $2, %1)")
                           .arg(ts(ms)),
                       {i, newStatus});
        else
            m_db->exec(QStringLiteral("INSERT INTO %1 (message_id, action_name, reason, new_status, changed_by, changed_at)"
                                      " VALUES ($1, 'W', 'r', $2, 'worker', %2)")
                           .arg(p.audit.table, ts(ms)),
                       {QString::number(i), newStatus});
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        QFile ddl(QStringLiteral(OM_SOURCE_DIR "/tests/profiles/tables.sql"));
        QVERIFY(ddl.open(QIODevice::ReadOnly));
        m_db->exec(QString::fromUtf8(ddl.readAll()));
        m_baseS = (m_db->scalar(QStringLiteral("SELECT floor(extract(epoch from now()))::bigint")).toLongLong() / 3600 - 5) * 3600;
    }

    void countsEqualBruteForce_data() {
        QTest::addColumn<QString>("profileId");
        for (const char *id : {"app_outbox", "batch_work_item", "outbox", "zoned_outbox", "text_outbox"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void countsEqualBruteForce() {
        QFETCH(QString, profileId);
        const SchemaProfile p = loadProfile(profileId);
        const sql::FlowSources src = sql::flowSources(p);
        QRandomGenerator rng(QRandomGenerator::global()->generate());
        QStringList done, failed, open;
        for (const StateDef &s : p.states)
            (s.role == QLatin1String("done") ? done : p.failedStates.contains(s.name) ? failed
                                                                                      : open)
                << s.name;
        QList<Row> rows;
        QList<QPair<qint64, QString>> audit;
        for (int i = 0; i < 600; ++i) {
            Row r;
            r.createdMs = randomMs(&rng);
            const int pick = int(rng.bounded(3));
            const QStringList &from = pick == 0 || failed.isEmpty() ? (pick == 2 ? done : open) : pick == 1 ? done
                                                                                                            : failed;
            r.status = from.value(int(rng.bounded(int(qMax<qsizetype>(1, from.size())))), done.value(0));
            const qint64 later = r.createdMs + qint64(rng.bounded(600)) * 1000 + qint64(rng.bounded(2)) * 7;
            if (done.contains(r.status))
                r.finishedMs = later;
            else if (failed.contains(r.status))
                r.failedMs = later;
            rows << r;
            insert(p.table, r, i);
            if (src.failedFromAudit && i % 2 == 0) {
                // A worker's failure (counted) or another transition (not counted).
                const QString newStatus = i % 4 == 0 ? failed.value(int(rng.bounded(int(failed.size())))) : open.value(0);
                audit << qMakePair(randomMs(&rng), newStatus);
                insertAudit(p, audit.last().first, newStatus, i);
            }
        }
        m_db->exec(QStringLiteral("ANALYZE"));
        PgSession &s = m_db->session();
        for (const int w : {60, 300, 900}) {
            // Edges inside the data, on and off bucket boundaries.
            const qint64 fromS = m_baseS + 600 + (w == 300 ? 0 : 17);
            const qint64 toS = m_baseS + 9000;
            const qint64 lo = floorDiv(fromS, w) * w;
            QMap<qint64, FlowBucket> want;
            auto add = [&](qint64 ms, qint64 FlowBucket::*field) {
                if (ms < fromS * 1000 || ms >= toS * 1000)
                    return;
                const qint64 b = floorDiv(ms, w * 1000LL) * w;
                want[b].startS = b;
                ++(want[b].*field);
            };
            for (const Row &r : rows) {
                add(r.createdMs, &FlowBucket::created);
                if (r.finishedMs && !src.finishedAt.isEmpty())
                    add(r.finishedMs, &FlowBucket::finished);
                if (r.failedMs && !src.failedAt.isEmpty())
                    add(r.failedMs, &FlowBucket::failed);
            }
            for (const auto &[ms, newStatus] : audit)
                if (failed.contains(newStatus))
                    add(ms, &FlowBucket::failed);
            // Both shapes: one grouped scan per series, and bucket by bucket.
            QList<FlowBucket> got;
            for (const bool byBucket : {false, true}) {
                got = FlowQuery(p, byBucket).counts(s, fromS, toS, w);
                QVERIFY2(got.size() == want.size(), qPrintable(QStringLiteral("width %1, by bucket %2: %3 buckets, want %4")
                                                                   .arg(w)
                                                                   .arg(byBucket)
                                                                   .arg(got.size())
                                                                   .arg(want.size())));
                int i = 0;
                for (const FlowBucket &b : want) {
                    const FlowBucket &g = got.at(i++);
                    if (!(g == b))
                        QFAIL(qPrintable(QStringLiteral("width %1, by bucket %2, bucket %3: got %4/%5/%6, want %7/%8/%9")
                                             .arg(w)
                                             .arg(byBucket)
                                             .arg(b.startS)
                                             .arg(g.created)
                                             .arg(g.finished)
                                             .arg(g.failed)
                                             .arg(b.created)
                                             .arg(b.finished)
                                             .arg(b.failed)));
                }
            }
            QVERIFY(lo <= fromS);
            // The dense series fills the gaps with zeros and keeps every counted bucket.
            const QList<FlowBucket> dense = FlowSeries::dense(got, fromS, toS, w);
            QCOMPARE(dense.size(), int((toS - lo + w - 1) / w));
        }
    }

    void sourcesPerBuiltIn() {
        // What docs/profile-reference.md ("The flow's times") says each built-in profile counts.
        const sql::FlowSources app = sql::flowSources(*SchemaProfile::builtIn(QStringLiteral("app_outbox")));
        QCOMPARE(app.finishedAt, QStringLiteral("finishedAt"));
        QCOMPARE(app.failedAt, QStringLiteral("failedAt"));
        QVERIFY(!app.failedFromAudit);
        const sql::FlowSources bwi = sql::flowSources(*SchemaProfile::builtIn(QStringLiteral("batch_work_item")));
        QCOMPARE(bwi.finishedAt, QStringLiteral("finishedAt"));
        QVERIFY(bwi.failedFromAudit);
        const sql::FlowSources outbox = sql::flowSources(*SchemaProfile::builtIn(QStringLiteral("outbox")));
        QCOMPARE(outbox.finishedAt, QStringLiteral("publishedAt"));
        QVERIFY(!outbox.hasFailed());
        const sql::FlowSources zoned = sql::flowSources(loadProfile(QStringLiteral("zoned_outbox")));
        QCOMPARE(zoned.finishedAt, QStringLiteral("updatedAt"));
        QCOMPARE(zoned.failedAt, QStringLiteral("updatedAt"));
    }

    void kitIndexesAreFlowIndexes() {
        // The kit's flow indexes, and the same built from flowIndexes() in a second database:
        // each index's definition must be the same.
        std::unique_ptr<TestDatabase> kit;
        OM_CREATE_TEST_DATABASE(kit, TestDatabase::allSeeds() << QStringLiteral("kit/monitoring_indexes.sql"));
        std::unique_ptr<TestDatabase> gen;
        OM_CREATE_TEST_DATABASE(gen, TestDatabase::allSeeds());
        QStringList names;
        for (const QString &id : builtInProfileIds()) // the seeds' tables (the library profiles: tst_libraryprofiles)
            for (const QString &ddl : sql::flowIndexes(*SchemaProfile::builtIn(id))) {
                gen->exec(ddl);
                names << ddl.section(QLatin1Char('"'), 1, 1);
            }
        QCOMPARE(names.size(), 8);
        const QString q = QStringLiteral("SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY($1::text[]) ORDER BY 1");
        const QString arr = QLatin1Char('{') + names.join(QLatin1Char(',')) + QLatin1Char('}');
        const auto want = gen->rows(q, {arr});
        QCOMPARE(want.size(), names.size());
        QCOMPARE(kit->rows(q, {arr}), want);
    }

    void bucketCountsOnlyWhereABTreeServes() {
        // Bucket by bucket is fast through a B-tree that leads with each series' time column and
        // reads the table once a bucket without one: asked of the planner, never guessed.
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, TestDatabase::allSeeds());
        for (const QString &id : builtInProfileIds()) {
            const SchemaProfile p = *SchemaProfile::builtIn(id);
            QVERIFY2(!FlowQuery::bucketCountsServed(db->session(), p), qPrintable(id + ": the seed's indexes only"));
            for (const QString &ddl : sql::flowIndexes(p, sql::FlowIndexKind::Brin))
                db->exec(ddl);
            QVERIFY2(!FlowQuery::bucketCountsServed(db->session(), p), qPrintable(id + ": BRIN"));
            for (const QString &ddl : sql::flowIndexes(p, sql::FlowIndexKind::BTree))
                db->exec(ddl);
            QVERIFY2(FlowQuery::bucketCountsServed(db->session(), p), qPrintable(id + ": the kit's B-trees"));
        }
    }

    void longNamesAreCutByBytesAsTheKitCutsThem() {
        // A table named in Japanese (3 bytes a character): PostgreSQL keeps 63 bytes of a name, so
        // an index name cut by characters would be cut again by the server, suffix first.
        SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        p.table = QString(40, QChar(0x65E5));
        for (const auto kind : {sql::FlowIndexKind::Brin, sql::FlowIndexKind::BTree})
            for (const QString &ddl : sql::flowIndexes(p, kind)) {
                const QString name = ddl.section(QLatin1Char('"'), 1, 1);
                QVERIFY2(name.toUtf8().size() <= 63, qPrintable(name));
                QVERIFY2(name.contains(QLatin1String("_flow_")), qPrintable(name));
                QVERIFY2(name.endsWith(kind == sql::FlowIndexKind::BTree ? QLatin1String("_bt") : QLatin1String("_at"))
                             || name.endsWith(QLatin1String("_failed")),
                         qPrintable(name));
            }
    }

    void bTreeVariantIsPartialWhereItCanBe() {
        const QStringList bt = sql::flowIndexes(*SchemaProfile::builtIn(QStringLiteral("app_outbox")), sql::FlowIndexKind::BTree);
        QCOMPARE(bt.size(), 3);
        QVERIFY(bt.at(1).contains(QLatin1String("WHERE")) && bt.at(1).contains(QLatin1String("SENT")));
        for (const QString &ddl : bt)
            m_db->exec(ddl);
    }
};

OM_TEST_GUILESS_MAIN(TestFlowSql)
#include "tst_flowsql.moc"
