// SPDX-License-Identifier: GPL-3.0-or-later
// Failure groups: the error fingerprint on real-looking error texts (which must group
// together, which must not), the kit's function against the expression the program sends, and
// the groups of every built-in profile with a failed state and an error text (app_outbox,
// batch_work_item, wolverine_dead_letters) against brute force on randomised rows — with and
// without the kit's index, whose plan must be index-only.
#include "core/adminkit/kitsql.h"
#include "core/groups/failuregroupquery.h"
#include "core/kit/kitfailuregroups.h"
#include "core/sql/failuregroupsql.h"
#include "core/sql/fingerprintsql.h"
#include "core/sql/sqltext.h"
#include "kitindexplan.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QFile>
#include <QMap>
#include <QRandomGenerator>
#include <QSet>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

/// One inserted failed-or-not row, as brute force sees it.
struct Row {
    QVariant code;
    QVariant message;
    QString destination;
    qint64 seenS = 0;
    bool failed = false;
};

struct Expected {
    qint64 messages = 0;
    QSet<QString> destinations;
    qint64 firstS = std::numeric_limits<qint64>::max();
    qint64 lastS = 0;
};

QString hex(QRandomGenerator &rng, int n) {
    QString s;
    for (int i = 0; i < n; ++i)
        s += QLatin1Char("0123456789abcdef"[rng.bounded(16)]);
    return s;
}

/// A real-looking error text of template `kind` with random variable parts; null for kind 5.
QVariant errorText(QRandomGenerator &rng, int kind) {
    const int n = int(rng.bounded(1, 99999));
    switch (kind) {
    case 0: return QStringLiteral("HTTP 503 Service Unavailable from https://api-%1.example.com/v1/orders/%2?trace=%3")
        .arg(rng.bounded(5))
        .arg(n)
        .arg(hex(rng, 12));
    case 1: return QStringLiteral("java.net.SocketTimeoutException: Read timed out after %1 ms (host payments-%2.internal:8443)")
        .arg(n)
        .arg(rng.bounded(9));
    case 2: return QStringLiteral("ERROR: duplicate key value violates unique constraint \"orders_pkey\" Detail: Key (order_id)=(%1) already exists.")
        .arg(n);
    case 3: return QStringLiteral("在庫引当に失敗しました: 商品ID %1 の在庫が不足しています（残り %2 個）").arg(n).arg(rng.bounded(10));
    // clang-format off
    case 4: // long: beyond what the index holds, fingerprinted at query time
        return QStringLiteral("message %1 rejected by broker 10.0.%2.17:9092 ").arg(QStringLiteral("%1-%2-4b7c-9e0f-%3").arg(hex(rng, 8), hex(rng, 4), hex(rng, 12)))
                   .arg(rng.bounded(255))
               + QString(1600, QLatin1Char('x'));
    // clang-format on
    default: return QVariant();
    }
}

} // namespace

