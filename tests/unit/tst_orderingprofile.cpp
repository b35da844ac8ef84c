// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's "ordering" section: which built-ins declare an ordering key, what a
// valid section looks like, and the message each wrong one is refused with. The SQL the key
// produces is checked against the server in tests/db/tst_headofline.
#include "core/profile/schemaprofile.h"
#include "core/sql/headsql.h"
#include "testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace om;

class TestOrderingProfile : public QObject {
    Q_OBJECT
    static QJsonObject builtInJson(const QString &id) {
        QFile f(QStringLiteral(OM_SOURCE_DIR "/resources/profiles/%1.json").arg(id));
        f.open(QIODevice::ReadOnly);
        return QJsonDocument::fromJson(f.readAll()).object();
    }
    static std::optional<SchemaProfile> withOrdering(const QJsonValue &ordering, QString *error) {
        QJsonObject o = builtInJson(QStringLiteral("app_outbox"));
        o.insert(QStringLiteral("ordering"), ordering);
        return SchemaProfile::fromJson(QJsonDocument(o).toJson(), error);
    }

private slots:
    /// outbox orders by aggregate_id (its seed: one relay per aggregate_id, or aggregate_id as the
    /// Kafka key); app_outbox's message_key and batch_work_item's source_key are unique per
    /// message and their workers take any due row: no ordering, no head-of-line view.
    void builtInsThatDeclareAKey() {
        QCOMPARE(SchemaProfile::builtIn(QStringLiteral("outbox"))->orderingKey, QStringLiteral("key"));
        QCOMPARE(SchemaProfile::builtIn(QStringLiteral("outbox"))->column(QStringLiteral("key")), QStringLiteral("aggregate_id"));
        QVERIFY(!SchemaProfile::builtIn(QStringLiteral("app_outbox"))->isOrdered());
        QVERIFY(!SchemaProfile::builtIn(QStringLiteral("batch_work_item"))->isOrdered());
    }

    void validKeyIsAnyMappedColumn() {
        QString error;
        const auto p = withOrdering(QJsonObject{{QStringLiteral("key"), QStringLiteral("destination")}}, &error);
        QVERIFY2(p, qPrintable(error));
        QCOMPARE(p->orderingKey, QStringLiteral("destination"));
        QCOMPARE(sql::orderingIndex(*p), QStringLiteral(R"(CREATE INDEX ON "public"."app_outbox" ("destination", "created_at", "outbox_id") )"
                                                        R"(WHERE "status" IN ('PENDING', 'PROCESSING', 'FAILED'))"));
    }

    /// Every part of the rule, read into HeadOfLineRule.
    void theRuleIsRead() {
        QString error;
        // clang-format off
        const auto p = withOrdering(QJsonObject{
            {"key", "destination"}, {"skipped", QJsonArray{"FAILED"}}, {"blocking", QJsonArray{"PROCESSING"}},
            {"unordered", QJsonArray{QJsonObject{{"column", "type"}, {"equals", "broadcast"}}}},
            {"lock", QJsonObject{{"schema", "jobs"}, {"table", "queue locks"}, {"key", "queue"}, {"holderPid", "pid"}}}}, &error);
        // clang-format on
        QVERIFY2(p, qPrintable(error));
        QCOMPARE(p->headOfLine.skipped, QStringList{QStringLiteral("FAILED")});
        QCOMPARE(p->headOfLine.blocking, QStringList{QStringLiteral("PROCESSING")});
        QCOMPARE(p->headOfLine.unordered.size(), 1);
        QCOMPARE(p->headOfLine.unordered.first().column, QStringLiteral("type"));
        QCOMPARE(p->headOfLine.lock.qualifiedTable(), QStringLiteral("\"jobs\".\"queue locks\""));
        QCOMPARE(p->headOfLine.lock.lockedAt, QString());
        QCOMPARE(p->headOfLine.lock.holderPid, QStringLiteral("pid"));
        // Without the rule's parts: the plain rule.
        const auto plain = withOrdering(QJsonObject{{"key", "destination"}}, &error);
        QVERIFY(plain->headOfLine.skipped.isEmpty() && plain->headOfLine.blocking.isEmpty() && plain->headOfLine.lock.isEmpty());
    }

