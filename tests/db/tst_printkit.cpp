// SPDX-License-Identifier: GPL-3.0-or-later
// The admin kit generated from a profile (om::KitSql, what `outbox-monitor --print-kit` prints),
// applied to the table's own DDL in a fresh database, for every built-in profile, a profile with
// condition states (tests/support/profiles/library_outbox.json), a uuid-id profile whose audit
// table does not exist yet and a profile without "audit" (tests/profiles/): it installs, applied a
// second time it changes nothing (the catalog, object ids included, stays identical), an operator
// retries through the program's action path with its audit row while the database refuses the
// same login a direct UPDATE or audit INSERT, and an auditor cannot run the function. On a table
// that does not match the profile it stops, naming the column, and leaves nothing behind. And the
// built-in profiles' kits install what resources/sql/kit/ installs on the seeds.
#include "core/actions/actionfunctionsql.h"
#include "core/sql/statesql.h"
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "core/kit/audittablesql.h"
#include "core/kit/kitautovacuum.h"
#include "core/kit/kitindexes.h"
#include "core/kit/kitseeds.h"
#include "core/purge/purgefunctionsql.h"
#include "core/sql/sqltext.h"
#include "pg/pgresult.h"
#include "profilerows.h"
#include "profiletables.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

SchemaProfile loadProfile(const QString &idOrPath) {
    if (!idOrPath.endsWith(QLatin1String(".json")))
        return *SchemaProfile::builtIn(idOrPath);
    QString error;
    const auto p = SchemaProfile::fromFile(QStringLiteral(OM_SOURCE_DIR "/") + idOrPath, &error);
    if (!p)
        qFatal("%s", qPrintable(error));
    return *p;
}

QString readSource(const QString &relative) {
    QFile f(QStringLiteral(OM_SOURCE_DIR "/") + relative);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(relative));
    return QString::fromUtf8(f.readAll());
}

QString uniqueSuffix() { return QString::number(QRandomGenerator::global()->generate(), 36); }

struct Applied {
    int exitCode = -1;
    QString output;
};

} // namespace

