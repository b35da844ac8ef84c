// SPDX-License-Identifier: GPL-3.0-or-later
// Ids and times of any type, against the real server with the test profiles of
// tests/profiles/: a uuid id (timestamptz times), a varchar id (epoch-millisecond times) and a
// bigint id with `timestamp` columns written in Asia/Tokyo and no audit table. Rows are random,
// with many equal sort keys, so that keyset paging must break ties by the id.
#include "core/actions/actionfunctionsql.h"
#include "core/actions/actionrunner.h"
#include "core/actions/privileges.h"
#include "core/audit/auditquery.h"
#include "core/triage/detailquery.h"
#include "core/model/idlist.h"
#include "core/triage/listquery.h"
#include "core/sql/sqltext.h"
#include "messageids.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTest>
#include <QUuid>

using namespace om;
using namespace om::test;

class TestIdTypes : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    static SchemaProfile profile(const QString &id) { return profileFile(QStringLiteral("tests/profiles/%1.json").arg(id)); }

    std::unique_ptr<PgSession> session() {
        PgSession::Options o;
        o.connInfo = m_db->connectionString();
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }

    /// `n` random rows: states, and creation/update times drawn from only 5 values (ties).
    void fill(const QString &table, int n) {
        auto *rng = QRandomGenerator::global();
        static const QStringList states = {QStringLiteral("PENDING"), QStringLiteral("PROCESSING"), QStringLiteral("SENT"),
                                           QStringLiteral("FAILED"), QStringLiteral("CANCELLED")};
        for (int i = 0; i < n; ++i) {
            const QString state = states.at(int(rng->bounded(table == QLatin1String("zoned_outbox") ? 4 : 5)));
            const int minutes = int(rng->bounded(5)) * 20; // 0, 20, ... 80 minutes ago
            if (table == QLatin1String("uuid_outbox"))
                m_db->exec(QStringLiteral("INSERT INTO uuid_outbox (id, event_key, event_type, topic, status, payload, locked_at,"
                                          " created_at, updated_at) VALUES (gen_random_uuid(), 'k-' || $1, 'T', 'd', $2,"
                                          " jsonb_build_object('n', $1::int), now() - make_interval(mins => $3::int),"
                                          " now() - make_interval(mins => $3::int), now() - make_interval(mins => $3::int))"),
                           {i, state, minutes});
            else if (table == QLatin1String("text_outbox"))
                // Ids of varied length and case, some with characters an array literal must quote.
                m_db->exec(QStringLiteral("INSERT INTO text_outbox VALUES ($1, 'k-' || $2, 'T', $3, 'body ' || $2,"
                                          " floor(extract(epoch from now() - make_interval(mins => $4::int)) * 1000),"
                                          " floor(extract(epoch from now() - make_interval(mins => $4::int)) * 1000),"
                                          " floor(extract(epoch from now() - make_interval(mins => $4::int)) * 1000))"),
                           {QStringLiteral("%1-Msg,{%2}\"x").arg(QChar('A' + int(rng->bounded(26)))).arg(i), i, state, minutes});
            else
                m_db->exec(QStringLiteral("INSERT INTO zoned_outbox (event_key, status, payload, locked_at_s, created_at, updated_at)"
                                          " VALUES ('k-' || $1, $2, 'p', floor(extract(epoch from now() - make_interval(mins => $3::int))),"
                                          " (now() - make_interval(mins => $3::int)) AT TIME ZONE 'Asia/Tokyo',"
                                          " (now() - make_interval(mins => $3::int)) AT TIME ZONE 'Asia/Tokyo')"),
                           {i, state, minutes});
        }
    }

    static QList<MessageId> allPages(PgSession &s, const SchemaProfile &p, ListFilter f, ListSort sort) {
        const ListQuery q(p);
        PageRequest r;
        r.filter = f;
        r.sort = sort;
        r.pageSize = 17;
        QList<MessageId> out;
        for (int guard = 0; guard < 1000; ++guard) {
            const MessagePage page = q.fetchPage(s, r);
            for (const MessageRow &m : page.rows)
                out << m.id;
            if (page.atEnd || page.rows.isEmpty())
                break;
            r = r.after(page.rows.last());
        }
        return out;
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        QFile ddl(QStringLiteral(OM_SOURCE_DIR "/tests/profiles/tables.sql"));
        QVERIFY(ddl.open(QIODevice::ReadOnly));
        m_db->exec(QString::fromUtf8(ddl.readAll()));
        for (const char *id : {"uuid_outbox", "text_outbox"})
            m_db->exec(ActionFunctionSql(profile(QLatin1String(id))).installSql());
        fill(QStringLiteral("uuid_outbox"), 150);
        fill(QStringLiteral("text_outbox"), 150);
        fill(QStringLiteral("zoned_outbox"), 150);
        m_db->exec(QStringLiteral("ANALYZE"));
    }

    void keysetPagingEqualsBruteForce_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<int>("key");
        QTest::addColumn<bool>("descending");
        for (const char *p : {"uuid_outbox", "text_outbox", "zoned_outbox"})
            for (ListSort::Key k : {ListSort::Key::Id, ListSort::Key::Updated, ListSort::Key::Age})
                for (bool d : {false, true})
                    QTest::newRow(qPrintable(QStringLiteral("%1/%2/%3").arg(p).arg(int(k)).arg(d ? "desc" : "asc")))
                        << QString::fromLatin1(p) << int(k) << d;
    }

    void keysetPagingEqualsBruteForce() {
        QFETCH(QString, profileId);
        QFETCH(int, key);
        QFETCH(bool, descending);
        const SchemaProfile p = profile(profileId);
        ListFilter f;
        f.view = ListFilter::View::All;
        const ListSort sort{ListSort::Key(key), descending};
        auto s = session();
        const QList<MessageId> paged = allPages(*s, p, f, sort);
        // Brute force: the whole table ordered by the server in one statement.
        const QString sortCol = p.col(ListQuery(p).sortColumn(f.view, sort.key));
        const bool sqlDesc = sort.key == ListSort::Key::Age ? !descending : descending;
        const QString dir = sqlDesc ? QStringLiteral("DESC") : QStringLiteral("ASC");
        QList<MessageId> all;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT %1::text AS om_id FROM %2 ORDER BY %3 %4, %1 %4")
                                                    .arg(p.col(QStringLiteral("id")), p.qualifiedTable(), sortCol, dir)))
            all << MessageId::fromText(r.at(0).toString());
        QCOMPARE(paged.size(), 150);
        QCOMPARE(QSet<MessageId>(paged.cbegin(), paged.cend()).size(), paged.size()); // none repeated
        QCOMPARE(paged, all);                                                         // none lost, same order
    }

    void detailAndPayloadOfUuidRow() {
        const SchemaProfile p = profile(QStringLiteral("uuid_outbox"));
        const QVariantList row = m_db->rows(QStringLiteral("SELECT id::text, payload::text FROM uuid_outbox LIMIT 1")).first();
        const MessageId id = MessageId::fromText(row.at(0).toString());
        auto s = session();
        const DetailQuery q(p);
        const MessageDetail d = q.fetch(*s, id, 1000);
        QVERIFY(d.found);
        QCOMPARE(d.id, id);
        QCOMPARE(d.payloadPrefix, row.at(1).toString());
        QCOMPARE(q.fetchPayload(*s, id), row.at(1).toString());
        QVERIFY(!q.fetch(*s, MessageId::fromText(QUuid::createUuid().toString(QUuid::WithoutBraces)), 10).found);
    }

    void idsFilterWithUuids() {
        const SchemaProfile p = profile(QStringLiteral("uuid_outbox"));
        const QList<QVariantList> rows = m_db->rows(QStringLiteral("SELECT id::text FROM uuid_outbox ORDER BY id LIMIT 3"));
        // As a ticket might hold them: upper case, braces, one repeated.
        const QString typed = QStringLiteral("%1, {%2}\n%3 %1").arg(rows[0][0].toString().toUpper(), rows[1][0].toString(), rows[2][0].toString());
        const IdList parsed = IdList::parse(typed, 100, p.types.id);
        QVERIFY2(parsed.problem.isEmpty(), qPrintable(parsed.problem));
        QCOMPARE(parsed.ids.size(), 3);
        QCOMPARE(parsed.ids.first().text(), rows[0][0].toString());
        ListFilter f;
        f.view = ListFilter::View::All;
        f.ids = parsed.ids;
        auto s = session();
        QList<MessageId> got = allPages(*s, p, f, ListSort{ListSort::Key::Id, false});
        QCOMPARE(got.size(), 3);
        // Junk is refused with words, for each id type.
        QVERIFY(IdList::parse(QStringLiteral("1042"), 10, IdType::Uuid).problem.contains(QStringLiteral("UUID")));
        QVERIFY(IdList::parse(QStringLiteral("abc"), 10, IdType::BigInt).ids.isEmpty());
        QVERIFY(!IdList::parse(QStringLiteral("ok\x01"), 10, IdType::Text).problem.isEmpty());
        QCOMPARE(IdList::parse(QStringLiteral("A-1 b-2"), 10, IdType::Varchar).ids.size(), 2);
    }

    void idAndTimeConditionsUseIndexes_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<int>("view");
        QTest::newRow("uuid ids") << QStringLiteral("uuid_outbox") << int(ListFilter::View::All);
        QTest::newRow("varchar ids") << QStringLiteral("text_outbox") << int(ListFilter::View::All);
        QTest::newRow("epoch-ms stuck bound") << QStringLiteral("text_outbox") << int(ListFilter::View::Stuck);
    }

    void idAndTimeConditionsUseIndexes() {
        QFETCH(QString, profileId);
        QFETCH(int, view);
        const SchemaProfile p = profile(profileId);
        ListFilter f;
        f.view = ListFilter::View(view);
        if (f.view == ListFilter::View::All)
            f.ids = {MessageId::fromText(m_db->scalar(QStringLiteral("SELECT %1::text FROM %2 LIMIT 1")
                                                          .arg(p.col(QStringLiteral("id")), p.qualifiedTable()))
                                             .toString())};
        PageRequest r;
        r.filter = f;
        r.sort = ListSort{ListSort::Key::Id, false};
        QVariantList params;
        const QString sql = ListQuery(p).pageSql(r, params);
        auto s = session();
        QString plan;
        s->transact([&](PgTx &tx) {
            tx.exec(QStringLiteral("SET LOCAL enable_seqscan = off"), {});
            for (const QVariantList &l : tx.exec(QStringLiteral("EXPLAIN ") + sql, params).rows)
                plan += l.at(0).toString() + QLatin1Char('\n');
        });
        // With sequential scans off, a condition no index can serve still shows as a Seq Scan.
        QVERIFY2(!plan.contains(QStringLiteral("Seq Scan")), qPrintable(plan));
    }

    void actionsChangeExactlyTheChosenRowsWithOneAuditRowEach_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<QString>("action");
        QTest::newRow("uuid retry") << QStringLiteral("uuid_outbox") << QStringLiteral("retry");
        QTest::newRow("uuid cancel") << QStringLiteral("uuid_outbox") << QStringLiteral("cancel");
        QTest::newRow("varchar retry") << QStringLiteral("text_outbox") << QStringLiteral("retry");
        QTest::newRow("varchar cancel") << QStringLiteral("text_outbox") << QStringLiteral("cancel");
    }

    void actionsChangeExactlyTheChosenRowsWithOneAuditRowEach() {
        QFETCH(QString, profileId);
        QFETCH(QString, action);
        const SchemaProfile p = profile(profileId);
        const QString id = p.col(QStringLiteral("id")), status = p.col(QStringLiteral("status")), t = p.qualifiedTable();
        const QString from = p.actions.value(action).from.first();
        const QList<QVariantList> rows = m_db->rows(
            QStringLiteral("SELECT %1::text FROM %2 WHERE %3 = $1 ORDER BY random() LIMIT 3").arg(id, t, status), {from});
        QVERIFY(rows.size() >= 2);
        QList<MessageId> chosen;
        for (const QVariantList &r : rows)
            chosen << MessageId::fromText(r.at(0).toString());
        const QString before = m_db->scalar(QStringLiteral("SELECT string_agg(%1::text || %2, ',' ORDER BY %1) FROM %3 WHERE NOT (%1::text = ANY($1::text[]))")
                                                .arg(id, status, t),
                                            {sql::idArrayLiteral(chosen)})
                                   .toString();
        ActionRequest r;
        r.action = action;
        r.ids = chosen;
        r.reason = QStringLiteral("test: ids of any type");
        r.actionId = QUuid::createUuid();
        r.fillWorkstation();
        auto s = session();
        const ActionResult res = ActionRunner(p).run(*s, r);
        QCOMPARE(QSet<MessageId>(res.changedIds.cbegin(), res.changedIds.cend()), QSet<MessageId>(chosen.cbegin(), chosen.cend()));
        // In the database: exactly the chosen rows moved, every other row as it was ...
        const QString to = p.state(p.actions.value(action).to)->statusValue();
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2::text = ANY($1::text[]) AND %3 = $2").arg(t, id, status),
                              {sql::idArrayLiteral(chosen), to})
                     .toInt(),
                 int(chosen.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(%1::text || %2, ',' ORDER BY %1) FROM %3 WHERE NOT (%1::text = ANY($1::text[]))")
                                  .arg(id, status, t),
                              {sql::idArrayLiteral(chosen)})
                     .toString(),
                 before);
        // ... and one audit row each, under the action id, its message id the server's text of the id.
        for (const MessageId &m : chosen)
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM om_test_audit WHERE message_id = $1 AND action_id = $2::uuid"),
                                  {m.text(), r.actionId.toString(QUuid::WithoutBraces)})
                         .toInt(),
                     1);
        // The audit trail joins its text ids back to the messages.
        const AuditPage page = AuditQuery(p).fetchPage(*s, AuditFilter{}, AuditCursor{}, 500);
        int joined = 0;
        for (const AuditRow &a : page.rows)
            joined += chosen.contains(a.messageId) && !a.messageKey.isEmpty();
        QVERIFY(joined >= int(chosen.size()));
    }

    void agesFollowTheServerClockForEveryTimeType_data() {
        QTest::addColumn<QString>("profileId");
        for (const char *p : {"uuid_outbox", "text_outbox", "zoned_outbox"})
            QTest::newRow(p) << QString::fromLatin1(p);
    }

    void agesFollowTheServerClockForEveryTimeType() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        ListFilter f;
        f.view = ListFilter::View::All;
        f.minAgeMinutes = 70; // only the rows made 80 minutes ago (the bound converted to the column's unit)
        PageRequest r;
        r.filter = f;
        r.sort = ListSort{ListSort::Key::Age, true};
        r.pageSize = 500;
        auto s = session();
        const MessagePage page = ListQuery(p).fetchPage(*s, r);
        QVERIFY(!page.rows.isEmpty());
        for (const MessageRow &m : page.rows) {
            // 80 minutes by the server's own now(): not off by Tokyo's nine hours, nor by a unit.
            QVERIFY2(qAbs(m.ageSeconds - 80 * 60) < 120, qPrintable(QString::number(m.ageSeconds)));
            QVERIFY(m.created.isValid());
            QVERIFY(qAbs(m.created.secsTo(QDateTime::currentDateTimeUtc()) - 80 * 60) < 300);
        }
    }

    void aProfileWithoutAnAuditTableIsReadOnlyWithoutSqlErrors() {
        const SchemaProfile p = profile(QStringLiteral("zoned_outbox"));
        QVERIFY(!p.hasAudit());
        auto s = session();
        const Privileges priv = PrivilegeCheck(p).run(*s);
        QVERIFY(!priv.canChangeMessages());
        QVERIFY(priv.profileWithoutActions);
        QVERIFY(priv.summary().contains(QStringLiteral("audit table")));
        QVERIFY(AuditQuery(p).fetchPage(*s, AuditFilter{}, AuditCursor{}, 10).rows.isEmpty());
        const MessageId any = MessageId::fromText(m_db->scalar(QStringLiteral("SELECT id::text FROM zoned_outbox LIMIT 1")).toString());
        const MessageDetail d = DetailQuery(p).fetch(*s, any, 100);
        QVERIFY(d.found);
        QVERIFY(d.history.isEmpty());
    }

    void timestampWithoutZoneIsRefusedUntilTheProfileNamesOne() {
        QString error;
        QFile file(QStringLiteral(OM_SOURCE_DIR "/tests/profiles/zoned_outbox.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray json = file.readAll();
        QVERIFY(SchemaProfile::fromJson(json, &error));
        QVERIFY(!SchemaProfile::fromJson(QByteArray(json).replace("\"timeZone\": \"Asia/Tokyo\",", ""), &error));
        QVERIFY2(error.contains(QStringLiteral("timeZone")), qPrintable(error));
        QVERIFY(!SchemaProfile::fromJson(QByteArray(json).replace("Asia/Tokyo", "Mars/Olympus"), &error));
        QVERIFY(!SchemaProfile::fromJson(QByteArray(json).replace("\"epochSeconds\"", "\"bigint; DROP TABLE x\""), &error));
    }
};

OM_TEST_MAIN(TestIdTypes)
#include "tst_idtypes.moc"
