// SPDX-License-Identifier: GPL-3.0-or-later
// States defined by several conditions (a library's outbox: processed_at / abandoned_at /
// locked_until / attempts, the maximum a constant 5), on randomised rows: the snapshot, Triage's
// lists and an action against brute-force SQL written here, independently of the profile's SQL.
#include "core/actions/actionfunctionsql.h"
#include "core/sql/statesql.h"
#include "core/actions/actionrunner.h"
#include "core/dashboard/snapshotquery.h"
#include "core/sql/snapshotsql.h"
#include "core/sql/sqltext.h"
#include "core/triage/listquery.h"
#include "messageids.h"
#include "agereading.h"
#include "testdatabase.h"
#include "listpages.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSet>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

// The states of tests/support/profiles/library_outbox.json, as a reader of that file writes them.
const char *const kPending = "processed_at IS NULL AND abandoned_at IS NULL AND locked_until IS NULL";
const char *const kReady = "processed_at IS NULL AND abandoned_at IS NULL AND locked_until < now()";
const char *const kInFlight = "processed_at IS NULL AND abandoned_at IS NULL AND locked_until > now()";
const char *const kAbandoned = "processed_at IS NULL AND abandoned_at IS NOT NULL";
const char *const kProcessed = "processed_at IS NOT NULL";

SchemaProfile libraryProfile() { return om::test::profileFile(QStringLiteral("tests/support/profiles/library_outbox.json")); }

} // namespace

