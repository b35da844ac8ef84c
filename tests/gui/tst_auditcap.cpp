// SPDX-License-Identifier: GPL-3.0-or-later
// The audit list holds at most its cap of rows, like Triage's list: a window left open for weeks
// and scrolled to the end of a long audit trail keeps its memory bounded, and the view says why
// the list stops and what to do (narrow the filter, or export). The cap is the model's, the same
// for every profile; the real audit table of app_outbox serves here.
#include "audit/auditmodel.h"
#include "audit/auditview.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace om;
using namespace om::test;

class TestAuditCap : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    GatewayConfig config() const {
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        return c;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        OM_CREATE_TEST_DATABASE(m_db, QStringList{"seed000_app_outbox.sql"});
        m_db->exec(R"(INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status)
                      SELECT 'ORD-' || g, 'OrderCreated', 'billing', '{}', 'FAILED' FROM generate_series(1, 10) g)");
        m_db->exec(R"(INSERT INTO app_outbox_audit (outbox_id, action_name, reason, changed_by, changed_at, old_status, new_status)
                      SELECT (g % 10) + 1, 'RETRY_FAILED', 'reason ' || g, 'alice', now() - g * interval '1 second',
                             'FAILED', 'PENDING'
                      FROM generate_series(1, 450) g)");
    }

    void modelStopsAtItsCap() {
        Gateway gw(config());
        AuditModel model(&gw, *SchemaProfile::builtIn("app_outbox"));
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(200);
        model.setMaxRows(300);
        QSignalSpy pages(&model, &AuditModel::pageLoaded);
        model.setFilter({});
        QTRY_COMPARE_WITH_TIMEOUT(pages.count(), 1, 10000);
        QVERIFY(model.canFetchMore({}));
        model.fetchMore({});
        QTRY_COMPARE_WITH_TIMEOUT(pages.count(), 2, 10000);
        QCOMPARE(model.rowCount(), 300); // the second page is cut to the cap, not 400
        QVERIFY(model.isCapped());
        QVERIFY(!model.canFetchMore({}));
        model.fetchMore({}); // asked anyway (a view at the bottom): nothing more is fetched
        QTest::qWait(300);
        QCOMPARE(pages.count(), 2);
        QCOMPARE(model.rowCount(), 300);
        // Newest first, without gaps: the rows held are the 300 newest of the 450.
        QCOMPARE(model.rowAt(0).reason, QStringLiteral("reason 1"));
        QCOMPARE(model.rowAt(299).reason, QStringLiteral("reason 300"));
    }

    void belowTheCapNothingIsCapped() {
        Gateway gw(config());
        AuditModel model(&gw, *SchemaProfile::builtIn("app_outbox"));
        model.setPageSize(500);
        model.setMaxRows(450); // exactly the rows there are: the list is whole, not capped
        QSignalSpy pages(&model, &AuditModel::pageLoaded);
        model.setFilter({});
        QTRY_COMPARE_WITH_TIMEOUT(pages.count(), 1, 10000);
        QCOMPARE(model.rowCount(), 450);
        QVERIFY(!model.isCapped());
    }

    void viewSaysWhyTheListStops() {
        Gateway gw(config());
        AuditView view(&gw, *SchemaProfile::builtIn("app_outbox"));
        auto *model = qobject_cast<AuditModel *>(view.table()->model());
        QVERIFY(model);
        model->setMaxRows(200);
        view.resize(1440, 900);
        view.show();
        view.setFilter(view.currentFilter()); // starts over with the cap in place
        QTRY_VERIFY_WITH_TIMEOUT(model->isCapped(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(view.statusText().contains("stops at 200 rows"), 5000);
    }
};

OM_TEST_MAIN(TestAuditCap)
#include "tst_auditcap.moc"
