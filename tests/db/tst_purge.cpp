// SPDX-License-Identifier: GPL-3.0-or-later
// The audited purge of finished rows against the real server, for all three seed tables: only
// finished rows older than the retention are deleted (open and younger rows untouched), one audit
// row per deleted row with the reason and the login, batches committed one by one with their
// progress signals, a cancel after the first batch leaving exactly that batch done, and the
// database itself refusing an auditor, an open state and a retention under one day.
#include "actionfixture.h"
#include "core/purge/purgefunctionsql.h"
#include "core/purge/purgejob.h"
#include "core/purge/purgerunner.h"
#include "core/sql/sqltext.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QHash>
#include <QSignalSpy>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

constexpr int kOldDays = 40;
constexpr int kYoungDays = 5;
constexpr int kRetentionDays = 30;

QString sqlStateOf(PgSession &s, const QString &sql, const QVariantList &params) {
    try {
        s.query(sql, params);
    } catch (const PgError &e) {
        return e.sqlState;
    }
    return QStringLiteral("ok");
}

} // namespace

class TestPurge : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    SchemaProfile profile(const QString &id) { return *SchemaProfile::builtIn(id); }

    /// Rows of `state`, finished (or, for an open state, last touched) `days` ago by the purge's clock column.
    QList<qint64> rows(const SchemaProfile &p, const QString &state, int n, int days) {
        const QList<qint64> ids = insertMessages(*m_db, p, state, n, days * 24 * 60);
        // A state told by the clock column itself (outbox: UNPUBLISHED = published_at IS NULL)
        // keeps it as inserted: setting it would move the row to another state.
        for (const StateCondition &c : p.state(state)->when)
            if (c.column == p.purge.sinceColumn && c.op == StateCondition::Op::IsNull)
                return ids;
        m_db->exec(QStringLiteral("UPDATE %1 SET %2 = now() - make_interval(days => $1::int) WHERE %3 = ANY($2::bigint[])")
                       .arg(p.qualifiedTable(), p.col(p.purge.sinceColumn), p.col(QStringLiteral("id"))),
                   {days, idArray(ids)});
        return ids;
    }
    qint64 present(const SchemaProfile &p, const QList<qint64> &ids) {
        return m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 = ANY($1::bigint[])")
                                .arg(p.qualifiedTable(), p.col(QStringLiteral("id"))),
                            {idArray(ids)})
            .toLongLong();
    }
    /// The open states of `p`: those a purge must never touch.
    static QStringList openStates(const SchemaProfile &p) {
        QStringList out;
        for (const StateDef &s : p.states)
            if (!p.purge.states.contains(s.name))
                out << s.name;
        return out;
    }
    static PurgeRequest request(int days = kRetentionDays, int batch = 5) {
        PurgeRequest r;
        r.olderThanDays = days;
        r.batchSize = batch;
        r.reason = QStringLiteral("Retention 30 days, INC-99 clean-up");
        r.ticket = QStringLiteral("INC-99");
        r.fillWorkstation();
        return r;
    }
    GatewayConfig operatorGateway() {
        GatewayConfig c;
        c.connInfo = m_db->connectionStringAs(QStringLiteral("demo_operator"));
        return c;
    }
    /// The direct call of the kit's purge function, as a caller bypassing the program would send it.
    QVariantList callParams(const QString &statesLiteral, int days) {
        return {QUuid::createUuid().toString(QUuid::WithoutBraces), statesLiteral, days, 100, QStringLiteral("direct call test"),
                QVariant(), QVariant(), QVariant(), QVariant()};
    }
    void clearTables() {
        // Owner-side reset: the audit tables are append-only, the message tables are not.
        m_db->exec("DELETE FROM app_outbox; DELETE FROM batch_work_item; DELETE FROM outbox;");
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << "demo/logins.sql");
    }
    void init() { clearTables(); }

    void purgeDeletesOnlyOldFinishedRowsWithAnAuditRowEach_data() { addProfileRows(); }
    void purgeDeletesOnlyOldFinishedRowsWithAnAuditRowEach() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        QList<qint64> oldFinished, young, open;
        QHash<qint64, QString> stateOfId;
        for (const QString &s : p.purge.states) {
            const QList<qint64> ids = rows(p, s, 7, kOldDays);
            for (qint64 id : ids)
                stateOfId.insert(id, stateValue(p, s));
            oldFinished << ids;
            young << rows(p, s, 3, kYoungDays);
        }
        for (const QString &s : openStates(p))
            open << rows(p, s, 4, kOldDays);

        // Counted first, as the dialog does: the estimate is the planner's, the count exact.
        PurgeRunner runner(p);
        QCOMPARE(runner.count(m_db->session(), request()), qint64(oldFinished.size()));
        QVERIFY(runner.estimate(m_db->session(), request()) >= 0);

        Gateway gw(operatorGateway());
        PurgeJob job(&gw, p);
        QSignalSpy batches(&job, &PurgeJob::batchCommitted);
        QSignalSpy finished(&job, &PurgeJob::finished);
        job.start(request(), oldFinished.size());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        const PurgeProgress end = finished.first().first().value<PurgeProgress>();
        QVERIFY2(end.error.isEmpty(), qPrintable(end.error));
        QVERIFY(!end.cancelled);
        QCOMPARE(end.deleted, qint64(oldFinished.size()));
        // Batches of 5: every full batch and the last short one reported, the running total rising.
        const int expectedBatches = (oldFinished.size() + 4) / 5;
        QCOMPARE(batches.count(), expectedBatches);
        QCOMPARE(end.batches, expectedBatches);
        for (int i = 0; i < batches.count(); ++i)
            QCOMPARE(batches.at(i).first().value<PurgeProgress>().deleted, qint64(qMin(5 * (i + 1), int(oldFinished.size()))));

        QCOMPARE(present(p, oldFinished), qint64(0));
        QCOMPARE(present(p, young), qint64(young.size()));
        QCOMPARE(present(p, open), qint64(open.size()));
        // One audit row per deleted message: its old state, PURGED, the reason, the ticket, the
        // login (session_user, not the function's owner) and the one action id of this purge.
        const AuditDef &au = p.audit;
        auto col = [&au](const char *c) { return sql::quoteIdentifier(au.column(QLatin1String(c))); };
        const QList<QVariantList> audit = m_db->rows(
            QStringLiteral("SELECT %1::bigint, %2, %3, %4, %5, %6, %7::text FROM %8 WHERE %9 = 'PURGE' ORDER BY 1")
                .arg(col("messageId"), col("oldStatus"), col("newStatus"), col("reason"), col("ticket"), col("changedBy"), col("actionId"),
                     p.qualifiedAuditTable(), col("action")));
        QCOMPARE(audit.size(), oldFinished.size());
        for (const QVariantList &a : audit) {
            const qint64 id = a.at(0).toLongLong();
            QVERIFY2(stateOfId.contains(id), "an audit row for a message that was not to be purged");
            QCOMPARE(a.at(1).toString(), stateOfId.value(id));
            QCOMPARE(a.at(2).toString(), PurgeFunctionSql::purgedStatus());
            QCOMPARE(a.at(3).toString(), request().reason);
            QCOMPARE(a.at(4).toString(), QStringLiteral("INC-99"));
            QCOMPARE(a.at(5).toString(), QStringLiteral("demo_operator"));
            QCOMPARE(a.at(6).toString(), end.actionId.toString(QUuid::WithoutBraces));
        }
    }

    void cancelAfterTheFirstBatchLeavesThatBatchDone_data() { addProfileRows(); }
    void cancelAfterTheFirstBatchLeavesThatBatchDone() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        const QList<qint64> old = rows(p, p.purge.states.first(), 23, kOldDays);
        Gateway gw(operatorGateway());
        PurgeJob job(&gw, p);
        QSignalSpy batches(&job, &PurgeJob::batchCommitted);
        QSignalSpy finished(&job, &PurgeJob::finished);
        // The operator presses Stop as soon as the first batch reports.
        connect(&job, &PurgeJob::batchCommitted, &job, [&job] { job.cancel(); });
        job.start(request(kRetentionDays, 5), old.size());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        const PurgeProgress end = finished.first().first().value<PurgeProgress>();
        QVERIFY2(end.error.isEmpty(), qPrintable(end.error));
        QVERIFY(end.cancelled);
        QCOMPARE(batches.count(), 1);
        QCOMPARE(end.deleted, qint64(5));
        // Exactly one batch gone, each of its rows audited, nothing half-done.
        QCOMPARE(present(p, old), qint64(old.size() - 5));
        QCOMPARE(auditCount(*m_db, p, old, QStringLiteral("PURGE")), qint64(5));
    }

    void theDatabaseRefusesAnAuditor_data() { addProfileRows(); }
    void theDatabaseRefusesAnAuditor() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        const QList<qint64> old = rows(p, p.purge.states.first(), 3, kOldDays);
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(QStringLiteral("demo_auditor"));
        PgSession auditor(o);
        auditor.open();
        auditor.execScript(QStringLiteral("SET default_transaction_read_only = off")); // past the first guard
        const QString call = PurgeFunctionSql(p).callSql();
        QCOMPARE(sqlStateOf(auditor, call, callParams(QStringLiteral("{%1}").arg(p.purge.states.first()), kRetentionDays)),
                 QStringLiteral("42501"));
        QCOMPARE(present(p, old), qint64(old.size()));
        QCOMPARE(auditCount(*m_db, p, old, QStringLiteral("PURGE")), qint64(0));
    }

    void theDatabaseRefusesAnOpenStateAndAShortRetention_data() { addProfileRows(); }
    void theDatabaseRefusesAnOpenStateAndAShortRetention() {
        QFETCH(QString, profileId);
        const SchemaProfile p = profile(profileId);
        const QString open = openStates(p).first();
        const QList<qint64> openRows = rows(p, open, 3, kOldDays);
        const QList<qint64> old = rows(p, p.purge.states.first(), 3, kOldDays);
        PgSession::Options o;
        o.connInfo = m_db->connectionStringAs(QStringLiteral("demo_operator"));
        PgSession op(o);
        op.open();
        const QString call = PurgeFunctionSql(p).callSql();
        // An open state, alone or next to a finished one: refused, nothing deleted.
        QCOMPARE(sqlStateOf(op, call, callParams(QStringLiteral("{%1}").arg(open), kRetentionDays)), QStringLiteral("22023"));
        QCOMPARE(sqlStateOf(op, call, callParams(QStringLiteral("{%1,%2}").arg(p.purge.states.first(), open), kRetentionDays)),
                 QStringLiteral("22023"));
        // A retention under one day, and an empty reason.
        QCOMPARE(sqlStateOf(op, call, callParams(QStringLiteral("{%1}").arg(p.purge.states.first()), 0)), QStringLiteral("22023"));
        QCOMPARE(sqlStateOf(op, call, callParams(QStringLiteral("{%1}").arg(p.purge.states.first()), -3)), QStringLiteral("22023"));
        QVariantList noReason = callParams(QStringLiteral("{%1}").arg(p.purge.states.first()), kRetentionDays);
        noReason[4] = QStringLiteral("   ");
        QCOMPARE(sqlStateOf(op, call, noReason), QStringLiteral("22023"));
        QCOMPARE(present(p, openRows), qint64(openRows.size()));
        QCOMPARE(present(p, old), qint64(old.size()));
        // The same operator, a valid call: the finished rows go (the refusals above were the guard, not the role).
        QCOMPARE(op.query(call, callParams(QStringLiteral("{%1}").arg(p.purge.states.first()), kRetentionDays)).scalar().toLongLong(),
                 qint64(old.size()));
        QCOMPARE(present(p, openRows), qint64(openRows.size()));
    }

    void theRunnerRefusesWhatTheProfileDoesNotAllow() {
        const PurgeRunner debezium(*SchemaProfile::builtIn(QStringLiteral("debezium_outbox")));
        QVERIFY(!debezium.check(request()).isEmpty());
        const PurgeRunner app(profile(QStringLiteral("app_outbox")));
        QVERIFY(app.check(request()).isEmpty());
        QVERIFY(!app.check(request(0)).isEmpty());
        PurgeRequest r = request();
        r.states = {QStringLiteral("PENDING")};
        QVERIFY(!app.check(r).isEmpty());
    }
};

OM_TEST_GUILESS_MAIN(TestPurge)
#include "tst_purge.moc"
