// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in profiles of outbox tables that libraries create (Spring Modulith 1.x and 2.x,
// Debezium's outbox, MassTransit's EF Core outbox, NServiceBus's OutboxData, Eventuate Tram's
// message table, Wolverine's dead letters), each on its project's own DDL as published
// (tests/support/ddl/<system>.sql names the repository, path and version), with randomised rows in
// every state: the snapshot and Triage's lists against brute-force SQL written here (never the
// profile's SQL), ids of any type through keyset paging, the profile check on the real DDL, an
// action and its audit row where the profile declares one, and read-only said plainly where not.
#include "core/actions/actionfunctionsql.h"
#include "core/actions/actionrunner.h"
#include "core/actions/privileges.h"
#include "core/dashboard/snapshotquery.h"
#include "core/check/profilecheck.h"
#include "core/sql/sqltext.h"
#include "core/triage/listquery.h"
#include "core/kit/audittablesql.h"
#include "core/kit/kitindexes.h"
#include "core/adminkit/kitsql.h"
#include "messageids.h"
#include "testdatabase.h"
#include "listpages.h"
#include "testmain.h"

#include <QFile>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSet>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

/// One system: its DDL, how its rows are made, and what each state means, written as a reader of
/// the project's documentation would write it (not taken from the profile).
struct System {
    QString ddl;                           ///< tests/support/ddl/<file>
    QString table;                         ///< for the brute-force SQL
    QString idText;                        ///< the id as text
    QString fill;                          ///< INSERTs randomised rows in every state
    QList<QPair<QString, QString>> states; ///< state -> predicate
    QString waiting;                       ///< predicate of the rows that count as waiting
    QString waitingSince;                  ///< their time as timestamptz ("" when the table keeps none)
    QString stuck;                         ///< stuck past 30 minutes ("false" when the profile has none)
    QString failed;                        ///< the Failed view ("false" when none)
    QString action;                        ///< "" (read-only) or the action's kind
    QString actionFrom, actionTo;          ///< predicates before and after the action
    QString fromState, toState;            ///< names written to the audit rows
};

// Times are kept away from the lines the states and the stuck rule draw (now(), now() - 30
// minutes) by a minute or more: the queries of one test run seconds apart must see the same rows.
const char *const kAge = "CASE WHEN random() < 0.5 THEN interval '1 minute' + random() * interval '25 minutes' "
                         "ELSE interval '35 minutes' + random() * interval '3 hours' END";

