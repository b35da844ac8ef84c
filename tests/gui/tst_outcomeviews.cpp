// SPDX-License-Identifier: GPL-3.0-or-later
// What became of an action, on screen, offscreen against a real database: a retry of
// ten failed app_outbox messages, then "workers" (this test's SQL) send six, fail two again with
// HTTP_503 and delete one. The Audit tab's Outcome column says so and follows a later move while
// visible; its drill-down lists the ten messages and hands the nine still present to Triage; the
// dashboard's recent actions and the incident report's line say the same.
// OM_SCREENSHOT_DIR=dir [OM_LANG=ja]: the Audit tab and the dashboard's list as PNGs (the checks of
// English wording then run only in English).
#include "actionfixture.h"
#include "audit/actionmessagesdialog.h"
#include "audit/actionmessagesmodel.h"
#include "audit/auditmodel.h"
#include "audit/auditoutcomes.h"
#include "audit/auditview.h"
#include "audit/incidentreport.h"
#include "audit/outcomebook.h"
#include "audit/outcomewording.h"
#include "core/actions/actionrunner.h"
#include "core/audit/incidentquery.h"
#include "core/common/timeformat.h"
#include "dashboard/recentactionsmodel.h"
#include "dashboard/recentactionsview.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTextDocument>
#include <algorithm>

using namespace om;
using namespace om::test;

class TestOutcomeViews : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    SchemaProfile m_p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
    QList<qint64> m_ids;
    QUuid m_action;

    GatewayConfig config() const {
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        return c;
    }

    void moveTo(const QString &set, const QList<qint64> &ids) {
        m_db->exec(QStringLiteral("UPDATE app_outbox SET %1 WHERE outbox_id = ANY($1::bigint[])").arg(set), {idArray(ids)});
    }

    /// The checks below compare English words; a Japanese screenshot run takes only the pictures.

