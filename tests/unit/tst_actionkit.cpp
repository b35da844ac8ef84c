// SPDX-License-Identifier: GPL-3.0-or-later
// The kit's action functions (resources/sql/kit/action_functions.sql) are generated from the
// built-in profiles: the committed file must be exactly what om::ActionFunctionSql produces, so a
// profile change cannot leave the database's functions behind. OM_REGENERATE_KIT=1 rewrites it.
#include "core/actions/actionfunctionsql.h"

#include <QFile>
#include "testmain.h"

#include <QTest>

using namespace om;

class TestActionKit : public QObject {
    Q_OBJECT
    static QString kitPath() { return QStringLiteral(OM_SOURCE_DIR "/resources/sql/kit/action_functions.sql"); }

private slots:
    void committedFileIsGenerated() {
        const QString generated = ActionFunctionSql::kitFile(SchemaProfile::builtIns());
        QFile f(kitPath());
        if (qEnvironmentVariableIntValue("OM_REGENERATE_KIT") == 1) {
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(generated.toUtf8());
            f.close();
        }
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(kitPath()));
        QCOMPARE(QString::fromUtf8(f.readAll()), generated);
    }

    void everyBuiltInProfileGetsAFunctionOfItsOwn_data() {
        QTest::addColumn<QString>("profileId");
        for (const SchemaProfile &p : SchemaProfile::builtIns())
            if (!p.actions.isEmpty())
                QTest::newRow(qPrintable(p.id)) << p.id;
    }

    void aReadOnlyProfileGetsNoFunction_data() {
        QTest::addColumn<QString>("profileId");
        for (const SchemaProfile &p : SchemaProfile::builtIns())
            if (p.actions.isEmpty())
                QTest::newRow(qPrintable(p.id)) << p.id;
    }

    void aReadOnlyProfileGetsNoFunction() {
        // Debezium, MassTransit, NServiceBus, Spring Modulith 1.x: no transition an operator takes.
        QFETCH(QString, profileId);
        const QString sql = ActionFunctionSql(*SchemaProfile::builtIn(profileId)).installSql();
        QVERIFY2(!sql.contains(QStringLiteral("CREATE")), qPrintable(sql));
        QVERIFY(sql.contains(QStringLiteral("no actions: nothing to install")));
    }

    void everyBuiltInProfileGetsAFunctionOfItsOwn() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const ActionFunctionSql fn(p);
        const QString sql = fn.installSql();
        QVERIFY(sql.contains(QStringLiteral("SECURITY DEFINER")));
        QVERIFY(sql.contains(QStringLiteral("SET search_path = pg_catalog, pg_temp")));
        QVERIFY(sql.contains(QStringLiteral("REVOKE ALL ON FUNCTION ") + fn.signature().replace(QLatin1Char('\''), QLatin1String("''"))
                             + QStringLiteral(" FROM PUBLIC")));
        // Every table name the function touches is schema-qualified (the search_path holds no user schema).
        QVERIFY(sql.contains(p.qualifiedTable()));
        QVERIFY(sql.contains(p.qualifiedAuditTable()));
        // One branch per action of the profile, each with its audit name, and nothing else accepted.
        for (auto it = p.actions.cbegin(); it != p.actions.cend(); ++it) {
            QVERIFY2(sql.contains(QStringLiteral("p_action = '%1' THEN").arg(it.key())), qPrintable(it.key()));
            QVERIFY(sql.contains(QStringLiteral("v_audit_name := '%1'").arg(it.value().auditName)));
        }
        QCOMPARE(sql.count(QStringLiteral("RETURN QUERY")), p.actions.size());
        QVERIFY(!fn.actionIdColumn().isEmpty());
    }

    void callNamesTheArgumentTypes() {
        const ActionFunctionSql fn(*SchemaProfile::builtIn(QStringLiteral("app_outbox")));
        QCOMPARE(fn.callSql(QStringLiteral("$9::bigint[]"), 1),
                 QStringLiteral("SELECT om_id FROM \"public\".\"outbox_monitor_action_app_outbox\"($1::text, $2::uuid, "
                                "$9::bigint[], $3::text, $4::text, $5::int, $6::text, $7::text, $8::text) AS om_id"));
    }
};

OM_TEST_GUILESS_MAIN(TestActionKit)
#include "tst_actionkit.moc"