class TestFailureGroups : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    QString fingerprint(const QString &text) {
        return m_db->scalar(QStringLiteral("SELECT ") + sql::fingerprintExpression(QStringLiteral("$1::text")), {text}).toString();
    }

    void insert(const QString &profileId, const Row &r, int i) {
        const QString seen = QStringLiteral("to_timestamp(%1)").arg(r.seenS);
        if (profileId == QLatin1String("app_outbox"))
            m_db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, last_error_code,"
                                      " last_error_msg, updated_at) VALUES ('k%1', 'T', $1, '{}', $2, $3, $4, %2)")
                           .arg(i)
                           .arg(seen),
                       {r.destination, r.failed ? QStringLiteral("FAILED") : QStringLiteral("SENT"), r.code, r.message});
        else if (profileId == QLatin1String("batch_work_item"))
            m_db->exec(QStringLiteral("INSERT INTO batch_work_item (job_name, source_key, target_date, status, error_code, error_message,"
                                      " updated_at) VALUES ($1, 'k%1', current_date, $2, $3, $4, %2)")
                           .arg(i)
                           .arg(seen),
                       {r.destination, r.failed ? (i % 2 ? QStringLiteral("FAILED") : QStringLiteral("RETRY_WAIT")) : QStringLiteral("SUCCESS"),
                        r.code, r.message});
        else
            m_db->exec(QStringLiteral("INSERT INTO wolverine_dead_letters (id, body, message_type, source, exception_type, exception_message,"
                                      " sent_at, replayable) VALUES (gen_random_uuid(), '\\x00', 'T', $1, $2, $3, %1, $4)")
                           .arg(seen),
                       {r.destination, r.code, r.message, !r.failed});
    }

    /// Random rows into the profile's (emptied) table; returns them.
    QList<Row> fill(const QString &profileId, const SchemaProfile &p) {
        m_db->exec(QStringLiteral("TRUNCATE %1").arg(p.qualifiedTable()));
        QRandomGenerator rng(QRandomGenerator::global()->generate());
        const QVariantList codes{QStringLiteral("HTTP_503"), QStringLiteral("TIMEOUT"), QStringLiteral("23505"), QStringLiteral(""), QVariant()};
        const QStringList destinations{QStringLiteral("orders"), QStringLiteral("billing"), QStringLiteral("stock"), QStringLiteral("mail"),
                                       QStringLiteral("ledger")};
        QList<Row> rows;
        const qint64 base = 1'790'000'000;
        for (int i = 0; i < 600; ++i) {
            Row r;
            r.failed = rng.bounded(5) != 0;
            const int kind = int(rng.bounded(6));
            r.message = errorText(rng, kind);
            if (profileId == QLatin1String("app_outbox") && kind == 4) // varchar(1000)
                r.message = r.message.toString().left(1000);
            r.code = codes.at(int(rng.bounded(codes.size())));
            r.destination = destinations.at(int(rng.bounded(qMin(kind + 1, int(destinations.size())))));
            r.seenS = base + rng.bounded(86400);
            insert(profileId, r, i);
            rows << r;
        }
        m_db->exec(QStringLiteral("VACUUM ANALYZE %1").arg(p.qualifiedTable()));
        return rows;
    }

    /// The groups counted here: key = code + '\x1f' + fingerprint.
    QMap<QString, Expected> bruteForce(const QList<Row> &rows) {
        QMap<QString, Expected> out;
        QMap<QString, QString> fps;
        for (const Row &r : rows) {
            if (!r.failed)
                continue;
            QString fp = QStringLiteral("<null>");
            if (!r.message.isNull()) {
                const QString m = r.message.toString();
                if (!fps.contains(m))
                    fps[m] = fingerprint(m);
                fp = fps[m];
            }
            const QString code = r.code.isNull() || r.code.toString().isEmpty() ? QStringLiteral("<null>") : r.code.toString();
            Expected &e = out[code + QChar(0x1f) + fp];
            ++e.messages;
            e.destinations << r.destination;
            e.firstS = qMin(e.firstS, r.seenS);
            e.lastS = qMax(e.lastS, r.seenS);
        }
        return out;
    }

    void compareGroups(const SchemaProfile &p, const QList<Row> &rows) {
        const QMap<QString, Expected> want = bruteForce(rows);
        const FailureGroups got = FailureGroupQuery(p).read(m_db->session(), 1000);
        QVERIFY(got.available);
        QVERIFY(!got.truncated);
        QCOMPARE(got.groups.size(), want.size());
        qint64 previous = std::numeric_limits<qint64>::max();
        for (const FailureGroup &g : got.groups) {
            const QString key = (g.code.isNull() ? QStringLiteral("<null>") : g.code.toString()) + QChar(0x1f)
                                + (g.fingerprint.isNull() ? QStringLiteral("<null>") : g.fingerprint.toString());
            QVERIFY2(want.contains(key), qPrintable(key));
            const Expected &e = want[key];
            QCOMPARE(g.messages, e.messages);
            QVERIFY(g.messages <= previous); // largest first
            previous = g.messages;
            QCOMPARE(g.destinationCount, qint64(e.destinations.size()));
            QStringList sorted(e.destinations.cbegin(), e.destinations.cend());
            sorted.sort();
            QCOMPARE(g.destinations, sorted.mid(0, sql::kGroupDestinationsShown));
            QCOMPARE(qint64(g.firstSeenS), e.firstS);
            QCOMPARE(qint64(g.lastSeenS), e.lastS);
        }
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        QFile ddl(QStringLiteral(OM_SOURCE_DIR "/tests/support/ddl/wolverine.sql"));
        QVERIFY(ddl.open(QIODevice::ReadOnly));
        m_db->exec(QString::fromUtf8(ddl.readAll()));
        m_db->session().execScript(sql::fingerprintFunctionSql());
    }

    void textsThatGroupTogether_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        // clang-format off
        QTest::newRow("http url ids hosts query")
            << "HTTP 503 Service Unavailable from https://api.example.com/v1/orders/12345?trace=9f8e7d6c5b4a"
            << "HTTP 503 Service Unavailable from https://api-2.example.com/v1/orders/7?trace=abc";
        QTest::newRow("java timeout host port")
            << "java.net.SocketTimeoutException: Read timed out after 30000 ms (host payments-3.internal:8443)"
            << "java.net.SocketTimeoutException: Read timed out after 5000 ms (host payments-11.internal:9443)";
        QTest::newRow("sqlstate quoted key")
            << "ERROR: duplicate key value violates unique constraint \"orders_pkey\" Key (order_id)=(4711) already exists."
            << "ERROR: duplicate key value violates unique constraint \"orders_pkey\" Key (order_id)=(12) already exists.";
        QTest::newRow("uuid and ip")
            << "message 3f2b8c1e-1d2a-4b7c-9e0f-123456789abc rejected by broker 10.0.4.17:9092"
            << "message 00000000-0000-4000-8000-000000000001 rejected by broker 192.168.1.200:9093";
        QTest::newRow("japanese full-width digits")
            << "在庫引当に失敗しました: 商品ID 884213 の在庫が不足しています（残り 3 個）"
            << "在庫引当に失敗しました: 商品ID ８８４２１４ の在庫が不足しています（残り 12 個）";
        QTest::newRow("japanese quoted") << "Timeout while calling 「決済サービス」 after 5.5 s" << "Timeout while calling 「在庫サービス」 after 30 s";
        QTest::newRow("iso time and token")
            << "token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9abc expired at 2026-12-02T03:14:15Z"
            << "token QmFzZTY0VG9rZW4xMjM0NTY3ODkwMTIzNDU2 expired at 2025-01-31T23:59:59.123Z";
        QTest::newRow("lists of values") << "ids 1, 2, 3 failed" << "ids 17 failed";
        QTest::newRow("white space") << "connection  refused\n(retry 3)" << "connection refused (retry 4)";
        QTest::newRow("hex id") << "delivery deadbeef42 lost" << "delivery 0123456789ab lost";
        QTest::newRow("compound id") << "order r1-o1024 rejected: stock" << "order r12-o7 rejected: stock";
        QTest::newRow("compound id, three parts") << "job t7-b3-x91 timed out" << "job t12-9-x1 timed out";
        // clang-format on
    }
    void textsThatGroupTogether() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QCOMPARE(fingerprint(a), fingerprint(b));
    }

    void textsThatStayApart_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        // clang-format off
        QTest::newRow("http status") << "HTTP 503 Service Unavailable" << "HTTP 502 Bad Gateway";
        QTest::newRow("http status bare number") << "HTTP 503 from upstream" << "HTTP 504 from upstream";
        QTest::newRow("sqlstate") << "could not serialize access (SQLSTATE 40001)" << "could not serialize access (SQLSTATE 40P01)";
        QTest::newRow("java classes")
            << "java.net.SocketTimeoutException: Read timed out" << "java.net.ConnectException: Read timed out";
        QTest::newRow("java method frames") << "at com.example.orders.send(OrderService.java:42)"
                                            << "at com.example.billing.send(OrderService.java:42)";
        QTest::newRow("japanese words") << "在庫引当に失敗しました: 商品ID 1" << "決済に失敗しました: 商品ID 1";
        QTest::newRow("api version in path") << "GET /v1/orders failed" << "GET /v2/orders failed";
        QTest::newRow("error code word") << "E_TIMEOUT_30 while sending" << "E_TIMEOUT_60 while sending";
        QTest::newRow("compound word with one mixed part") << "built for x86-64 only" << "built for aarch64-linux only";
        // clang-format on
    }
    void textsThatStayApart() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QVERIFY2(fingerprint(a) != fingerprint(b), qPrintable(fingerprint(a)));
    }

    void masksAsDocumented() {
        QCOMPARE(fingerprint(QStringLiteral("HTTP 503 Service Unavailable from https://api.example.com/v1/orders/12345?trace=9f8e")),
                 QStringLiteral("HTTP 503 Service Unavailable from https://<host>/v1/orders/<n>?trace=<v>"));
        QCOMPARE(fingerprint(QStringLiteral("java.net.SocketTimeoutException: Read timed out after 30000 ms (host payments-3.internal:8443)")),
                 QStringLiteral("java.net.SocketTimeoutException: Read timed out after <n> ms (host <host>:<n>)"));
        QCOMPARE(fingerprint(QStringLiteral("在庫引当に失敗しました: 商品ID 884213 の在庫が不足しています")),
                 QStringLiteral("在庫引当に失敗しました: 商品ID <n> の在庫が不足しています"));
        QCOMPARE(fingerprint(QStringLiteral("order r1-o1024 rejected (inv-7, utf-8, x86-64)")),
                 QStringLiteral("order <id> rejected (inv-<n>, utf-<n>, x86-<n>)"));
        // Only the first kFingerprintInputChars characters count.
        QCOMPARE(fingerprint(QString(sql::kFingerprintInputChars, QLatin1Char('a')) + QStringLiteral("tail 1")),
                 QString(sql::kFingerprintInputChars, QLatin1Char('a')));
    }

    /// The kit's function and the program's expression are one definition: equal on every text.
    void functionAgreesWithExpression() {
        QRandomGenerator rng(7);
        QStringList texts{QStringLiteral("plain"), QString(), QStringLiteral("  spaced  "), QStringLiteral("'quoted' \"twice\"")};
        for (int i = 0; i < 200; ++i)
            texts << errorText(rng, i % 5).toString();
        for (const QString &t : std::as_const(texts))
            QVERIFY2(isTrue(m_db->scalar(QStringLiteral("SELECT %1($1::text) IS NOT DISTINCT FROM %2")
                                             .arg(sql::fingerprintFunction(), sql::fingerprintExpression(QStringLiteral("$1::text"))),
                                         {t.isNull() ? QVariant() : QVariant(t)})),
                     qPrintable(t));
        // Applied again: nothing changes; with another body: replaced, and the indexes on it dropped.
        m_db->session().execScript(sql::fingerprintFunctionSql());
        m_db->exec(QStringLiteral("CREATE OR REPLACE FUNCTION %1(m text) RETURNS text LANGUAGE sql IMMUTABLE AS $$SELECT m$$")
                       .arg(sql::fingerprintFunction()));
        m_db->exec(QStringLiteral("CREATE TABLE stale_fp (t text)"));
        m_db->exec(QStringLiteral("CREATE INDEX stale_fp_ix ON stale_fp (%1(t))").arg(sql::fingerprintFunction()));
        m_db->session().execScript(sql::fingerprintFunctionSql());
        QVERIFY(isTrue(m_db->scalar(QStringLiteral("SELECT to_regclass('stale_fp_ix') IS NULL"))));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT %1('id 42')").arg(sql::fingerprintFunction())).toString(), QStringLiteral("id <n>"));
    }

    void groupsEqualBruteForce_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<bool>("withIndex");
        for (const char *id : {"app_outbox", "batch_work_item", "wolverine_dead_letters"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1 without index").arg(QLatin1String(id)))) << QString::fromLatin1(id) << false;
            QTest::newRow(qPrintable(QStringLiteral("%1 with the kit's index").arg(QLatin1String(id)))) << QString::fromLatin1(id) << true;
        }
    }
    void groupsEqualBruteForce() {
        QFETCH(QString, profileId);
        QFETCH(bool, withIndex);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const QString index = sql::failureGroupIndex(p);
        QVERIFY(!index.isEmpty());
        m_db->exec(QStringLiteral("DROP INDEX IF EXISTS %1, %2")
                       .arg(sql::quoteIdentifier(sql::failureGroupIndexName(p)), sql::quoteIdentifier(sql::failureGroupIndexName(p) + QStringLiteral("_long"))));
        if (withIndex) {
            m_db->exec(index);
            m_db->exec(sql::failureGroupLongIndex(p));
        }
        const QList<Row> rows = fill(profileId, p);
        compareGroups(p, rows);

        if (withIndex) { // the fitting rows are read from the index alone
            const QString plan = failureGroupsPlanWithOnlyTheKitsIndexes(*m_db, p);
            QVERIFY2(plan.contains(QStringLiteral("Index Only Scan using %1 ").arg(sql::failureGroupIndexName(p))), qPrintable(plan));
            QVERIFY2(plan.contains(QStringLiteral(" %1_long ").arg(sql::failureGroupIndexName(p))), qPrintable(plan));
        }
    }

    /// The rows of one group (Triage's filter, a group action) are exactly the group's.
    void groupPredicateSelectsTheGroup() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("batch_work_item"));
        const QList<Row> rows = fill(QStringLiteral("batch_work_item"), p);
        const FailureGroups got = FailureGroupQuery(p).read(m_db->session(), 1000);
        qint64 total = 0;
        for (const FailureGroup &g : got.groups) {
            QVariantList params;
            const QString where = sql::failureGroupPredicate(p, params, g.code, g.fingerprint);
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), where), params).toLongLong(),
                     g.messages);
            total += g.messages;
        }
        qint64 failed = 0;
        for (const Row &r : rows)
            failed += r.failed;
        QCOMPARE(total, failed);
    }

    void profilesWithoutErrorTextHaveNoGroups() {
        for (const char *id : {"outbox", "spring_modulith_v2", "debezium_outbox"}) {
            const SchemaProfile p = *SchemaProfile::builtIn(QString::fromLatin1(id));
            QVERIFY(!FailureGroupQuery(p).available());
            QVERIFY(sql::failureGroupIndex(p).isEmpty());
            QVERIFY(KitSql(p).script().contains(QLatin1String("3c. Failure groups: none")));
        }
    }

    /// The seeds' kit file (install.sql applies it) holds exactly the generated function and indexes.
    void kitFileIsTheGeneratedSql() {
        const QString path = TestDatabase::sqlPath(QStringLiteral("kit/failure_groups.sql"));
        const QString generated = kit::seedFailureGroupsFile();
        if (qEnvironmentVariableIntValue("OM_REGENERATE_KIT") == 1) {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(generated.toUtf8());
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()), generated);
        // And it installs: the function and both seed tables' indexes.
        m_db->session().execScript(generated);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_indexes WHERE indexname IN ('ix_app_outbox_failure_groups',"
                                             " 'ix_batch_work_item_failure_groups', 'ix_app_outbox_failure_groups_long',"
                                             " 'ix_batch_work_item_failure_groups_long')"))
                     .toInt(),
                 4);
    }

    /// The kit installs the same function and index the program's queries rely on.
    void kitInstallsFunctionAndIndex() {
        for (const char *id : {"app_outbox", "batch_work_item", "wolverine_dead_letters"}) {
            const SchemaProfile p = *SchemaProfile::builtIn(QString::fromLatin1(id));
            const QString script = KitSql(p).script();
            QVERIFY(script.contains(sql::fingerprintFunctionSql()));
            QVERIFY(script.contains(sql::failureGroupIndex(p)));
            QVERIFY(script.contains(sql::failureGroupLongIndex(p)));
            QVERIFY(script.indexOf(sql::fingerprintFunctionSql()) < script.indexOf(sql::failureGroupIndex(p)));
        }
    }
};

OM_TEST_GUILESS_MAIN(TestFailureGroups)
#include "tst_failuregroups.moc"
