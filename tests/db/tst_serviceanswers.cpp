// SPDX-License-Identifier: GPL-3.0-or-later
// What each of core's services answers is what the database holds: every call the views make
// (a count, a message, its payload, blocked keys, a preview and an action, the audit, outcomes,
// table health, purge counts, the profile check, failure groups) against a real server, each
// answer compared with the table read in SQL by the test itself.
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "core/actions/actionservice.h"
#include "core/audit/auditservice.h"
#include "core/check/profilecheckservice.h"
#include "core/groups/failuregroupservice.h"
#include "core/health/healthservice.h"
#include "core/outcome/outcomeservice.h"
#include "core/purge/purgecountservice.h"
#include "core/triage/triageservice.h"
#include "orderedprofiles.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {
const QString kTag = QStringLiteral("svc-answers");
}

class TestServiceAnswers : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<Gateway> m_gateway;
    SchemaProfile m_profile;
    QString m_lastError;
    int m_tags = 0;

    /// A tag no other insert of this test used: the rows' keys are made of it and must be unique.
    QString tag() { return kTag + QString::number(++m_tags); }

    /// Calls `call` with a Reply and waits for its answer; empty (and m_lastError set) when the
    /// call failed or did not answer in time.
    template <class T, class Call>
    std::optional<T> answer(Call call) {
        std::optional<T> value;
        m_lastError.clear();
        bool failed = false;
        const auto onDone = [&](const T &v) { value = v; };
        const auto onFailed = [&](const PgError &e) {
            m_lastError = e.message;
            failed = true;
        };
        call(Reply<T>{this, onDone, onFailed});
        if (!QTest::qWaitFor([&] { return value.has_value() || failed; }, 30000) && !failed)
            m_lastError = QStringLiteral("no answer in 30 s");
        return value;
    }

    qint64 count(const QString &sql, const QVariantList &params = {}) { return m_db->scalar(sql, params).toLongLong(); }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_profile = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        c.applicationName = QStringLiteral("om-service-answers");
        m_gateway = std::make_unique<Gateway>(c);
    }

    void cleanupTestCase() { m_gateway.reset(); }

    // The count of a view is the table's count of its states; the filter choices name the
    // table's event types.
    void triageCountsAndChoices() {
        insertMessages(*m_db, m_profile, QStringLiteral("FAILED"), 4, 5, tag());
        TriageService service(m_gateway.get(), m_profile);
        ListFilter failed;
        failed.view = ListFilter::View::Failed;
        const auto n = answer<MatchCount>([&](auto reply) { return service.count(failed, reply); });
        QVERIFY2(n, qPrintable(m_lastError));
        QVERIFY(!n->estimated);
        QCOMPARE(n->n, count("SELECT count(*) FROM app_outbox WHERE status = 'FAILED'"));

        const auto all = answer<MatchCount>([&](auto reply) { return service.count(ListFilter(), reply); });
        QVERIFY2(all, qPrintable(m_lastError));
        QCOMPARE(all->n, count("SELECT count(*) FROM app_outbox"));

        const auto choices = answer<FilterChoices>([&](auto reply) { return service.choices(reply); });
        QVERIFY2(choices, qPrintable(m_lastError));
        QVERIFY(!choices->types.isEmpty());
        for (const QVariantList &r : m_db->rows("SELECT DISTINCT event_type FROM app_outbox"))
            QVERIFY2(choices->types.contains(r.at(0).toString()), qPrintable(r.at(0).toString()));
        for (const QString &t : choices->types)
            QVERIFY2(count("SELECT count(*) FROM app_outbox WHERE event_type = $1", {t}) > 0, qPrintable(t));
    }

    // One message: its key and payload as stored; the whole payload formatted when it is JSON,
    // shown as stored when it is not; and saved to a file byte for byte.
    void triageMessageAndPayload() {
        const qint64 id = insertMessages(*m_db, m_profile, QStringLiteral("FAILED"), 1, 5, tag()).first();
        const QString json = QStringLiteral(R"({"order":{"id":42,"lines":[1,2,3]},"note":"日本語"})");
        m_db->exec("UPDATE app_outbox SET payload_json = $1 WHERE outbox_id = $2", {json, id});
        TriageService service(m_gateway.get(), m_profile);

        const auto detail = answer<MessageDetail>([&](auto reply) { return service.detail(MessageId(id), reply); });
        QVERIFY2(detail, qPrintable(m_lastError));
        QVERIFY(detail->found);
        QCOMPARE(detail->key, m_db->scalar("SELECT message_key FROM app_outbox WHERE outbox_id = $1", {id}).toString());
        QCOMPARE(detail->payloadLength, count("SELECT length(payload_json) FROM app_outbox WHERE outbox_id = $1", {id}));
        QCOMPARE(detail->payloadPrefix, json);

        const auto whole = answer<FormattedPayload>([&](auto reply) { return service.wholePayload(MessageId(id), reply); });
        QVERIFY2(whole, qPrintable(m_lastError));
        QVERIFY(whole->isJson);
        QCOMPARE(QJsonDocument::fromJson(whole->text.toUtf8()), QJsonDocument::fromJson(json.toUtf8()));

        m_db->exec("UPDATE app_outbox SET payload_json = 'not json {' WHERE outbox_id = $1", {id});
        const auto raw = answer<FormattedPayload>([&](auto reply) { return service.wholePayload(MessageId(id), reply); });
        QVERIFY2(raw, qPrintable(m_lastError));
        QVERIFY(!raw->isJson);
        QVERIFY(!raw->parseError.isEmpty());
        QCOMPARE(raw->text, QStringLiteral("not json {"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("payload.txt"));
        m_db->exec("UPDATE app_outbox SET payload_json = $1 WHERE outbox_id = $2", {json, id});
        const auto bytes = answer<qint64>([&](auto reply) { return service.savePayload(MessageId(id), path, reply); });
        QVERIFY2(bytes, qPrintable(m_lastError));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        QCOMPARE(written, json.toUtf8());
        QCOMPARE(*bytes, qint64(written.size()));

        const auto missing = answer<MessageDetail>([&](auto reply) { return service.detail(MessageId(-1), reply); });
        QVERIFY2(missing, qPrintable(m_lastError));
        QVERIFY(!missing->found);
    }

    // A failed head with open messages of its key behind it is a blocked key, with that head and
    // that many messages behind.
    void triageBlockedKeys() {
        const SchemaProfile ordered = appOutboxByDestination();
        const QString key = QStringLiteral("svc-blocked-destination");
        const qint64 head = insertMessages(*m_db, ordered, QStringLiteral("FAILED"), 1, 30, tag()).first();
        const QList<qint64> behind = insertMessages(*m_db, ordered, QStringLiteral("PENDING"), 3, 10, tag());
        m_db->exec("UPDATE app_outbox SET destination = $1, created_at = now() - interval '30 minutes' WHERE outbox_id = $2", {key, head});
        m_db->exec(QStringLiteral("UPDATE app_outbox SET destination = $1 WHERE outbox_id = ANY($2::bigint[])"), {key, idArray(behind)});

        TriageService service(m_gateway.get(), ordered);
        const auto keys = answer<BlockedKeys>([&](auto reply) { return service.blockedKeys(30, reply); });
        QVERIFY2(keys, qPrintable(m_lastError));
        const auto it = std::find_if(keys->keys.cbegin(), keys->keys.cend(), [&](const BlockedKey &k) { return k.orderingKey == key; });
        QVERIFY2(it != keys->keys.cend(), "the blocked destination is not listed");
        QCOMPARE(it->head.id, MessageId(head));
        QCOMPARE(int(it->why), int(BlockedKey::Why::Failed));
        QCOMPARE(it->behind, qint64(behind.size()));
    }

    // The preview counts what the action would change; the run changes exactly that, writes one
    // audit row per message, and a recheck of its transaction says it committed.
    void actionPreviewRunAndRecheck() {
        const QList<qint64> failed = insertMessages(*m_db, m_profile, QStringLiteral("FAILED"), 3, 5, tag());
        const QList<qint64> sent = insertMessages(*m_db, m_profile, QStringLiteral("SENT"), 2, 5, tag());
        ActionRequest request = actionRequest(QStringLiteral("retry"), failed + sent);
        request.actionId = QUuid::createUuid();
        request.ticket = QStringLiteral("SVC-ANSWERS-1");
        ActionService service(m_gateway.get(), m_profile);

        const auto preview = answer<ActionPreview>([&](auto reply) { return service.preview(request, 100, reply); });
        QVERIFY2(preview, qPrintable(m_lastError));
        QCOMPARE(preview->requested, qint64(5));
        QCOMPARE(preview->eligible, qint64(3));
        const QList<MessageId> failedIds = messageIds(failed);
        QCOMPARE(QSet<MessageId>(preview->eligibleIds.cbegin(), preview->eligibleIds.cend()),
                 QSet<MessageId>(failedIds.cbegin(), failedIds.cend()));

        const auto privileges = answer<Privileges>([&](auto reply) { return service.privileges(Lane::Browse, reply); });
        QVERIFY2(privileges, qPrintable(m_lastError));
        QVERIFY(privileges->checked);
        QCOMPARE(privileges->role, m_db->scalar("SELECT current_user").toString());
        QVERIFY2(privileges->canChangeMessages(), qPrintable(privileges->summary()));

        const auto result = answer<ActionResult>([&](auto reply) { return service.run(request, std::make_shared<ActionProgress>(), reply); });
        QVERIFY2(result, qPrintable(m_lastError));
        QCOMPARE(result->changed(), qint64(3));
        for (qint64 id : failed)
            QCOMPARE(stateOf(*m_db, m_profile, id), QStringLiteral("PENDING"));
        for (qint64 id : sent)
            QCOMPARE(stateOf(*m_db, m_profile, id), QStringLiteral("SENT"));
        QCOMPARE(count("SELECT count(*) FROM app_outbox_audit WHERE ticket = 'SVC-ANSWERS-1' AND action_id = $1",
                       {request.actionId.toString(QUuid::WithoutBraces)}),
                 qint64(3));

        const auto recheck = answer<ActionRecheck>([&](auto reply) { return service.recheck(request.actionId, result->xid, reply); });
        QVERIFY2(recheck, qPrintable(m_lastError));
        QCOMPARE(int(recheck->outcome), int(ActionRecheck::Outcome::Committed));
        QCOMPARE(recheck->changedIds.size(), qsizetype(3));
    }

    // The audit page and the incident report count the audit rows of a ticket as the audit table
    // holds them; the action's outcome and its messages are the messages' states now.
    void auditAndOutcomes() {
        const QList<qint64> ids = insertMessages(*m_db, m_profile, QStringLiteral("FAILED"), 2, 5, tag());
        ActionRequest request = actionRequest(QStringLiteral("cancel"), ids);
        request.actionId = QUuid::createUuid();
        request.ticket = QStringLiteral("SVC-ANSWERS-2");
        const auto result = answer<ActionResult>([&](auto reply) {
            return ActionService(m_gateway.get(), m_profile).run(request, std::make_shared<ActionProgress>(), reply);
        });
        QVERIFY2(result, qPrintable(m_lastError));
        const QString actionId = request.actionId.toString(QUuid::WithoutBraces);
        const qint64 audited = count("SELECT count(*) FROM app_outbox_audit WHERE ticket = 'SVC-ANSWERS-2'");
        QCOMPARE(audited, qint64(2));

        AuditService audit(m_gateway.get(), m_profile);
        AuditFilter filter;
        filter.ticket = request.ticket;
        const auto page = answer<AuditPage>([&](auto reply) { return audit.page(filter, AuditCursor(), 50, reply); });
        QVERIFY2(page, qPrintable(m_lastError));
        QCOMPARE(qint64(page->rows.size()), audited);
        QVERIFY(!page->hasMore);
        for (const AuditRow &r : page->rows) {
            QCOMPARE(r.actionId, actionId);
            QCOMPARE(r.reason, request.reason);
            QVERIFY(ids.contains(r.messageId.number()));
        }
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const auto incident = answer<IncidentData>([&](auto reply) { return audit.incident(now.addSecs(-3600), now.addSecs(60), request.ticket, reply); });
        QVERIFY2(incident, qPrintable(m_lastError));
        QCOMPARE(incident->auditRows, audited);
        QCOMPARE(incident->messagesTouched, qint64(ids.size()));
        QCOMPARE(incident->end.stateCount(QStringLiteral("FAILED")).count, count("SELECT count(*) FROM app_outbox WHERE status = 'FAILED'"));

        // Another process changes one of them: the outcome says where they are now.
        m_db->exec("DELETE FROM app_outbox WHERE outbox_id = $1", {ids.first()});
        OutcomeService outcomes(m_gateway.get(), m_profile);
        const auto byId = answer<ActionOutcomes>([&](auto reply) { return outcomes.outcomes({actionId}, Lane::Browse, QString(), reply); });
        QVERIFY2(byId, qPrintable(m_lastError));
        QVERIFY(byId->contains(actionId));
        const ActionOutcome o = byId->value(actionId);
        QCOMPARE(o.messages, qint64(2));
        QCOMPARE(o.gone, qint64(1));
        QCOMPARE(o.byState.value(QStringLiteral("CANCELLED")), qint64(1));

        const auto recent = answer<QList<ActionSummary>>([&](auto reply) { return outcomes.recentActions(QString(), reply); });
        QVERIFY2(recent, qPrintable(m_lastError));
        QVERIFY(std::any_of(recent->cbegin(), recent->cend(), [&](const ActionSummary &s) { return s.actionId == actionId && s.messages == 2; }));

        const auto messages = answer<QList<ActionMessage>>([&](auto reply) { return outcomes.actionMessages(actionId, reply); });
        QVERIFY2(messages, qPrintable(m_lastError));
        QCOMPARE(messages->size(), qsizetype(2));
        for (const ActionMessage &m : *messages) {
            const bool deleted = m.id == MessageId(ids.first());
            QCOMPARE(m.gone, deleted);
            QCOMPARE(m.state, deleted ? QString() : QStringLiteral("CANCELLED"));
        }
    }

    // Table health reads the server's own sizes; the purge counts are the rows the purge would
    // delete; the profile check counts every row.
    void healthPurgeAndCheck() {
        const QList<qint64> old = insertMessages(*m_db, m_profile, QStringLiteral("SENT"), 5, 5, tag());
        m_db->exec(QStringLiteral("UPDATE app_outbox SET updated_at = now() - interval '40 days' WHERE outbox_id = ANY($1::bigint[])"), {idArray(old)});
        m_db->exec("ANALYZE app_outbox");

        const auto health = answer<HealthReport>([&](auto reply) { return HealthService(m_gateway.get(), m_profile).report(30, reply); });
        QVERIFY2(health, qPrintable(m_lastError));
        QVERIFY(health->table.exists);
        QCOMPARE(health->table.totalBytes, count("SELECT pg_total_relation_size('app_outbox')"));
        QCOMPARE(health->table.indexes.size(), qsizetype(count("SELECT count(*) FROM pg_index WHERE indrelid = 'app_outbox'::regclass")));
        QVERIFY(health->audit.exists);
        QVERIFY(health->purgeAllowed);

        PurgeRequest purge;
        purge.olderThanDays = 30;
        PurgeCountService purgeCount(m_gateway.get(), m_profile);
        const auto exact = answer<qint64>([&](auto reply) { return purgeCount.count(purge, reply); });
        QVERIFY2(exact, qPrintable(m_lastError));
        QCOMPARE(*exact, count("SELECT count(*) FROM app_outbox WHERE status IN ('SENT', 'CANCELLED') "
                               "AND updated_at < now() - interval '30 days'"));
        QVERIFY(*exact >= old.size());
        const auto estimate = answer<qint64>([&](auto reply) { return purgeCount.estimate(purge, reply); });
        QVERIFY2(estimate, qPrintable(m_lastError));
        QVERIFY(*estimate >= 0);

        const auto check = answer<ProfileCheckReport>([&](auto reply) { return ProfileCheckService(m_gateway.get(), m_profile).check(30, reply); });
        QVERIFY2(check, qPrintable(m_lastError));
        QVERIFY2(check->ok(), qPrintable(check->summary()));
        QCOMPARE(check->coverage.samplePercent, 0.0);
        QCOMPARE(check->coverage.total, count("SELECT count(*) FROM app_outbox"));
    }

    // A failure group holds the failed messages of one error code and masked text.
    void failureGroups() {
        const QList<qint64> ids = insertMessages(*m_db, m_profile, QStringLiteral("FAILED"), 3, 5, tag());
        m_db->exec(QStringLiteral("UPDATE app_outbox SET last_error_code = 'SVC_E1', last_error_msg = 'broker 10.0.0.' || outbox_id || ' refused' "
                                  "WHERE outbox_id = ANY($1::bigint[])"),
                   {idArray(ids)});
        const auto groups = answer<FailureGroups>([&](auto reply) { return FailureGroupService(m_gateway.get(), m_profile).groups(reply); });
        QVERIFY2(groups, qPrintable(m_lastError));
        QVERIFY(groups->available);
        qint64 inCode = 0;
        for (const FailureGroup &g : groups->groups)
            if (g.code.toString() == QLatin1String("SVC_E1"))
                inCode += g.messages;
        QCOMPARE(inCode, count("SELECT count(*) FROM app_outbox WHERE status = 'FAILED' AND last_error_code = 'SVC_E1'"));
        QCOMPARE(inCode, qint64(3));
    }
};

OM_TEST_GUILESS_MAIN(TestServiceAnswers)
#include "tst_serviceanswers.moc"