QMap<QString, System> systems() {
    QMap<QString, System> m;
    const QString age = QLatin1String(kAge);
    // clang-format off
    m[QStringLiteral("spring_modulith_v1")] = {
        QStringLiteral("spring_modulith_v1.sql"), QStringLiteral("event_publication"), QStringLiteral("id::text"),
        QStringLiteral("INSERT INTO event_publication SELECT gen_random_uuid(), 'com.example.Listener' || (g % 4), "
                       "'com.example.Event' || (g % 3), '{\"n\": ' || g || '}', now() - (%1), "
                       "CASE WHEN random() < 0.6 THEN now() - random() * interval '1 minute' END FROM generate_series(1, 700) g").arg(age),
        {{"INCOMPLETE", "completion_date IS NULL"}, {"COMPLETED", "completion_date IS NOT NULL"}},
        QStringLiteral("completion_date IS NULL"), QStringLiteral("publication_date"),
        QStringLiteral("completion_date IS NULL AND publication_date < now() - interval '30 minutes'"), QStringLiteral("false"),
        {}, {}, {}, {}, {}};
    m[QStringLiteral("spring_modulith_v2")] = {
        QStringLiteral("spring_modulith_v2.sql"), QStringLiteral("event_publication"), QStringLiteral("id::text"),
        QStringLiteral("INSERT INTO event_publication SELECT gen_random_uuid(), 'com.example.Listener' || (g % 4), "
                       "'com.example.Event' || (g % 3), '{}', now() - (%1), CASE WHEN s = 'COMPLETED' THEN now() END, s, "
                       "floor(random() * 4)::int, CASE WHEN s = 'RESUBMITTED' THEN now() - interval '2 minutes' END "
                       "FROM (SELECT g, (ARRAY['PUBLISHED','PROCESSING','COMPLETED','FAILED','RESUBMITTED'])[1 + floor(random() * 5)::int] AS s "
                       "FROM generate_series(1, 700) g) r").arg(age),
        {{"PUBLISHED", "status = 'PUBLISHED'"}, {"RESUBMITTED", "status = 'RESUBMITTED'"}, {"PROCESSING", "status = 'PROCESSING'"},
         {"FAILED", "status = 'FAILED'"}, {"COMPLETED", "status = 'COMPLETED'"}},
        QStringLiteral("status IN ('PUBLISHED', 'RESUBMITTED')"), QStringLiteral("publication_date"),
        QStringLiteral("status = 'PROCESSING' AND publication_date < now() - interval '30 minutes'"), QStringLiteral("status = 'FAILED'"),
        QStringLiteral("retry"), QStringLiteral("status = 'FAILED'"),
        QStringLiteral("status = 'RESUBMITTED' AND last_resubmission_date > now() - interval '1 minute'"),
        QStringLiteral("FAILED"), QStringLiteral("RESUBMITTED")};
    m[QStringLiteral("debezium_outbox")] = {
        QStringLiteral("debezium_outbox.sql"), QStringLiteral("outboxevent"), QStringLiteral("id::text"),
        QStringLiteral("INSERT INTO outboxevent SELECT gen_random_uuid(), 'Order', 'order-' || (g % 50), 'OrderCreated', "
                       "'{}', now() - (%1) FROM generate_series(1, 300) g").arg(age),
        {{"PRESENT", "true"}}, QStringLiteral("true"), QStringLiteral("\"timestamp\""),
        QStringLiteral("\"timestamp\" < now() - interval '30 minutes'"), QStringLiteral("false"), {}, {}, {}, {}, {}};
    m[QStringLiteral("masstransit_outbox")] = {
        QStringLiteral("masstransit_outbox.sql"), QStringLiteral("\"OutboxMessage\""), QStringLiteral("\"SequenceNumber\"::text"),
        QStringLiteral("INSERT INTO \"OutboxMessage\" (\"EnqueueTime\", \"SentTime\", \"OutboxId\", \"MessageId\", \"ContentType\", \"Body\", "
                       "\"DestinationAddress\") SELECT CASE WHEN r < 0.5 THEN NULL WHEN r < 0.75 THEN now() - interval '1 minute' - random() * interval '1 hour' "
                       "ELSE now() + interval '5 minutes' + random() * interval '1 hour' END, now() - (%1), gen_random_uuid(), gen_random_uuid(), "
                       "'application/vnd.masstransit+json', '{}', 'rabbitmq://localhost/queue-' || (g % 3) "
                       "FROM (SELECT g, random() AS r FROM generate_series(1, 700) g) x").arg(age),
        {{"WAITING", "\"EnqueueTime\" IS NULL"}, {"DUE", "\"EnqueueTime\" < now()"}, {"SCHEDULED", "\"EnqueueTime\" > now()"}},
        QStringLiteral("(\"EnqueueTime\" IS NULL OR \"EnqueueTime\" < now())"), QStringLiteral("\"SentTime\""),
        QStringLiteral("(\"EnqueueTime\" IS NULL OR \"EnqueueTime\" < now()) AND \"SentTime\" < now() - interval '30 minutes'"),
        QStringLiteral("false"), {}, {}, {}, {}, {}};
    m[QStringLiteral("nservicebus_outbox")] = {
        QStringLiteral("nservicebus_outbox.sql"), QStringLiteral("\"OutboxData\""), QStringLiteral("\"MessageId\""),
        QStringLiteral("INSERT INTO \"OutboxData\" SELECT 'a7f3c1e0-' || lpad(g::text, 6, '0') || '-msg', d, "
                       "CASE WHEN d THEN (now() AT TIME ZONE 'UTC') - random() * interval '2 hours' END, '8.0.0', '[]' "
                       "FROM (SELECT g, random() < 0.7 AS d FROM generate_series(1, 700) g) x"),
        {{"NOT_DISPATCHED", "NOT \"Dispatched\""}, {"DISPATCHED", "\"Dispatched\""}},
        QStringLiteral("NOT \"Dispatched\""), QString(), QStringLiteral("false"), QStringLiteral("false"), {}, {}, {}, {}, {}};
    m[QStringLiteral("eventuate_message")] = {
        QStringLiteral("eventuate_message.sql"), QStringLiteral("eventuate.message"), QStringLiteral("id"),
        QStringLiteral("INSERT INTO eventuate.message SELECT lpad(to_hex(g), 16, '0') || '-' || left(md5(g::text), 16), "
                       "'orders-' || (g % 3), '{}', '{}', (random() < 0.6)::int, "
                       "(extract(epoch from now() - (%1)) * 1000)::bigint FROM generate_series(1, 700) g").arg(age),
        {{"UNPUBLISHED", "published = 0"}, {"PUBLISHED", "published = 1"}},
        QStringLiteral("published = 0"), QStringLiteral("to_timestamp(creation_time / 1000.0)"),
        QStringLiteral("published = 0 AND creation_time < extract(epoch from now() - interval '30 minutes') * 1000"), QStringLiteral("false"),
        QStringLiteral("retry"), QStringLiteral("published = 1"), QStringLiteral("published = 0"),
        QStringLiteral("PUBLISHED"), QStringLiteral("UNPUBLISHED")};
    m[QStringLiteral("wolverine_dead_letters")] = {
        QStringLiteral("wolverine.sql"), QStringLiteral("wolverine_dead_letters"), QStringLiteral("id::text"),
        QStringLiteral("INSERT INTO wolverine_dead_letters (id, body, message_type, source, exception_type, exception_message, sent_at, replayable) "
                       "SELECT gen_random_uuid(), '\\x00', 'Orders.PlaceOrder' || (g % 3), 'node-' || (g % 2), "
                       "'System.TimeoutException', 'timed out after ' || g || ' ms', now() - (%1), random() < 0.3 "
                       "FROM generate_series(1, 700) g").arg(age),
        {{"DEAD", "NOT replayable"}, {"REPLAY_REQUESTED", "replayable"}},
        QStringLiteral("replayable"), QStringLiteral("sent_at"),
        QStringLiteral("replayable AND sent_at < now() - interval '30 minutes'"), QStringLiteral("NOT replayable"),
        QStringLiteral("retry"), QStringLiteral("NOT replayable"), QStringLiteral("replayable"),
        QStringLiteral("DEAD"), QStringLiteral("REPLAY_REQUESTED")};
    // clang-format on
    return m;
}

