// SPDX-License-Identifier: GPL-3.0-or-later
// What became of an action: an audited retry through the kit's action function, then
// "workers" (this test's own SQL, as the demo's workers would) move its messages — some finished,
// some failed again, one stuck, one deleted, the rest still waiting — and the outcome read by
// ActionOutcomeQuery must count exactly that, for the three seed tables and two library tables
// whose audit is the kit's outbox_monitor.<table>_audit with text ids.
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "core/outcome/actionoutcomequery.h"
#include "core/sql/outcomesql.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QFile>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

/// One table, written as its workers would move rows (never the profile's SQL). `$1` is a text
/// array of message ids; an empty statement means the table has no such move.
struct System {
    QString ddl;      ///< tests/support/ddl/<file>; "" for the seeds (TestDatabase's presets)
    QString insert;   ///< library tables: inserts 20 rows the retry applies to, RETURNING id::text
    QString finish;   ///< to its done state, finished two minutes after now
    QString fail;     ///< to its failed state with the error HTTP_503
    QString stick;    ///< to a stuck state, locked 3 hours ago (past every profile's timeout)
    QString remove;   ///< deletes the rows
    QString error;    ///< the error the outcome names ("" when the table keeps none)
    bool knowsFinish; ///< the table keeps a finished time
};

QMap<QString, System> systems() {
    QMap<QString, System> m;
    m[QStringLiteral("app_outbox")] = {
        {},
        {},
        QStringLiteral("UPDATE app_outbox SET status = 'SENT', sent_at = now() + interval '2 minutes' WHERE outbox_id = ANY($1::bigint[])"),
        QStringLiteral("UPDATE app_outbox SET status = 'FAILED', last_error_code = 'HTTP_503', updated_at = now() WHERE outbox_id = ANY($1::bigint[])"),
        QStringLiteral("UPDATE app_outbox SET status = 'PROCESSING', locked_by = 'worker-7', locked_at = now() - interval '3 hours' "
                       "WHERE outbox_id = ANY($1::bigint[])"),
        QStringLiteral("DELETE FROM app_outbox WHERE outbox_id = ANY($1::bigint[])"),
        QStringLiteral("HTTP_503"),
        true};
    m[QStringLiteral("batch_work_item")] = {
        {},
        {},
        QStringLiteral("UPDATE batch_work_item SET status = 'SUCCESS', finished_at = now() + interval '2 minutes' "
                       "WHERE work_item_id = ANY($1::bigint[])"),
        QStringLiteral("UPDATE batch_work_item SET status = 'FAILED', error_code = 'HTTP_503', updated_at = now() "
                       "WHERE work_item_id = ANY($1::bigint[])"),
        QStringLiteral("UPDATE batch_work_item SET status = 'RUNNING', locked_by = 'worker-7', locked_at = now() - interval '3 hours' "
                       "WHERE work_item_id = ANY($1::bigint[])"),
        QStringLiteral("DELETE FROM batch_work_item WHERE work_item_id = ANY($1::bigint[])"),
        QStringLiteral("HTTP_503"),
        true};
    m[QStringLiteral("outbox")] = {
        {},
        {},
        QStringLiteral("UPDATE outbox SET published_at = now() + interval '2 minutes' WHERE id = ANY($1::bigint[])"),
        {},
        {},
        QStringLiteral("DELETE FROM outbox WHERE id = ANY($1::bigint[])"),
        {},
        true};
    m[QStringLiteral("eventuate_message")] = {
        QStringLiteral("eventuate_message.sql"),
        QStringLiteral("INSERT INTO eventuate.message (id, destination, headers, payload, published, creation_time) "
                       "SELECT 'order-' || gen_random_uuid(), 'orders', '{}', '{}', 1, (extract(epoch from now()) * 1000)::bigint "
                       "FROM generate_series(1, 20) g RETURNING id::text"),
        QStringLiteral("UPDATE eventuate.message SET published = 1 WHERE id = ANY($1::text[])"),
        {},
        {},
        QStringLiteral("DELETE FROM eventuate.message WHERE id = ANY($1::text[])"),
        {},
        false};
    m[QStringLiteral("wolverine_dead_letters")] = {
        QStringLiteral("wolverine.sql"),
        QStringLiteral("INSERT INTO wolverine_dead_letters (id, body, message_type, source, exception_type, exception_message, "
                       "sent_at, replayable) SELECT gen_random_uuid(), '\\x00', 'Ping', 'rabbitmq://orders', 'TimeoutException', "
                       "'timed out', now(), false FROM generate_series(1, 20) RETURNING id::text"),
        {}, // a replayed dead letter that succeeds is deleted, not marked
        QStringLiteral("UPDATE wolverine_dead_letters SET replayable = false, exception_type = 'HTTP_503' WHERE id = ANY($1::uuid[])"),
        {},
        QStringLiteral("DELETE FROM wolverine_dead_letters WHERE id = ANY($1::uuid[])"),
        QStringLiteral("HTTP_503"),
        false};
    return m;
}

