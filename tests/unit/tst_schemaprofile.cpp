#include "core/profile/schemaprofile.h"
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
        QCOMPARE(ids, (QStringList{QStringLiteral("app_outbox"), QStringLiteral("batch_work_item"), QStringLiteral("outbox")}));
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
        QCOMPARE(SchemaProfile::builtIn(profile)->statesPredicate(states), sql);
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
        actions.remove("retry"); actions.remove("cancel");
        o.insert("actions", actions);
        QString err;
        auto p = SchemaProfile::fromJson(QJsonDocument(o).toJson(), &err);
        QVERIFY2(p, qPrintable(err));
        QCOMPARE(p->statesPredicate({"PENDING"}), QStringLiteral(R"("st""atus; DROP TABLE x" = 'PEND''ING')"));
        QCOMPARE(p->qualifiedTable(), QStringLiteral(R"("public"."app_outbox")"));
    }

    void rejectsBadProfiles_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("mentions");
        auto mutate = [](auto f) { QJsonObject o = appOutbox(); f(o); return QJsonDocument(o).toJson(); };
        QTest::newRow("not json") << QByteArray("{ nope") << "not valid JSON";
        QTest::newRow("array") << QByteArray("[]") << "JSON object";
        QTest::newRow("empty table") << mutate([](QJsonObject &o) { o.insert("table", ""); }) << "\"table\"";
        QTest::newRow("long table") << mutate([](QJsonObject &o) { o.insert("table", QString(64, 'x')); }) << "\"table\"";
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
        QCOMPARE(p->stateExpression(), QStringLiteral(R"(CASE WHEN "published_at" IS NULL THEN 'UNPUBLISHED' WHEN "published_at" IS NOT NULL THEN 'PUBLISHED' END)"));
    }
};

OM_TEST_GUILESS_MAIN(TestSchemaProfile)
#include "tst_schemaprofile.moc"
