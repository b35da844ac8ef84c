// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/schemaprofile.h"
#include "core/sql/statesql.h"
#include "core/profile/profileerror.h"
#include "core/profile/setclausematch.h"
#include "testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace om;

class TestSchemaProfile : public QObject {
    Q_OBJECT
private:
    static QJsonObject appOutbox() {
        QFile f(QStringLiteral(OM_SOURCE_DIR "/resources/profiles/app_outbox.json"));
        f.open(QIODevice::ReadOnly);
        return QJsonDocument::fromJson(f.readAll()).object();
    }

private slots:
    void builtInsAreValid() {
        const QList<SchemaProfile> all = SchemaProfile::builtIns();
        QStringList ids;
        for (const SchemaProfile &p : all)
            ids << p.id;
        // The seeds' three and the library systems' (tests/db/tst_libraryprofiles), by file name.
        QCOMPARE(ids, (QStringList{"app_outbox", "batch_work_item", "debezium_outbox", "eventuate_message", "masstransit_outbox",
                                   "nservicebus_outbox", "outbox", "spring_modulith_v1", "spring_modulith_v2",
                                   "wolverine_dead_letters"}));
    }

    void predicates_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QStringList>("states");
        QTest::addColumn<QString>("sql");
        QTest::newRow("one value") << "app_outbox" << QStringList{"PENDING"} << R"("status" = 'PENDING')";
        QTest::newRow("two values") << "app_outbox" << QStringList{"PENDING", "FAILED"} << R"("status" IN ('PENDING', 'FAILED'))";
        QTest::newRow("null-based") << "outbox" << QStringList{"UNPUBLISHED"} << R"("published_at" IS NULL)";
        QTest::newRow("not-null") << "outbox" << QStringList{"PUBLISHED"} << R"("published_at" IS NOT NULL)";
        QTest::newRow("both null-based") << "outbox" << QStringList{"UNPUBLISHED", "PUBLISHED"}
                                         << R"(("published_at" IS NULL OR "published_at" IS NOT NULL))";
        QTest::newRow("none") << "app_outbox" << QStringList{} << "false";
        QTest::newRow("batch waiting") << "batch_work_item" << QStringList{"NEW", "RETRY_WAIT"} << R"("status" IN ('NEW', 'RETRY_WAIT'))";
    }
    void predicates() {
        QFETCH(QString, profile);
        QFETCH(QStringList, states);
        QFETCH(QString, sql);
        QCOMPARE(sql::statesPredicate(*SchemaProfile::builtIn(profile), states), sql);
    }

    void identifiersAndValuesAreQuoted() {
        QJsonObject o = appOutbox();
        QJsonObject cols = o.value("columns").toObject();
        cols.insert("status", QStringLiteral("st\"atus; DROP TABLE x"));
        o.insert("columns", cols);
        QJsonArray states = o.value("states").toArray();
        QJsonObject first = states.at(0).toObject();
        first.insert("value", "PEND'ING");
        states.replace(0, first);
        o.insert("states", states);
        o.insert("waiting", QJsonObject{{"states", QJsonArray{}}, {"sinceColumn", "createdAt"}});
        QJsonObject actions = o.value("actions").toObject();
        actions.remove("retry");
        actions.remove("cancel");
        o.insert("actions", actions);
        QString err;
        auto p = SchemaProfile::fromJson(QJsonDocument(o).toJson(), &err);
        QVERIFY2(p, qPrintable(err));
        QCOMPARE(sql::statesPredicate(*p, {"PENDING"}), QStringLiteral(R"("st""atus; DROP TABLE x" = 'PEND''ING')"));
        QCOMPARE(p->qualifiedTable(), QStringLiteral(R"("public"."app_outbox")"));
    }

    void rejectsBadProfiles_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("mentions");
        auto mutate = [](auto f) { QJsonObject o = appOutbox(); f(o); return QJsonDocument(o).toJson(); };
        QTest::newRow("not json") << QByteArray("{ nope") << "not valid JSON";
        QTest::newRow("array") << QByteArray("[]") << "JSON object";
        QTest::newRow("empty table") << mutate([](QJsonObject &o) { o.insert("table", ""); }) << "table: must name";
        QTest::newRow("long table") << mutate([](QJsonObject &o) { o.insert("table", QString(64, 'x')); }) << "table: \"xxx";
        QTest::newRow("bad id") << mutate([](QJsonObject &o) { o.insert("id", "a b;c"); }) << "\"id\"";
        QTest::newRow("unknown state in action") << mutate([](QJsonObject &o) {
            QJsonObject a = o.value("actions").toObject();
            QJsonObject r = a.value("retry").toObject(); r.insert("to", "NOWHERE"); a.insert("retry", r);
            o.insert("actions", a); }) << "NOWHERE";
        QTest::newRow("unknown action") << mutate([](QJsonObject &o) {
            QJsonObject a = o.value("actions").toObject(); a.insert("delete", QJsonObject{}); o.insert("actions", a); }) << "delete";
        QTest::newRow("set with sql") << mutate([](QJsonObject &o) {
            QJsonObject a = o.value("actions").toObject();
            QJsonObject r = a.value("retry").toObject();
            QJsonObject set = r.value("set").toObject(); set.insert("nextRun", "now() + interval '1 day'"); r.insert("set", set);
            a.insert("retry", r); o.insert("actions", a); }) << "set.nextRun";
        QTest::newRow("actions without audit") << mutate([](QJsonObject &o) { o.remove("audit"); }) << "audit";
        QTest::newRow("bad role") << mutate([](QJsonObject &o) {
            QJsonArray s = o.value("states").toArray(); QJsonObject x = s.at(0).toObject(); x.insert("role", "odd");
            s.replace(0, x); o.insert("states", s); }) << "role";
        QTest::newRow("two matchers") << mutate([](QJsonObject &o) {
            QJsonArray s = o.value("states").toArray(); QJsonObject x = s.at(0).toObject(); x.insert("isNull", "lockedAt");
            s.replace(0, x); o.insert("states", s); }) << "exactly one";
        QTest::newRow("no states") << mutate([](QJsonObject &o) { o.insert("states", QJsonArray{}); }) << "states";
    }
    void rejectsBadProfiles() {
        QFETCH(QByteArray, json);
        QFETCH(QString, mentions);
        QString err;
        QVERIFY(!SchemaProfile::fromJson(json, &err));
        QVERIFY2(err.contains(mentions), qPrintable(err));
    }

    void stateExpressionForNullBasedProfile() {
        const auto p = SchemaProfile::builtIn("outbox");
        QCOMPARE(sql::stateExpression(*p), QStringLiteral(R"(CASE WHEN "published_at" IS NULL THEN 'UNPUBLISHED' WHEN "published_at" IS NOT NULL THEN 'PUBLISHED' END)"));
    }

