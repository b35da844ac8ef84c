// SPDX-License-Identifier: GPL-3.0-or-later
// Error messages and payloads of every text type a profile may declare (text, json, jsonb, json[],
// jsonb[] with a path to the message, bytea), each on a real table made here: the check says
// "fits", the whole kit installs in one transaction, each action runs once (audit rows checked),
// the failure groups equal a brute force over the messages written, their index answers alone,
// and the list, the detail pane and a saved payload show what the table holds. A profile that
// leaves the type out is told what to write.
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/groups/failuregroupquery.h"
#include "core/sql/failuregroupsql.h"
#include "core/sql/fingerprintsql.h"
#include "core/sql/sqltext.h"
#include "core/sql/textsql.h"
#include "core/triage/detailquery.h"
#include "core/triage/listquery.h"
#include "core/triage/payloadbytes.h"
#include "kitindexplan.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace om;
using namespace om::test;

namespace {

/// One table's text types: as the profile names them, and as the column is declared.
struct Variant {
    QString errorType;   ///< profile's "types.errorMessage" ("" = left out: text)
    QString errorSql;    ///< the column's SQL type
    QStringList path;    ///< "errorMessagePath"
    QString payloadType; ///< profile's "types.payload" ("" = text)
    QString payloadSql;
};

Variant variant(const QString &name) {
    if (name == QLatin1String("text")) return {{}, QStringLiteral("text"), {}, {}, QStringLiteral("text")};
    if (name == QLatin1String("jsonb")) return {QStringLiteral("jsonb"), QStringLiteral("jsonb"), {QStringLiteral("error"), QStringLiteral("message")}, QStringLiteral("bytea"), QStringLiteral("bytea")};
    if (name == QLatin1String("json")) return {QStringLiteral("json"), QStringLiteral("json"), {}, QStringLiteral("json"), QStringLiteral("json")};
    if (name == QLatin1String("jsonb[]")) return {QStringLiteral("jsonb[]"), QStringLiteral("jsonb[]"), {QStringLiteral("error")}, QStringLiteral("jsonb"), QStringLiteral("jsonb")};
    if (name == QLatin1String("json[]")) return {QStringLiteral("json[]"), QStringLiteral("json[]"), {QStringLiteral("error")}, {}, QStringLiteral("varchar(4000)")};
    return {QStringLiteral("bytea"), QStringLiteral("bytea"), {}, QStringLiteral("bytea"), QStringLiteral("bytea")};
}

QString tableName(const QString &name) {
    QString t = QStringLiteral("tt_") + name;
    return t.replace(QLatin1String("[]"), QLatin1String("_array"));
}

/// Messages with parts the fingerprint masks (numbers, hosts, quoted values), so that rows group.
QString message(int i) {
    switch (i % 5) {
    case 0: return QStringLiteral("connection refused by 10.0.%1.7 after %2 ms").arg(i % 3).arg(100 + i);
    case 1: return QStringLiteral("HTTP 503 from payments.example.org (attempt %1)").arg(i);
    case 2: return QStringLiteral("key 'order-%1' not found").arg(i);
    case 3: return QStringLiteral("line one %1\nline two").arg(i);
    default: return QStringLiteral("timeout after %1 s").arg(i % 7);
    }
}

} // namespace

