// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard's flow from the table, offscreen against the real server: on first
// open, with nothing recorded by this computer and before any snapshot, the flow chart already
// holds the window's history counted by the server, and the drain forecast speaks. Every built-in
// profile. Screenshots with OM_SCREENSHOT_DIR.
#include "core/flow/flowpoller.h"
#include "core/sql/statesql.h"
#include "core/profile/schemaprofile.h"
#include "dashboard/dashboardview.h"
#include "dashboard/historychart.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestDashboardFlow : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    /// One row every 10 s over the last 2 hours, finished 5 s later; over the last 20 minutes
    /// only 1 in 3 finishes (6 arrive a minute, 2 finish: a growing backlog).
    void fill(const SchemaProfile &p) {
        const QString created = QStringLiteral("now() - g * interval '10 seconds'");
        const QString done = QStringLiteral("(g > 120 OR g % 3 = 0)");
        const QString fin = QStringLiteral("CASE WHEN %1 THEN %2 + interval '5 seconds' END").arg(done, created);
        if (p.id == QLatin1String("app_outbox"))
            m_db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, created_at,"
                                      " updated_at, sent_at) SELECT 'k' || g, 'T', 'D', '{}', CASE WHEN %1 THEN 'SENT' ELSE 'PENDING' END,"
                                      " %2, %2, %3 FROM generate_series(1, 720) g")
                           .arg(done, created, fin));
        else if (p.id == QLatin1String("batch_work_item"))
            m_db->exec(QStringLiteral("INSERT INTO batch_work_item (job_name, source_key, target_date, status, created_at, updated_at,"
                                      " finished_at) SELECT 'J', 'k' || g, current_date, CASE WHEN %1 THEN 'SUCCESS' ELSE 'NEW' END,"
                                      " %2, %2, %3 FROM generate_series(1, 720) g")
                           .arg(done, created, fin));
        else
            m_db->exec(QStringLiteral("INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, created_at,"
                                      " published_at) SELECT gen_random_uuid(), 'A', 'k' || g, 'E', '{}', %1, %2"
                                      " FROM generate_series(1, 720) g")
                           .arg(created, fin));
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QCoreApplication::setOrganizationName("OutboxMonitorTest");
        QCoreApplication::setApplicationName("tst_dashboardflow");
        QSettings().clear();
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds() << "kit/monitoring_indexes.sql");
    }

    void firstOpenShowsTheTablesHistory_data() { addProfileRows(); }
    void firstOpenShowsTheTablesHistory() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        fill(p);
        GatewayConfig config;
        config.connInfo = m_db->connectionString();
        Gateway gateway(config);
        AppContext ctx;
        ctx.gateway = &gateway;
        ctx.profile = p;
        ctx.connectionKey = QStringLiteral("flow-") + profileId;
        ctx.connectionLabel = ctx.connectionKey;
        DashboardView view(ctx, nullptr, m_dir.filePath(profileId + QStringLiteral(".sqlite")));
        view.setWindowSeconds(3 * 3600);
        view.resize(1400, 1000);
        view.show();
        QVERIFY(view.flowPoller());
        HistoryChart *chart = view.flowChart();
        // 3 hours of one-minute buckets, not the current one still filling: there at once, with no snapshot
        // and nothing in this computer's store.
        QTRY_COMPARE_WITH_TIMEOUT(chart->pointCount(QStringLiteral("flow:created")), 180, 20000);
        QCOMPARE(chart->pointCount(QStringLiteral("flow:finished")), 180);
        QCOMPARE(chart->pointCount(QStringLiteral("flow:failed")), profileId == QLatin1String("outbox") ? -1 : 180);
        QCOMPARE(view.store()->rawCount(view.storeKey(), p.id, QStringLiteral("waiting")), 0);
        // The backlog comes with a snapshot; here the open count as the table has it.
        Snapshot s;
        s.profileId = p.id;
        s.serverTime = QDateTime::currentDateTimeUtc();
        const qint64 open = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2")
                                             .arg(p.qualifiedTable(), sql::statesPredicate(p, p.waitingStates)))
                                .toLongLong();
        for (const StateDef &st : p.states)
            s.states << StateCount{st.name, st.role, p.waitingStates.contains(st.name) ? open : 0, false};
        view.showSnapshot(s);
        // Over the last 20 minutes 6 arrive a minute and 2 finish: growing since then.
        QCOMPARE(view.forecast().kind, DrainForecast::Kind::Growing);
        QVERIFY(view.forecast().growthSinceS > 0);
        QCOMPARE(chart->markerMs(), view.forecast().growthSinceS * 1000);
        QVERIFY(!view.forecastText().isEmpty());
        if (testLanguage() == QLatin1String("en"))
            QVERIFY2(view.forecastText().startsWith(QLatin1String("Growing by 4/min since")), qPrintable(view.forecastText()));
        QTest::qWait(screenshotsWanted() ? 500 : 0);
        saveScreenshot(&view, QStringLiteral("dashboard-flow-") + profileId);
        m_db->exec(QStringLiteral("TRUNCATE %1").arg(p.qualifiedTable()));
    }
};

OM_TEST_MAIN(TestDashboardFlow)
#include "tst_dashboardflow.moc"