    /// The rules that give a key its own order, and a lock judged by its holder's id and times.
    void theOrderAndLivenessAreRead() {
        QString error;
        // clang-format off
        const auto p = withOrdering(QJsonObject{
            {"key", "destination"}, {"nullKey", "oneLine"}, {"atMostOneActive", QJsonArray{"PROCESSING"}},
            {"pickOrder", QJsonArray{QJsonObject{{"column", "retries"}, {"direction", "desc"}}, QJsonObject{{"column", "createdAt"}}}},
            {"lock", QJsonObject{{"table", "queues"}, {"key", "queue"}, {"holder", "locked_by"}, {"lockedAt", "locked_at"},
                                 {"lockTimeoutSeconds", 14400}, {"heartbeatAt", "beat"}, {"heartbeatTimeoutSeconds", 60}}}}, &error);
        // clang-format on
        QVERIFY2(p, qPrintable(error));
        const HeadOfLineRule &rule = p->headOfLine;
        QVERIFY(rule.nullKeyIsOneLine && rule.hasOwnOrder());
        QCOMPARE(rule.atMostOneActive, QStringList{QStringLiteral("PROCESSING")});
        QCOMPARE(rule.pickOrder, (QList<PickColumn>{{QStringLiteral("retries"), true}, {QStringLiteral("createdAt"), false}}));
        QCOMPARE(rule.lock.holder, QStringLiteral("locked_by"));
        QCOMPARE(rule.lock.heartbeatAt, QStringLiteral("beat"));
        QCOMPARE(rule.lock.heartbeatTimeoutSeconds, 60);
        QCOMPARE(rule.lock.lockTimeoutSeconds, 14400);
        // The defaults: NULL is no key, created time then id, nothing runs alone.
        const auto plain = withOrdering(QJsonObject{{"key", "destination"}, {"nullKey", "noKey"}}, &error);
        QVERIFY2(plain, qPrintable(error));
        QVERIFY(!plain->headOfLine.hasOwnOrder());
    }

