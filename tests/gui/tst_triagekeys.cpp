// SPDX-License-Identifier: GPL-3.0-or-later
// Holding ↓ in the Triage list over a slow link: the detail pane loads the row the operator stops
// on, not every row passed (a short debounce, then "latest wins" on the detail job's key), for
// every built-in profile. Before, each row passed queued a detail load on the Browse lane ahead of
// what the operator wanted now.
#include "messageids.h"
#include "appcontext.h"
#include "pg/gateway.h"
#include "link/limits.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testmain.h"
#include "triage/detailpane.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestTriageKeys : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        m_db->exec(R"(INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status)
                      SELECT 'K' || g, 'E', 'D', '{}', 'FAILED' FROM generate_series(1, 40) g)");
        m_db->exec(R"(INSERT INTO batch_work_item (job_name, source_key, target_date, status)
                      SELECT 'J', 'S' || g, current_date, 'FAILED' FROM generate_series(1, 40) g)");
        m_db->exec(R"(INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload)
                      SELECT gen_random_uuid(), 'Order', 'A' || g, 'E', '{}' FROM generate_series(1, 40) g)");
    }

    void holdingDownLoadsTheRowWhereItStops_data() { addProfileRows(); }

    void holdingDownLoadsTheRowWhereItStops() {
        QFETCH(QString, profileId);
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        AppContext ctx;
        ctx.gateway = new Gateway(c, this);
        ctx.profile = *SchemaProfile::builtIn(profileId);
        ctx.connectionLabel = QStringLiteral("test");
        ctx.connectionKey = QStringLiteral("keys:") + profileId;
        TriageView view(ctx);
        view.resize(1440, 900);
        view.show();
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.applyFilter(ListFilter{});
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowCount() >= 30 && !view.model()->isLoading(), 10000);
        view.table()->setFocus();
        view.table()->selectRow(0);
        QTRY_COMPARE_WITH_TIMEOUT(view.detailPane()->messageId(), view.model()->message(0).id, 10000);

        QSignalSpy shown(view.detailPane(), &DetailPane::detailShown);
        for (int i = 0; i < 20; ++i) // key repeat: ~30 ms apart, faster than the debounce
            QTest::keyClick(view.table(), Qt::Key_Down, Qt::NoModifier, 30);
        const MessageId stoppedOn = view.model()->message(20).id;
        QCOMPARE(view.selectedIds(), QList<MessageId>{stoppedOn});
        QTRY_COMPARE_WITH_TIMEOUT(view.detailPane()->messageId(), stoppedOn, 10000);
        QTest::qWait(limits::kDetailDebounceMs * 3); // nothing late arrives after it
        QCOMPARE(view.detailPane()->messageId(), stoppedOn);
        QVERIFY2(shown.count() <= 2, qPrintable(QStringLiteral("%1 detail loads for 20 rows passed").arg(shown.count())));
    }
};

OM_TEST_MAIN(TestTriageKeys)
#include "tst_triagekeys.moc"