class TestTextTypes : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    static SchemaProfile profileFor(const QString &name, bool withTypes) {
        const Variant v = variant(name);
        QJsonObject o = QJsonDocument::fromJson([] {
                            QFile f(QStringLiteral(OM_SOURCE_DIR "/tests/profiles/uuid_outbox.json"));
                            f.open(QIODevice::ReadOnly);
                            return f.readAll();
                        }())
                            .object();
        o[QStringLiteral("id")] = tableName(name);
        o[QStringLiteral("table")] = tableName(name);
        QJsonObject columns = o.value(QStringLiteral("columns")).toObject();
        columns[QStringLiteral("errorMessage")] = QStringLiteral("error");
        columns[QStringLiteral("payload")] = QStringLiteral("body");
        o[QStringLiteral("columns")] = columns;
        QJsonObject types{{QStringLiteral("id"), QStringLiteral("uuid")}};
        if (withTypes) {
            if (!v.errorType.isEmpty())
                types[QStringLiteral("errorMessage")] = v.errorType;
            if (!v.payloadType.isEmpty())
                types[QStringLiteral("payload")] = v.payloadType;
            if (!v.path.isEmpty())
                o[QStringLiteral("errorMessagePath")] = QJsonArray::fromStringList(v.path);
        }
        o[QStringLiteral("types")] = types;
        // A retry clears the error: an assignment of NULL to the column's own type.
        QJsonObject actions = o.value(QStringLiteral("actions")).toObject();
        QJsonObject retry = actions.value(QStringLiteral("retry")).toObject();
        QJsonObject set = retry.value(QStringLiteral("set")).toObject();
        set[QStringLiteral("errorMessage")] = QJsonValue::Null;
        retry[QStringLiteral("set")] = set;
        actions[QStringLiteral("retry")] = retry;
        o[QStringLiteral("actions")] = actions;
        QString error;
        const auto p = SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error);
        if (!p)
            qFatal("%s: %s", qPrintable(name), qPrintable(error));
        return *p;
    }

    /// The error column's SQL value for `text` (NULL text: no error), as the library would write it.
    QString errorValue(const QString &name, int i) const {
        const Variant v = variant(name);
        if (name == QLatin1String("text"))
            return QStringLiteral("$1::text");
        if (name == QLatin1String("bytea"))
            return QStringLiteral("convert_to($1::text, 'UTF8')");
        if (name == QLatin1String("jsonb") || name == QLatin1String("json"))
            return v.path.isEmpty() ? QStringLiteral("to_json($1::text)::%1").arg(v.errorSql)
                                    : QStringLiteral("json_build_object('error', json_build_object('message', $1::text, 'at', %2))::%3")
                                          .arg(i)
                                          .arg(v.errorSql);
        // Arrays: the latest attempt's error last, earlier ones before it.
        const QString element = v.errorSql.chopped(2);
        return QStringLiteral("ARRAY[json_build_object('attempt', 1, 'error', 'an older error')::%1,"
                              " json_build_object('attempt', 2, 'error', $1::text)::%1]")
            .arg(element);
    }

    /// `n` failed rows (and a few in other states); returns each failed row's expected message text.
    QMap<QString, QString> fill(const QString &name, int n) {
        const Variant v = variant(name);
        const QString t = tableName(name);
        m_db->exec(QStringLiteral("CREATE TABLE %1 (id uuid PRIMARY KEY, event_key text NOT NULL, event_type text NOT NULL,"
                                  " topic text NOT NULL, status text NOT NULL, body %2, attempts int NOT NULL DEFAULT 0,"
                                  " max_attempts int NOT NULL DEFAULT 5, locked_at timestamptz, error %3,"
                                  " created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)")
                       .arg(t, v.payloadSql, v.errorSql));
        const QString payload = v.payloadSql == QLatin1String("bytea") ? QStringLiteral("convert_to($2, 'UTF8')") : QStringLiteral("$2::%1").arg(v.payloadSql);
        QMap<QString, QString> expected;
        for (int i = 0; i < n; ++i) {
            const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
            const bool failed = i % 6 != 5;
            const bool noError = i % 11 == 3;
            const QString body = QStringLiteral("{\"order\": %1, \"note\": \"注文\"}").arg(i);
            m_db->exec(QStringLiteral("INSERT INTO %1 (id, event_key, event_type, topic, status, body, error, created_at, updated_at)"
                                      " VALUES ($3::uuid, 'k-' || $4, 'T' || left($1::text, 0), 'orders', $5, %2, %6,"
                                      " now() - make_interval(secs => $4::int), now())")
                           .arg(t, payload, noError ? QStringLiteral("NULL::%1").arg(v.errorSql) : errorValue(name, i)),
                       {message(i), body, id, i, failed ? QStringLiteral("FAILED") : QStringLiteral("PENDING")});
            if (failed)
                expected.insert(id, noError ? QString() : message(i));
        }
        if (name == QLatin1String("jsonb")) {
            // An error without the path's key reads as no message; a payload that is not UTF-8.
            const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
            m_db->exec(QStringLiteral("INSERT INTO %1 (id, event_key, event_type, topic, status, body, error, created_at, updated_at)"
                                      " VALUES ($1::uuid, 'k-x', 'T', 'orders', 'FAILED', '\\xff00fe41'::bytea, '{\"code\": 7}', now(), now())")
                           .arg(t),
                       {id});
            expected.insert(id, QString());
        }
        return expected;
    }

    /// What the program shows for `message` in a bytea column: its escape form (bytes past ASCII as \ooo).
    QString shown(const QString &name, const QString &text) {
        if (name != QLatin1String("bytea") || text.isNull())
            return text;
        return m_db->scalar(QStringLiteral("SELECT encode(convert_to($1, 'UTF8'), 'escape')"), {text}).toString();
    }

    void compareGroups(const QString &name, const SchemaProfile &p, const QMap<QString, QString> &expected) {
        QMap<QString, qint64> want; // fingerprint ("" for no message) -> rows
        for (const QString &text : expected) {
            const QString fp = text.isNull() ? QString()
                                             : m_db->scalar(QStringLiteral("SELECT %1($1)").arg(sql::fingerprintFunction()), {shown(name, text)}).toString();
            ++want[fp];
        }
        const FailureGroups got = FailureGroupQuery(p).read(m_db->session(), 1000);
        QVERIFY(got.available);
        QMap<QString, qint64> have;
        for (const FailureGroup &g : got.groups)
            have[g.fingerprint.isNull() ? QString() : g.fingerprint.toString()] += g.messages;
        QCOMPARE(have, want);
    }

    void compareListAndDetail(const QString &name, const SchemaProfile &p, const QMap<QString, QString> &expected) {
        PageRequest r;
        r.filter.view = ListFilter::View::Failed;
        r.pageSize = 1000;
        const MessagePage page = ListQuery(p).fetchPage(m_db->session(), r);
        QCOMPARE(page.rows.size(), expected.size());
        for (const MessageRow &row : page.rows)
            QCOMPARE(row.errorMessage, shown(name, expected.value(row.id.text())));
        const DetailQuery q(p);
        // A row with a message (the one whose payload is not UTF-8 has none, and is read below).
        QString some;
        for (auto it = expected.cbegin(); it != expected.cend() && some.isEmpty(); ++it)
            if (!it.value().isNull())
                some = it.key();
        const MessageDetail d = q.fetch(m_db->session(), MessageId::fromText(some), 1000);
        QVERIFY(d.found);
        QCOMPARE(d.lastError, shown(name, expected.value(some)));
        const QString stored = m_db->scalar(QStringLiteral("SELECT body::text FROM %1 WHERE id = $1::uuid").arg(tableName(name)), {some}).toString();
        QVERIFY2(d.payloadPrefix.contains(QStringLiteral("注文")), qPrintable(d.payloadPrefix));
        QVERIFY(!d.payloadIsBinary);
        QCOMPARE(d.payloadInBytes, name == QLatin1String("jsonb") || name == QLatin1String("bytea"));
        if (!d.payloadInBytes)
            QCOMPARE(d.payloadPrefix, stored);
    }