QByteArray profileText(const QString &id) {
    QFile f(QStringLiteral(OM_SOURCE_DIR "/resources/profiles/%1.json").arg(id));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no profile %s", qPrintable(id));
    return f.readAll();
}

SchemaProfile parse(const QByteArray &json) {
    ProfileError err;
    const auto p = SchemaProfile::fromJson(json, &err);
    if (!p)
        qFatal("%s", qPrintable(err.format()));
    return *p;
}

} // namespace

class TestLibraryProfiles : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    SchemaProfile m_p;
    System m_s;

    qint64 count(const QString &where) {
        return m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(m_s.table, where)).toLongLong();
    }
    QSet<QString> ids(const QString &where) {
        QSet<QString> out;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT %1 FROM %2 WHERE %3").arg(m_s.idText, m_s.table, where)))
            out.insert(r.at(0).toString());
        return out;
    }
    /// Every row of a Triage view, page by page (keyset), as the list fetches them; no id twice.
    QSet<QString> listIds(ListFilter::View view, int *rows = nullptr) {
        const QList<MessageRow> all = allListPages(m_db->session(), m_p, view, 61);
        QSet<QString> out;
        for (const MessageRow &row : all)
            out.insert(row.id.text());
        if (rows)
            *rows = all.size();
        return out;
    }

    /// A fresh database with the system's DDL, its rows, and the admin kit printed for its profile
    /// (outbox-monitor --print-kit: indexes, audit table, action function where declared, roles).
    void setUpSystem(const QString &id) {
        m_s = systems().value(id);
        m_p = parse(profileText(id));
        OM_CREATE_TEST_DATABASE(m_db, {});
        QFile ddl(QStringLiteral(OM_SOURCE_DIR "/tests/support/ddl/") + m_s.ddl);
        QVERIFY2(ddl.open(QIODevice::ReadOnly), qPrintable(ddl.fileName()));
        m_db->exec(QString::fromUtf8(ddl.readAll()));
        const quint32 seed = QRandomGenerator::global()->generate() % 100000;
        qInfo("%s: random seed %u", qPrintable(id), seed);
        m_db->exec(QStringLiteral("SELECT setseed(%1)").arg(double(seed) / 100000.0));
        m_db->exec(m_s.fill);
        m_db->exec(QStringLiteral("ANALYZE %1").arg(m_s.table));
        const KitSql kit(m_p);
        QVERIFY2(kit.refusal().isEmpty(), qPrintable(kit.refusal()));
        m_db->exec(kit.script());
    }

    /// What the kit installs, as the catalog shows it: indexes, functions, triggers and tables of
    /// every schema but the system's own (object ids included: a second run must make nothing new).
    QStringList kitCatalog() {
        QStringList out;
        for (const char *sql : {
                 "SELECT c.oid || ' ' || indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname "
                 "AND c.relnamespace = i.schemaname::regnamespace WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
                 "SELECT p.oid || ' ' || p.oid::regprocedure || ' ' || md5(pg_get_functiondef(p.oid)) FROM pg_proc p "
                 "WHERE p.pronamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) AND p.prokind = 'f'",
                 "SELECT oid || ' ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal",
                 "SELECT c.oid || ' ' || c.oid::regclass FROM pg_class c WHERE c.relkind = 'r' "
                 "AND c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)"})
            for (const QVariantList &row : m_db->rows(QLatin1String(sql)))
                out << row.value(0).toString();
        out.sort();
        return out;
    }

    static void addSystemRows() {
        QTest::addColumn<QString>("system");
        for (const QString &id : systems().keys())
            QTest::newRow(qPrintable(id)) << id;
    }

