// SPDX-License-Identifier: GPL-3.0-or-later
// The kit's purge functions (resources/sql/kit/purge_functions.sql) are generated from the
// built-in profiles' "purge" sections: the committed file must be exactly what
// om::PurgeFunctionSql produces. OM_REGENERATE_KIT=1 rewrites it. Also the profile language of
// "purge": what the parser accepts and refuses.
#include "core/purge/purgefunctionsql.h"

#include <QFile>
#include "testmain.h"

#include <QTest>

using namespace om;

class TestPurgeKit : public QObject {
    Q_OBJECT
    static QString kitPath() { return QStringLiteral(OM_SOURCE_DIR "/resources/sql/kit/purge_functions.sql"); }

    /// A minimal valid profile with `purge` spliced in (and actions unless `readOnly`).
    static QByteArray profileWith(const QByteArray &purge, bool readOnly = false) {
        QByteArray json = R"({"id": "t", "table": "t",
            "columns": {"id": "id", "key": "k", "status": "status", "createdAt": "created_at", "updatedAt": "updated_at"},
            "states": [{"name": "NEW", "role": "waiting", "value": "NEW"},
                       {"name": "BUSY", "role": "inFlight", "value": "BUSY"},
                       {"name": "BAD", "role": "failed", "value": "BAD"},
                       {"name": "DONE", "role": "done", "value": "DONE", "terminal": true},
                       {"name": "DROPPED", "role": "cancelled", "value": "DROPPED", "terminal": true}],
            "waiting": {"states": ["NEW"]},
            "audit": {"table": "t_audit", "columns": {"messageId": "id", "action": "a", "reason": "r",
                      "oldStatus": "o", "newStatus": "n", "actionId": "action_id"}})";
        if (!readOnly)
            json += R"(, "actions": {"retry": {"from": ["BAD"], "to": "NEW"}})";
        if (!purge.isEmpty())
            json += R"(, "purge": )" + purge;
        return json + "}";
    }