private slots:
    void initTestCase() { installTestTranslations(); }

    void init() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_ids = insertMessages(*m_db, m_p, QStringLiteral("FAILED"), 10, 5);
        const ActionResult res = ActionRunner(m_p).run(m_db->session(), actionRequest(QStringLiteral("retry"), m_ids));
        QCOMPARE(res.changedIds.size(), 10);
        m_action = res.actionId;
        // The workers.
        moveTo(QStringLiteral("status = 'SENT', sent_at = now() + interval '2 minutes'"), m_ids.mid(0, 6));
        moveTo(QStringLiteral("status = 'FAILED', last_error_code = 'HTTP_503', updated_at = now()"), m_ids.mid(6, 2));
        m_db->exec(QStringLiteral("DELETE FROM app_outbox WHERE outbox_id = $1"), {m_ids.at(8)});
    }

    void auditColumnFillsInAndFollows() {
        Gateway gateway(config());
        if (!english()) {
            AuditView view(&gateway, m_p);
            view.resize(1400, 500);
            view.show();
            QTRY_COMPARE(view.model()->rowCount(), 10);
            QTRY_VERIFY(view.outcomes()->book()->outcome(m_action.toString(QUuid::WithoutBraces)));
            saveScreenshot(&view, QStringLiteral("outcome-audit"));
            return;
        }
        AuditView view(&gateway, m_p);
        view.outcomes()->book()->setRefreshInterval(200);
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.resize(1400, 600);
        view.show();
        QTRY_COMPARE(view.model()->rowCount(), 10);
        // The column sits after Action on screen.
        QCOMPARE(view.table()->horizontalHeader()->visualIndex(AuditModel::Outcome), AuditModel::Action + 1);
        const QModelIndex cell = view.model()->index(0, AuditModel::Outcome);
        QTRY_COMPARE(cell.data().toString(), QStringLiteral("6 finished · 2 failed again · 1 waiting · 1 gone"));
        QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("SENT 6")));
        // Said once, on the action's first row: the other nine rows are its messages, not nine
        // more actions with the same totals. Their tooltip still tells the action's outcome.
        for (int row = 1; row < 10; ++row) {
            QCOMPARE(view.model()->index(row, AuditModel::Outcome).data().toString(), QString());
            QVERIFY(view.model()->index(row, AuditModel::Outcome).data(Qt::ToolTipRole).toString().contains(QStringLiteral("SENT 6")));
        }
        // The column widened to what the outcome says once it arrived.
        QTRY_VERIFY(view.table()->columnWidth(AuditModel::Outcome) >= view.table()->fontMetrics().horizontalAdvance(cell.data().toString()));
        // Every row on screen belongs to one action: one action tracked, not one per row.
        QCOMPARE(view.outcomes()->book()->tracked(), QStringList{m_action.toString(QUuid::WithoutBraces)});
        saveScreenshot(&view, QStringLiteral("outcome-audit"));

        // A worker sends the last waiting one: the visible tab follows.
        moveTo(QStringLiteral("status = 'SENT', sent_at = now()"), {m_ids.at(9)});
        QTRY_COMPARE(cell.data().toString(), QStringLiteral("7 finished · 2 failed again · 0 waiting · 1 gone"));

        // Hidden, it stops reading.
        view.hide();
        QVERIFY(!view.outcomes()->book()->isActive());
    }

    void drillDownListsTheMessagesAndOpensTriage() {
        if (!english())
            return; // compares English words (the screenshot run takes the Audit tab above)
        Gateway gateway(config());
        AuditView view(&gateway, m_p);
        view.show();
        QTRY_COMPARE(view.model()->rowCount(), 10);
        QSignalSpy toTriage(&view, &AuditView::actionMessagesOpenRequested);
        view.table()->setCurrentIndex(view.model()->index(3, AuditModel::Action));
        QVERIFY(view.outcomes()->drillButton()->isEnabled());
        view.outcomes()->openSelectedAction();
        auto *dialog = view.findChild<ActionMessagesDialog *>();
        QVERIFY(dialog);
        QAbstractItemModelTester tester(dialog->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(dialog, &ActionMessagesDialog::loaded);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(loaded.first().first().toBool(), true);
        QCOMPARE(dialog->model()->rowCount(), 10);
        QHash<QString, int> states;
        for (int r = 0; r < 10; ++r)
            ++states[dialog->model()->index(r, ActionMessagesModel::State).data().toString()];
        QCOMPARE(states.value(QStringLiteral("SENT")), 6);
        QCOMPARE(states.value(QStringLiteral("FAILED")), 2);
        QCOMPARE(states.value(QStringLiteral("PENDING")), 1);
        QCOMPARE(states.value(QStringLiteral("(gone)")), 1);
        QVERIFY(dialog->statusText().contains(QStringLiteral("1 are no longer")));

        auto *open = dialog->findChild<QPushButton *>();
        for (QPushButton *b : dialog->findChildren<QPushButton *>())
            if (b->text() == QStringLiteral("Open in Triage"))
                open = b;
        QVERIFY(open && open->isEnabled());
        open->click();
        QCOMPARE(toTriage.size(), 1);
        QList<MessageId> expected = messageIds(m_ids);
        expected.removeAt(8); // the deleted one
        QList<MessageId> got = toTriage.first().first().value<QList<MessageId>>();
        std::sort(got.begin(), got.end());
        QCOMPARE(got, expected);
    }

    void dashboardListsTheLastHoursActions() {
        Gateway gateway(config());
        AppContext ctx;
        ctx.gateway = &gateway;
        ctx.profile = m_p;
        RecentActionsView view(ctx);
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy refreshed(&view, &RecentActionsView::refreshed);
        view.show();
        QVERIFY(refreshed.wait(10000));
        QCOMPARE(refreshed.first().first().toBool(), true);
        QCOMPARE(view.model()->rowCount(), 1);
        view.resize(900, 160);
        saveScreenshot(&view, QStringLiteral("outcome-dashboard"));
        if (!english())
            return;
        QCOMPARE(view.model()->index(0, RecentActionsModel::What).data().toString(), QStringLiteral("retried 10"));
        QCOMPARE(view.model()->index(0, RecentActionsModel::Ticket).data().toString(), QStringLiteral("INC-7"));
        QCOMPARE(view.model()->index(0, RecentActionsModel::Outcome).data().toString(),
                 QStringLiteral("6 finished · 2 failed again · 1 waiting · 1 gone"));
        // Filling in live: the next read sees the worker's move, in place (no reset).
        QSignalSpy reset(view.model(), &QAbstractItemModel::modelReset);
        moveTo(QStringLiteral("status = 'FAILED', last_error_code = 'HTTP_503'"), {m_ids.at(9)});
        view.refresh();
        QTRY_COMPARE(view.model()->index(0, RecentActionsModel::Outcome).data().toString(),
                     QStringLiteral("6 finished · 3 failed again · 0 waiting · 1 gone"));
        QCOMPARE(reset.size(), 0);
    }

    void incidentReportSaysWhatBecameOfIt() {
        if (!english())
            return;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const IncidentData d = IncidentQuery(m_p).run(m_db->session(), now.addSecs(-3600), now.addSecs(60), QString());
        QCOMPARE(d.actionOutcomes.size(), 1);
        const ActionSummary &a = d.actionOutcomes.first();
        const QString user = m_db->scalar(QStringLiteral("SELECT session_user::text")).toString();
        // Sent two minutes after the workers' now(), which is after the action: within 3 min.
        const QString line = QStringLiteral("retried 10 at %1 by %2 (alice), INC-7: 6 finished within 3 min, "
                                            "2 failed again with HTTP_503, 1 waiting, 1 gone")
                                 .arg(formatLocalMinutes(a.at), user);
        QCOMPARE(OutcomeWording::reportLine(m_p, a), line);
        const QString text = IncidentReport(d, m_p).document()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("What became of each action")), qPrintable(text.left(2000)));
        QVERIFY2(text.contains(line), qPrintable(text));

        // Some failed with another error: the line says how many had the one it names.
        moveTo(QStringLiteral("status = 'FAILED', last_error_code = 'HTTP_500'"), {m_ids.at(9)});
        const IncidentData d2 = IncidentQuery(m_p).run(m_db->session(), now.addSecs(-3600), now.addSecs(60), QString());
        QVERIFY2(OutcomeWording::reportLine(m_p, d2.actionOutcomes.first()).contains(QStringLiteral("3 failed again (2 with HTTP_503), 0 waiting")),
                 qPrintable(OutcomeWording::reportLine(m_p, d2.actionOutcomes.first())));
    }
};

OM_TEST_MAIN(TestOutcomeViews)
#include "tst_outcomeviews.moc"
