// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON Schema of the profile format (resources/profiles/schema/profile.schema.json), which
// editors use to complete and check a profile while it is written: every built-in and every test
// profile fits it, and what it refuses the program refuses too, so that an editor never marks a
// good profile wrong nor lets a wrong one pass unmarked for the cases below.
#include "core/profile/schemaprofile.h"
#include "jsonschemacheck.h"
#include "testmain.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

QJsonObject readJson(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(f.readAll(), &e);
    if (!d.isObject())
        qFatal("%s: %s", qPrintable(path), qPrintable(e.errorString()));
    return d.object();
}

JsonSchemaCheck profileSchema() { return JsonSchemaCheck(readJson(QStringLiteral(OM_SOURCE_DIR "/resources/profiles/schema/profile.schema.json"))); }

/// The built-in app_outbox profile with `change` applied to its JSON.
QJsonObject appOutboxWith(const std::function<void(QJsonObject &)> &change) {
    QJsonObject o = readJson(QStringLiteral(OM_SOURCE_DIR "/resources/profiles/app_outbox.json"));
    change(o);
    return o;
}

} // namespace

class TestProfileSchema : public QObject {
    Q_OBJECT
private slots:
    /// The validator checks every keyword the schema uses: none is passed over unseen.
    void theSchemaUsesOnlyCheckedKeywords() { QCOMPARE(profileSchema().unknownKeywords(), QStringList()); }

    void everyProfileFits_data() {
        QTest::addColumn<QString>("file");
        int n = 0;
        for (const char *dir : {"/resources/profiles", "/tests/support/profiles"}) {
            QDirIterator it(QStringLiteral(OM_SOURCE_DIR) + QLatin1String(dir), {QStringLiteral("*.json")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString file = it.next();
                if (file.endsWith(QLatin1String(".schema.json")))
                    continue;
                QTest::newRow(qPrintable(file.mid(int(qstrlen(OM_SOURCE_DIR)) + 1))) << file;
                ++n;
            }
        }
        // The built-ins, the library table's and the four head-of-line tables' profiles at least.
        QVERIFY(n >= SchemaProfile::builtIns().size() + 5);
    }
    void everyProfileFits() {
        QFETCH(QString, file);
        QString error;
        QVERIFY2(SchemaProfile::fromFile(file, &error), qPrintable(error)); // the program takes it ...
        const QStringList errors = profileSchema().errors(readJson(file));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n')))); // ... and so does the schema
    }

    /// A profile that names the schema is still a profile.
    void aProfileMayNameTheSchema() {
        const QJsonObject o = appOutboxWith([](QJsonObject &p) { p.insert(QStringLiteral("$schema"), QStringLiteral("schema/profile.schema.json")); });
        QString error;
        QVERIFY2(SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error), qPrintable(error));
        QCOMPARE(profileSchema().errors(o), QStringList());
    }