class TestPrintKit : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    /// Applies `script` with psql in one transaction, as the kit's header says to.
    Applied psqlApply(TestDatabase &db, const QString &script, const QString &name = QStringLiteral("kit.sql")) {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
        f.write(script.toUtf8());
        f.close();
        QProcess psql;
        psql.setProcessChannelMode(QProcess::MergedChannels);
        psql.start(QStringLiteral("psql"), {"-X", "-q", "-v", "ON_ERROR_STOP=1", "-1", "-d", db.connectionString(), "-f", path});
        Applied a;
        if (psql.waitForFinished(300000) && psql.exitStatus() == QProcess::NormalExit)
            a.exitCode = psql.exitCode();
        a.output = QString::fromUtf8(psql.readAll());
        return a;
    }

    /// What the kit could have touched, object ids included (an object made again is a change).
    static QStringList catalog(TestDatabase &db, const QStringList &roles) {
        const QString user = QStringLiteral("n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'");
        QStringList out;
        for (const QString &sql : {
                 QStringLiteral("SELECT 'schema ' || n.oid || ' ' || n.nspname || ' ' || coalesce(n.nspacl::text, '') FROM pg_namespace n WHERE %1"),
                 QStringLiteral("SELECT 'relation ' || c.oid || ' ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' "
                                "|| coalesce(c.relacl::text, '') || ' ' || coalesce(c.reloptions::text, '') "
                                "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE %1"),
                 QStringLiteral("SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) "
                                "|| ' ' || a.attnotnull FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
                                "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE a.attnum > 0 AND NOT a.attisdropped AND %1"),
                 QStringLiteral("SELECT 'index ' || i.indexrelid || ' ' || pg_get_indexdef(i.indexrelid) FROM pg_index i "
                                "JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE %1"),
                 QStringLiteral("SELECT 'trigger ' || t.oid || ' ' || t.tgenabled::text || ' ' || pg_get_triggerdef(t.oid) FROM pg_trigger t "
                                "JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND %1"),
                 QStringLiteral("SELECT 'function ' || p.oid || ' ' || p.oid::regprocedure || ' ' || p.prosecdef || ' ' "
                                "|| coalesce(p.proacl::text, '') || ' ' || md5(p.prosrc) FROM pg_proc p "
                                "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE %1")})
            for (const QVariantList &row : db.rows(sql.arg(user)))
                out << row.value(0).toString();
        for (const QVariantList &row : db.rows(QStringLiteral("SELECT 'role ' || r.rolname || ' ' || r.rolcanlogin FROM pg_roles r "
                                                              "WHERE r.rolname = ANY($1::text[])"),
                                               {QStringLiteral("{%1}").arg(roles.join(QLatin1Char(',')))}))
            out << row.value(0).toString();
        out.sort();
        return out;
    }

    static QVariant scalarAs(TestDatabase &db, const QString &role, const QString &sql, const QVariantList &params = {}) {
        PgSession s({db.connectionStringAs(role)});
        s.open();
        return s.query(sql, params).scalar();
    }

    static QString refusalAs(TestDatabase &db, const QString &role, const QString &sql) {
        PgSession s({db.connectionStringAs(role)});
        s.open();
        try {
            s.query(sql);
        } catch (const PgError &e) {
            return e.sqlState;
        }
        return QStringLiteral("accepted");
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void installsTwiceAndOperatorsGoThroughTheFunction_data() {
        QTest::addColumn<QString>("profileSource");
        QTest::addColumn<QStringList>("seedFiles");
        QTest::addColumn<QString>("ddl");
        QTest::addColumn<QString>("retryableRow"); // INSERT of one row the profile's retry accepts, RETURNING its id as text
        QTest::newRow("app_outbox") << "app_outbox" << QStringList{"seed000_app_outbox.sql"} << QString()
                                    << "INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status) "
                                       "VALUES ('kit-1', 'T', 'D', '{}', 'FAILED') RETURNING outbox_id::text";
        QTest::newRow("batch_work_item") << "batch_work_item" << QStringList{"seed003_batch_work_item.sql"} << QString()
                                         << "INSERT INTO batch_work_item (job_name, source_key, target_date, status) "
                                            "VALUES ('J', 'kit-1', current_date, 'FAILED') RETURNING work_item_id::text";
        QTest::newRow("outbox") << "outbox" << QStringList{"seed004_outbox.sql"} << QString()
                                << "INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, published_at) "
                                   "VALUES (gen_random_uuid(), 'A', 'kit-1', 'E', '{}', now()) RETURNING id::text";
        QTest::newRow("library_outbox") << "tests/support/profiles/library_outbox.json" << QStringList() << QString(kLibOutboxDdl)
                                        << "INSERT INTO lib_outbox (aggregate_id, event_type, abandoned_at) "
                                           "VALUES ('kit-1', 'E', now()) RETURNING id::text";
        // clang-format off
        QTest::newRow("uuid_outbox, audit table missing")
            << "tests/profiles/uuid_outbox.json" << QStringList() << readSource("tests/profiles/tables.sql") + ";DROP TABLE om_test_audit"
            << "INSERT INTO uuid_outbox VALUES (gen_random_uuid(), 'kit-1', 'T', 'topic', 'FAILED', NULL, 1, 5, NULL, 'boom', now(), now()) "
               // clang-format on
               "RETURNING id::text";
        QTest::newRow("zoned_outbox, no audit section") << "tests/profiles/zoned_outbox.json" << QStringList()
                                                        << readSource("tests/profiles/tables.sql") << QString();
    }

    void installsTwiceAndOperatorsGoThroughTheFunction() {
        QFETCH(QString, profileSource);
        QFETCH(QStringList, seedFiles);
        QFETCH(QString, ddl);
        QFETCH(QString, retryableRow);
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, seedFiles);
        if (!ddl.isEmpty())
            db->exec(ddl);
        const SchemaProfile p = loadProfile(profileSource);
        const QString suffix = uniqueSuffix();
        const kit::KitRoles roles{QStringLiteral("kit_aud_") + suffix, QStringLiteral("kit_op_") + suffix};
        const KitSql kit(p, roles);
        QCOMPARE(kit.refusal(), QString());
        const QString script = kit.script();

        QElapsedTimer clock;
        clock.start();
        const Applied first = psqlApply(*db, script);
        const qint64 firstMs = clock.restart();
        QVERIFY2(first.exitCode == 0, qPrintable(first.output));
        const QStringList installed = catalog(*db, {roles.auditor, roles.operatorRole});
        // Applied again, through libpq this time (no psql meta-commands): nothing changes.
        clock.restart();
        db->exec(script);
        qInfo("%s: kit of %lld lines, applied in %lld ms (psql -1, empty table), again in %lld ms (libpq)", qPrintable(p.id),
              qint64(script.count(QLatin1Char('\n'))), firstMs, qint64(clock.elapsed()));
        QCOMPARE(catalog(*db, {roles.auditor, roles.operatorRole}), installed);

        for (const kit::KitIndex &i : kit::monitoringIndexes(p))
            QVERIFY2(isTrue(db->scalar(QStringLiteral("SELECT to_regclass($1) IS NOT NULL"), {sql::quoteIdentifier(p.schema) + '.' + sql::quoteIdentifier(i.name)})), qPrintable(i.name));
        const QString auditTable = p.hasAudit() ? p.qualifiedAuditTable()
                                                : QStringLiteral("outbox_monitor.%1").arg(sql::quoteIdentifier(p.table + QStringLiteral("_audit")));
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM pg_trigger WHERE tgrelid = $1::regclass AND tgenabled = 'A'"), {auditTable}).toInt(), 2);
        const QString signature = ActionFunctionSql(p).signature();
        QCOMPARE(isTrue(db->scalar(QStringLiteral("SELECT to_regprocedure($1) IS NOT NULL"), {signature})), kit.installsFunction());

        const QString op = QStringLiteral("kit_alice_") + suffix, aud = QStringLiteral("kit_bob_") + suffix;
        db->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE %2; CREATE ROLE %3 LOGIN IN ROLE %4")
                     .arg(op, sql::quoteIdentifier(roles.operatorRole), aud, sql::quoteIdentifier(roles.auditor)));
        // Both read the table and the audit table.
        for (const QString &role : {op, aud})
            QCOMPARE(scalarAs(*db, role, QStringLiteral("SELECT (SELECT count(*) FROM %1) + (SELECT count(*) FROM %2)").arg(p.qualifiedTable(), auditTable)).toInt(), 0);
        const QString id = p.col(QStringLiteral("id"));
        const QString audit = kit::withKitAudit(p).audit.column(QStringLiteral("messageId"));
        // Neither writes anything directly, however the statement is put.
        for (const QString &role : {op, aud}) {
            QCOMPARE(refusalAs(*db, role, QStringLiteral("UPDATE %1 SET %2 = %2").arg(p.qualifiedTable(), p.col(QStringLiteral("key")))), QStringLiteral("42501"));
            QCOMPARE(refusalAs(*db, role, QStringLiteral("DELETE FROM %1").arg(p.qualifiedTable())), QStringLiteral("42501"));
            QCOMPARE(refusalAs(*db, role, QStringLiteral("INSERT INTO %1 (%2) SELECT NULL WHERE false").arg(auditTable, sql::quoteIdentifier(audit))),
                     QStringLiteral("42501"));
        }
        if (!kit.installsFunction()) {
            QVERIFY(retryableRow.isEmpty());
            QVERIFY(script.contains(QStringLiteral("READ-ONLY PROFILE")));
            QCOMPARE(db->scalar(QStringLiteral("SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = $1::regclass "
                                               "AND attname = 'message_id'"),
                                {auditTable})
                         .toString(),
                     QStringLiteral("text"));
            if (!p.hasAudit())
                addsThePrintedAuditSection(*db, profileSource, script, roles);
            return;
        }

        // The operator retries through the program's own action path; the audit row names the login.
        const QString rowId = db->scalar(retryableRow).toString();
        ActionRequest request;
        request.action = QStringLiteral("retry");
        request.ids = {MessageId::fromText(rowId)};
        request.reason = QStringLiteral("Consumer fixed, INC-42 replay");
        request.fillWorkstation();
        PgSession operatorSession({db->connectionStringAs(op)});
        operatorSession.open();
        const ActionResult result = ActionRunner(p).run(operatorSession, request);
        QCOMPARE(result.changed(), qint64(1));
        const ActionDef retry = p.actions.value(QStringLiteral("retry"));
        QCOMPARE(db->scalar(QStringLiteral("SELECT %1 FROM %2 WHERE %3::text = $1").arg(sql::stateExpression(p), p.qualifiedTable(), id), {rowId})
                     .toString(),
                 stateNameValue(p, retry.to));
        const QString changedBy = p.audit.column(QStringLiteral("changedBy"));
        QCOMPARE(db->rows(QStringLiteral("SELECT %1, %2 FROM %3 WHERE %4::text = $1")
                              .arg(sql::quoteIdentifier(p.audit.column(QStringLiteral("action"))), sql::quoteIdentifier(changedBy), auditTable,
                                   sql::quoteIdentifier(audit)),
                          {rowId}),
                 (QList<QVariantList>{{retry.auditName, op}}));

        // The auditor cannot run the function, through the program or by hand.
        const QString again = db->scalar(QString(retryableRow).replace(QLatin1String("kit-1"), QLatin1String("kit-2"))).toString();
        PgSession auditorSession({db->connectionStringAs(aud)});
        auditorSession.open();
        request.ids = {MessageId::fromText(again)};
        request.actionId = QUuid();
        try {
            ActionRunner(p).run(auditorSession, request);
            QFAIL("the auditor ran the action function");
        } catch (const PgError &e) {
            QCOMPARE(e.sqlState, QStringLiteral("42501"));
        }
        QCOMPARE(scalarAs(*db, aud, QStringLiteral("SELECT has_function_privilege($1, 'EXECUTE')"), {signature}).toString(), QStringLiteral("f"));
        QCOMPARE(scalarAs(*db, op, QStringLiteral("SELECT has_function_privilege($1, 'EXECUTE')"), {signature}).toString(), QStringLiteral("t"));
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2::text = $1").arg(auditTable, sql::quoteIdentifier(audit)), {again}).toInt(), 0);
        operatorSession.close();
        auditorSession.close();
        db->exec(QStringLiteral("DROP ROLE %1; DROP ROLE %2").arg(op, aud));
    }

    // The case: the user's own table named outbox, without published_at. The kit stops at
    // its check, names the column, and the catalog is as it was (no schema, index, audit table,
    // function, role or grant) whether psql or libpq applied it. A table that is not there at all
    // is refused the same way.
    void refusesATableThatDoesNotMatch_data() {
        QTest::addColumn<QString>("profileSource");
        QTest::addColumn<QString>("ddl");
        QTest::addColumn<QString>("named");
        // clang-format off
        QTest::newRow("outbox without published_at")
            << "outbox"
            << "CREATE TABLE outbox (id bigint PRIMARY KEY, event_id uuid NOT NULL, aggregate_type text NOT NULL, "
               // clang-format on
               "aggregate_id text NOT NULL, event_type text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL)"
            << "\"published_at\" (profile column publishedAt)";
        QTest::newRow("audit table without reason")
            << "tests/support/profiles/library_outbox.json"
            << QString(kLibOutboxDdl) + ";CREATE TABLE lib_outbox_audit (audit_id bigserial PRIMARY KEY, outbox_id bigint, action_name text, "
                                        "old_status text, new_status text, changed_by text, changed_at timestamptz)"
            << "\"reason\" (profile column reason)";
        QTest::newRow("no table") << "tests/profiles/zoned_outbox.json" << QString() << "\"public\".\"zoned_outbox\" does not exist";
        // A view over the table: said as such, not the server's "not supported for views".
        QTest::newRow("a view") << "tests/support/profiles/library_outbox.json"
                                << QString(kLibOutboxDdl) + ";ALTER TABLE lib_outbox RENAME TO lib_outbox_rows;"
                                                            "CREATE VIEW lib_outbox AS SELECT * FROM lib_outbox_rows"
                                << "\"public\".\"lib_outbox\" is a view";
    }

    void refusesATableThatDoesNotMatch() {
        QFETCH(QString, profileSource);
        QFETCH(QString, ddl);
        QFETCH(QString, named);
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, QStringList());
        if (!ddl.isEmpty())
            db->exec(ddl);
        const QString suffix = uniqueSuffix();
        const kit::KitRoles roles{QStringLiteral("kit_aud_") + suffix, QStringLiteral("kit_op_") + suffix};
        const QStringList before = catalog(*db, {roles.auditor, roles.operatorRole});
        const QString script = KitSql(loadProfile(profileSource), roles).script();

        const Applied byPsql = psqlApply(*db, script);
        QCOMPARE(byPsql.exitCode, 3); // psql: the script stopped at an error
        QVERIFY2(byPsql.output.contains(named), qPrintable(byPsql.output));
        QVERIFY2(byPsql.output.contains(QStringLiteral("nothing was installed")), qPrintable(byPsql.output));
        QCOMPARE(catalog(*db, {roles.auditor, roles.operatorRole}), before);

        try {
            db->exec(script);
            QFAIL("the kit installed on a table that does not match");
        } catch (const PgError &e) {
            QVERIFY2(e.message.contains(named), qPrintable(e.message));
        }
        QCOMPARE(catalog(*db, {roles.auditor, roles.operatorRole}), before);
    }

    // The seed tables' printed kits against what the checked-in kit files (generated from the same
    // profiles: tst_kitfiles) install on the seeds: the same functions with their privileges, the
    // same triggers, table, sequence and schema privileges, and the same indexes by name and
    // definition. The files also apply the autovacuum settings the printed kit recommends.
    void seedKitFilesInstallWhatThePrintedKitsInstall() {
        std::unique_ptr<TestDatabase> files, generated;
        OM_CREATE_TEST_DATABASE(files, TestDatabase::seedsWithAdminKit() << QStringLiteral("kit/monitoring_indexes.sql")
                                                                         << QStringLiteral("kit/failure_groups.sql"));
        OM_CREATE_TEST_DATABASE(generated, TestDatabase::allSeeds());
        for (const SchemaProfile &p : kit::seedProfiles()) {
            const Applied a = psqlApply(*generated, KitSql(p).script(), p.id + QStringLiteral(".sql"));
            QVERIFY2(a.exitCode == 0, qPrintable(a.output));
            // What the printed kit recommends and leaves to the DBA.
            generated->exec(kit::autovacuumSettingsSql(p.qualifiedTable()));
        }
        const auto lines = [](TestDatabase &db, const QString &sql) {
            QStringList out;
            for (const QVariantList &row : db.rows(sql))
                out << row.value(0).toString();
            out.sort();
            return out;
        };
        const QStringList same = {
            // functions (the action and purge functions and the trigger function), with their privileges
            "SELECT p.oid::regprocedure || ' ' || p.prosecdef || ' ' || md5(pg_get_functiondef(p.oid)) || ' ' "
            "|| coalesce((SELECT string_agg(a.grantee::regrole || ':' || a.privilege_type, ',' ORDER BY 1) FROM aclexplode(p.proacl) a), '') "
            "FROM pg_proc p WHERE p.proname LIKE 'outbox\\_monitor\\_%'",
            // triggers
            "SELECT tgenabled::text || ' ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal",
            // privileges on tables and sequences, and on the schema
            "SELECT c.relname || ' ' || a.grantee::regrole || ':' || a.privilege_type FROM pg_class c "
            "CROSS JOIN LATERAL aclexplode(c.relacl) a WHERE c.relnamespace = 'public'::regnamespace",
            "SELECT a.grantee::regrole || ':' || a.privilege_type FROM pg_namespace n CROSS JOIN LATERAL aclexplode(n.nspacl) a "
            "WHERE n.nspname = 'public'",
            // no schema of its own for tables that have their audit table
            "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'",
            // indexes, names included: a database given either builds nothing twice given the other
            "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'",
            // storage parameters of tables and indexes
            "SELECT relname || ' ' || reloptions::text FROM pg_class WHERE reloptions IS NOT NULL AND relnamespace = 'public'::regnamespace"};
        for (const QString &sql : same)
            QCOMPARE(lines(*generated, sql), lines(*files, sql));
        QVERIFY(!lines(*files, same.last()).filter(QStringLiteral("autovacuum_vacuum_threshold=5000")).isEmpty());
    }

    // roles.sql takes the role names from two settings (install.sql sets them from its psql
    // variables) and grants those roles what the printed kit grants: SELECT on the tables and
    // audit tables, EXECUTE on the action and purge functions for the operator only.
    void rolesFileTakesTheRoleNamesFromSettings() {
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, TestDatabase::allSeeds() << QStringLiteral("kit/append_only_audit.sql")
                                                             << QStringLiteral("kit/action_functions.sql") << QStringLiteral("kit/purge_functions.sql"));
        const QString suffix = uniqueSuffix();
        const QString aud = QStringLiteral("kit_aud_") + suffix, op = QStringLiteral("kit_op_") + suffix;
        QFile roles(TestDatabase::sqlPath(QStringLiteral("kit/roles.sql")));
        QVERIFY(roles.open(QIODevice::ReadOnly));
        const Applied a = psqlApply(*db, QStringLiteral("SET outbox_monitor.auditor_role = %1;\nSET outbox_monitor.operator_role = %2;\n")
                                                 .arg(sql::quoteLiteral(aud), sql::quoteLiteral(op))
                                             + QString::fromUtf8(roles.readAll()));
        QVERIFY2(a.exitCode == 0, qPrintable(a.output));
        const auto may = [&](const QString &role, const QString &check, const QString &object, const QString &privilege) {
            return isTrue(db->scalar(QStringLiteral("SELECT %1($1, $2, $3)").arg(check), {role, object, privilege}));
        };
        for (const SchemaProfile &p : kit::seedProfiles()) {
            for (const QString &table : {p.qualifiedTable(), p.qualifiedAuditTable()})
                for (const QString &role : {aud, op}) {
                    QVERIFY2(may(role, QStringLiteral("has_table_privilege"), table, QStringLiteral("SELECT")), qPrintable(role + table));
                    QVERIFY2(!may(role, QStringLiteral("has_table_privilege"), table, QStringLiteral("UPDATE, INSERT, DELETE")),
                             qPrintable(role + table));
                }
            for (const QString &fn : {ActionFunctionSql(p).signature(), PurgeFunctionSql(p).signature()}) {
                QVERIFY2(may(op, QStringLiteral("has_function_privilege"), fn, QStringLiteral("EXECUTE")), qPrintable(fn));
                QVERIFY2(!may(aud, QStringLiteral("has_function_privilege"), fn, QStringLiteral("EXECUTE")), qPrintable(fn));
            }
        }
        db->exec(QStringLiteral("DROP OWNED BY %1, %2; DROP ROLE %1; DROP ROLE %2").arg(op, aud));
    }

    // Applied before the functions, roles.sql grants on the tables and says, for each table, that
    // operators cannot change its messages: it does not stop.
    void rolesFileWarnsOfAMissingActionFunction() {
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, TestDatabase::allSeeds());
        QFile roles(TestDatabase::sqlPath(QStringLiteral("kit/roles.sql")));
        QVERIFY(roles.open(QIODevice::ReadOnly));
        const Applied a = psqlApply(*db, QString::fromUtf8(roles.readAll()));
        QVERIFY2(a.exitCode == 0, qPrintable(a.output));
        QCOMPARE(a.output.count(QStringLiteral("operators cannot change this table's messages")), kit::seedProfiles().size());
        QVERIFY(isTrue(db->scalar(QStringLiteral("SELECT has_table_privilege('outbox_operator', 'app_outbox', 'SELECT')"))));
    }

    // A database that has the indexes of the hand-kept kit file that came before the generated
    // one (other names for batch_work_item's and outbox's) keeps them under the kit's names:
    // applying the generated file builds none of them a second time.
    void earlierIndexNamesAreTakenOver() {
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, TestDatabase::allSeeds());
        db->exec(QStringLiteral(
            "CREATE INDEX ix_bwi_open ON batch_work_item (status, created_at, work_item_id)"
            " INCLUDE (job_name, target_date, retry_count, max_retry_count, locked_at, next_retry_at)"
            " WHERE status IN ('NEW','RUNNING','FAILED','RETRY_WAIT');"
            "CREATE INDEX ix_bwi_skipped ON batch_work_item (work_item_id) WHERE status = 'SKIPPED';"
            // an outbox index from before it held the ordering key: built again with it
            "CREATE INDEX ix_outbox_unpublished_age ON outbox (created_at, id) INCLUDE (aggregate_type, event_type)"
            " WHERE published_at IS NULL;"));
        const QString oid = QStringLiteral("SELECT to_regclass($1)::oid");
        const qlonglong bwiOpen = db->scalar(oid, {QStringLiteral("ix_bwi_open")}).toLongLong();
        const qlonglong bwiSkipped = db->scalar(oid, {QStringLiteral("ix_bwi_skipped")}).toLongLong();
        db->applyFile(QStringLiteral("kit/monitoring_indexes.sql"));
        QCOMPARE(db->scalar(oid, {QStringLiteral("ix_batch_work_item_open")}).toLongLong(), bwiOpen);
        QCOMPARE(db->scalar(oid, {QStringLiteral("ix_batch_work_item_skipped")}).toLongLong(), bwiSkipped);
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM pg_class WHERE relname IN "
                                           "('ix_bwi_open', 'ix_bwi_skipped', 'ix_outbox_unpublished_age')"))
                     .toInt(),
                 0);
        QVERIFY(db->scalar(QStringLiteral("SELECT pg_get_indexdef('ix_outbox_open'::regclass)")).toString().contains("aggregate_id"));
        // One index per definition: nothing built beside what was renamed.
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM pg_index WHERE indrelid = 'batch_work_item'::regclass "
                                           "AND pg_get_expr(indpred, indrelid) LIKE '%SKIPPED%'"))
                     .toInt(),
                 1);
        // Applied again, it changes nothing.
        const QString all = QStringLiteral("SELECT string_agg(indexrelid::regclass::text, ',' ORDER BY indexrelid) FROM pg_index i "
                                           "JOIN pg_class c ON c.oid = i.indrelid WHERE c.relnamespace = 'public'::regnamespace");
        const QString before = db->scalar(all).toString();
        db->applyFile(QStringLiteral("kit/monitoring_indexes.sql"));
        QCOMPARE(db->scalar(all).toString(), before);
    }

    void anIndexLackingAColumnItServesIsBuiltAgain_data() {
        QTest::addColumn<bool>("seedFile");
        QTest::newRow("printed kit") << false;
        QTest::newRow("seed file") << true;
    }
    void anIndexLackingAColumnItServesIsBuiltAgain() {
        // An earlier kit's near-max index held no retry columns, and an open index may lack a
        // column a profile has since come to read: under the kit's names, CREATE INDEX IF NOT EXISTS
        // would keep them, and the counts they serve would read a bigger index or the table.
        QFETCH(bool, seedFile);
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, TestDatabase::allSeeds());
        db->exec(QStringLiteral("CREATE INDEX ix_app_outbox_near_max_keyset ON app_outbox (updated_at, outbox_id)"
                                " WHERE status IN ('PENDING', 'FAILED') AND retry_count >= greatest(max_retry_count - 1, 1);"
                                "CREATE INDEX ix_app_outbox_open ON app_outbox (status, created_at, outbox_id) INCLUDE (destination)"
                                " WHERE status IN ('PENDING', 'PROCESSING', 'FAILED');"
                                "CREATE INDEX ix_app_outbox_failed_keyset ON app_outbox (updated_at, outbox_id) WHERE status = 'FAILED'"));
        const QString oid = QStringLiteral("SELECT to_regclass($1)::oid");
        const qlonglong keptFailed = db->scalar(oid, {QStringLiteral("ix_app_outbox_failed_keyset")}).toLongLong();
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        auto apply = [&] {
            if (!seedFile)
                return psqlApply(*db, KitSql(p).script());
            QFile file(db->sqlPath(QStringLiteral("kit/monitoring_indexes.sql")));
            if (!file.open(QIODevice::ReadOnly))
                qFatal("cannot read %s", qPrintable(file.fileName()));
            return psqlApply(*db, QString::fromUtf8(file.readAll()));
        };
        const Applied first = apply();
        QCOMPARE(first.exitCode, 0);
        QVERIFY2(first.output.contains(QLatin1String("ix_app_outbox_near_max_keyset\" lacks a column")), qPrintable(first.output));
        QVERIFY2(first.output.contains(QLatin1String("ix_app_outbox_open\" lacks a column")), qPrintable(first.output));
        const QString def = QStringLiteral("SELECT pg_get_indexdef($1::regclass)");
        QVERIFY(db->scalar(def, {QStringLiteral("ix_app_outbox_near_max_keyset")}).toString().contains(QLatin1String("INCLUDE (retry_count, max_retry_count)")));
        QVERIFY(db->scalar(def, {QStringLiteral("ix_app_outbox_open")}).toString().contains(QLatin1String("locked_at")));
        // An index that holds what it serves is kept as it is, and so is every index the second time.
        QCOMPARE(db->scalar(oid, {QStringLiteral("ix_app_outbox_failed_keyset")}).toLongLong(), keptFailed);
        const QString all = QStringLiteral("SELECT string_agg(indexrelid::regclass::text || indexrelid::text, ',' ORDER BY indexrelid) "
                                           "FROM pg_index WHERE indrelid = 'app_outbox'::regclass");
        const QString before = db->scalar(all).toString();
        const Applied second = apply();
        QCOMPARE(second.exitCode, 0);
        QVERIFY2(!second.output.contains(QLatin1String("lacks a column")), qPrintable(second.output));
        QCOMPARE(db->scalar(all).toString(), before);
    }

    // install.sql is the kit for existing seed tables: on a database without them it creates no
    // table, function or procedure of the seeds (they are demo material: demo/install_demo.sql).
    void installSqlInstallsNoSeed() {
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, QStringList{"install.sql"});
        QCOMPARE(db->scalar(QStringLiteral("SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace")).toInt(), 0);
        QCOMPARE(db->scalar(QStringLiteral("SELECT string_agg(proname, ',') FROM pg_proc WHERE pronamespace = 'public'::regnamespace")).toString(),
                 QStringLiteral("outbox_monitor_audit_append_only"));
    }

    // Two tables whose long names begin alike (partitions by region, say) keep a kit each: their
    // own action function, audit table and indexes. Names were cut to 63 characters, so the second
    // kit replaced the first's function, and a Retry in table A's window changed table B's row
    // with the same id; both wrote into one audit table.
    void twoLongTableNamesThatBeginAlikeKeepTheirOwnKit() {
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, QStringList{"seed000_app_outbox.sql"});
        const QString base = QStringLiteral("orders_service_outbox_messages_region_eu_partition_"); // 51 characters
        QList<SchemaProfile> tables;
        for (const QString &end : {QStringLiteral("alpha"), QStringLiteral("bravo")}) {
            SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
            p.id = end;
            p.table = base + end;
            p.audit.schema.clear(); // no audit table of its own: the kit makes one
            p.audit.table.clear();
            p.audit.columns.clear();
            db->exec(QStringLiteral("CREATE TABLE %1 (LIKE app_outbox INCLUDING ALL)").arg(p.qualifiedTable()));
            const Applied a = psqlApply(*db, KitSql(p, {QStringLiteral("kit_aud_") + end, QStringLiteral("kit_op_") + end}).script(),
                                        end + QStringLiteral(".sql"));
            QVERIFY2(a.exitCode == 0, qPrintable(a.output));
            // The same id in both tables: 1.
            db->exec(QStringLiteral("INSERT INTO %1 (message_key, event_type, destination, payload_json, status) "
                                    "VALUES ('k-%2', 'T', 'D', '{}', 'FAILED')")
                         .arg(p.qualifiedTable(), end));
            tables << p;
        }
        const SchemaProfile &a = tables.at(0), &b = tables.at(1);

        ActionRequest request;
        request.action = QStringLiteral("retry");
        request.ids = {MessageId::fromText(QStringLiteral("1"))};
        request.reason = QStringLiteral("Consumer fixed, INC-42 replay");
        request.fillWorkstation();
        PgSession session({db->connectionString()});
        session.open();
        QCOMPARE(ActionRunner(kit::withKitAudit(a)).run(session, request).changed(), qint64(1));
        const auto stateOf = [&](const SchemaProfile &p) {
            return db->scalar(QStringLiteral("SELECT status FROM %1 WHERE outbox_id = 1").arg(p.qualifiedTable())).toString();
        };
        const auto auditRows = [&](const SchemaProfile &p) {
            return db->scalar(QStringLiteral("SELECT count(*) FROM %1").arg(kit::withKitAudit(p).qualifiedAuditTable())).toInt();
        };
        QCOMPARE(stateOf(a), QStringLiteral("PENDING"));
        QCOMPARE(stateOf(b), QStringLiteral("FAILED")); // the other table's row with the same id: untouched
        QCOMPARE(auditRows(a), 1);
        QCOMPARE(auditRows(b), 0);
        // Each kit's own names, all within PostgreSQL's 63 bytes.
        QVERIFY(ActionFunctionSql(a).functionName() != ActionFunctionSql(b).functionName());
        QVERIFY(kit::withKitAudit(a).audit.table != kit::withKitAudit(b).audit.table);
        for (const SchemaProfile &p : tables) {
            QVERIFY(ActionFunctionSql(p).functionName().toUtf8().size() <= 63);
            QVERIFY(kit::withKitAudit(p).audit.table.toUtf8().size() <= 63);
            QVERIFY2(pgTrue(db->scalar(QStringLiteral("SELECT to_regprocedure($1) IS NOT NULL"), {ActionFunctionSql(p).signature()})),
                     qPrintable(ActionFunctionSql(p).signature()));
        }
    }