    void refused_data() {
        QTest::addColumn<QJsonValue>("ordering");
        QTest::addColumn<QString>("message");
        const QString shape = QStringLiteral("\"ordering\" must be {\"key\": \"<logical column>\", ...}");
        QTest::newRow("unmapped column") << QJsonValue(QJsonObject{{"key", "aggregateId"}})
                                         << QStringLiteral("\"ordering.key\" names \"aggregateId\", which \"columns\" does not map");
        QTest::newRow("a real column name, not a logical one") << QJsonValue(QJsonObject{{"key", "message_key"}})
                                                               << QStringLiteral("\"ordering.key\" names \"message_key\"");
        QTest::newRow("string instead of object") << QJsonValue(QStringLiteral("key")) << shape;
        QTest::newRow("key not a string") << QJsonValue(QJsonObject{{"key", 3}}) << shape;
        QTest::newRow("empty object") << QJsonValue(QJsonObject{}) << shape;
        QTest::newRow("unknown member") << QJsonValue(QJsonObject{{"key", "key"}, {"orderBy", "createdAt"}})
                                        << QStringLiteral("unknown key \"orderBy\" (known here: key, blocking, skipped, unordered, lock, nullKey, "
                                                          "atMostOneActive, pickOrder)");
        const auto with = [](const char *name, const QJsonValue &v) { return QJsonValue(QJsonObject{{"key", "key"}, {name, v}}); };
        QTest::newRow("skipped names an unknown state") << with("skipped", QJsonArray{"ABANDONED"}) << QStringLiteral("unknown state \"ABANDONED\"");
        QTest::newRow("skipped names a finished state")
            << with("skipped", QJsonArray{"SENT"}) << QStringLiteral("state SENT is terminal: a finished row is in no key's line");
        QTest::newRow("blocking is empty") << with("blocking", QJsonArray{}) << QStringLiteral("\"blocking\" must list at least one state");
        QTest::newRow("both skipped and blocking")
            << QJsonValue(QJsonObject{{"key", "key"}, {"skipped", QJsonArray{"FAILED"}}, {"blocking", QJsonArray{"FAILED", "PENDING"}}})
            << QStringLiteral("state FAILED is both skipped and blocking");
        QTest::newRow("unordered not conditions") << with("unordered", QJsonValue(QStringLiteral("parallel")))
                                                  << QStringLiteral("ordering.unordered");
        QTest::newRow("unordered on an unmapped column") << with("unordered", QJsonArray{QJsonObject{{"column", "parallel"}, {"is", "true"}}})
                                                         << QStringLiteral("\"parallel\" is not a mapped column");
        QTest::newRow("lock without a time or holder") << with("lock", QJsonObject{{"table", "queues"}, {"key", "name"}})
                                                       << QStringLiteral("\"lock\" needs \"lockedAt\"");
        QTest::newRow("lock without a table") << with("lock", QJsonObject{{"key", "name"}, {"lockedAt", "locked_at"}})
                                              << QStringLiteral("must name a table or column, not be empty");
        QTest::newRow("lock with an unknown member")
            << with("lock", QJsonObject{{"table", "queues"}, {"key", "name"}, {"lockedAt", "locked_at"}, {"lockedBy", "worker"}})
            << QStringLiteral("unknown key \"lockedBy\"");
        QTest::newRow("null") << QJsonValue(QJsonValue::Null) << shape;
        QTest::newRow("nullKey of another word") << with("nullKey", QStringLiteral("ignore"))
                                                 << QStringLiteral("\"nullKey\" must be \"noKey\"");
        QTest::newRow("atMostOneActive empty") << with("atMostOneActive", QJsonArray{})
                                               << QStringLiteral("\"atMostOneActive\" must list at least one state");
        QTest::newRow("atMostOneActive of a finished state")
            << with("atMostOneActive", QJsonArray{"SENT"}) << QStringLiteral("state SENT is terminal");
        QTest::newRow("atMostOneActive of a skipped state")
            << QJsonValue(QJsonObject{{"key", "key"}, {"skipped", QJsonArray{"PROCESSING"}}, {"atMostOneActive", QJsonArray{"PROCESSING"}}})
            << QStringLiteral("state PROCESSING is both skipped and active");
        QTest::newRow("pickOrder empty") << with("pickOrder", QJsonArray{}) << QStringLiteral("\"pickOrder\" must list 1 to 4 columns");
        QTest::newRow("pickOrder of a real column name")
            << with("pickOrder", QJsonArray{QJsonObject{{"column", "created_at"}}})
            << QStringLiteral("ordering.pickOrder[0].column");
        QTest::newRow("pickOrder of a wrong direction")
            << with("pickOrder", QJsonArray{QJsonObject{{"column", "createdAt"}, {"direction", "down"}}})
            << QStringLiteral("must be \"asc\" or \"desc\", not \"down\"");
        QTest::newRow("pickOrder of names") << with("pickOrder", QJsonArray{"createdAt"}) << QStringLiteral("ordering.pickOrder[0]");
        const auto lock = [&](QJsonObject extra) {
            extra.insert("table", "queues");
            extra.insert("key", "name");
            return with("lock", extra);
        };
        QTest::newRow("lock with a holder id alone") << lock({{"holder", "worker"}}) << QStringLiteral("\"lock\" needs \"lockedAt\"");
        QTest::newRow("lock with both holders") << lock({{"holder", "worker"}, {"holderPid", "pid"}})
                                                << QStringLiteral("give \"holderPid\" (a server process id) or \"holder\"");
        QTest::newRow("heartbeat without its limit") << lock({{"heartbeatAt", "beat"}})
                                                     << QStringLiteral("\"heartbeatAt\" needs \"heartbeatTimeoutSeconds\" above 0");
        QTest::newRow("heartbeat limit without the heartbeat")
            << lock({{"lockedAt", "at"}, {"heartbeatTimeoutSeconds", 60}}) << QStringLiteral("needs \"heartbeatAt\"");
        QTest::newRow("lock timeout of zero") << lock({{"lockedAt", "at"}, {"lockTimeoutSeconds", 0}}) << QStringLiteral("must be above 0");
        QTest::newRow("lock timeout without lockedAt")
            << lock({{"heartbeatAt", "beat"}, {"heartbeatTimeoutSeconds", 60}, {"lockTimeoutSeconds", 60}})
            << QStringLiteral("needs \"lockedAt\"");
    }
    void refused() {
        QFETCH(QJsonValue, ordering);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!withOrdering(ordering, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }
};

OM_TEST_GUILESS_MAIN(TestOrderingProfile)
#include "tst_orderingprofile.moc"