    void refusedByBoth_data() {
        QTest::addColumn<QJsonObject>("profile");
        QTest::addColumn<QString>("where");
        const auto set = [](const QString &key, const QJsonValue &v) { return appOutboxWith([&](QJsonObject &p) { p.insert(key, v); }); };
        const auto state0 = [](const std::function<void(QJsonObject &)> &change) {
            return appOutboxWith([&](QJsonObject &p) {
                QJsonArray states = p.value(QLatin1String("states")).toArray();
                QJsonObject s = states.at(0).toObject();
                change(s);
                states.replace(0, s);
                p.insert(QStringLiteral("states"), states);
            });
        };
        // clang-format off
        QTest::newRow("unknown member") << set(QStringLiteral("tabel"), QStringLiteral("x")) << QStringLiteral(": \"tabel\" is not allowed");
        QTest::newRow("id with a space") << set(QStringLiteral("id"), QStringLiteral("my outbox")) << QStringLiteral("/id:");
        QTest::newRow("no created-time column") << appOutboxWith([](QJsonObject &p) {
            QJsonObject c = p.value(QLatin1String("columns")).toObject(); c.remove(QStringLiteral("createdAt")); p.insert(QStringLiteral("columns"), c);
        }) << QStringLiteral("/columns: \"createdAt\" is required");
        QTest::newRow("state without role") << state0([](QJsonObject &s) { s.remove(QStringLiteral("role")); })
                                            << QStringLiteral("/states/0: \"role\" is required");
        QTest::newRow("state with two ways") << state0([](QJsonObject &s) { s.insert(QStringLiteral("isNull"), QStringLiteral("nextRun")); })
                                             << QStringLiteral("/states/0: 2 of oneOf hold");
        QTest::newRow("condition with two tests") << state0([](QJsonObject &s) {
            s.remove(QStringLiteral("value"));
            s.insert(QStringLiteral("when"), QJsonArray{QJsonObject{{"column", "status"}, {"equals", "PENDING"}, {"is", "null"}}});
        }) << QStringLiteral("/states/0/when/0: 2 of oneOf hold");
        QTest::newRow("time not now-based") << state0([](QJsonObject &s) {
            s.remove(QStringLiteral("value"));
            s.insert(QStringLiteral("when"), QJsonArray{QJsonObject{{"column", "createdAt"}, {"before", "yesterday"}}});
        }) << QStringLiteral("/states/0/when/0/before:");
        QTest::newRow("stuck timeout out of range") << set(QStringLiteral("stuck"), QJsonObject{{"states", QJsonArray{"PROCESSING"}}, {"defaultTimeoutMinutes", 20000}})
                                                    << QStringLiteral("/stuck/defaultTimeoutMinutes: more than 10080");
        QTest::newRow("set to an array") << appOutboxWith([](QJsonObject &p) {
            QJsonObject actions = p.value(QLatin1String("actions")).toObject();
            QJsonObject retry = actions.value(QLatin1String("retry")).toObject();
            retry.insert(QStringLiteral("set"), QJsonObject{{"nextRun", QJsonArray{"now"}}});
            actions.insert(QStringLiteral("retry"), retry);
            p.insert(QStringLiteral("actions"), actions);
        }) << QStringLiteral("/actions/retry/set/nextRun: 0 of oneOf hold");
        QTest::newRow("unknown time type") << set(QStringLiteral("types"), QJsonObject{{"createdAt", "date"}}) << QStringLiteral("/types/createdAt:");
        QTest::newRow("ordering lock without time or holder")
            << set(QStringLiteral("ordering"), QJsonObject{{"key", "destination"}, {"lock", QJsonObject{{"table", "queues"}, {"key", "name"}}}})
            << QStringLiteral("/ordering/lock: none of anyOf holds");
        QTest::newRow("ordering with an unknown member") << set(QStringLiteral("ordering"), QJsonObject{{"key", "destination"}, {"orderBy", "createdAt"}})
                                                         << QStringLiteral("/ordering: \"orderBy\" is not allowed");
        QTest::newRow("heartbeat without its limit")
            << set(QStringLiteral("ordering"), QJsonObject{{"key", "destination"}, {"lock", QJsonObject{{"table", "queues"}, {"key", "name"},
                                                                                                         {"heartbeatAt", "beat"}}}})
            << QStringLiteral("/ordering/lock: \"heartbeatAt\" needs \"heartbeatTimeoutSeconds\"");
        QTest::newRow("pick order of a wrong direction")
            << set(QStringLiteral("ordering"), QJsonObject{{"key", "destination"}, {"pickOrder", QJsonArray{QJsonObject{{"column", "createdAt"},
                                                                                                                    {"direction", "down"}}}}})
            << QStringLiteral("/ordering/pickOrder/0/direction:");
        QTest::newRow("null key of another word") << set(QStringLiteral("ordering"), QJsonObject{{"key", "destination"}, {"nullKey", "skip"}})
                                                  << QStringLiteral("/ordering/nullKey:");
        // clang-format on
    }
    void refusedByBoth() {
        QFETCH(QJsonObject, profile);
        QFETCH(QString, where);
        QString error;
        QVERIFY2(!SchemaProfile::fromJson(QJsonDocument(profile).toJson(), &error), "the program should refuse it");
        const QStringList errors = profileSchema().errors(profile);
        QVERIFY2(!errors.isEmpty(), "the schema should refuse it");
        QVERIFY2(errors.join(QLatin1Char('\n')).contains(where), qPrintable(errors.join(QLatin1Char('\n'))));
    }
};

OM_TEST_GUILESS_MAIN(TestProfileSchema)
#include "tst_profileschema.moc"