class TestConditionStates : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    SchemaProfile m_p = libraryProfile();

    qint64 count(const QString &where) {
        return m_db->scalar(QStringLiteral("SELECT count(*) FROM lib_outbox WHERE ") + where).toLongLong();
    }

    QSet<qint64> ids(const QString &where) {
        QSet<qint64> out;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT id FROM lib_outbox WHERE ") + where))
            out.insert(r.at(0).toLongLong());
        return out;
    }

    /// Every row of a Triage view, page by page (keyset), as the list fetches them.
    QList<MessageRow> listAll(ListFilter::View view) { return allListPages(m_db->session(), m_p, view, 97); }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, {});
        m_db->exec(R"(
            CREATE TABLE lib_outbox (
                id bigserial PRIMARY KEY, aggregate_id text NOT NULL, event_type text NOT NULL, payload jsonb,
                created_at timestamptz NOT NULL DEFAULT now(), processed_at timestamptz, abandoned_at timestamptz,
                locked_until timestamptz, attempts int NOT NULL DEFAULT 0, last_error text))");
        m_db->exec(R"(
            CREATE TABLE lib_outbox_audit (
                audit_id bigserial PRIMARY KEY, outbox_id bigint NOT NULL, action_name text NOT NULL, reason text NOT NULL,
                ticket text, old_status text, new_status text, changed_by text NOT NULL, changed_at timestamptz NOT NULL,
                os_user text, client_host text, app_version text, action_id uuid))");
        const quint32 seed = QRandomGenerator::global()->generate() % 100000;
        qInfo("random seed %u", seed);
        m_db->exec(QStringLiteral("SELECT setseed(%1)").arg(double(seed) / 100000.0));
        // Every combination: processed or not, abandoned or not, never locked / lock expired /
        // locked into the future, attempts 0..6, created up to 3 hours ago. No lock ends within
        // minutes of now() or of the 30-minute stuck line (none 21-100 min ago): the test's queries,
        // seconds apart, must see the same rows on either side of those lines.
        m_db->exec(R"(
            WITH r AS (SELECT g, now() - random() * interval '3 hours' AS c, random() AS rp, random() AS ra,
                              floor(random() * 3)::int AS rl, random() AS rt FROM generate_series(1, 4000) g)
            INSERT INTO lib_outbox (aggregate_id, event_type, payload, created_at, processed_at, abandoned_at, locked_until, attempts)
            SELECT 'agg-' || (g % 97), 'Evt' || (g % 5), '{}', c,
                   CASE WHEN rp < 0.5 THEN c + interval '1 minute' END,
                   CASE WHEN ra < 0.2 THEN c + interval '2 minutes' END,
                   CASE rl WHEN 0 THEN NULL
                           WHEN 1 THEN now() - CASE WHEN rt < 0.5 THEN interval '1 minute' + rt * interval '40 minutes'
                                                    ELSE interval '40 minutes' + rt * interval '2 hours' END
                           ELSE now() + interval '5 minutes' + rt * interval '1 hour' END,
                   floor(random() * 7)::int
            FROM r)");
        m_db->exec(QStringLiteral("SELECT pg_stat_force_next_flush()"));
        m_db->exec(QStringLiteral("ANALYZE lib_outbox"));
        m_db->exec(ActionFunctionSql(m_p).installSql());
    }

    void snapshotEqualsBruteForce() {
        QElapsedTimer sinceBefore;
        sinceBefore.start();
        const Snapshot s = SnapshotQuery(m_p).run(m_db->session());
        const QMap<QString, const char *> truth{{"PENDING", kPending}, {"READY", kReady}, {"IN_FLIGHT", kInFlight}, {"ABANDONED", kAbandoned}, {"PROCESSED", kProcessed}};
        QCOMPARE(s.states.size(), truth.size());
        qint64 sum = 0;
        for (const StateCount &c : s.states) {
            QVERIFY2(!c.estimated, qPrintable(c.name));
            QCOMPARE(c.count, count(QLatin1String(truth.value(c.name))));
            QVERIFY2(c.count > 0, qPrintable(c.name)); // the data exercises every state
            sum += c.count;
        }
        // Every row has exactly one state (this profile's states partition the table) ...
        QCOMPARE(sum, count(QStringLiteral("true")));
        // ... which the CASE of stateExpression names for each row.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM lib_outbox WHERE (%1) IS NULL").arg(sql::stateExpression(m_p))).toLongLong(), 0);
        const QString waiting = QStringLiteral("((%1) OR (%2))").arg(QLatin1String(kPending), QLatin1String(kReady));
        QCOMPARE(s.waiting, count(waiting));
        const double oldest = m_db->scalar(QStringLiteral("SELECT extract(epoch from now() - min(created_at)) FROM lib_outbox WHERE ") + waiting).toDouble();
        QVERIFY(s.oldestWaitingAgeS && ageAgrees(*s.oldestWaitingAgeS, oldest, sinceBefore));
        // Stuck: ready (its lock expired) for longer than 30 minutes.
        QCOMPARE(s.stuck, count(QStringLiteral("%1 AND locked_until < now() - interval '30 minutes'").arg(QLatin1String(kReady))));
        QVERIFY(s.stuck > 0);
        // Near max: 4 or more attempts of the constant 5, ready or abandoned.
        QVERIFY(s.nearMaxRetry.has_value());
        QCOMPARE(*s.nearMaxRetry, count(QStringLiteral("((%1) OR (%2)) AND attempts >= 4").arg(QLatin1String(kReady), QLatin1String(kAbandoned))));
        QVERIFY(*s.nearMaxRetry > 0);
    }

    void snapshotOfOverlappingStatesCountsEachRowOnce() {
        // A profile may have overlapping states (--check-profile calls it an error, the dashboard
        // still runs): here STALE is every unprocessed row whose lock expired, READY and ABANDONED
        // included. The near-max count over READY and STALE must count a row in both once (the
        // count that sums disjoint parts cannot prove these disjoint and unites their ids).
        QFile f(QStringLiteral(OM_SOURCE_DIR "/tests/support/profiles/library_outbox.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        text.replace(R"("nearMaxRetry": { "states": ["READY", "ABANDONED"] })", R"("nearMaxRetry": { "states": ["READY", "STALE"] })");
        text.replace(R"({ "name": "PROCESSED")",
                     R"({ "name": "STALE", "role": "failed", "when": [
                            { "column": "processedAt", "is": "null" }, { "column": "lockedUntil", "before": "now" } ] },
                        { "name": "PROCESSED")");
        ProfileError err;
        const auto p = SchemaProfile::fromJson(text, &err);
        QVERIFY2(p, qPrintable(err.format()));
        const char *stale = "processed_at IS NULL AND locked_until < now()";
        const Snapshot s = SnapshotQuery(*p).run(m_db->session());
        QCOMPARE(s.stateCount(QStringLiteral("STALE")).count, count(QLatin1String(stale)));
        QCOMPARE(s.stateCount(QStringLiteral("READY")).count, count(QLatin1String(kReady)));
        QVERIFY(s.nearMaxRetry.has_value());
        const qint64 both = count(QStringLiteral("(%1) AND attempts >= 4").arg(QLatin1String(kReady)));
        QVERIFY(both > 0); // rows in both states, near max: counted once below
        QCOMPARE(*s.nearMaxRetry, count(QStringLiteral("((%1) OR (%2)) AND attempts >= 4").arg(QLatin1String(kReady), QLatin1String(stale))));
    }

    void triageListsEqualBruteForce() {
        const QList<MessageRow> near = listAll(ListFilter::View::NearMaxRetry);
        QSet<qint64> got;
        for (const MessageRow &r : near) {
            got.insert(r.id.number());
            QCOMPARE(r.maxRetries, 5); // the constant, shown as the column would be
            QVERIFY(r.retries >= 4);
            QVERIFY(r.state == QLatin1String("READY") || r.state == QLatin1String("ABANDONED"));
        }
        QCOMPARE(got.size(), near.size()); // no row twice across pages
        QCOMPARE(got, ids(QStringLiteral("((%1) OR (%2)) AND attempts >= 4").arg(QLatin1String(kReady), QLatin1String(kAbandoned))));

        got.clear();
        for (const MessageRow &r : listAll(ListFilter::View::Stuck))
            got.insert(r.id.number());
        const QSet<qint64> stuck = ids(QStringLiteral("%1 AND locked_until < now() - interval '30 minutes'").arg(QLatin1String(kReady)));
        QCOMPARE(got.size(), stuck.size());
        QCOMPARE(got, stuck);

        got.clear();
        for (const MessageRow &r : listAll(ListFilter::View::Failed)) {
            got.insert(r.id.number());
            QCOMPARE(r.state, QStringLiteral("ABANDONED"));
        }
        QCOMPARE(got, ids(QLatin1String(kAbandoned)));
    }

    void suggestedIndexLeavesNowOut() {
        // An index predicate may only use immutable functions: the index the advisor suggests for
        // states with conditions on now() must be one PostgreSQL accepts, and it must still serve them.
        const QString index = sql::snapshotIndex(m_p);
        QVERIFY2(!index.contains(QStringLiteral("now()")), qPrintable(index));
        QVERIFY2(index.contains(QStringLiteral("\"processed_at\" IS NULL AND \"abandoned_at\" IS NULL")), qPrintable(index));
        m_db->exec(index);
        // clang-format off
        m_db->exec(QStringLiteral("DROP INDEX %1").arg(m_db->scalar(QStringLiteral(
            "SELECT indexrelid::regclass::text FROM pg_index WHERE indrelid = 'lib_outbox'::regclass AND NOT indisprimary "
            "ORDER BY indexrelid DESC LIMIT 1")).toString()));
        // clang-format on
    }

    void terminalEstimateOfSeveralConditions() {
        // A terminal state of two conditions on a table counted from statistics: estimated from
        // the product of the two columns' statistics, flagged as an estimate, near the truth.
        QFile f(QStringLiteral(OM_SOURCE_DIR "/tests/support/profiles/library_outbox.json"));
        f.open(QIODevice::ReadOnly);
        QByteArray text = f.readAll();
        text.replace(R"("terminal": true, "notNull": "processedAt")",
                     R"("terminal": true, "when": [{ "column": "processedAt", "is": "notNull" }, { "column": "type", "in": ["Evt0", "Evt1", "Evt2", "Evt3", "Evt4"] }])");
        ProfileError err;
        const auto p = SchemaProfile::fromJson(text, &err);
        QVERIFY2(p, qPrintable(err.format()));
        SnapshotQuery q(*p);
        q.setExactCountMaxPages(0); // as if the table were big
        const StateCount c = q.run(m_db->session()).stateCount(QStringLiteral("PROCESSED"));
        QVERIFY(c.estimated);
        const qint64 truth = count(QLatin1String(kProcessed));
        QVERIFY2(qAbs(c.count - truth) <= truth / 10, qPrintable(QStringLiteral("%1 vs %2").arg(c.count).arg(truth)));
    }

    void actionToConditionState() {
        // Retry: ABANDONED -> PENDING through the action's set (abandoned_at and locked_until NULL).
        // Half abandoned, half not: 60 rows picked at random from the whole table held no abandoned
        // row at all now and then, and the test then asserted nothing.
        const QList<QVariantList> pick = m_db->rows(
            QStringLiteral("(SELECT id, 1 FROM lib_outbox WHERE %1 ORDER BY random() LIMIT 30) "
                           "UNION ALL (SELECT id, 0 FROM lib_outbox WHERE (%1) IS NOT TRUE ORDER BY random() LIMIT 30)")
                .arg(QLatin1String(kAbandoned)));
        ActionRequest r;
        r.action = QStringLiteral("retry");
        r.reason = QStringLiteral("downstream fixed, replaying abandoned rows");
        r.osUser = QStringLiteral("alice");
        QSet<qint64> expected;
        for (const QVariantList &row : pick) {
            r.ids << MessageId(row.at(0).toLongLong());
            if (row.at(1).toInt() == 1)
                expected.insert(row.at(0).toLongLong());
        }
        QVERIFY(!expected.isEmpty() && expected.size() < r.ids.size());
        const qint64 pendingBefore = count(QLatin1String(kPending));
        const qint64 auditBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM lib_outbox_audit")).toLongLong();
        const ActionResult res = ActionRunner(m_p).run(m_db->session(), r);
        const QList<qint64> changed = idNumbers(res.changedIds);
        QCOMPARE(QSet<qint64>(changed.cbegin(), changed.cend()), expected);
        // Exactly those rows are now PENDING, and nothing else moved there.
        const QString idList = sql::idArrayLiteral(messageIds(QList<qint64>(expected.cbegin(), expected.cend())));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM lib_outbox WHERE id = ANY($1::bigint[]) AND %1").arg(QLatin1String(kPending)), {idList}).toLongLong(),
                 qint64(expected.size()));
        QCOMPARE(count(QLatin1String(kPending)), pendingBefore + expected.size());
        // One audit row per changed message, with the states' names.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM lib_outbox_audit")).toLongLong(), auditBefore + expected.size());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM lib_outbox_audit WHERE outbox_id = ANY($1::bigint[]) AND action_name = 'RETRY_ABANDONED'"
                                             " AND old_status = 'ABANDONED' AND new_status = 'PENDING' AND action_id = $2::uuid AND changed_by = session_user"),
                              {idList, res.actionId.toString(QUuid::WithoutBraces)})
                     .toLongLong(),
                 qint64(expected.size()));
    }

    void cancelWithTimedCondition() {
        // Cancel: PENDING / READY -> ABANDONED (abandoned_at = now()); an IN_FLIGHT row is skipped.
        const qint64 ready = m_db->scalar(QStringLiteral("SELECT id FROM lib_outbox WHERE %1 LIMIT 1").arg(QLatin1String(kReady))).toLongLong();
        const qint64 inFlight = m_db->scalar(QStringLiteral("SELECT id FROM lib_outbox WHERE %1 LIMIT 1").arg(QLatin1String(kInFlight))).toLongLong();
        ActionRequest r;
        r.action = QStringLiteral("cancel");
        r.reason = QStringLiteral("poison message, abandoned by hand");
        r.ids = {MessageId(ready), MessageId(inFlight)};
        const ActionResult res = ActionRunner(m_p).run(m_db->session(), r);
        QCOMPARE(res.changedIds, QList<qint64>{ready});
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT (%1) FROM lib_outbox WHERE id = $1").arg(sql::stateExpression(m_p)), {ready}).toString(), QStringLiteral("ABANDONED"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT (%1)::int FROM lib_outbox WHERE id = $1").arg(QLatin1String(kInFlight)), {inFlight}).toInt(), 1);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM lib_outbox_audit WHERE outbox_id = $1 AND old_status = 'READY' AND new_status = 'ABANDONED'"), {ready}).toLongLong(), 1);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM lib_outbox_audit WHERE outbox_id = $1"), {inFlight}).toLongLong(), 0);
    }
};

OM_TEST_GUILESS_MAIN(TestConditionStates)
#include "tst_conditionstates.moc"
