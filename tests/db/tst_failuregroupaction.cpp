// SPDX-License-Identifier: GPL-3.0-or-later
// Retry and cancel of a whole failure group, through the kit's action function, for
// every built-in profile with a failed state, an error text and the action: exactly the group's
// rows at the moment of the action are changed (a row that left the group after the preview is
// not), each with one audit row that names the group; other groups are untouched. And Triage's
// filter by group lists exactly the group's rows, page by page.
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "core/audit/incidentquery.h"
#include "core/groups/failuregroupquery.h"
#include "core/model/failuregrouptext.h"
#include "core/triage/listquery.h"
#include "core/model/pagerequest.h"
#include "messageids.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QTest>

using namespace om;
using namespace om::test;

class TestFailureGroupAction : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    void setError(const SchemaProfile &p, qint64 id, const QString &code, const QString &message) {
        m_db->exec(QStringLiteral("UPDATE %1 SET %2 = $1, %3 = $2 WHERE %4 = $3")
                       .arg(p.qualifiedTable(), p.col(QStringLiteral("errorCode")), p.col(QStringLiteral("errorMessage")),
                            p.col(QStringLiteral("id"))),
                   {code, message, id});
    }

    /// The group of the rows carrying `code` among the table's groups.
    FailureGroup groupOf(const SchemaProfile &p, const QString &code) {
        for (const FailureGroup &g : FailureGroupQuery(p).read(m_db->session()).groups)
            if (g.code == QVariant(code))
                return g;
        qFatal("no group %s", qPrintable(code));
    }

    static ListFilter groupFilter(const FailureGroup &g) {
        ListFilter f;
        f.view = ListFilter::View::Failed;
        f.failureGroup = g.key();
        return f;
    }