QString arrayOf(const QList<MessageId> &ids) {
    QStringList t;
    for (const MessageId &id : ids)
        t << QLatin1Char('"') + id.text() + QLatin1Char('"');
    return QLatin1Char('{') + t.join(QLatin1Char(',')) + QLatin1Char('}');
}

} // namespace

class TestActionOutcomes : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    SchemaProfile m_p;
    System m_s;

    void setUp(const QString &id) {
        m_s = systems().value(id);
        m_p = *SchemaProfile::builtIn(id);
        if (m_s.ddl.isEmpty()) {
            OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
            return;
        }
        OM_CREATE_TEST_DATABASE(m_db, {});
        QFile ddl(QStringLiteral(OM_SOURCE_DIR "/tests/support/ddl/") + m_s.ddl);
        QVERIFY2(ddl.open(QIODevice::ReadOnly), qPrintable(ddl.fileName()));
        m_db->exec(QString::fromUtf8(ddl.readAll()));
        m_db->exec(KitSql(m_p).script());
    }

    /// 20 (or `n`) messages the profile's retry applies to.
    QList<MessageId> retryable(int n = 20) {
        QList<MessageId> out;
        if (m_s.insert.isEmpty())
            return messageIds(insertMessages(*m_db, m_p, m_p.actions.value(QStringLiteral("retry")).from.first(), n, 0));
        for (const QVariantList &r : m_db->rows(m_s.insert).mid(0, n))
            out << MessageId::fromText(r.value(0).toString());
        return out;
    }

    QUuid retry(const QList<MessageId> &ids) {
        ActionRequest r = actionRequest(QStringLiteral("retry"), {});
        r.ids = ids;
        const ActionResult res = ActionRunner(m_p).run(m_db->session(), r);
        if (res.changedIds.size() != ids.size())
            qWarning("retry changed %d of %d", int(res.changedIds.size()), int(ids.size()));
        return res.actionId;
    }

    void move(const QString &sql, const QList<MessageId> &ids) {
        if (!sql.isEmpty() && !ids.isEmpty())
            m_db->exec(sql, {arrayOf(ids)});
    }

    qint64 roleCount(const ActionOutcome &o, const char *role) { return o.inRole(m_p, QLatin1String(role)); }

