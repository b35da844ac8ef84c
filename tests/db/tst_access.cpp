// SPDX-License-Identifier: GPL-3.0-or-later
// Access the database enforces: the admin kit's roles and append-only triggers, driven with raw
// statements through PgSession (no application guard in the way), and the privilege detection
// that tells the window whether to offer actions.
#include "core/actions/privileges.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QSignalSpy>
#include <QTest>
#include <QUuid>

using namespace om;
using namespace om::test;

namespace {
// One raw statement per table and kind; each must be refused for the auditor.
struct Stmt {
    const char *table;
    const char *sql;
};
const Stmt kAuditorRefused[] = {
    {"app_outbox", "UPDATE app_outbox SET status = 'PENDING' WHERE status = 'FAILED'"},
    {"app_outbox", "INSERT INTO app_outbox (message_key, event_type, destination, payload_json) VALUES ('x', 'E', 'D', '{}')"},
    {"app_outbox", "DELETE FROM app_outbox"},
    {"app_outbox_audit", "UPDATE app_outbox_audit SET reason = 'forged'"},
    {"app_outbox_audit", "INSERT INTO app_outbox_audit (outbox_id, action_name, reason) VALUES (1, 'RETRY_FAILED', 'r')"},
    {"app_outbox_audit", "DELETE FROM app_outbox_audit"},
    {"batch_work_item", "UPDATE batch_work_item SET status = 'NEW'"},
    {"batch_work_item", "INSERT INTO batch_work_item (job_name, source_key, target_date) VALUES ('j', 'k', current_date)"},
    {"batch_work_item", "DELETE FROM batch_work_item"},
    {"batch_work_status_history", "UPDATE batch_work_status_history SET message = 'forged'"},
    {"batch_work_status_history", "INSERT INTO batch_work_status_history (work_item_id, new_status) VALUES (1, 'NEW')"},
    {"batch_work_status_history", "DELETE FROM batch_work_status_history"},
    {"outbox", "UPDATE outbox SET published_at = NULL"},
    {"outbox", "INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload) VALUES (gen_random_uuid(), 'A', '1', 'E', '{}')"},
    {"outbox", "DELETE FROM outbox"},
    {"outbox_audit", "UPDATE outbox_audit SET reason = 'forged'"},
    {"outbox_audit", "INSERT INTO outbox_audit (outbox_id, action_name, reason) VALUES (1, 'REPLAY', 'r')"},
    {"outbox_audit", "DELETE FROM outbox_audit"},
};

QString sqlStateOf(PgSession &s, const QString &sql) {
    try {
        s.query(sql);
    } catch (const PgError &e) {
        return e.sqlState;
    }
    return QStringLiteral("ok");
}

std::unique_ptr<PgSession> login(const QString &conn) {
    PgSession::Options o;
    o.connInfo = conn;
    auto s = std::make_unique<PgSession>(o);
    s->open();
    return s;
}
} // namespace