private:
    static QByteArray libraryText() {
        QFile f(QStringLiteral(OM_SOURCE_DIR "/tests/support/profiles/library_outbox.json"));
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }

    /// 1-based line of the first occurrence of `needle` in `text`, counted here, apart from the parser.
    static int lineOf(const QByteArray &text, const QByteArray &needle) {
        const int at = int(text.indexOf(needle));
        return at < 0 ? -1 : 1 + int(text.left(at).count('\n'));
    }

private slots:
    void conditionStatesToSql() {
        ProfileError err;
        const auto p = SchemaProfile::fromJson(libraryText(), &err, QStringLiteral("library_outbox.json"));
        QVERIFY2(p, qPrintable(err.format()));
        QCOMPARE(sql::statesPredicate(*p, {"READY"}),
                 QStringLiteral(R"(("processed_at" IS NULL AND "abandoned_at" IS NULL AND "locked_until" < now()))"));
        QCOMPARE(sql::statesPredicate(*p, {"PROCESSED"}), QStringLiteral(R"("processed_at" IS NOT NULL)"));
        QCOMPARE(sql::statesPredicate(*p, {"PENDING", "ABANDONED"}),
                 QStringLiteral(R"((("processed_at" IS NULL AND "abandoned_at" IS NULL AND "locked_until" IS NULL) OR )"
                                R"(("processed_at" IS NULL AND "abandoned_at" IS NOT NULL)))"));
        QVERIFY(p->hasRetries());
        QCOMPARE(sql::maxRetries(*p), QStringLiteral("5"));
        QVERIFY(sql::stateExpression(*p).startsWith(QLatin1String("CASE WHEN (\"processed_at\" IS NULL AND")));
        QVERIFY(sql::stateExpression(*p).contains(QLatin1String("THEN 'IN_FLIGHT'")));
    }

    void conditionForms_data() {
        QTest::addColumn<QString>("condition");
        QTest::addColumn<QString>("sql");
        QTest::newRow("equals text") << "{\"column\": \"type\", \"equals\": \"it's\"}"
                                     << R"("event_type" = 'it''s')";
        QTest::newRow("equals number") << R"({"column": "retries", "equals": 3})"
                                       << R"("attempts" = 3)";
        QTest::newRow("in") << R"({"column": "type", "in": ["a", "b"]})"
                            << R"("event_type" IN ('a', 'b'))";
        QTest::newRow("is true") << R"({"column": "type", "is": "true"})"
                                 << R"("event_type" IS TRUE)";
        QTest::newRow("is false") << R"({"column": "type", "is": "false"})"
                                  << R"("event_type" IS FALSE)";
        QTest::newRow("after now") << R"({"column": "lockedUntil", "after": "now"})"
                                   << R"("locked_until" > now())";
        QTest::newRow("before now - 5 minutes") << R"({"column": "lockedUntil", "before": "now - 5 minutes"})"
                                                << R"("locked_until" < (now() - interval '5 minutes'))";
        QTest::newRow("after now + 1 hour") << R"({"column": "lockedUntil", "after": "now+1 hour"})"
                                            << R"("locked_until" > (now() + interval '1 hours'))";
        QTest::newRow("compare with max constant") << R"({"column": "retries", "compare": ">=", "with": "maxRetries"})"
                                                   << R"("attempts" >= 5)";
        QTest::newRow("compare with column") << R"({"column": "processedAt", "compare": "<", "with": "createdAt"})"
                                             << R"("processed_at" < "created_at")";
        QTest::newRow("compare with number") << R"({"column": "retries", "compare": "<>", "with": 0})"
                                             << R"("attempts" <> 0)";
        // "=" with a constant is read as "equals" (see equalsComparisonIsEquals).
        QTest::newRow("compare equal number") << R"({"column": "retries", "compare": "=", "with": 3})"
                                              << R"("attempts" = 3)";
    }

    // "compare": "=" with a number means what "equals" means, so it serves wherever equals does:
    // in a terminal state (estimated from the planner's statistics) and as an action's target
    // state reached by the action's "set".
    void equalsComparisonIsEquals() {
        QByteArray text = libraryText();
        const QByteArray from = R"({ "column": "lockedUntil", "after": "now" })";
        text.replace(from, R"({ "column": "retries", "compare": "=", "with": 3 })");
        ProfileError err;
        const auto p = SchemaProfile::fromJson(text, &err);
        QVERIFY2(p, qPrintable(err.format()));
        const StateCondition &c = p->state("IN_FLIGHT")->when.at(2);
        QCOMPARE(c.op, StateCondition::Op::Equals);
        QCOMPARE(c.values.size(), 1);
        QCOMPARE(c.values.first().toDouble(), 3.0);
        SetClause set;
        set.kind = SetClause::Kind::Number;
        set.text = QStringLiteral("3");
        QVERIFY(setSatisfies(set, c));
        // Other comparisons keep their meaning (and a set cannot promise them).
        text = libraryText();
        text.replace(from, R"({ "column": "retries", "compare": ">=", "with": 3 })");
        const auto q = SchemaProfile::fromJson(text, &err);
        QVERIFY2(q, qPrintable(err.format()));
        QCOMPARE(q->state("IN_FLIGHT")->when.at(2).op, StateCondition::Op::Compare);
        QVERIFY(!setSatisfies(set, q->state("IN_FLIGHT")->when.at(2)));
    }
    void conditionForms() {
        QFETCH(QString, condition);
        QFETCH(QString, sql);
        QByteArray text = libraryText();
        const QByteArray from = R"({ "column": "lockedUntil", "after": "now" })";
        QVERIFY(text.contains(from));
        text.replace(from, condition.toUtf8());
        ProfileError err;
        const auto p = SchemaProfile::fromJson(text, &err);
        QVERIFY2(p, qPrintable(err.format()));
        QCOMPARE(p->state("IN_FLIGHT")->when.at(2).column.isEmpty(), false);
        QCOMPARE(sql::condition(*p, p->state("IN_FLIGHT")->when.at(2)), sql);
    }

    // The profile fuzz test: each mutation of a valid profile is refused, and the error names the
    // JSON path and the line where the mutation is (counted in the test from the text itself).
    void refusedWithPlace_data() {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("mentions");
        // clang-format off
        QTest::newRow("bad interval") << QByteArray(R"("after": "now")") << QByteArray(R"("after": "now + 5 minuets")")
                                      << "states[2].when[2].after" << "\"now + 5 minuets\" is not a time";
        QTest::newRow("interval pasted as SQL") << QByteArray(R"("before": "now")") << QByteArray(R"j("before": "now() - interval '1 day'; DROP TABLE x")j")
                                                << "states[1].when[2].before" << "is not a time";
        QTest::newRow("interval without number") << QByteArray(R"("before": "now")") << QByteArray(R"("before": "now - minutes")")
                                                 << "states[1].when[2].before" << "is not a time";
        QTest::newRow("unknown key top") << QByteArray(R"("maxRetries": 5,)") << QByteArray(R"("maxRetries": 5, "maxRetry": 3,)")
                                         << "maxRetry" << "unknown key \"maxRetry\"";
        QTest::newRow("unknown key in condition") << QByteArray(R"({ "column": "abandonedAt", "is": "notNull" })")
                                                  << QByteArray(R"({ "column": "abandonedAt", "is": "notNull", "orElse": 1 })")
                                                  << "states[3].when[1].orElse" << "unknown key";
        QTest::newRow("unknown key in state") << QByteArray(R"("name": "READY", "role": "waiting",)")
                                              << QByteArray(R"("name": "READY", "role": "waiting", "colour": "red",)")
                                              << "states[1].colour" << "unknown key";
        QTest::newRow("wrong type number") << QByteArray(R"("maxRetries": 5)") << QByteArray(R"("maxRetries": "5")")
                                           << "maxRetries" << "whole number";
        QTest::newRow("wrong type column") << QByteArray(R"("retries": "attempts")") << QByteArray(R"("retries": 7)")
                                           << "columns.retries" << "a number";
        QTest::newRow("wrong type states") << QByteArray(R"("waiting": { "states": ["PENDING", "READY"])")
                                           << QByteArray(R"("waiting": { "states": "PENDING")") << "waiting.states" << "array";
        QTest::newRow("wrong type terminal") << QByteArray(R"("terminal": true)") << QByteArray(R"("terminal": "yes")")
                                             << "states[4].terminal" << "true or false";
        QTest::newRow("NUL in column") << QByteArray(R"("lockedUntil": "locked_until")") << QByteArray(R"("lockedUntil": "locked\u0000until")")
                                       << "columns.lockedUntil" << "NUL";
        QTest::newRow("64-byte column") << QByteArray(R"("payload": "payload")") << QByteArray("\"payload\": \"" + QByteArray(64, 'p') + "\"")
                                        << "columns.payload" << "64 bytes";
        QTest::newRow("64-byte multibyte table") << QByteArray(R"("table": "lib_outbox")")
                                                 << QByteArray("\"table\": \"" + QString(32, QChar(0x00e9)).toUtf8() + "\"")
                                                 << "table" << "64 bytes";
        QTest::newRow("empty column") << QByteArray(R"("type": "event_type")") << QByteArray(R"("type": "")")
                                      << "columns.type" << "not be empty";
        QTest::newRow("unmapped column") << QByteArray(R"({ "column": "lockedUntil", "is": "null" })")
                                         << QByteArray(R"({ "column": "lockUntil", "is": "null" })")
                                         << "states[0].when[2].column" << "\"lockUntil\" is not a mapped column";
        QTest::newRow("unknown state in role list") << QByteArray(R"("failed": { "states": ["ABANDONED"] })")
                                                    << QByteArray(R"("failed": { "states": ["ABANDON"] })")
                                                    << "failed.states" << "unknown state \"ABANDON\"";
        QTest::newRow("duplicate state") << QByteArray(R"("name": "READY")") << QByteArray(R"("name": "PENDING")")
                                         << "states[1].name" << "defined twice";
        QTest::newRow("duplicate key") << QByteArray(R"("schema": "public",)") << QByteArray(R"("schema": "public", "schema": "x",)")
                                       << "schema" << "written twice";
        QTest::newRow("bad is") << QByteArray(R"("is": "notNull")") << QByteArray(R"("is": "not null")")
                                << "states[3].when[1].is" << "\"notNull\"";
        QTest::newRow("two operators") << QByteArray(R"({ "column": "abandonedAt", "is": "notNull" })")
                                       << QByteArray(R"({ "column": "abandonedAt", "is": "notNull", "equals": 1 })")
                                       << "states[3].when[1]" << "exactly one";
        QTest::newRow("bad compare") << QByteArray(R"({ "column": "abandonedAt", "is": "notNull" })")
                                     << QByteArray(R"({ "column": "retries", "compare": "=>", "with": "maxRetries" })")
                                     << "states[3].when[1].compare" << ">=";
        QTest::newRow("terminal by time") << QByteArray(R"("terminal": true, "notNull": "processedAt")")
                                          << QByteArray(R"("terminal": true, "when": [{ "column": "processedAt", "before": "now" }])")
                                          << "states[4].terminal" << "planner's statistics";
        QTest::newRow("max both ways") << QByteArray(R"("maxRetries": 5,)") << QByteArray(R"("maxRetries": 5, "extraColumns": { "maxRetries": "max_attempts" },)")
                                       << "maxRetries" << "not both";
        QTest::newRow("unreachable target") << QByteArray(R"("set": { "abandonedAt": null, "lockedUntil": null })")
                                            << QByteArray(R"("set": { "lockedUntil": null })")
                                            << "actions.retry.set" << "action retry cannot make a row PENDING";
        QTest::newRow("target by time unreachable") << QByteArray(R"("set": { "abandonedAt": "now", "lockedUntil": null })")
                                                    << QByteArray(R"("set": { "abandonedAt": null })")
                                                    << "actions.cancel.set" << "action cancel cannot make a row ABANDONED";
        QTest::newRow("set with sql text") << QByteArray(R"("abandonedAt": "now", )") << QByteArray(R"j("abandonedAt": "now()", )j")
                                           << "actions.cancel.set.abandonedAt" << "must be null";
        QTest::newRow("set repeats the target's column") << QByteArray("\"to\": \"PENDING\",\n               \"set\": { \"abandonedAt\": null, \"lockedUntil\": null }")
                                                         << QByteArray(R"("to": "PROCESSED", "set": { "processedAt": "now" })")
                                                         << "actions.retry.set.processedAt" << "repeats what the action does when it moves a row to PROCESSED";
        QTest::newRow("schema in the table's name") << QByteArray("\"schema\": \"public\",\n  \"table\": \"lib_outbox\",")
                                                    << QByteArray(R"("table": "sales.lib_outbox",)")
                                                    << "table" << "write \"schema\": \"sales\", \"table\": \"lib_outbox\"";
        QTest::newRow("syntax: missing comma") << QByteArray(R"("maxRetries": 5,)") << QByteArray(R"("maxRetries": 5)")
                                               << "" << "not valid JSON";
        QTest::newRow("syntax: trailing comma") << QByteArray(R"("failed": { "states": ["ABANDONED"] },)")
                                                << QByteArray(R"("failed": { "states": ["ABANDONED",] },)") << "" << "not valid JSON";
        // clang-format on
    }
    void refusedWithPlace() {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, path);
        QFETCH(QString, mentions);
        QByteArray text = libraryText();
        const int line = lineOf(text, from);
        QVERIFY2(line > 0, from.constData());
        text.replace(text.indexOf(from), from.size(), to);
        ProfileError err;
        QVERIFY(!SchemaProfile::fromJson(text, &err, QStringLiteral("/x/myprofile.json")));
        QVERIFY2(err.message.contains(mentions), qPrintable(err.format()));
        QCOMPARE(err.path, path);
        if (path.isEmpty()) {
            // A syntax error: where the parser stopped, at or just after the change.
            QVERIFY2(err.line >= line && err.line <= line + 1, qPrintable(err.format()));
            QVERIFY(err.column > 0);
        } else {
            QCOMPARE(err.line, line);
        }
        QVERIFY(err.format().startsWith(QStringLiteral("myprofile.json:%1:").arg(err.line)));
        if (!path.isEmpty())
            QVERIFY(err.format().contains(QStringLiteral(": %1: ").arg(path)));
    }

    // A "set" of "now" makes a row "before now" for every later read: the action may target such a
    // state (READY: locked until a time that has passed) without inventing "now + 1 seconds".
    void setNowReachesBeforeNow() {
        QByteArray text = libraryText();
        const QByteArray from = "\"to\": \"PENDING\",\n               \"set\": { \"abandonedAt\": null, \"lockedUntil\": null }";
        QVERIFY(text.contains(from));
        text.replace(from, R"("to": "READY", "set": { "abandonedAt": null, "lockedUntil": "now" })");
        ProfileError err;
        const auto p = SchemaProfile::fromJson(text, &err);
        QVERIFY2(p, qPrintable(err.format()));
        QCOMPARE(p->actions.value(QStringLiteral("retry")).to, QStringLiteral("READY"));
    }

    void fileErrorsNameTheFile() {
        ProfileError err;
        QVERIFY(!SchemaProfile::fromFile(QStringLiteral("/nonexistent/p.json"), &err));
        QCOMPARE(err.file, QStringLiteral("/nonexistent/p.json"));
        QVERIFY(err.format().startsWith(QLatin1String("p.json: ")));
    }
};

OM_TEST_GUILESS_MAIN(TestSchemaProfile)
#include "tst_schemaprofile.moc"
