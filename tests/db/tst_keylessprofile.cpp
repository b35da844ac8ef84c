// SPDX-License-Identifier: GPL-3.0-or-later
// A table whose messages have no key (a job queue without ordering or grouping): the profile maps
// no "key", and everything that used to need one still works and says nothing false — the list
// (no key filter can match), the reason dialog's sample (the ids, never ", , ,"), the audited
// action, and the Audit tab, where a message that is still there is not "gone".
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitauditsection.h"
#include "core/adminkit/kitsql.h"
#include "core/audit/auditquery.h"
#include "core/triage/listquery.h"
#include "actionfixture.h"
#include "kitexercise.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QTest>

using namespace om;
using namespace om::test;

namespace {

// The rule itself: rows of one table, a status, times and an error; nothing names a key.
const char kTable[] = "CREATE TABLE keyless_job (id bigserial PRIMARY KEY, status text NOT NULL, "
                      "created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(), "
                      "last_error text, body text)";

const char kProfile[] = R"({
  "id": "keyless_job", "title": "jobs without a key", "table": "keyless_job",
  "columns": { "id": "id", "status": "status", "payload": "body", "createdAt": "created_at",
               "updatedAt": "updated_at", "errorMessage": "last_error" },
  "states": [
    { "name": "PENDING", "role": "waiting", "value": "pending" },
    { "name": "FAILED", "role": "failed", "value": "failed" },
    { "name": "DONE", "role": "done", "value": "done", "terminal": true }
  ],
  "waiting": { "states": ["PENDING"], "sinceColumn": "createdAt" },
  "failed": { "states": ["FAILED"] },
  "actions": { "retry": { "auditName": "RETRY", "from": ["FAILED"], "to": "PENDING", "set": { "updatedAt": "now" } } }
})";

} // namespace

class TestKeylessProfile : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    SchemaProfile m_p;

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        m_db->exec(QString::fromLatin1(kTable));
        m_db->exec("INSERT INTO keyless_job (status, last_error) SELECT CASE WHEN g <= 4 THEN 'failed' WHEN g <= 9 THEN 'pending' "
                   "ELSE 'done' END, CASE WHEN g <= 4 THEN 'refused' END FROM generate_series(1, 20) g");
        // No audit table in the library: the kit brings its own (as --print-kit does).
        const auto withAudit = kit::withKitAuditSection(QByteArray(kProfile), QStringLiteral("keyless_job.json"));
        QVERIFY(withAudit);
        m_p = withAudit->profile;
        QVERIFY(!m_p.has(QStringLiteral("key")));
        bool applied = false;
        const QString output = psqlApplyInOneTransaction(*m_db, KitSql(m_p, {QStringLiteral("kl_auditor"), QStringLiteral("kl_operator")}).script(), &applied);
        QVERIFY2(applied, qPrintable(output));
    }

    void theListHasEveryRowAndNoKey() {
        const MessagePage page = ListQuery(m_p).fetchPage(m_db->session(), PageRequest{});
        QCOMPARE(page.rows.size(), m_db->scalar("SELECT count(*) FROM keyless_job").toInt());
        for (const MessageRow &r : page.rows)
            QVERIFY(r.key.isEmpty());
        // A key filter (restored from another profile's window, say) matches nothing.
        PageRequest byKey;
        byKey.filter.keyText = QStringLiteral("1");
        QVERIFY(ListQuery(m_p).fetchPage(m_db->session(), byKey).rows.isEmpty());
    }

    void anActionNamesItsMessagesAndIsAudited() {
        const QList<qint64> failed = [this] {
            QList<qint64> ids;
            for (const QVariantList &r : m_db->rows("SELECT id FROM keyless_job WHERE status = 'failed' ORDER BY id"))
                ids << r.at(0).toLongLong();
            return ids;
        }();
        QCOMPARE(failed.size(), 4);
        ActionRunner runner(m_p);
        const ActionRequest request = actionRequest(QStringLiteral("retry"), failed);
        const ActionPreview pv = runner.preview(m_db->session(), request);
        QCOMPARE(pv.eligible, qint64(4));
        QStringList ids;
        for (qint64 id : failed)
            ids << QString::number(id);
        QCOMPARE(pv.sampleKeys, ids); // the ids name them, not empty keys
        const ActionResult result = runner.run(m_db->session(), request);
        QCOMPARE(result.changed(), qint64(4));
        QCOMPARE(m_db->scalar("SELECT count(*) FROM keyless_job WHERE status = 'pending' AND id = ANY($1::bigint[])", {idArray(failed)}).toInt(), 4);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE action_name = 'RETRY'").arg(m_p.qualifiedAuditTable())).toInt(), 4);

        // In the Audit tab the messages are there (no key to show), until one is deleted.
        m_db->exec("DELETE FROM keyless_job WHERE id = $1", {failed.first()});
        const AuditPage page = AuditQuery(m_p).fetchPage(m_db->session(), AuditFilter{}, AuditCursor{}, 100);
        QCOMPARE(page.rows.size(), 4);
        for (const AuditRow &r : page.rows) {
            QVERIFY(r.messageKey.isEmpty());
            QCOMPARE(r.messageExists, r.messageId.text() != QString::number(failed.first()));
        }
    }
};

OM_TEST_GUILESS_MAIN(TestKeylessProfile)
#include "tst_keylessprofile.moc"