private slots:
    void initTestCase() { OM_CREATE_TEST_DATABASE(m_db, QStringList{}); }

    void everyTextTypeFitsInstallsAndReads_data() {
        QTest::addColumn<QString>("name");
        for (const char *n : {"text", "jsonb", "json", "jsonb[]", "json[]", "bytea"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }

    void everyTextTypeFitsInstallsAndReads() {
        QFETCH(QString, name);
        const SchemaProfile p = profileFor(name, true);
        const QMap<QString, QString> expected = fill(name, 90);
        m_db->exec(QStringLiteral("ANALYZE %1").arg(tableName(name)));

        // The check finds nothing wrong with the columns (before the kit only its audit table and
        // function are missing) ...
        for (const ProfileFinding &f : ProfileCheck(p).run(m_db->session()).findings)
            QVERIFY2(f.severity != ProfileFinding::Severity::Error || !f.path.startsWith(QLatin1String("columns")),
                     qPrintable(f.path + QStringLiteral(": ") + f.message));

        // ... the whole kit installs in one transaction, and then the check says it fits.
        const KitSql kit(p);
        QVERIFY2(kit.refusal().isEmpty(), qPrintable(kit.refusal()));
        m_db->session().transact([&](PgTx &tx) { tx.exec(kit.script()); });
        QVERIFY(m_db->scalar(QStringLiteral("SELECT to_regclass($1) IS NOT NULL"), {sql::failureGroupIndexName(p)}).toBool());
        const ProfileCheckReport after = ProfileCheck(p).run(m_db->session());
        QVERIFY2(after.ok(), qPrintable(after.lines(p.id).join(QLatin1Char('\n'))));

        compareGroups(name, p, expected);
        const QString plan = failureGroupsPlanWithOnlyTheKitsIndexes(*m_db, p);
        QVERIFY2(plan.contains(QStringLiteral("Index Only Scan using %1 ").arg(sql::failureGroupIndexName(p))), qPrintable(plan));
        compareListAndDetail(name, p, expected);

        // Each action once: the rows moved, the error cleared by the retry, one audit row each.
        QStringList ids = expected.keys();
        for (const QString &action : {QStringLiteral("retry"), QStringLiteral("cancel")}) {
            ActionRequest r;
            r.action = action;
            r.ids = {MessageId::fromText(ids.takeFirst())};
            r.reason = QStringLiteral("test: text types");
            r.actionId = QUuid::createUuid();
            r.fillWorkstation();
            const ActionResult res = ActionRunner(p).run(m_db->session(), r);
            QCOMPARE(res.changedIds, r.ids);
            const QVariantList row = m_db->rows(QStringLiteral("SELECT status, error IS NULL FROM %1 WHERE id = $1::uuid").arg(tableName(name)),
                                                {r.ids.first().text()})
                                         .first();
            QCOMPARE(row.at(0).toString(), action == QLatin1String("retry") ? QStringLiteral("PENDING") : QStringLiteral("CANCELLED"));
            if (action == QLatin1String("retry"))
                QVERIFY(row.at(1).toBool());
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM om_test_audit WHERE action_id = $1::uuid"), {r.actionId.toString(QUuid::WithoutBraces)}).toInt(), 1);
        }
    }

    /// A profile that leaves "types" out for a JSON, array or bytea column is told what to write,
    /// at the column, before any query or kit fails on it.
    void aMissingTextTypeIsNamedWithItsFix_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("fix");
        QTest::newRow("jsonb") << QStringLiteral("jsonb") << QStringLiteral("\"errorMessage\": \"jsonb\"");
        QTest::newRow("jsonb[]") << QStringLiteral("jsonb[]") << QStringLiteral("\"errorMessage\": \"jsonb[]\"");
        QTest::newRow("bytea") << QStringLiteral("bytea") << QStringLiteral("\"errorMessage\": \"bytea\"");
    }

    void aMissingTextTypeIsNamedWithItsFix() {
        QFETCH(QString, name);
        QFETCH(QString, fix);
        const ProfileCheckReport report = ProfileCheck(profileFor(name, false)).run(m_db->session());
        QVERIFY(!report.ok());
        bool named = false, payloadNamed = false;
        for (const ProfileFinding &f : report.findings) {
            named |= f.path == QLatin1String("columns.errorMessage") && f.message.contains(fix);
            payloadNamed |= f.path == QLatin1String("columns.payload");
        }
        QVERIFY2(named, qPrintable(report.lines(QStringLiteral("profile")).join(QLatin1Char('\n'))));
        // A bytea payload must be said (it would show as hex); a json or jsonb one reads as its
        // text without a word in "types".
        QCOMPARE(payloadNamed, variant(name).payloadSql == QLatin1String("bytea"));
    }

    /// A bytea payload: the detail decodes UTF-8 bytes, shows other bytes as hex, and a saved
    /// file holds the column's own bytes.
    void aByteaPayloadIsShownAndSavedAsItsBytes() {
        const SchemaProfile p = profileFor(QStringLiteral("jsonb"), true);
        const QString id = m_db->scalar(QStringLiteral("SELECT id::text FROM tt_jsonb WHERE body = '\\xff00fe41'::bytea")).toString();
        QVERIFY(!id.isEmpty());
        const DetailQuery q(p);
        const MessageDetail d = q.fetch(m_db->session(), MessageId::fromText(id), 1000);
        QVERIFY(d.payloadIsBinary);
        QCOMPARE(d.payloadLength, 4);
        QCOMPARE(d.payloadPrefix, QStringLiteral("00000000  ff 00 fe 41"));
        QVERIFY(q.fetchFormattedPayload(m_db->session(), MessageId::fromText(id)).isBinary);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("payload.bin"));
        QCOMPARE(q.savePayload(m_db->session(), MessageId::fromText(id), path, 3), 4);
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll(), QByteArray::fromHex("ff00fe41"));
        // A prefix cut inside a UTF-8 character still reads as text.
        const PayloadBytes cut = payloadFromHex(QString::fromLatin1(QByteArray("\xe6\xb3\xa8\xe6").toHex()));
        QVERIFY(!cut.binary);
        QCOMPARE(cut.text, QStringLiteral("注"));
    }

    // A library that writes its errors under one key and its timeouts under another names both
    // paths: the message is the first that holds text, in every list and group; an action's own
    // text goes to the first. Compared with the rule done by hand in SQL.
    void severalErrorPathsReadTheFirstThatHoldsText() {
        m_db->exec(QStringLiteral("CREATE TABLE tt_paths (id uuid PRIMARY KEY, event_key text NOT NULL, event_type text NOT NULL,"
                                  " topic text NOT NULL, status text NOT NULL, body text, attempts int NOT NULL DEFAULT 0,"
                                  " max_attempts int NOT NULL DEFAULT 5, locked_at timestamptz, error jsonb,"
                                  " created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())"));
        m_db->exec(QStringLiteral("INSERT INTO tt_paths (id, event_key, event_type, topic, status, error) VALUES"
                                  " (gen_random_uuid(), 'k1', 'E', 'T', 'FAILED', '{\"error\": {\"message\": \"refused\"}}'),"
                                  " (gen_random_uuid(), 'k2', 'E', 'T', 'FAILED', '{\"timeout\": {\"reason\": \"no answer in 30 s\"}}'),"
                                  " (gen_random_uuid(), 'k3', 'E', 'T', 'FAILED', '{\"error\": {\"message\": \"first\"}, \"timeout\": {\"reason\": \"second\"}}'),"
                                  " (gen_random_uuid(), 'k4', 'E', 'T', 'FAILED', '{\"other\": 1}'),"
                                  " (gen_random_uuid(), 'k5', 'E', 'T', 'FAILED', NULL)"));
        QFile f(QStringLiteral(OM_SOURCE_DIR "/tests/profiles/uuid_outbox.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        o[QStringLiteral("id")] = QStringLiteral("tt_paths");
        o[QStringLiteral("table")] = QStringLiteral("tt_paths");
        QJsonObject columns = o.value(QStringLiteral("columns")).toObject();
        columns[QStringLiteral("errorMessage")] = QStringLiteral("error");
        o[QStringLiteral("columns")] = columns;
        o[QStringLiteral("types")] = QJsonObject{{QStringLiteral("id"), QStringLiteral("uuid")}, {QStringLiteral("errorMessage"), QStringLiteral("jsonb")}};
        o[QStringLiteral("errorMessagePath")] = QJsonArray{QJsonArray{QStringLiteral("error"), QStringLiteral("message")},
                                                           QJsonArray{QStringLiteral("timeout"), QStringLiteral("reason")}};
        QString error;
        const auto p = SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error);
        QVERIFY2(p, qPrintable(error));
        QCOMPARE(p->types.errorMessagePaths.size(), 2);
        const QString ours = QStringLiteral("SELECT string_agg(coalesce(%1, '-'), '|' ORDER BY event_key) FROM tt_paths").arg(sql::errorText(*p));
        const QString byHand = QStringLiteral("SELECT string_agg(coalesce(CASE WHEN error #>> '{error,message}' IS NOT NULL"
                                              " THEN error #>> '{error,message}' ELSE error #>> '{timeout,reason}' END, '-'), '|'"
                                              " ORDER BY event_key) FROM tt_paths");
        QCOMPARE(m_db->scalar(ours).toString(), m_db->scalar(byHand).toString());
        QCOMPARE(m_db->scalar(ours).toString(), QStringLiteral("refused|no answer in 30 s|first|-|-"));
        // An action's text is written where the first path reads.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT %1 #>> '{error,message}'").arg(sql::errorValue(*p, QStringLiteral("'retried by hand'")))).toString(),
                 QStringLiteral("retried by hand"));
        // A malformed list is refused with the shape named.
        o[QStringLiteral("errorMessagePath")] = QJsonArray{QJsonArray{QStringLiteral("error")}, QStringLiteral("timeout")};
        QVERIFY(!SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error));
        QVERIFY2(error.contains(QStringLiteral("or a list of such lists")), qPrintable(error));
    }
};

OM_TEST_GUILESS_MAIN(TestTextTypes)
#include "tst_texttypes.moc"