private slots:
    void countsWhereTheWorkersMovedTheMessages_data() {
        QTest::addColumn<QString>("system");
        for (const QString &id : systems().keys())
            QTest::newRow(qPrintable(id)) << id;
    }

    void countsWhereTheWorkersMovedTheMessages() {
        QFETCH(QString, system);
        setUp(system);
        const QList<MessageId> ids = retryable();
        QCOMPARE(ids.size(), 20);
        const QUuid action = retry(ids);
        QVERIFY(!action.isNull());
        // A second action on other messages: its rows must not leak into the first's outcome.
        const QList<MessageId> others = retryable(3);
        const QUuid other = retry(others);

        // The workers: 8 finished, 5 failed again, 1 stuck, 1 gone, the rest still waiting.
        const qint64 finished = m_s.finish.isEmpty() ? 0 : 8;
        const qint64 failed = m_s.fail.isEmpty() ? 0 : 5;
        const qint64 stuck = m_s.stick.isEmpty() ? 0 : 1;
        move(m_s.finish, ids.mid(0, finished));
        // As the libraries do: a message sent after a retry keeps its last error in the row.
        for (const char *logical : {"errorCode", "errorMessage"})
            if (finished > 0 && m_p.has(QLatin1String(logical)))
                m_db->exec(QStringLiteral("UPDATE %1 SET %2 = 'HTTP_404 from the old try' WHERE %3::text = ANY($1::text[])")
                               .arg(m_p.qualifiedTable(), m_p.col(QLatin1String(logical)), m_p.col(QStringLiteral("id"))),
                           {arrayOf(ids.mid(0, finished))});
        move(m_s.fail, ids.mid(8, failed));
        move(m_s.stick, ids.mid(13, stuck));
        move(m_s.remove, ids.mid(14, 1));
        const qint64 waiting = 20 - finished - failed - stuck - 1;

        const ActionOutcomes all = ActionOutcomeQuery(m_p).outcomes(
            m_db->session(), {action.toString(QUuid::WithoutBraces), other.toString(QUuid::WithoutBraces)});
        QCOMPARE(all.size(), 2);
        const ActionOutcome o = all.value(action.toString(QUuid::WithoutBraces));
        QCOMPARE(o.messages, qint64(20));
        QCOMPARE(o.gone, qint64(1));
        QCOMPARE(o.noState, qint64(0));
        QCOMPARE(roleCount(o, "done"), finished);
        QCOMPARE(roleCount(o, "failed"), failed);
        QCOMPARE(roleCount(o, "waiting"), waiting);
        QCOMPARE(roleCount(o, "inFlight"), stuck);
        QCOMPARE(o.stuck, stuck);
        QCOMPARE(o.topFailure, m_s.error);
        QCOMPARE(o.topFailureCount, m_s.error.isEmpty() ? 0 : failed);
        // Each message as the drill-down lists it: a finished one names no error, even where the
        // row still holds the last one (the libraries leave it in place).
        for (const ActionMessage &m : ActionOutcomeQuery(m_p).messages(m_db->session(), action.toString(QUuid::WithoutBraces), 100)) {
            const StateDef *state = m_p.state(m.state);
            if (state && state->role == QLatin1String("done"))
                QVERIFY2(m.error.isEmpty(), qPrintable(m.state + QStringLiteral(" · ") + m.error));
            else if (state && state->role == QLatin1String("failed") && !m_s.error.isEmpty())
                QCOMPARE(m.error, m_s.error);
        }
        if (m_s.knowsFinish) // finished two minutes after the action (the workers' SQL)
            QVERIFY2(o.finishedWithinS > 110 && o.finishedWithinS < 130, qPrintable(QString::number(o.finishedWithinS)));
        else
            QCOMPARE(o.finishedWithinS, -1.0);
        QVERIFY(qAbs(o.at.secsTo(QDateTime::currentDateTimeUtc())) < 60);

        const ActionOutcome second = all.value(other.toString(QUuid::WithoutBraces));
        QCOMPARE(second.messages, qint64(3));
        QCOMPARE(second.inRole(m_p, m_p.state(m_p.actions.value(QStringLiteral("retry")).to)->role), qint64(3));
    }

    // The dashboard's and the report's list: one entry per action id, with who, when and which
    // ticket from the audit rows, and the drill-down's messages with their state now.
    void listsActionsAndTheirMessages_data() { countsWhereTheWorkersMovedTheMessages_data(); }
    void listsActionsAndTheirMessages() {
        QFETCH(QString, system);
        setUp(system);
        const QList<MessageId> ids = retryable(4);
        const QUuid action = retry(ids);
        move(m_s.remove, ids.mid(0, 1));
        move(m_s.finish, ids.mid(1, 1));

        const QList<ActionSummary> recent = ActionOutcomeQuery(m_p).actions(m_db->session(), AuditFilter(), 3600, 10);
        QCOMPARE(recent.size(), 1);
        const ActionSummary &a = recent.first();
        QCOMPARE(a.actionId, action.toString(QUuid::WithoutBraces));
        QCOMPARE(a.action, m_p.actions.value(QStringLiteral("retry")).auditName);
        QCOMPARE(a.ticket, QStringLiteral("INC-7"));
        QCOMPARE(a.osUser, QStringLiteral("alice"));
        QCOMPARE(a.dbUser, m_db->scalar(QStringLiteral("SELECT session_user::text")).toString());
        QCOMPARE(a.messages, qint64(4));
        QCOMPARE(a.outcome.messages, qint64(4));
        QCOMPARE(a.outcome.gone, qint64(1));

        // The filter applies: another ticket lists nothing.
        AuditFilter other;
        other.ticket = QStringLiteral("INC-none");
        QVERIFY(ActionOutcomeQuery(m_p).actions(m_db->session(), other, 3600, 10).isEmpty());

        const QList<ActionMessage> msgs = ActionOutcomeQuery(m_p).messages(m_db->session(), a.actionId, 100);
        QCOMPARE(msgs.size(), 4);
        int gone = 0;
        for (const ActionMessage &m : msgs) {
            QVERIFY(ids.contains(m.id));
            if (m.gone) {
                ++gone;
                QCOMPARE(m.id, ids.first());
                QVERIFY(m.state.isEmpty());
            } else {
                QVERIFY2(m_p.state(m.state), qPrintable(m.state));
            }
        }
        QCOMPARE(gone, 1);
    }

    // The kit indexes the audit table's action id, and the outcome statement can use that index
    // (its partial predicate, action_id IS NOT NULL, follows from action_id = ANY(...)): an
    // action is found among millions of audit rows without reading them (bench insight).
    void theKitsActionIdIndexServesTheOutcome_data() { countsWhereTheWorkersMovedTheMessages_data(); }
    void theKitsActionIdIndexServesTheOutcome() {
        QFETCH(QString, system);
        setUp(system);
        const QString index = QStringLiteral("ix_%1_action_id").arg(m_p.audit.table);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_indexes WHERE indexname = $1 AND indexdef LIKE $2"),
                              {index, QStringLiteral("%(") + m_p.audit.column(QStringLiteral("actionId")) + QStringLiteral(")%")})
                     .toInt(),
                 1);
        const sql::Statement st = sql::actionOutcomes(m_p, {QUuid::createUuid().toString(QUuid::WithoutBraces)}, 30);
        m_db->exec(QStringLiteral("SET enable_seqscan = off"));
        const QString plan = m_db->scalar(QStringLiteral("EXPLAIN (FORMAT JSON) ") + st.text, st.params).toString();
        m_db->exec(QStringLiteral("RESET enable_seqscan"));
        QVERIFY2(plan.contains(index), qPrintable(plan));
    }

    // A profile whose audit maps no action id has no outcomes (and does not fail).
    void noActionIdColumnMeansNoOutcome() {
        setUp(QStringLiteral("app_outbox"));
        SchemaProfile p = m_p;
        p.audit.columns.remove(QStringLiteral("actionId"));
        QVERIFY(ActionOutcomeQuery(p).outcomes(m_db->session(), {QUuid::createUuid().toString(QUuid::WithoutBraces)}).isEmpty());
        QVERIFY(ActionOutcomeQuery(p).actions(m_db->session(), AuditFilter(), 3600, 10).isEmpty());
    }

    // A database without the kit's action function: audit rows, but no action_id column. Nothing
    // to follow, and no statement fails (the dashboard and the report read this every time).
    void noActionIdInTheDatabaseMeansNoOutcome() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        m_p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const QList<qint64> ids = insertMessages(*m_db, m_p, QStringLiteral("FAILED"), 2);
        AuditRowValues row;
        row.messageId = ids.first();
        row.action = QStringLiteral("RETRY_FAILED");
        insertAuditRow(*m_db, m_p, row);
        const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY(ActionOutcomeQuery(m_p).outcomes(m_db->session(), {id}).isEmpty());
        QVERIFY(ActionOutcomeQuery(m_p).actions(m_db->session(), AuditFilter(), 3600, 10).isEmpty());
        QVERIFY(ActionOutcomeQuery(m_p).messages(m_db->session(), id, 10).isEmpty());
    }
};

OM_TEST_GUILESS_MAIN(TestActionOutcomes)
#include "tst_actionoutcomes.moc"
