// SPDX-License-Identifier: GPL-3.0-or-later
// An archived cancel on screen, offscreen against a real database: five waiting jobs of the
// test's job table (tests/support/profiles/archive/kept_job.json) are cancelled through the
// audited path, then the library's maintenance moves them, state and all, to the archive. The
// Audit tab's Outcome column says "5 cancelled, archived" (never "finished"), its drill-down
// lists each as CANCELLED (archived) and has nothing to open in Triage, and the outcome words
// of the incident report name the cancel. OM_SCREENSHOT_DIR=dir [OM_LANG=ja]: the Audit tab and
// the drill-down as PNGs.
#include "audit/actionmessagesdialog.h"
#include "audit/actionmessagesmodel.h"
#include "audit/auditmodel.h"
#include "audit/auditoutcomes.h"
#include "audit/auditview.h"
#include "audit/outcomebook.h"
#include "audit/outcomewording.h"
#include "actionfixture.h"
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace om;
using namespace om::test;

class TestArchivedCancelViews : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    const SchemaProfile m_p = profileFile(QStringLiteral("tests/support/profiles/archive/kept_job.json"));
    QUuid m_action;

    GatewayConfig config() const {
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        return c;
    }

private slots:
    void initTestCase() { installTestTranslations(); }

    void init() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/archive/kept_job.sql")));
        m_db->session().execScript(KitSql(m_p).script());
        QList<qint64> ids;
        for (const QVariantList &row :
             m_db->session().query(QStringLiteral("INSERT INTO kept_job (queue, state) SELECT 'invoices', 'created' FROM generate_series(1, 5) RETURNING id")).rows)
            ids << row.value(0).toLongLong();
        const ActionResult r = ActionRunner(m_p).run(m_db->session(), actionRequest(QStringLiteral("cancel"), ids));
        QCOMPARE(r.changed(), qint64(5));
        m_action = r.actionId;
        // A day later the maintenance moves every job that ended, state and all.
        m_db->exec(QStringLiteral("UPDATE kept_job SET completed_on = now() - interval '1 day' WHERE id = ANY($1::bigint[])"), {idArray(ids)});
        m_db->exec(QStringLiteral("WITH m AS (DELETE FROM kept_job WHERE completed_on < now() - interval '1 hour' RETURNING *) "
                                  "INSERT INTO kept_job_archive SELECT * FROM m"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM kept_job_archive WHERE state = 'cancelled'")).toLongLong(), qint64(5));
    }
    void cleanup() { m_db.reset(); }

    void theOutcomeIsCancelledArchived() {
        Gateway gateway(config());
        AuditView view(&gateway, m_p);
        view.resize(1400, 500);
        view.show();
        QTRY_COMPARE(view.model()->rowCount(), 5);
        const QString id = m_action.toString(QUuid::WithoutBraces);
        QTRY_VERIFY(view.outcomes()->book()->outcome(id));
        const ActionOutcome o = *view.outcomes()->book()->outcome(id);
        QCOMPARE(o.archivedInRole(m_p, QStringLiteral("cancelled")), qint64(5));
        QCOMPARE(o.inRole(m_p, QStringLiteral("done")), qint64(0));
        const QModelIndex cell = view.model()->index(0, AuditModel::Outcome);
        QTRY_VERIFY(!cell.data().toString().isEmpty());
        QCOMPARE(cell.data().toString(), OutcomeWording::summary(m_p, QStringLiteral("CANCEL"), o));
        if (english())
            QCOMPARE(cell.data().toString(), QStringLiteral("0 waiting · 5 cancelled, archived"));
        saveScreenshot(&view, QStringLiteral("archived-cancel"));

        // "What became of it": each message in the state the archive kept.
        view.table()->setCurrentIndex(view.model()->index(0, AuditModel::Action));
        view.outcomes()->openSelectedAction();
        auto *dialog = view.findChild<ActionMessagesDialog *>();
        QVERIFY(dialog);
        QSignalSpy loaded(dialog, &ActionMessagesDialog::loaded);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(dialog->model()->rowCount(), 5);
        for (int r = 0; r < 5; ++r) {
            QVERIFY(dialog->model()->messages().at(r).archived);
            QCOMPARE(dialog->model()->messages().at(r).state, QStringLiteral("CANCELLED"));
            if (english())
                QCOMPARE(dialog->model()->index(r, ActionMessagesModel::State).data().toString(), QStringLiteral("CANCELLED (archived)"));
        }
        QVERIFY(dialog->model()->presentIds().isEmpty()); // none is in the table Triage lists
        if (english())
            QCOMPARE(dialog->statusText(), QStringLiteral("The action's 5 messages as they are now. 5 were moved to the archive, in the state shown."));
        dialog->resize(900, 360);
        saveScreenshot(dialog, QStringLiteral("archived-cancel-messages"));
    }
};

OM_TEST_MAIN(TestArchivedCancelViews)
#include "tst_archivedcancelviews.moc"
