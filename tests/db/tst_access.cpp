// Access the database enforces: the admin kit's roles and append-only triggers, driven with raw
// statements through PgSession (no application guard in the way), and the privilege detection
// that tells the window whether to offer actions.
#include "core/actions/privileges.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QSignalSpy>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {
// One raw statement per table and kind; each must be refused for the auditor.
struct Stmt { const char *table; const char *sql; };
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
        gw.run<Privileges>(Lane::Browse, this, [check](PgSession &s) { return check.run(s); },
                           [&](const Privileges &p) { result = p; done = true; },
                           [&](const PgError &e) { result.error = e.message; done = true; });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(done, 10000); }();
        return result;
    }

private slots:
    void initTestCase() {
        QString error;
        m_db = TestDatabase::create({"seed000_app_outbox.sql", "seed003_batch_work_item.sql", "seed004_outbox.sql"}, &error);
        if (!m_db)
            QFAIL(qPrintable(error));
        m_db->applyFile("kit/append_only_audit.sql");
        m_db->applyFile("kit/roles.sql");
        m_db->applyFile("demo/logins.sql");
        m_db->exec("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status) "
                   "SELECT 'K' || g, 'E', 'D', '{}', 'FAILED' FROM generate_series(1, 5) g");
        m_db->exec("INSERT INTO app_outbox_audit (outbox_id, action_name, reason) SELECT outbox_id, 'RETRY_FAILED', 'seed' FROM app_outbox");
        m_db->exec("INSERT INTO batch_work_item (job_name, source_key, target_date, status) "
                   "SELECT 'J', 'S' || g, current_date, 'FAILED' FROM generate_series(1, 5) g");
        m_db->exec("INSERT INTO batch_work_status_history (work_item_id, old_status, new_status, action_name, message) "
                   "SELECT work_item_id, 'RUNNING', 'FAILED', NULL, 'boom' FROM batch_work_item");
        m_db->exec("INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, published_at) "
                   "SELECT gen_random_uuid(), 'Order', g::text, 'E', '{}', now() FROM generate_series(1, 5) g");
        m_db->exec("INSERT INTO outbox_audit (outbox_id, action_name, reason) SELECT id, 'REPLAY', 'seed' FROM outbox");
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
        for (const char *t : {"app_outbox", "app_outbox_audit", "batch_work_item", "batch_work_status_history", "outbox", "outbox_audit"})
            QCOMPARE(s->query(QStringLiteral("SELECT count(*) FROM %1").arg(t)).scalar().toInt(), 5);
    }

    void operatorMayChangeStateColumnsOnly() {
        auto s = login(m_db->connectionStringAs("demo_operator"));
        // An audited retry, exactly as an action does it: guarded UPDATE + audit INSERT, one transaction.
        s->transact([](PgTx &tx) {
            const PgResult r = tx.exec("UPDATE app_outbox SET status = 'PENDING', next_run_at = now(), locked_by = NULL, "
                                       "locked_at = NULL, updated_at = now() WHERE outbox_id = 1 AND status = 'FAILED' "
                                       "RETURNING outbox_id");
            QCOMPARE(r.rows.size(), 1);
            tx.exec("INSERT INTO app_outbox_audit (outbox_id, action_name, reason, old_status, new_status) "
                    "VALUES (1, 'RETRY_FAILED', 'operator test', 'FAILED', 'PENDING')");
        });
        QCOMPARE(m_db->scalar("SELECT status FROM app_outbox WHERE outbox_id = 1").toString(), QStringLiteral("PENDING"));
        QCOMPARE(m_db->scalar("SELECT changed_by FROM app_outbox_audit WHERE reason = 'operator test'").toString(),
                 QStringLiteral("demo_operator"));
        QCOMPARE(sqlStateOf(*s, "UPDATE batch_work_item SET status = 'NEW', updated_at = now() WHERE work_item_id = 1"), QStringLiteral("ok"));
        QCOMPARE(sqlStateOf(*s, "INSERT INTO batch_work_status_history (work_item_id, old_status, new_status, action_name, message) "
                                "VALUES (1, 'FAILED', 'NEW', 'MANUAL_RETRY', 'operator test')"), QStringLiteral("ok"));
        QCOMPARE(sqlStateOf(*s, "UPDATE outbox SET published_at = NULL WHERE id = 1"), QStringLiteral("ok"));
        QCOMPARE(sqlStateOf(*s, "INSERT INTO outbox_audit (outbox_id, action_name, reason) VALUES (1, 'REPLAY', 'operator test')"),
                 QStringLiteral("ok"));

        // Not a state column: payload, key, retry count.
        QCOMPARE(sqlStateOf(*s, "UPDATE app_outbox SET payload_json = '{\"x\":1}' WHERE outbox_id = 2"), QStringLiteral("42501"));
        QCOMPARE(sqlStateOf(*s, "UPDATE app_outbox SET retry_count = 0 WHERE outbox_id = 2"), QStringLiteral("42501"));
        QCOMPARE(sqlStateOf(*s, "UPDATE batch_work_item SET source_key = 'x' WHERE work_item_id = 2"), QStringLiteral("42501"));
        QCOMPARE(sqlStateOf(*s, "UPDATE outbox SET payload = '{}' WHERE id = 2"), QStringLiteral("42501"));
        // No DELETE, no INSERT of messages.
        for (const char *t : {"app_outbox", "batch_work_item", "outbox"})
            QCOMPARE(sqlStateOf(*s, QStringLiteral("DELETE FROM %1").arg(t)), QStringLiteral("42501"));
        // Audit rows: neither changed nor removed (privileges), nor truncated.
        for (const char *t : {"app_outbox_audit", "batch_work_status_history", "outbox_audit"}) {
            QCOMPARE(sqlStateOf(*s, QStringLiteral("UPDATE %1 SET ticket = 'x'").arg(t)), QStringLiteral("42501"));
            QCOMPARE(sqlStateOf(*s, QStringLiteral("DELETE FROM %1").arg(t)), QStringLiteral("42501"));
            QCOMPARE(sqlStateOf(*s, QStringLiteral("TRUNCATE %1").arg(t)), QStringLiteral("42501"));
        }
        QCOMPARE(m_db->scalar("SELECT count(*) FROM app_outbox").toInt(), 5);
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
            QTest::addRow("operator forced read-only %s", p) << "demo_operator" << p << true << false << "read-only session requested";
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
        m_db->exec("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'plain_auditor') THEN "
                   "CREATE ROLE plain_auditor LOGIN IN ROLE outbox_auditor; END IF; END $$");
        const Privileges p = privilegesAs(m_db->connectionStringAs(role), profile, forceReadOnly);
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(p.canChangeMessages(), canChange);
        QCOMPARE(p.role, role);
        if (canChange) {
            QVERIFY(p.summary().startsWith("operator"));
        } else {
            QVERIFY2(p.summary().startsWith("read-only: this role cannot change messages"), qPrintable(p.summary()));
            QVERIFY2(p.summary().contains(why), qPrintable(p.summary()));
        }
        if (role == "plain_auditor") {
            // Every column an action writes, and the audit INSERT, are named as missing.
            const QStringList cols = PrivilegeCheck(*SchemaProfile::builtIn(profile)).stateColumns();
            QCOMPARE(p.missing.size(), cols.size() + 2);
        }
    }

    void stateColumnsFollowTheProfile() {
        QCOMPARE(PrivilegeCheck(*SchemaProfile::builtIn("outbox")).stateColumns(), QStringList{"publishedAt"});
        const QStringList app = PrivilegeCheck(*SchemaProfile::builtIn("app_outbox")).stateColumns();
        QVERIFY(app.contains("status") && app.contains("errorMessage") && !app.contains("payload") && !app.contains("retries"));
    }
};

OM_TEST_MAIN(TestAccess)
#include "tst_access.moc"