private slots:
    void committedFileIsGenerated() {
        const QString generated = PurgeFunctionSql::kitFile(SchemaProfile::builtIns());
        QFile f(kitPath());
        if (qEnvironmentVariableIntValue("OM_REGENERATE_KIT") == 1) {
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(generated.toUtf8());
            f.close();
        }
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(kitPath()));
        QCOMPARE(QString::fromUtf8(f.readAll()), generated);
    }

    void theSeedProfilesPurgeOnlyFinishedStates_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<QStringList>("states");
        QTest::newRow("app_outbox") << "app_outbox" << QStringList{"SENT", "CANCELLED"};
        QTest::newRow("batch_work_item") << "batch_work_item" << QStringList{"SUCCESS", "SKIPPED"};
        QTest::newRow("outbox") << "outbox" << QStringList{"PUBLISHED"};
    }
    void theSeedProfilesPurgeOnlyFinishedStates() {
        QFETCH(QString, profileId);
        QFETCH(QStringList, states);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        QVERIFY(p.hasPurge());
        QCOMPARE(p.purge.states, states);
        const PurgeFunctionSql fn(p);
        const QString sql = fn.installSql();
        QVERIFY(sql.contains(QStringLiteral("SECURITY DEFINER")));
        QVERIFY(sql.contains(QStringLiteral("SET search_path = pg_catalog, pg_temp")));
        QVERIFY(sql.contains(QStringLiteral("REVOKE ALL ON FUNCTION ")));
        QVERIFY(sql.contains(QStringLiteral("FOR UPDATE SKIP LOCKED")));
        QVERIFY(sql.contains(p.qualifiedAuditTable()));
    }

    void aProfileWithoutPurgeGetsNoFunction_data() {
        QTest::addColumn<QString>("profileId");
        for (const SchemaProfile &p : SchemaProfile::builtIns())
            if (!p.hasPurge())
                QTest::newRow(qPrintable(p.id)) << p.id;
    }
    void aProfileWithoutPurgeGetsNoFunction() {
        // Debezium deletes its own rows; the library profiles leave clean-up to their libraries.
        QFETCH(QString, profileId);
        const QString sql = PurgeFunctionSql(*SchemaProfile::builtIn(profileId)).installSql();
        QVERIFY2(!sql.contains(QStringLiteral("CREATE")), qPrintable(sql));
        QVERIFY(!PurgeFunctionSql(*SchemaProfile::builtIn(profileId)).installs());
    }

    void theParserReadsPurge() {
        QString error;
        const auto p = SchemaProfile::fromJson(profileWith(R"({"states": ["DONE", "DROPPED"], "sinceColumn": "updatedAt"})"), &error);
        QVERIFY2(p, qPrintable(error));
        QCOMPARE(p->purge.states, (QStringList{"DONE", "DROPPED"}));
        QCOMPARE(p->purge.sinceColumn, QStringLiteral("updatedAt"));
        QCOMPARE(p->purge.auditName, QStringLiteral("PURGE"));
        QVERIFY(p->hasPurge());
        const auto none = SchemaProfile::fromJson(profileWith({}), &error);
        QVERIFY2(none, qPrintable(error));
        QVERIFY(!none->hasPurge());
    }

    void theParserRefusesABadPurge_data() {
        QTest::addColumn<QByteArray>("purge");
        QTest::addColumn<bool>("readOnly");
        QTest::addColumn<QString>("message");
        QTest::newRow("open state") << QByteArray(R"({"states": ["NEW"], "sinceColumn": "updatedAt"})") << false << "only done or cancelled";
        QTest::newRow("in flight") << QByteArray(R"({"states": ["DONE", "BUSY"], "sinceColumn": "updatedAt"})") << false << "only done or cancelled";
        QTest::newRow("failed") << QByteArray(R"({"states": ["BAD"], "sinceColumn": "updatedAt"})") << false << "only done or cancelled";
        QTest::newRow("unknown state") << QByteArray(R"({"states": ["GONE"], "sinceColumn": "updatedAt"})") << false << "unknown state";
        QTest::newRow("no states") << QByteArray(R"({"states": [], "sinceColumn": "updatedAt"})") << false << "must name the finished states";
        QTest::newRow("no column") << QByteArray(R"({"states": ["DONE"]})") << false << "sinceColumn";
        QTest::newRow("unmapped column") << QByteArray(R"({"states": ["DONE"], "sinceColumn": "sentAt"})") << false << "not a mapped column";
        QTest::newRow("unknown key") << QByteArray(R"({"states": ["DONE"], "sinceColumn": "updatedAt", "batch": 5})") << false << "";
        QTest::newRow("read-only") << QByteArray(R"({"states": ["DONE"], "sinceColumn": "updatedAt"})") << true << "read-only";
    }
    void theParserRefusesABadPurge() {
        QFETCH(QByteArray, purge);
        QFETCH(bool, readOnly);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!SchemaProfile::fromJson(profileWith(purge, readOnly), &error));
        QVERIFY2(error.contains(QStringLiteral("purge")), qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void callNamesTheArgumentTypes() {
        const PurgeFunctionSql fn(*SchemaProfile::builtIn(QStringLiteral("app_outbox")));
        QCOMPARE(fn.callSql(1), QStringLiteral("SELECT \"public\".\"outbox_monitor_purge_app_outbox\"($1::uuid, $2::text[], $3::int, $4::int,"
                                               " $5::text, $6::text, $7::text, $8::text, $9::text)"));
        QCOMPARE(fn.signature(), QStringLiteral("\"public\".\"outbox_monitor_purge_app_outbox\"(uuid,text[],integer,integer,text,text,text,text,text)"));
    }
};

OM_TEST_GUILESS_MAIN(TestPurgeKit)
#include "tst_purgekit.moc"
