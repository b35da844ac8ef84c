// SPDX-License-Identifier: GPL-3.0-or-later
// Audited recovery actions against the real server, for all three seed tables: one audit row per
// changed message, skipped rows reported with why, locked rows skipped at once, no lost update,
// read-only refusal, the NOTIFY on commit and "everything matching the filter".
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "core/sql/sqltext.h"
#include "pg/actionlistener.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace om;
using namespace om::test;

class TestActionRunner : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    SchemaProfile profile(const QString &id) { return *SchemaProfile::builtIn(id); }

    std::unique_ptr<PgSession> actionSession(bool readOnly = false) {
        PgSession::Options o;
        o.connInfo = m_db->connectionString();
        o.lockTimeoutMs = 2000;
        o.readOnly = readOnly;
        auto s = std::make_unique<PgSession>(o);
        s->open();
        return s;
    }


    /// A state outside the action's `from` states (preferably not its target either).
    static QString otherState(const SchemaProfile &p, const ActionDef &a) {
        QString fallback;
        for (const StateDef &s : p.states) {
            if (a.from.contains(s.name))
                continue;
            if (s.name != a.to)
                return s.name;
            fallback = s.name;
        }
        return fallback;
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
    }

    // The operator confirmed counts read on one server; the action's connection reaches another
    // that holds other data (another cluster answered at the same name after a failover, a DNS
    // change, a rebuild): refused in the action's own transaction, nothing changed. The same data
    // elsewhere (a promoted standby: tst_failover) runs, and the result says where.
    void refusesAServerOfOtherData() {
        const SchemaProfile p = profile(QStringLiteral("app_outbox"));
        const ActionDef a = p.actions.value(QStringLiteral("retry"));
        const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 2);
        // As an operator: a login that is only a member of the kit's role (where the server is
        // read must be readable without pg_read_all_settings or a superuser's rights).
        const QString role = m_db->name() + QStringLiteral("_op");
        m_db->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE outbox_operator").arg(role));
        struct DropRole {
            TestDatabase &db;
            QString role;
            ~DropRole() { db.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(role)); }
        } dropRole{*m_db, role};
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(role);
        auto s = std::make_unique<PgSession>(o);
        s->open();
        ActionRunner runner(p);
        ActionRequest r = actionRequest(QStringLiteral("retry"), ids);
        const ActionPreview pv = runner.preview(*s, r);
        QVERIFY(pv.server.isKnown());
        QCOMPARE(pv.server.database, m_db->name());
        QVERIFY2(pv.server.address.endsWith(QStringLiteral(":%1").arg(serverPort())), qPrintable(pv.server.address));

        for (const ActionServer &other : {ActionServer{QStringLiteral("7000000000000000001"), pv.server.database, pv.server.address},
                                          ActionServer{pv.server.systemId, QStringLiteral("another_db"), pv.server.address}}) {
            r.confirmedOn = other;
            try {
                runner.run(*s, r);
                QFAIL("ran on a server of other data than the one confirmed");
            } catch (const PgError &e) {
                QCOMPARE(e.kind, PgError::Kind::Query);
                QCOMPARE(e.message, ActionRunner::serverChangedRefusal(other, pv.server));
            }
            for (qint64 id : ids)
                QCOMPARE(stateOf(*m_db, p, id), stateValue(p, QStringLiteral("FAILED")));
            QCOMPARE(auditCount(*m_db, p, ids, a.auditName), qint64(0));
        }

        // The same data at another address (what a promoted standby is): it runs, and says so.
        r.confirmedOn = pv.server;
        r.confirmedOn.address = QStringLiteral("10.0.0.9:5432");
        const ActionResult res = runner.run(*s, r);
        QCOMPARE(res.changed(), qint64(ids.size()));
        QVERIFY(res.serverMoved());
        QCOMPARE(res.ranOn.address, pv.server.address);
        QCOMPARE(auditCount(*m_db, p, ids, a.auditName), qint64(ids.size()));
    }

    void changesEligibleRowsWithOneAuditRowEach_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<QString>("action");
        for (const char *p : {"app_outbox", "batch_work_item", "outbox"})
            for (const char *a : {"retry", "cancel", "recoverStuck"})
                if (SchemaProfile::builtIn(QLatin1String(p))->actions.contains(QLatin1String(a)))
                    QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(p, a))) << QString::fromLatin1(p) << QString::fromLatin1(a);
    }

    void changesEligibleRowsWithOneAuditRowEach() {
        QFETCH(QString, profileId);
        QFETCH(QString, action);
        const SchemaProfile p = profile(profileId);
        const ActionDef a = p.actions.value(action);
        // Eligible rows in every `from` state, old enough for recoverStuck.
        QList<qint64> eligible;
        for (const QString &from : a.from)
            eligible += insertMessages(*m_db, p, from, 3, p.stuckTimeoutMinutes + 5);
        const QList<qint64> other = insertMessages(*m_db, p, otherState(p, a), 2, p.stuckTimeoutMinutes + 5);
        const qint64 gone = eligible.last() + 1000000;
        ActionRequest r = actionRequest(action, eligible + other + QList<qint64>{gone});

        auto s = actionSession();
        ActionRunner runner(p);
        const ActionPreview pv = runner.preview(*s, r);
        QCOMPARE(pv.eligible, qint64(eligible.size()));
        QCOMPARE(idNumbers(pv.eligibleIds), eligible);
        QCOMPARE(pv.sampleKeys.size(), qMin(10, int(eligible.size())));

        const ActionResult res = runner.run(*s, r);
        QCOMPARE(idNumbers(res.changedIds), eligible);
        QCOMPARE(res.skippedTotal, qint64(other.size() + 1));
        QCOMPARE(res.count(SkipReason::StateChanged), qint64(other.size()));
        QCOMPARE(res.count(SkipReason::Gone), qint64(1));
        QCOMPARE(res.skipped.last().id, MessageId(gone));

        // In the database: every changed row in the target state with exactly one audit row.
        const StateDef *to = p.state(a.to);
        for (qint64 id : eligible) {
            QCOMPARE(stateOf(*m_db, p, id), to->statusValue().isEmpty() ? to->name : to->statusValue());
            QCOMPARE(auditCount(*m_db, p, {id}, a.auditName), qint64(1));
        }
        QCOMPARE(auditCount(*m_db, p, other, a.auditName), qint64(0));
        for (qint64 id : other)
            QCOMPARE(stateOf(*m_db, p, id), p.state(otherState(p, a))->statusValue().isEmpty() ? otherState(p, a) : p.state(otherState(p, a))->statusValue());

        const AuditDef &au = p.audit;
        auto c = [&](const char *l) { return sql::quoteIdentifier(au.column(QLatin1String(l))); };
        const QVariantList row = m_db->rows(QStringLiteral("SELECT %1, %2, %3, %4, %5, %6, %7, %8, %9 FROM %10 WHERE %11 = $1")
                                                .arg(c("reason"), c("ticket"), c("oldStatus"), c("newStatus"), c("changedBy"),
                                                     c("osUser"), c("host"), c("appVersion"), c("action"))
                                                .arg(p.qualifiedAuditTable(), c("messageId")),
                                            {eligible.first()})
                                     .first();
        QCOMPARE(row.at(0).toString(), r.reason);
        QCOMPARE(row.at(1).toString(), QStringLiteral("INC-7"));
        QCOMPARE(row.at(2).toString(), p.state(a.from.first())->statusValue().isEmpty() ? a.from.first() : p.state(a.from.first())->statusValue());
        QCOMPARE(row.at(3).toString(), to->statusValue().isEmpty() ? to->name : to->statusValue());
        QCOMPARE(row.at(4).toString(), m_db->scalar("SELECT session_user::text").toString());
        QCOMPARE(row.at(5).toString(), QStringLiteral("alice"));
        QCOMPARE(row.at(6).toString(), QStringLiteral("ops-pc-3"));
        QCOMPARE(row.at(7).toString(), QStringLiteral("0.1-test"));
        QCOMPARE(row.at(8).toString(), a.auditName);

        // The same request again changes nothing and writes nothing.
        const ActionResult again = runner.run(*s, r);
        QCOMPARE(again.changed(), qint64(0));
        QCOMPARE(auditCount(*m_db, p, eligible, a.auditName), qint64(eligible.size()));
    }

    void recoverStuckLeavesRowsNotPastTheTimeout_data() {
        QTest::addColumn<QString>("profileId");
        QTest::newRow("app_outbox") << QStringLiteral("app_outbox");
        QTest::newRow("batch_work_item") << QStringLiteral("batch_work_item");
    }

    void recoverStuckLeavesRowsNotPastTheTimeout() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        const QString inFlight = p.actions.value(QStringLiteral("recoverStuck")).from.first();
        const QList<qint64> old = insertMessages(*m_db, p, inFlight, 2, p.stuckTimeoutMinutes + 1);
        const QList<qint64> fresh = insertMessages(*m_db, p, inFlight, 2, p.stuckTimeoutMinutes - 1);
        auto s = actionSession();
        const ActionResult res = ActionRunner(p).run(*s, actionRequest(QStringLiteral("recoverStuck"), old + fresh));
        QCOMPARE(idNumbers(res.changedIds), old);
        QCOMPARE(res.count(SkipReason::StateChanged), qint64(2));
        for (qint64 id : fresh)
            QCOMPARE(stateOf(*m_db, p, id), inFlight);
        // Everything matching the Stuck view: only rows past the timeout, and now none are left.
        // (Other tests leave stuck rows behind: the key prefix keeps this one to its own rows.)
        const QString tag = QStringLiteral("stuck%1").arg(QDateTime::currentMSecsSinceEpoch());
        const QList<qint64> more = insertMessages(*m_db, p, inFlight, 3, p.stuckTimeoutMinutes + 1, tag);
        insertMessages(*m_db, p, inFlight, 2, p.stuckTimeoutMinutes - 1, tag + QStringLiteral("-fresh"));
        ActionRequest all = actionRequest(QStringLiteral("recoverStuck"), {});
        ListFilter f;
        f.view = ListFilter::View::Stuck;
        f.keyText = QStringLiteral("k-%1-").arg(tag);
        f.keyMode = ListFilter::TextMode::Prefix;
        all.filter = f;
        const ActionPreview pv = ActionRunner(p).preview(*s, all);
        QCOMPARE(pv.eligible, qint64(3));
        QCOMPARE(idNumbers(pv.eligibleIds), more);
        const ActionResult res2 = ActionRunner(p).run(*s, all);
        QCOMPARE(idNumbers(res2.changedIds), more);
        QCOMPARE(res2.skippedTotal, qint64(0));
        for (qint64 id : fresh)
            QCOMPARE(stateOf(*m_db, p, id), inFlight);
    }

    void lockedRowIsSkippedNotWaitedOn_data() { addProfileRows(); }

    void lockedRowIsSkippedNotWaitedOn() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        const ActionDef a = p.actions.value(QStringLiteral("retry"));
        const QList<qint64> ids = insertMessages(*m_db, p, a.from.first(), 5);
        // A "worker" on its own connection holds one row locked until told to let go.
        QSemaphore locked, release;
        QThread *worker = QThread::create([&] {
            PgSession w({m_db->connectionString()});
            w.open();
            w.transact([&](PgTx &tx) {
                tx.exec(QStringLiteral("SELECT 1 FROM %1 WHERE %2 = $1 FOR UPDATE").arg(p.qualifiedTable(), p.col("id")), {ids.at(2)});
                locked.release();
                release.tryAcquire(1, 30000);
            });
        });
        worker->start();
        QVERIFY(locked.tryAcquire(1, 10000));
        auto s = actionSession();
        QElapsedTimer t;
        t.start();
        const ActionResult res = ActionRunner(p).run(*s, actionRequest(QStringLiteral("retry"), ids));
        const qint64 ms = t.elapsed();
        release.release();
        worker->wait();
        delete worker;
        QVERIFY2(ms < 1000, qPrintable(QString::number(ms))); // not the lock's 30 s, not even lock_timeout
        QCOMPARE(res.changed(), qint64(4));
        QCOMPARE(res.skipped.size(), 1);
        QCOMPARE(res.skipped.first().id, MessageId(ids.at(2)));
        QCOMPARE(res.skipped.first().reason, SkipReason::Locked);
        QCOMPARE(auditCount(*m_db, p, {ids.at(2)}, a.auditName), qint64(0));
        const StateDef *from = p.state(a.from.first());
        QCOMPARE(stateOf(*m_db, p, ids.at(2)), from->statusValue().isEmpty() ? from->name : from->statusValue());
    }

    void rowMovedAfterPreviewIsNotTouched_data() { lockedRowIsSkippedNotWaitedOn_data(); }

    void rowMovedAfterPreviewIsNotTouched() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        const QString action = p.actions.contains(QStringLiteral("cancel")) ? QStringLiteral("cancel") : QStringLiteral("retry");
        const ActionDef a = p.actions.value(action);
        const QList<qint64> ids = insertMessages(*m_db, p, a.from.first(), 3);
        auto s = actionSession();
        ActionRunner runner(p);
        ActionRequest r = actionRequest(action, ids);
        QCOMPARE(runner.preview(*s, r).eligible, qint64(3)); // what the operator saw

        // Meanwhile a worker takes one message and moves it on (the worker's own SQL).
        QString moved;
        if (p.id == QLatin1String("app_outbox"))
            moved = QStringLiteral("UPDATE app_outbox SET status = 'PROCESSING', locked_by = 'w9', locked_at = now() WHERE outbox_id = $1");
        else if (p.id == QLatin1String("batch_work_item"))
            moved = QStringLiteral("UPDATE batch_work_item SET status = 'RUNNING', locked_by = 'w9', locked_at = now() WHERE work_item_id = $1");
        else
            moved = QStringLiteral("UPDATE outbox SET published_at = now() - interval '1 hour' WHERE id = $1");
        m_db->exec(moved, {ids.at(1)});
        const QVariantList before = m_db->rows(QStringLiteral("SELECT * FROM %1 WHERE %2 = $1").arg(p.qualifiedTable(), p.col("id")), {ids.at(1)}).first();

        const ActionResult res = runner.run(*s, r);
        QCOMPARE(idNumbers(res.changedIds), (QList<qint64>{ids.at(0), ids.at(2)}));
        QCOMPARE(res.skipped.size(), 1);
        QCOMPARE(res.skipped.first().reason, SkipReason::StateChanged);
        const QVariantList after = m_db->rows(QStringLiteral("SELECT * FROM %1 WHERE %2 = $1").arg(p.qualifiedTable(), p.col("id")), {ids.at(1)}).first();
        QCOMPARE(after, before); // the worker's change stands, every column of it
        QCOMPARE(auditCount(*m_db, p, {ids.at(1)}, a.auditName), qint64(0));
    }

    void readOnlyRefusesEvenWhenDrivenDirectly_data() { lockedRowIsSkippedNotWaitedOn_data(); }

    void readOnlyRefusesEvenWhenDrivenDirectly() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        const ActionDef a = p.actions.value(QStringLiteral("retry"));
        const QList<qint64> ids = insertMessages(*m_db, p, a.from.first(), 2);
        const ActionRequest r = actionRequest(QStringLiteral("retry"), ids);

        // The runner on a read-only session (no gateway in between) refuses before the UPDATE.
        auto ro = actionSession(true);
        try {
            ActionRunner(p).run(*ro, r);
            QFAIL("a read-only session ran an action");
        } catch (const PgError &e) {
            QCOMPARE(e.kind, PgError::Kind::ReadOnly);
        }
        // And the session itself refuses writes (the database's guard, not ours).
        QVariantList params;
        const QString sql = ActionRunner(p).actionSql(r, params);
        try {
            ro->query(sql, params);
            QFAIL("a read-only session accepted the UPDATE");
        } catch (const PgError &e) {
            QCOMPARE(e.sqlState, QStringLiteral("25006")); // read_only_sql_transaction
        }
        // Through a read-only gateway the Action lane refuses the job.
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        c.readOnly = true;
        Gateway gw(c);
        bool refused = false, ran = false;
        gw.run<ActionResult>(
            Lane::Action, this, [p, r](PgSession &s) { return ActionRunner(p).run(s, r); },
            [&](const ActionResult &) { ran = true; },
            [&](const PgError &e) { refused = e.kind == PgError::Kind::ReadOnly; });
        QTRY_VERIFY(refused || ran);
        QVERIFY(refused);
        QCOMPARE(auditCount(*m_db, p, ids, a.auditName), qint64(0));
        const StateDef *from = p.state(a.from.first());
        for (qint64 id : ids)
            QCOMPARE(stateOf(*m_db, p, id), from->statusValue().isEmpty() ? from->name : from->statusValue());
    }

    void invalidRequestsChangeNothing() {
        const SchemaProfile p = profile(QStringLiteral("app_outbox"));
        const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 1);
        auto s = actionSession();
        for (const QString &reason : {QString(), QStringLiteral("   "), QStringLiteral("line\nbreak"), QString(1001, QLatin1Char('x'))}) {
            ActionRequest r = actionRequest(QStringLiteral("retry"), ids);
            r.reason = reason;
            QVERIFY_THROWS_EXCEPTION(PgError, ActionRunner(p).run(*s, r));
        }
        ActionRequest r = actionRequest(QStringLiteral("recoverStuck"), ids);
        QVERIFY_THROWS_EXCEPTION(PgError, ActionRunner(*SchemaProfile::builtIn("outbox")).run(*s, r)); // outbox has none
        QCOMPARE(stateOf(*m_db, p, ids.first()), QStringLiteral("FAILED"));
        QCOMPARE(auditCount(*m_db, p, ids, QStringLiteral("RETRY_FAILED")), qint64(0));
    }

    void notifyArrivesOnCommitOnly() {
        const SchemaProfile p = profile(QStringLiteral("batch_work_item"));
        PgSession::Options o;
        o.connInfo = m_db->connectionString();
        o.readOnly = true; // a read-only window must still hear about other people's actions
        ActionListener listener(o);
        QSignalSpy up(&listener, &ActionListener::listeningChanged);
        QSignalSpy heard(&listener, &ActionListener::actionAnnounced);
        listener.start();
        QTRY_VERIFY(!up.isEmpty());
        QVERIFY2(up.first().at(0).toBool(), qPrintable(up.first().at(1).toString()));

        const QList<qint64> ids = insertMessages(*m_db, p, QStringLiteral("FAILED"), 4);
        auto s = actionSession();
        // A transaction that rolls back after the action sends nothing.
        try {
            s->transact([&](PgTx &tx) {
                QVariantList params;
                tx.exec(ActionRunner(p).actionSql(actionRequest(QStringLiteral("retry"), ids), params), params);
                tx.exec(QStringLiteral("SELECT pg_notify('outbox_monitor', '{\"profile\":\"x\",\"action\":\"retry\"}')"));
                throw PgError(PgError::Kind::Query, QStringLiteral("changed my mind"));
            });
        } catch (const PgError &) {}
        QTest::qWait(300); // a notification would have arrived by now: none may
        QCOMPARE(heard.count(), 0);
        QCOMPARE(auditCount(*m_db, p, ids, QStringLiteral("MANUAL_RETRY")), qint64(0));

        ActionRunner(p).run(*s, actionRequest(QStringLiteral("retry"), ids));
        QTRY_COMPARE(heard.count(), 1);
        const ActionNotice n = heard.first().first().value<ActionNotice>();
        QCOMPARE(n.profile, QStringLiteral("batch_work_item"));
        QCOMPARE(n.action, QStringLiteral("retry"));
        QCOMPARE(n.count, 4);
        QCOMPARE(n.osUser, QStringLiteral("alice"));
        QCOMPARE(n.host, QStringLiteral("ops-pc-3"));
        QCOMPARE(n.backendPid, s->backendPid());
    }
};

OM_TEST_GUILESS_MAIN(TestActionRunner)
#include "tst_actionrunner.moc"