private slots:
    void initTestCase() { OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit()); }

    void actsOnExactlyTheGroup_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<QString>("action");
        for (const char *id : {"app_outbox", "batch_work_item"})
            for (const char *action : {"retry", "cancel"})
                QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(id), QLatin1String(action))))
                    << QString::fromLatin1(id) << QString::fromLatin1(action);
    }
    void actsOnExactlyTheGroup() {
        QFETCH(QString, profileId);
        QFETCH(QString, action);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        m_db->exec(QStringLiteral("TRUNCATE %1").arg(p.qualifiedTable()));
        const QString failed = p.failedStates.first();
        const QList<qint64> inGroup = insertMessages(*m_db, p, failed, 6);
        const QList<qint64> other = insertMessages(*m_db, p, failed, 3);
        for (int i = 0; i < inGroup.size(); ++i)
            setError(p, inGroup.at(i), QStringLiteral("HTTP_503"),
                     QStringLiteral("HTTP 503 Service Unavailable from https://api-%1.example.com/v1/orders/%2").arg(i).arg(1000 + i));
        for (qint64 id : other)
            setError(p, id, QStringLiteral("TIMEOUT"), QStringLiteral("Read timed out after %1 ms").arg(id));

        const FailureGroup g = groupOf(p, QStringLiteral("HTTP_503"));
        QCOMPARE(g.messages, qint64(inGroup.size()));
        QCOMPARE(g.fingerprint.toString(), QStringLiteral("HTTP 503 Service Unavailable from https://<host>/v1/orders/<n>"));

        ActionRequest r = actionRequest(action, {}, QStringLiteral("Upstream back, INC-2043"));
        r.filter = groupFilter(g);
        const ActionPreview pv = ActionRunner(p).preview(m_db->session(), r);
        QCOMPARE(pv.eligible, qint64(inGroup.size()));
        QCOMPARE(idNumbers(pv.eligibleIds), inGroup);

        // After the preview, before the action: one row fails differently (it left the group).
        const qint64 left = inGroup.first();
        setError(p, left, QStringLiteral("HTTP_503"), QStringLiteral("HTTP 503 from the load balancer"));
        r.ids = pv.eligibleIds;           // what the dialog counted; the filter is re-checked as the guard
        r.actionId = QUuid::createUuid(); // one per dialog
        const ActionResult res = ActionRunner(p).run(m_db->session(), r);
        const QList<qint64> acted = inGroup.mid(1);
        QCOMPARE(idNumbers(res.changedIds), acted);

        const QString target = p.actions.value(action).to;
        for (qint64 id : acted)
            QCOMPARE(stateOf(*m_db, p, id), target);
        QCOMPARE(stateOf(*m_db, p, left), failed);
        for (qint64 id : other)
            QCOMPARE(stateOf(*m_db, p, id), failed);

        // One audit row per changed message, naming the group; none for the others.
        const QString auditName = p.actions.value(action).auditName;
        QCOMPARE(auditCount(*m_db, p, acted, auditName), qint64(acted.size()));
        QCOMPARE(auditCount(*m_db, p, {left}, auditName) + auditCount(*m_db, p, other, auditName), qint64(0));
        const auto reasons = m_db->rows(QStringLiteral("SELECT DISTINCT %1 FROM %2 WHERE %3::text = $1")
                                            .arg(p.audit.column(QStringLiteral("reason")), p.qualifiedAuditTable(),
                                                 p.audit.column(QStringLiteral("actionId"))),
                                        {r.actionId.toString(QUuid::WithoutBraces)});
        QCOMPARE(reasons.size(), 1);
        QCOMPARE(reasons.first().first().toString(),
                 QStringLiteral("Upstream back, INC-2043 [failure group HTTP_503 · 'HTTP 503 Service Unavailable from https://<host>/v1/orders/<n>']"));
    }

    /// A saved or restored filter keeps its group (null code and null text included).
    void filterWithAGroupSurvivesJson() {
        for (const FailureGroupKey &k : {FailureGroupKey{QStringLiteral("HTTP_503"), QStringLiteral("from <host>")},
                                         FailureGroupKey{QVariant(), QStringLiteral("在庫 <n>")}, FailureGroupKey{QVariant(), QVariant()}}) {
            ListFilter f;
            f.view = ListFilter::View::Failed;
            f.failureGroup = k;
            QCOMPARE(ListFilter::fromJson(f.toJson()), f);
            QVERIFY(ListFilter::fromJson(f.toJson()) != ListFilter());
        }
    }

    void auditReasonFitsTheColumn() {
        const FailureGroupKey g{QStringLiteral("E"), QString(500, QLatin1Char('x'))};
        const QString r = FailureGroupText::auditReason(QStringLiteral("why"), g, 100);
        QVERIFY(r.size() <= 100);
        QVERIFY2(r.startsWith(QStringLiteral("why [failure group E · 'xxx")), qPrintable(r));
        QCOMPARE(FailureGroupText::auditReason(QString(99, QLatin1Char('r')), g, 100), QString(99, QLatin1Char('r')));
    }

    /// The incident report's groups: the failed rows last seen within its range, from the table.
    void incidentReportHasTheRangesGroups() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        m_db->exec(QStringLiteral("TRUNCATE app_outbox"));
        const QList<qint64> inRange = insertMessages(*m_db, p, QStringLiteral("FAILED"), 4);
        const QList<qint64> before = insertMessages(*m_db, p, QStringLiteral("FAILED"), 2);
        for (qint64 id : inRange + before)
            setError(p, id, QStringLiteral("HTTP_503"), QStringLiteral("HTTP 503 from https://api.example.com/orders/%1").arg(id));
        m_db->exec(QStringLiteral("UPDATE app_outbox SET updated_at = now() - interval '3 hours' WHERE outbox_id = ANY($1::bigint[])"),
                   {idArray(before)});
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const IncidentData d = IncidentQuery(p).run(m_db->session(), now.addSecs(-3600), now.addSecs(60), QString());
        QVERIFY(d.failureGroups.available);
        QCOMPARE(d.failureGroups.groups.size(), 1);
        QCOMPARE(d.failureGroups.groups.first().messages, qint64(inRange.size()));
        QCOMPARE(d.failureGroups.groups.first().fingerprint.toString(), QStringLiteral("HTTP 503 from https://<host>/orders/<n>"));
        // A profile without failure groups reads none and says so.
        const SchemaProfile outbox = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        QVERIFY(!IncidentQuery(outbox).run(m_db->session(), now.addSecs(-3600), now, QString()).failureGroups.available);
    }

    /// Triage's list filtered by a group: exactly its rows, over several keyset pages.
    void triageListsExactlyTheGroup() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        m_db->exec(QStringLiteral("TRUNCATE app_outbox"));
        const QList<qint64> inGroup = insertMessages(*m_db, p, QStringLiteral("FAILED"), 23);
        const QList<qint64> other = insertMessages(*m_db, p, QStringLiteral("FAILED"), 5);
        for (qint64 id : inGroup)
            setError(p, id, QStringLiteral("23505"), QStringLiteral("duplicate key (order_id)=(%1)").arg(id));
        for (qint64 id : other)
            setError(p, id, QStringLiteral("23505"), QStringLiteral("duplicate key on \"x\" (id)=(%1)").arg(id));
        const FailureGroup g = [&] {
            for (const FailureGroup &x : FailureGroupQuery(p).read(m_db->session()).groups)
                if (x.messages == inGroup.size())
                    return x;
            qFatal("group not found");
        }();
        ListQuery q(p);
        PageRequest page;
        page.filter = groupFilter(g);
        page.sort = ListSort::defaultFor(page.filter.view);
        page.pageSize = 10;
        QList<MessageId> seen;
        for (int i = 0; i < 10; ++i) {
            const MessagePage mp = q.fetchPage(m_db->session(), page);
            for (const MessageRow &row : mp.rows)
                seen << row.id;
            if (mp.atEnd || mp.rows.isEmpty())
                break;
            page = page.after(mp.rows.last());
        }
        QList<qint64> numbers = idNumbers(seen);
        std::sort(numbers.begin(), numbers.end());
        QCOMPARE(numbers, inGroup);
        QCOMPARE(q.count(m_db->session(), page.filter).n, qint64(inGroup.size()));
    }
};

OM_TEST_GUILESS_MAIN(TestFailureGroupAction)
#include "tst_failuregroupaction.moc"