class TestAccess : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    Privileges privilegesAs(const QString &conn, const QString &profile, bool readOnly = false) {
        GatewayConfig c;
        c.connInfo = conn;
        c.readOnly = readOnly;
        Gateway gw(c);
        Privileges result;
        bool done = false;
        const PrivilegeCheck check(*SchemaProfile::builtIn(profile));
        gw.run<Privileges>(
            Lane::Browse, this, [check](PgSession &s) { return check.run(s); },
            [&](const Privileges &p) { result = p; done = true; },
            [&](const PgError &e) { result.error = e.message; done = true; });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 10000); }();
        return result;
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << "demo/logins.sql");
        m_db->createLoginRole(QStringLiteral("plain_auditor_fn"), QStringLiteral("outbox_auditor"));
        // Audit rows are append-only: written once, for the messages init() writes again.
        m_db->exec("INSERT INTO app_outbox_audit (outbox_id, action_name, reason) SELECT g, 'RETRY_FAILED', 'seed' FROM generate_series(1, 5) g");
        m_db->exec("INSERT INTO batch_work_status_history (work_item_id, old_status, new_status, action_name, message) "
                   "SELECT g, 'RUNNING', 'FAILED', NULL, 'boom' FROM generate_series(1, 5) g");
        m_db->exec("INSERT INTO outbox_audit (outbox_id, action_name, reason) SELECT g, 'REPLAY', 'seed' FROM generate_series(1, 5) g");
    }

    // Every function starts from the same five messages per table (ids 1..5: five FAILED, five
    // FAILED, five published), whatever an earlier function changed through the action function.
    void init() {
        m_db->exec("DELETE FROM app_outbox; DELETE FROM batch_work_item; DELETE FROM outbox;");
        m_db->exec("INSERT INTO app_outbox (outbox_id, message_key, event_type, destination, payload_json, status) "
                   "SELECT g, 'K' || g, 'E', 'D', '{}', 'FAILED' FROM generate_series(1, 5) g");
        m_db->exec("INSERT INTO batch_work_item (work_item_id, job_name, source_key, target_date, status) "
                   "SELECT g, 'J', 'S' || g, current_date, 'FAILED' FROM generate_series(1, 5) g");
        m_db->exec("INSERT INTO outbox (id, event_id, aggregate_type, aggregate_id, event_type, payload, published_at) "
                   "OVERRIDING SYSTEM VALUE SELECT g, gen_random_uuid(), 'Order', g::text, 'E', '{}', now() FROM generate_series(1, 5) g");
    }

    void auditorIsRefusedEverywhere_data() {
        QTest::addColumn<QString>("sql");
        for (const Stmt &s : kAuditorRefused)
            QTest::newRow(s.sql) << QString::fromLatin1(s.sql);
    }
    void auditorIsRefusedEverywhere() {
        QFETCH(QString, sql);
        auto s = login(m_db->connectionStringAs("demo_auditor"));
        // First guard: the demo auditor's transactions are read-only by default.
        QCOMPARE(sqlStateOf(*s, sql), QStringLiteral("25006"));
        // Second guard, the one that matters: without read-only, the privileges refuse it.
        s->execScript("SET default_transaction_read_only = off");
        QCOMPARE(sqlStateOf(*s, sql), QStringLiteral("42501"));
        // ... and nothing changed.
        QCOMPARE(m_db->scalar("SELECT count(*) FROM app_outbox WHERE status = 'FAILED'").toInt(), 5);
        QCOMPARE(m_db->scalar("SELECT count(*) FROM app_outbox_audit WHERE reason = 'seed'").toInt(), 5);
    }

    void auditorMayRead() {
        auto s = login(m_db->connectionStringAs("demo_auditor"));
        // Every row the owner sees (the audit tables grow as other functions act: compared, not counted).
        for (const char *t : {"app_outbox", "app_outbox_audit", "batch_work_item", "batch_work_status_history", "outbox", "outbox_audit"}) {
            const QString count = QStringLiteral("SELECT count(*) FROM %1").arg(t);
            const int owner = m_db->scalar(count).toInt();
            QVERIFY2(owner >= 5, t);
            QCOMPARE(s->query(count).scalar().toInt(), owner);
        }
    }

    void operatorCannotChangeMessagesOrWriteAuditRowsDirectly_data() {
        QTest::addColumn<QString>("sql");
        // Each an operator could use to change a message without its audit row, or to write an
        // audit row naming someone else or another time.
        for (const char *sql : {
                 "UPDATE app_outbox SET status = 'PENDING' WHERE outbox_id = 2",
                 "UPDATE app_outbox SET payload_json = '{\"x\":1}' WHERE outbox_id = 2",
                 "UPDATE batch_work_item SET status = 'NEW', updated_at = now() WHERE work_item_id = 2",
                 "UPDATE outbox SET published_at = NULL WHERE id = 2",
                 "INSERT INTO app_outbox_audit (outbox_id, action_name, reason) VALUES (2, 'RETRY_FAILED', 'no change')",
                 "INSERT INTO app_outbox_audit (outbox_id, action_name, reason, changed_by, changed_at) "
                 "VALUES (2, 'RETRY_FAILED', 'forged', 'alice', now() - interval '3 days')",
                 "INSERT INTO batch_work_status_history (work_item_id, old_status, new_status, action_name, message, changed_by) "
                 "VALUES (2, 'FAILED', 'NEW', 'MANUAL_RETRY', 'forged', 'bob')",
                 "INSERT INTO outbox_audit (outbox_id, action_name, reason, changed_at) VALUES (2, 'REPLAY', 'forged', '2020-01-01')",
                 "DELETE FROM app_outbox", "DELETE FROM batch_work_item", "DELETE FROM outbox",
                 "UPDATE app_outbox_audit SET changed_by = 'alice'", "TRUNCATE outbox_audit",
                 "SET ROLE postgres"})
            QTest::newRow(sql) << QString::fromLatin1(sql);
    }
    void operatorCannotChangeMessagesOrWriteAuditRowsDirectly() {
        QFETCH(QString, sql);
        auto s = login(m_db->connectionStringAs("demo_operator"));
        const QString state = sqlStateOf(*s, sql);
        QVERIFY2(state == QStringLiteral("42501"), qPrintable(state));
        QCOMPARE(m_db->scalar("SELECT count(*) FROM app_outbox WHERE status = 'FAILED'").toInt(), 5);
        QCOMPARE(m_db->scalar("SELECT count(*) FROM app_outbox_audit WHERE reason IN ('forged', 'no change')").toInt(), 0);
        QCOMPARE(m_db->scalar("SELECT count(*) FROM outbox WHERE published_at IS NULL").toInt(), 0);
    }

    void operatorChangesThroughTheActionFunctionWithServerSetWhoAndWhen() {
        auto s = login(m_db->connectionStringAs("demo_operator"));
        // The function's own arguments: no user, no time. The workstation fields are stored as given.
        const QString call = QStringLiteral(
            "SELECT count(*) FROM public.outbox_monitor_action_%1($1, $2::uuid, $3::bigint[], 'operator test', 'INC-1', NULL, "
            "'mallory', 'pc-9', 'x')");
        struct Case {
            const char *table, *action, *audit, *idCol;
        };
        for (const Case &c : {Case{"app_outbox", "retry", "app_outbox_audit", "outbox_id"},
                              Case{"batch_work_item", "retry", "batch_work_status_history", "work_item_id"},
                              Case{"outbox", "retry", "outbox_audit", "outbox_id"}}) {
            const QString actionId = QUuid::createUuid().toString(QUuid::WithoutBraces);
            QString before;
            s->transact([&](PgTx &tx) {
                before = tx.exec("SELECT now()::text").scalar().toString();
                QCOMPARE(tx.exec(call.arg(c.table), {c.action, actionId, "{1}"}).scalar().toInt(), 1);
            });
            const QVariantList row = m_db->rows(QStringLiteral("SELECT changed_by, changed_at::text, os_user, action_id::text, count(*) OVER () "
                                                               "FROM %1 WHERE action_id = $1::uuid")
                                                    .arg(c.audit),
                                                {actionId})
                                         .value(0);
            QCOMPARE(row.value(0).toString(), QStringLiteral("demo_operator"));
            QCOMPARE(row.value(1).toString(), before); // the transaction's own now()
            QCOMPARE(row.value(2).toString(), QStringLiteral("mallory"));
            QCOMPARE(row.value(4).toInt(), 1);
            // The same action id twice: refused, nothing changed.
            QCOMPARE(sqlStateOf(*s, QStringLiteral("SELECT * FROM public.outbox_monitor_action_%1('cancel', '%2', '{2}', 'again', NULL, NULL, NULL, NULL, NULL)")
                                        .arg(c.table, actionId)),
                     QStringLiteral("23505"));
            // An action the profile does not have, and no reason: refused.
            QCOMPARE(sqlStateOf(*s, QStringLiteral("SELECT * FROM public.outbox_monitor_action_%1('purge', gen_random_uuid(), '{2}', 'r', NULL, NULL, NULL, NULL, NULL)")
                                        .arg(c.table)),
                     QStringLiteral("22023"));
            QCOMPARE(sqlStateOf(*s, QStringLiteral("SELECT * FROM public.outbox_monitor_action_%1('retry', gen_random_uuid(), '{2}', '  ', NULL, NULL, NULL, NULL, NULL)")
                                        .arg(c.table)),
                     QStringLiteral("22023"));
        }
        // The auditor may not call it, and PUBLIC has no EXECUTE.
        auto a = login(m_db->connectionStringAs("plain_auditor_fn"));
        QCOMPARE(sqlStateOf(*a, "SELECT * FROM public.outbox_monitor_action_app_outbox('retry', gen_random_uuid(), '{3}', 'r', NULL, NULL, NULL, NULL, NULL)"),
                 QStringLiteral("42501"));
        QCOMPARE(m_db->scalar("SELECT count(*) FROM app_outbox WHERE status = 'FAILED'").toInt(), 4);
        // SECURITY DEFINER with a fixed search_path, owned by a role the operator cannot become.
        for (const char *t : {"app_outbox", "batch_work_item", "outbox"}) {
            const QVariantList f = m_db->rows(QStringLiteral(
                                                  "SELECT p.prosecdef, array_to_string(p.proconfig, ','), pg_has_role('outbox_operator', p.proowner, 'MEMBER'),"
                                                  " has_function_privilege('public', p.oid, 'EXECUTE') FROM pg_proc p WHERE p.proname = 'outbox_monitor_action_%1'")
                                                  .arg(t))
                                       .value(0);
            QCOMPARE(f.value(0).toString(), QStringLiteral("t"));
            QCOMPARE(f.value(1).toString(), QStringLiteral("search_path=pg_catalog, pg_temp"));
            QCOMPARE(f.value(2).toString(), QStringLiteral("f"));
            QCOMPARE(f.value(3).toString(), QStringLiteral("f"));
        }
    }

    void auditRowsAreAppendOnlyForTheOwnerToo() {
        // The harness's own login owns the tables (and is a superuser): only the trigger stops it.
        for (const char *t : {"app_outbox_audit", "batch_work_status_history", "outbox_audit"}) {
            QCOMPARE(sqlStateOf(m_db->session(), QStringLiteral("UPDATE %1 SET ticket = 'x'").arg(t)), QStringLiteral("42501"));
            QCOMPARE(sqlStateOf(m_db->session(), QStringLiteral("DELETE FROM %1").arg(t)), QStringLiteral("42501"));
            QCOMPARE(sqlStateOf(m_db->session(), QStringLiteral("TRUNCATE %1").arg(t)), QStringLiteral("42501"));
            // session_replication_role = replica silences ordinary triggers, not ENABLE ALWAYS ones.
            m_db->session().execScript("SET session_replication_role = replica");
            QCOMPARE(sqlStateOf(m_db->session(), QStringLiteral("DELETE FROM %1").arg(t)), QStringLiteral("42501"));
            m_db->session().execScript("RESET session_replication_role");
            QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1").arg(t)).toInt() >= 5);
            QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE ticket = 'x'").arg(t)).toInt(), 0);
        }
    }

    void privilegeDetection_data() {
        QTest::addColumn<QString>("role");
        QTest::addColumn<QString>("profile");
        QTest::addColumn<bool>("forceReadOnly");
        QTest::addColumn<bool>("canChange");
        QTest::addColumn<QString>("why");
        for (const char *p : {"app_outbox", "batch_work_item", "outbox"}) {
            QTest::addRow("operator %s", p) << "demo_operator" << p << false << true << "";
            QTest::addRow("operator forced read-only %s", p) << "demo_operator" << p << true << false
                                                             << "demo_operator holds the privileges to change messages in a window that is not read-only";
            QTest::addRow("auditor %s", p) << "demo_auditor" << p << false << false << "transactions read-only";
            QTest::addRow("plain auditor %s", p) << "plain_auditor" << p << false << false << "lacks";
        }
    }
    void privilegeDetection() {
        QFETCH(QString, role);
        QFETCH(QString, profile);
        QFETCH(bool, forceReadOnly);
        QFETCH(bool, canChange);
        QFETCH(QString, why);
        // An auditor whose role has no read-only default: only the missing privileges tell.
        m_db->createLoginRole(QStringLiteral("plain_auditor"), QStringLiteral("outbox_auditor"));
        const Privileges p = privilegesAs(m_db->connectionStringAs(role), profile, forceReadOnly);
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(p.canChangeMessages(), canChange);
        QCOMPARE(p.role, role);
        if (canChange) {
            QVERIFY(p.summary().startsWith("operator"));
        } else if (forceReadOnly) {
            // The session, not the role, is why: "this role cannot" would send the operator to the DBA.
            QVERIFY2(p.summary().startsWith("read-only session: this window was opened read-only"), qPrintable(p.summary()));
            QVERIFY2(p.summary().contains(why), qPrintable(p.summary()));
            QVERIFY2(!p.summary().contains("cannot"), qPrintable(p.summary()));
        } else {
            QVERIFY2(p.summary().startsWith("read-only: this role cannot change messages"), qPrintable(p.summary()));
            QVERIFY2(p.summary().contains(why), qPrintable(p.summary()));
        }
        if (role == "plain_auditor") {
            // EXECUTE on the kit's action function is the one privilege the actions need.
            QCOMPARE(p.missing.size(), 1);
            QVERIFY2(p.missing.first().startsWith("EXECUTE ON FUNCTION"), qPrintable(p.missing.first()));
        }
    }

    void oldKitWithoutTheFunctionIsReadOnly() {
        // A database where kit/action_functions.sql was never applied: the window offers no action.
        auto db = TestDatabase::create({"seed000_app_outbox.sql"}, nullptr);
        QVERIFY(db);
        GatewayConfig c;
        c.connInfo = db->connectionString();
        Gateway gw(c);
        Privileges result;
        bool done = false;
        const PrivilegeCheck check(*SchemaProfile::builtIn("app_outbox"));
        gw.run<Privileges>(
            Lane::Browse, this, [check](PgSession &s) { return check.run(s); },
            [&](const Privileges &p) { result = p; done = true; },
            [&](const PgError &e) { result.error = e.message; done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
        QVERIFY(!result.canChangeMessages());
        QVERIFY(result.kitFunctionMissing); // said as the database's missing kit, not the role's rights
        QVERIFY2(result.summary().contains("kit/action_functions.sql"), qPrintable(result.summary()));
        QVERIFY2(!result.summary().contains("this role cannot"), qPrintable(result.summary()));
    }
};

OM_TEST_MAIN(TestAccess)
#include "tst_access.moc"