private:
    /// The header's "audit" section, added to the profile file as the header says, parses; the
    /// kit of the completed profile then uses the audit table already made and changes nothing.
    void addsThePrintedAuditSection(TestDatabase &db, const QString &profileSource, const QString &script, const kit::KitRoles &roles) {
        QStringList section;
        bool in = false;
        for (const QString &line : script.split(QLatin1Char('\n'))) {
            in = in || line.startsWith(QLatin1String("-- \"audit\": {"));
            if (in)
                section << line.mid(3);
            if (in && line == QLatin1String("-- }"))
                break;
        }
        QVERIFY2(section.size() >= 3, qPrintable(script.left(3000)));
        QString json = readSource(profileSource).trimmed();
        json.chop(1); // the closing brace
        json += QLatin1String(",\n") + section.join(QLatin1Char('\n')) + QLatin1String("\n}\n");
        QString error;
        const auto completed = SchemaProfile::fromJson(json.toUtf8(), &error);
        QVERIFY2(completed, qPrintable(error + QLatin1Char('\n') + json));
        QCOMPARE(completed->qualifiedAuditTable(), QStringLiteral("\"outbox_monitor\".\"%1_audit\"").arg(completed->table));
        const QStringList before = catalog(db, {roles.auditor, roles.operatorRole});
        const Applied a = psqlApply(db, KitSql(*completed, roles).script(), QStringLiteral("completed.sql"));
        QVERIFY2(a.exitCode == 0, qPrintable(a.output));
        QCOMPARE(catalog(db, {roles.auditor, roles.operatorRole}), before);
    }

    /// The value the profile's state expression gives a row in `state`: its status value, or its name.
    static QString stateNameValue(const SchemaProfile &p, const QString &state) {
        const StateDef *s = p.state(state);
        return p.statesAreStatusValues() && s ? s->statusValue() : state;
    }
};

OM_TEST_GUILESS_MAIN(TestPrintKit)
#include "tst_printkit.moc"