private slots:
    // The kit printed from each profile installs on the project's own DDL, creates the indexes the
    // program relies on and, where the profile declares actions, the action function; a second
    // run changes nothing (applied to each profile's DDL, twice).
    void kitInstallsTwiceOnTheRealDdl_data() { addSystemRows(); }
    void kitInstallsTwiceOnTheRealDdl() {
        QFETCH(QString, system);
        setUpSystem(system);
        const QStringList installed = kitCatalog();
        for (const kit::KitIndex &i : kit::monitoringIndexes(m_p) + kit::flowIndexes(m_p))
            QVERIFY2(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_class WHERE relname = $1 AND relkind = 'i'"), {i.name}).toInt() == 1,
                     qPrintable(i.name));
        QCOMPARE(installed.filter(QStringLiteral("outbox_monitor_action_")).isEmpty(), !KitSql(m_p).installsFunction());
        QVERIFY(isTrue(m_db->scalar(QStringLiteral("SELECT to_regclass($1) IS NOT NULL"),
                                    {m_p.hasAudit() ? m_p.qualifiedAuditTable() : kit::withKitAudit(m_p).qualifiedAuditTable()})));
        m_db->session().execScript(KitSql(m_p).script());
        QCOMPARE(kitCatalog(), installed);
    }

    void everyLibraryProfileIsTested() {
        // A built-in profile added without a row here would go untested.
        QStringList builtIn;
        for (const SchemaProfile &p : SchemaProfile::builtIns())
            if (!QStringList{"app_outbox", "batch_work_item", "outbox"}.contains(p.id))
                builtIn << p.id;
        QCOMPARE(builtIn, systems().keys());
    }

    void profileCheckFindsNoErrorOnTheRealDdl_data() { addSystemRows(); }
    void profileCheckFindsNoErrorOnTheRealDdl() {
        QFETCH(QString, system);
        setUpSystem(system);
        const ProfileCheckReport r = ProfileCheck(m_p).run(m_db->session());
        for (const QString &line : r.lines(system + QStringLiteral(".json")))
            qInfo("%s", qPrintable(line));
        QVERIFY2(r.ok(), qPrintable(r.summary()));
        // The states describe the rows: each row in exactly one state.
        QVERIFY(r.coverage.measured);
        QCOMPARE(r.coverage.inNoState, 0);
        QCOMPARE(r.coverage.inSeveralStates, 0);
    }

    void snapshotEqualsBruteForce_data() { addSystemRows(); }
    void snapshotEqualsBruteForce() {
        QFETCH(QString, system);
        setUpSystem(system);
        // The oldest waiting age grows while the test runs: read it by brute force before and after.
        const QString oldestSql = m_s.waitingSince.isEmpty() ? QString()
                                                             : QStringLiteral("SELECT extract(epoch from now() - min(%1)) FROM %2 WHERE %3")
                                                                   .arg(m_s.waitingSince, m_s.table, m_s.waiting);
        const double oldestBefore = oldestSql.isEmpty() ? 0 : m_db->scalar(oldestSql).toDouble();
        const Snapshot s = SnapshotQuery(m_p).run(m_db->session());
        QCOMPARE(s.states.size(), m_s.states.size());
        for (const auto &[name, predicate] : m_s.states) {
            const StateCount &c = s.stateCount(name);
            QCOMPARE(c.name, name);
            QVERIFY2(!c.estimated, qPrintable(name)); // a small table: counted
            QCOMPARE(c.count, count(predicate));
            if (system != QLatin1String("masstransit_outbox") || name != QLatin1String("SCHEDULED"))
                QVERIFY2(c.count > 0, qPrintable(name)); // the rows exercise every state
        }
        QCOMPARE(s.waiting, count(m_s.waiting));
        QVERIFY(s.waiting > 0);
        if (m_s.waitingSince.isEmpty()) {
            // No time is kept for waiting rows (NServiceBus): no age, rather than a made-up one.
            QVERIFY(!s.oldestWaitingAgeS.has_value());
        } else {
            const double oldestAfter = m_db->scalar(oldestSql).toDouble();
            QVERIFY(s.oldestWaitingAgeS.has_value());
            // Within the two readings (a second's slack: the snapshot may round to whole seconds).
            QVERIFY2(*s.oldestWaitingAgeS >= oldestBefore - 1.0 && *s.oldestWaitingAgeS <= oldestAfter + 1.0,
                     qPrintable(QStringLiteral("%1 not within %2..%3").arg(*s.oldestWaitingAgeS).arg(oldestBefore).arg(oldestAfter)));
        }
        QCOMPARE(s.stuck, count(m_s.stuck));
        QVERIFY(!s.nearMaxRetry.has_value()); // none of these systems keeps a maximum of attempts
    }

    void triageListsEqualBruteForce_data() { addSystemRows(); }
    void triageListsEqualBruteForce() {
        QFETCH(QString, system);
        setUpSystem(system);
        int rows = 0;
        QCOMPARE(listIds(ListFilter::View::Stuck, &rows), ids(m_s.stuck));
        QCOMPARE(rows, int(count(m_s.stuck)));
        QCOMPARE(listIds(ListFilter::View::Failed, &rows), ids(m_s.failed));
        QCOMPARE(rows, int(count(m_s.failed)));
    }

    void idsOfAnyTypeThroughKeysetPaging_data() { addSystemRows(); }
    void idsOfAnyTypeThroughKeysetPaging() {
        // uuid (Spring, Debezium, Wolverine), varchar (NServiceBus, Eventuate) and bigint
        // (MassTransit) ids: every row once across pages of 61, none twice.
        QFETCH(QString, system);
        setUpSystem(system);
        int rows = 0;
        const QSet<QString> all = listIds(ListFilter::View::All, &rows);
        QCOMPARE(rows, all.size());
        QCOMPARE(all, ids(QStringLiteral("true")));
        // And the key filter on a key of any type (a uuid has no LIKE of its own).
        ListQuery q(m_p);
        PageRequest r;
        r.filter.view = ListFilter::View::All;
        r.filter.keyMode = ListFilter::TextMode::Prefix;
        const QString key = m_db->scalar(QStringLiteral("SELECT %1::text FROM %2 LIMIT 1")
                                             .arg(sql::quoteIdentifier(m_p.column(QStringLiteral("key"))), m_s.table))
                                .toString();
        r.filter.keyText = key.left(6);
        const MessagePage page = q.fetchPage(m_db->session(), r);
        QVERIFY(!page.rows.isEmpty());
        for (const MessageRow &row : page.rows)
            QVERIFY2(row.key.startsWith(key.left(6)), qPrintable(row.key));
    }

    void actionWritesItsAuditRow_data() {
        QTest::addColumn<QString>("system");
        const QMap<QString, System> all = systems();
        for (auto it = all.cbegin(); it != all.cend(); ++it)
            if (!it->action.isEmpty())
                QTest::newRow(qPrintable(it.key())) << it.key();
    }
    void actionWritesItsAuditRow() {
        QFETCH(QString, system);
        setUpSystem(system);
        QVERIFY(m_p.actions.contains(m_s.action));
        // 50 random rows, some in the action's `from` state and some not: only the former change.
        const QList<QVariantList> pick = m_db->rows(QStringLiteral("SELECT %1, (%2)::int FROM %3 ORDER BY random() LIMIT 50")
                                                        .arg(m_s.idText, m_s.actionFrom, m_s.table));
        ActionRequest r;
        r.action = m_s.action;
        r.reason = QStringLiteral("downstream fixed, sending these again");
        r.osUser = QStringLiteral("alice");
        QSet<QString> expected;
        for (const QVariantList &row : pick) {
            r.ids << MessageId::fromText(row.at(0).toString());
            if (row.at(1).toInt() == 1)
                expected.insert(row.at(0).toString());
        }
        QVERIFY(!expected.isEmpty() && expected.size() < r.ids.size());
        const qint64 toBefore = count(m_s.actionTo);
        const ActionResult res = ActionRunner(m_p).run(m_db->session(), r);
        QSet<QString> changed;
        for (const MessageId &id : res.changedIds)
            changed.insert(id.text());
        QCOMPARE(changed, expected);
        // In the database: exactly those rows moved, and one audit row each, written by the kit's function.
        QCOMPARE(count(m_s.actionTo), toBefore + expected.size());
        const QString list = sql::idArrayLiteral(QList<MessageId>(res.changedIds.cbegin(), res.changedIds.cend()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2::text = ANY($1::text[]) AND %3").arg(m_s.table, m_s.idText, m_s.actionTo),
                              {list})
                     .toLongLong(),
                 qint64(expected.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1").arg(m_p.qualifiedAuditTable())).toLongLong(), qint64(expected.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE message_id = ANY($1::text[]) AND action_name = $2 AND old_status = $3 "
                                             "AND new_status = $4 AND action_id = $5::uuid AND changed_by = session_user AND os_user = 'alice'")
                                  .arg(m_p.qualifiedAuditTable()),
                              {list, m_p.actions.value(m_s.action).auditName, m_s.fromState, m_s.toState, res.actionId.toString(QUuid::WithoutBraces)})
                     .toLongLong(),
                 qint64(expected.size()));
    }

    void readOnlyIsSaidPlainly_data() {
        QTest::addColumn<QString>("system");
        const QMap<QString, System> all = systems();
        for (auto it = all.cbegin(); it != all.cend(); ++it)
            if (it->action.isEmpty())
                QTest::newRow(qPrintable(it.key())) << it.key();
    }
    void readOnlyIsSaidPlainly() {
        // A system with no transition an operator may take: the profile declares no action, and
        // the window says that the profile (not the role) makes it read-only.
        QFETCH(QString, system);
        setUpSystem(system);
        QVERIFY(m_p.actions.isEmpty());
        const Privileges priv = PrivilegeCheck(m_p).run(m_db->session());
        QVERIFY(!priv.canChangeMessages());
        QVERIFY(priv.profileWithoutActions);
        QVERIFY2(priv.summary().startsWith(QStringLiteral("read-only by profile: it declares no action")), qPrintable(priv.summary()));
        QVERIFY2(!priv.summary().contains(QStringLiteral("this role")), qPrintable(priv.summary()));
    }

    void missingKitFunctionIsNamedAsSuch() {
        // The profile and the role are fine; only the kit's function is not in this database.
        setUpSystem(QStringLiteral("wolverine_dead_letters"));
        m_db->exec(QStringLiteral("DROP FUNCTION %1").arg(ActionFunctionSql(m_p).signature()));
        const Privileges priv = PrivilegeCheck(m_p).run(m_db->session());
        QVERIFY(!priv.canChangeMessages());
        QVERIFY(priv.kitFunctionMissing);
        QVERIFY2(priv.summary().contains(QStringLiteral("action function")) && priv.summary().contains(QStringLiteral("not installed")),
                 qPrintable(priv.summary()));
        QVERIFY2(!priv.summary().contains(QStringLiteral("this role cannot")), qPrintable(priv.summary()));
    }

    void debeziumSlotLagIsTheServersOwn() {
        // Debezium reads the outbox's inserts through a logical replication slot; the rows are
        // deleted at once, so the slot's lag is the backlog. A real slot (the test cluster runs
        // with wal_level=logical), rows written, and the lag the snapshot shows against
        // pg_wal_lsn_diff computed here.
        setUpSystem(QStringLiteral("debezium_outbox"));
        QCOMPARE(m_p.replicationSlot, QStringLiteral("debezium"));
        // Slots are the cluster's, not the database's: a name of this test database's own, so that
        // another run of this test on the same cluster cannot take or drop it.
        m_p.replicationSlot = m_db->name();
        const QString slot = m_p.replicationSlot;
        m_db->exec(QStringLiteral("SELECT pg_create_logical_replication_slot($1, 'test_decoding')"), {slot});
        // The database cannot be dropped while a slot points into it (no throw from a guard).
        const auto dropSlot = qScopeGuard([this, slot] {
            try {
                m_db->exec(QStringLiteral("SELECT pg_drop_replication_slot($1)"), {slot});
            } catch (const PgError &) {
            }
        });
        m_db->exec(QStringLiteral("INSERT INTO outboxevent (id, aggregatetype, aggregateid, type, payload) "
                                  "SELECT gen_random_uuid(), 'Order', 'order-' || g, 'OrderCreated', jsonb_build_object('pad', repeat('x', 500)) "
                                  "FROM generate_series(1, 2000) g"));
        m_db->exec(QStringLiteral("DELETE FROM outboxevent")); // captured rows are deleted: the table is empty again
        const QString lagSql = QStringLiteral("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)::bigint "
                                              "FROM pg_replication_slots WHERE slot_name = $1");
        const qint64 before = m_db->scalar(lagSql, {slot}).toLongLong();
        const Snapshot s = SnapshotQuery(m_p).run(m_db->session());
        const qint64 after = m_db->scalar(lagSql, {slot}).toLongLong();
        QVERIFY(s.slot.has_value());
        QVERIFY(s.slot->exists);
        QVERIFY(!s.slot->active); // no consumer connected
        QVERIFY(s.slot->behindBytes.has_value());
        qInfo("slot lag: test %lld / %lld bytes, shown %lld", before, after, *s.slot->behindBytes);
        QVERIFY(before > 1000000); // 2,000 rows of 500 bytes, inserted and deleted
        // The server's own figure: equal when nothing else wrote WAL in between (other tests on the
        // same cluster may), and never outside the two readings.
        QVERIFY2(*s.slot->behindBytes >= before && *s.slot->behindBytes <= after,
                 qPrintable(QStringLiteral("%1 not within %2..%3").arg(*s.slot->behindBytes).arg(before).arg(after)));
        if (before == after)
            QCOMPARE(*s.slot->behindBytes, before);
        QVERIFY(s.slot->retainedBytes.has_value() && *s.slot->retainedBytes >= *s.slot->behindBytes);
        QCOMPARE(s.slot->walStatus, QStringLiteral("reserved"));
        QCOMPARE(s.waiting, 0); // the rows are gone; the lag is where the backlog shows

        // The consumer catches up: the lag is then what was written since it confirmed (autovacuum
        // after the DELETE, other tests), again as the server computes it.
        const QString confirmedSql = QStringLiteral("SELECT confirmed_flush_lsn::text FROM pg_replication_slots WHERE slot_name = $1");
        const QString confirmedBefore = m_db->scalar(confirmedSql, {slot}).toString();
        m_db->exec(QStringLiteral("SELECT count(*) FROM pg_logical_slot_get_changes($1, NULL, NULL)"), {slot});
        // The consumer confirmed past the rows (the lag itself may still grow: other tests on the
        // same cluster write WAL all the time, so "smaller than before" is not something to assert).
        QVERIFY(isTrue(m_db->scalar(QStringLiteral("SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) > 1000000"),
                                    {m_db->scalar(confirmedSql, {slot}).toString(), confirmedBefore})));
        const qint64 before2 = m_db->scalar(lagSql, {slot}).toLongLong();
        const qint64 caughtUp = *SnapshotQuery(m_p).run(m_db->session()).slot->behindBytes;
        const qint64 after2 = m_db->scalar(lagSql, {slot}).toLongLong();
        qInfo("after consuming: test %lld / %lld bytes, shown %lld", before2, after2, caughtUp);
        QVERIFY2(caughtUp >= before2 && caughtUp <= after2, qPrintable(QStringLiteral("%1 not within %2..%3").arg(caughtUp).arg(before2).arg(after2)));

        // A slot name that the server does not have is said, not shown as "no lag".
        SchemaProfile other = m_p;
        other.replicationSlot = slot + QStringLiteral("_typo");
        const Snapshot missing = SnapshotQuery(other).run(m_db->session());
        QVERIFY(missing.slot.has_value());
        QVERIFY(!missing.slot->exists);
        QVERIFY(!missing.slot->behindBytes.has_value());
    }

    void checkProfileNamesAMissingIdType_data() {
        QTest::addColumn<QString>("system");
        QTest::addColumn<QString>("type");
        // clang-format off
        QTest::newRow("uuid") << "debezium_outbox" << "uuid";
        QTest::newRow("varchar") << "eventuate_message" << "varchar";
        // clang-format on
    }
    void checkProfileNamesAMissingIdType() {
        // Without "types.id" the id is taken for a bigint; on a uuid or text column the check says
        // what to write (the type is not guessed from the catalog: the profile stays the one source).
        QFETCH(QString, system);
        QFETCH(QString, type);
        setUpSystem(system);
        QByteArray text = profileText(system);
        text.replace(QByteArray("\"id\": \"") + type.toUtf8() + "\", ", "").replace(QByteArray("{ \"id\": \"") + type.toUtf8() + "\" }", "{}");
        const SchemaProfile p = parse(text);
        QCOMPARE(p.types.id, ColumnTypes{}.id);
        const ProfileCheckReport r = ProfileCheck(p).run(m_db->session());
        QVERIFY(!r.ok());
        bool named = false;
        // clang-format off
        for (const ProfileFinding &f : r.findings)
            named = named || (f.severity == ProfileFinding::Severity::Error && f.path == QLatin1String("columns.id")
                              && f.message.contains(QStringLiteral("\"types\": {\"id\": \"%1\"}").arg(type)));
        // clang-format on
        QVERIFY2(named, qPrintable(r.lines(system).join(QLatin1Char('\n'))));
    }
};

OM_TEST_GUILESS_MAIN(TestLibraryProfiles)
#include "tst_libraryprofiles.moc"
