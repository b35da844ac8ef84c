// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard fed with snapshots, offscreen: tiles show the numbers (estimates marked), turn
// warning / critical past the thresholds, the charts' series hold the stored samples (downsampled
// for 7 days), the breakdown tables follow, and the charts can be saved as PNG.
#include "core/common/countformat.h"
#include "core/common/timeformat.h"
#include "core/dashboard/dashboardsettings.h"
#include "core/profile/schemaprofile.h"
#include "core/store/historystore.h"
#include "core/store/storeschema.h"
#include "dashboard/dashboardview.h"
#include "dashboard/recentactionsview.h"
#include "dashboard/historychart.h"
#include "dashboard/statustiles.h"
#include "dashboard/waitinggroupmodel.h"
#include "dashboard/workergroupmodel.h"
#include "screenshots.h"
#include "storefixtures.h"
#include "testlanguage.h"
#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <QTemporaryDir>
#include <QSplitter>
#include <QChart>
#include <QTableView>
#include <QTabWidget>
#include <QTest>

using namespace om;

class TestDashboardView : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppContext m_ctx;

    static Snapshot snapshot(qint64 tMs, qint64 pending, double oldestS, qint64 stuck) {
        Snapshot s;
        s.profileId = "app_outbox";
        s.serverTime = QDateTime::fromMSecsSinceEpoch(tMs, Qt::UTC);
        // clang-format off
        s.states = {{"PENDING", "waiting", pending, false}, {"PROCESSING", "inFlight", 4, false},
                    {"SENT", "done", 9876543, true}, {"FAILED", "failed", 12, false}, {"CANCELLED", "cancelled", 321, true}};
        // clang-format on
        s.waiting = pending;
        s.oldestWaitingAgeS = oldestS;
        s.stuck = stuck;
        s.nearMaxRetry = 0;
        s.byDestination = {{"SHIPPING_API", pending - 2, oldestS}, {"MAIL_API", 2, 30}};
        s.byType = {{"ORDER_CREATED", pending, oldestS}};
        s.byWorker = {{"worker-7", 90, 90, 3 * 3600 + 300, {"MAIL_API", "SHIPPING_API"}}, {"", 2, 0, 20, {}}};
        s.breakdownTime = s.serverTime;
        s.roundTripMs = 7;
        return s;
    }

private slots:
    void initTestCase() {
        om::test::installTestTranslations(); // English plural forms; Japanese under OM_LANG=ja
        QCoreApplication::setOrganizationName("OutboxMonitorTest");
        QCoreApplication::setApplicationName("tst_dashboardview");
        QSettings().clear();
        m_ctx.profile = *SchemaProfile::builtIn("app_outbox");
        m_ctx.connectionKey = "test-key";
        m_ctx.connectionLabel = "test";
    }

    // No chart window remembered by an earlier function (or an earlier run of the same one).
    void init() { QSettings().clear(); }

    void tableWithoutTimesOrDestinations() {
        // NServiceBus's OutboxData: rows wait but none has a time, and there is no destination or
        // type column. The oldest tile says the age is unknown (not "none waiting"), and the empty
        // breakdown tables are not shown at all.
        AppContext ctx = m_ctx;
        ctx.profile = *SchemaProfile::builtIn("nservicebus_outbox");
        DashboardView view(ctx, nullptr, m_dir.filePath("nsb.sqlite"));
        view.resize(1200, 800);
        view.show();
        Snapshot s;
        s.profileId = ctx.profile.id;
        s.serverTime = QDateTime::currentDateTimeUtc();
        s.states = {{"NOT_DISPATCHED", "waiting", 5, false}, {"DISPATCHED", "done", 120, false}};
        s.waiting = 5;
        view.showSnapshot(s);
        QCOMPARE(view.tiles()->tileText("oldest"), QStringLiteral("unknown: no time recorded"));
        const QList<QTableView *> tables = view.findChildren<QTableView *>();
        QVERIFY(!tables.isEmpty());
        for (const QTableView *t : tables)
            QVERIFY(!t->isVisible());
        s.waiting = 0;
        s.states = {{"NOT_DISPATCHED", "waiting", 0, false}, {"DISPATCHED", "done", 125, false}};
        view.showSnapshot(s);
        QCOMPARE(view.tiles()->tileText("oldest"), QStringLiteral("none waiting"));
    }

    void replicationSlotTile() {
        // Debezium: the slot's lag as the snapshot read it, whether a consumer is connected, and a
        // slot name the server does not have said as such.
        AppContext ctx = m_ctx;
        ctx.profile = *SchemaProfile::builtIn("debezium_outbox");
        DashboardView view(ctx, nullptr, m_dir.filePath("dbz.sqlite"));
        view.resize(1200, 800);
        view.show();
        Snapshot s;
        s.profileId = ctx.profile.id;
        s.serverTime = QDateTime::currentDateTimeUtc();
        s.states = {{"PRESENT", "waiting", 3, false}};
        s.waiting = 3;
        s.oldestWaitingAgeS = 95;
        SlotLag lag;
        lag.name = "debezium";
        lag.exists = true;
        lag.active = false;
        lag.behindBytes = 12 * 1024 * 1024 + 300 * 1024;
        lag.retainedBytes = 13 * 1024 * 1024;
        lag.walStatus = "reserved";
        s.slot = lag;
        view.showSnapshot(s);
        const QString size = QLocale().formattedDataSize(*lag.behindBytes, 1, QLocale::DataSizeTraditionalFormat);
        QCOMPARE(view.tiles()->tileText("slot"), size + QStringLiteral(" behind"));
        QVERIFY2(view.tiles()->tileNote("slot").contains("slot debezium: inactive: no consumer connected"), qPrintable(view.tiles()->tileNote("slot")));
        QVERIFY(view.tiles()->tileNote("slot").contains(QLocale().formattedDataSize(*lag.retainedBytes, 1, QLocale::DataSizeTraditionalFormat)));
        // Destination (aggregatetype) and type are mapped: the breakdown is shown.
        // (each in its tab: the one shown is visible, the others are a click away)
        for (const QTableView *t : view.findChildren<QTableView *>())
            QVERIFY(t->isVisible() || qobject_cast<RecentActionsView *>(t->parentWidget())
                    || view.findChild<QTabWidget *>(QStringLiteral("waitingBreakdowns"))->indexOf(const_cast<QTableView *>(t)) >= 0);
        // No audit table, so no action ids: no list of the last hour's actions.
        QVERIFY(!view.findChild<RecentActionsView *>()->isVisible());
        lag.exists = false;
        lag.behindBytes.reset();
        lag.retainedBytes.reset();
        s.slot = lag;
        view.showSnapshot(s);
        QCOMPARE(view.tiles()->tileText("slot"), QStringLiteral("no such slot"));
        QVERIFY(view.tiles()->tileNote("slot").contains("no replication slot named debezium"));
    }

    // A history file of a newer release: the dashboard says so above the charts, naming the
    // file, and works on without history; the file is left byte for byte as it was.
    void aStoreOfANewerReleaseIsSaidAboveTheCharts() {
        const QString file = m_dir.filePath("newer.sqlite");
        {
            HistoryStore store(file);
            QVERIFY(store.open());
        }
        QString error;
        QVERIFY2(om::test::markWrittenByNewerRelease(file, storeschema::kVersion + 1, &error), qPrintable(error));
        const QByteArray bytes = om::test::fileBytes(file);
        {
            DashboardView view(m_ctx, nullptr, file);
            view.resize(1200, 800);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            const QString said = view.historyProblemText();
            QVERIFY2(said.contains(QDir::toNativeSeparators(file)), qPrintable(said));
            auto *banner = view.findChild<QLabel *>("historyProblem");
            QVERIFY(banner && banner->isVisible());
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            view.showSnapshot(snapshot(now, 100, 60, 0)); // shown, not kept
            QCOMPARE(view.tiles()->tileText("state:PENDING"), formatCount(100));
        }
        QCOMPARE(om::test::fileBytes(file), bytes);

        // A store of this release: no banner.
        DashboardView fine(m_ctx, nullptr, m_dir.filePath("fine.sqlite"));
        QCOMPARE(fine.historyProblemText(), QString());
    }

    void tilesSeriesAndTables() {
        DashboardView view(m_ctx, nullptr, m_dir.filePath("h1.sqlite"));
        view.resize(1200, 800);
        view.show();
        QAbstractItemModelTester destTester(view.byDestination(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester typeTester(view.byType(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int i = 29; i >= 0; --i)
            view.showSnapshot(snapshot(now - i * 5000, 100 + i, 40 * 60 - i, i == 0 ? 1 : 0));

        QCOMPARE(view.tiles()->tileText("state:PENDING"), formatCount(100));
        // Grouped in every locale, the C locale of an SSH session too: the report prints the same.
        QVERIFY(view.tiles()->tileText("state:SENT").contains(QStringLiteral("9,876,543")));
        QVERIFY(view.tiles()->tileText("state:SENT").contains("estimated"));
        QVERIFY(!view.tiles()->tileText("state:FAILED").contains("estimated"));
        // Defaults: oldest critical at 30 min, any stuck is critical, nothing near max.
        QCOMPARE(view.tiles()->tileLevel("oldest"), 2);
        QCOMPARE(view.tiles()->tileLevel("stuck"), 2);
        QCOMPARE(view.tiles()->tileLevel("nearMax"), 0);

        // Every snapshot is one point; terminal states are on their own chart.
        QCOMPARE(view.activeChart()->pointCount("state:PENDING"), 30);
        QCOMPARE(view.activeChart()->pointCount("stuck"), 30);
        QCOMPARE(view.activeChart()->pointCount("state:SENT"), -1);
        QCOMPARE(view.terminalChart()->pointCount("state:SENT"), 30);
        QCOMPARE(view.oldestChart()->pointCount("oldest"), 30);
        QVERIFY(view.oldestChart()->toolTipFor("oldest", double(now)).contains(formatAge(40 * 60)));
        QVERIFY(view.activeChart()->toolTipFor("state:PENDING", double(now - 10000)).contains(formatCount(102)));

        QCOMPARE(view.activeChart()->pieceCount("state:PENDING"), 1);
        QCOMPARE(view.activeChart()->legendNames().count(view.activeChart()->legendNames().first()), 1);

        QCOMPARE(view.byDestination()->rowCount(), 2);
        QCOMPARE(view.byDestination()->index(0, WaitingGroupModel::Count).data(Qt::UserRole).toLongLong(), 98);
        QCOMPARE(view.byType()->index(0, WaitingGroupModel::Label).data().toString(), QString("ORDER_CREATED"));
        QCOMPARE(view.byType()->index(0, WaitingGroupModel::Label).data(Qt::ToolTipRole).toString(), QString("ORDER_CREATED"));
        QVERIFY(view.healthText().contains("Connection up"));

        // A breakdown carried from an earlier refresh (many waiting) says how old it is.
        auto *breakdowns = view.findChild<QTabWidget *>(QStringLiteral("waitingBreakdowns"));
        QVERIFY(breakdowns);
        auto breakdownTitles = [breakdowns] {
            QStringList out;
            for (int i = 0; i < breakdowns->count(); ++i)
                if (breakdowns->tabText(i).startsWith(QLatin1String("Waiting by")))
                    out << breakdowns->tabText(i);
            return out;
        };
        QCOMPARE(breakdownTitles().size(), 2);
        for (const QString &t : breakdownTitles())
            QVERIFY2(!t.contains("ago"), qPrintable(t));
        Snapshot carried = snapshot(now + 5000, 100, 40 * 60, 1);
        carried.breakdownTime = carried.serverTime.addSecs(-25);
        view.showSnapshot(carried);
        for (const QString &t : breakdownTitles())
            QVERIFY2(t.contains("25 s ago"), qPrintable(t));
        QString workerTitle;
        for (int i = 0; i < breakdowns->count(); ++i)
            if (breakdowns->tabText(i).startsWith(QLatin1String("In flight by worker")))
                workerTitle = breakdowns->tabText(i);
        QVERIFY2(workerTitle.contains("25 s ago"), qPrintable(workerTitle));
        QVERIFY(breakdowns->tabToolTip(0).contains(QLatin1String("read less often")));

        // Operator thresholds: warning at 50 min for the oldest, stuck off -> levels follow.
        DashboardSettings s = view.settings();
        s.thresholds["oldest"] = {50 * 60, 120 * 60};
        s.thresholds["stuck"] = {0, 0};
        s.thresholds["state:FAILED"] = {10, 0};
        view.applySettings(s);
        QCOMPARE(view.tiles()->tileLevel("oldest"), 0);
        QCOMPARE(view.tiles()->tileLevel("stuck"), 0);
        QCOMPARE(view.tiles()->tileLevel("state:FAILED"), 1);
        // Persisted per connection.
        s.save(m_ctx.connectionKey);
        const DashboardSettings back = DashboardSettings::load(m_ctx.connectionKey, 30);
        QCOMPARE(back.thresholds.value("oldest").warning, 50.0 * 60);
        QCOMPARE(back.thresholds.value("state:FAILED").warning, 10.0);

        const QString png = m_dir.filePath("charts.png");
        QVERIFY(view.saveChartsPng(png));
        QImage img(png);
        QVERIFY(!img.isNull());
        QVERIFY(img.width() > 200 && img.height() > 200);
    }

    // "Who stopped it": a worker holding rows past the stuck timeout reads as one dead
    // worker, with the time its oldest lock was taken; rows that name no worker say so.

    /// Ten minutes without a snapshot (an outage) leave a gap in every history chart: a straight
    /// line across it drew values nobody read. The series keeps one legend entry.
    void anOutageIsAGapNotALine() {
        DashboardView view(m_ctx, nullptr, m_dir.filePath("gap.sqlite"));
        view.resize(1200, 800);
        view.show();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int i = 0; i < 20; ++i)
            view.showSnapshot(snapshot(now - 15 * 60000 + i * 5000, 100, 60, 0));
        QCOMPARE(view.activeChart()->pieceCount("state:PENDING"), 1);
        const QStringList legendBefore = view.activeChart()->legendNames();
        for (int i = 0; i < 10; ++i)
            view.showSnapshot(snapshot(now - 50000 + i * 5000, 500, 60, 0));
        QCOMPARE(view.activeChart()->pointCount("state:PENDING"), 30);
        QCOMPARE(view.activeChart()->pieceCount("state:PENDING"), 2);
        QCOMPARE(view.oldestChart()->pieceCount("oldest"), 2);
        QCOMPARE(view.terminalChart()->pieceCount("state:SENT"), 2);
        QCOMPARE(view.activeChart()->legendNames(), legendBefore);
        // Samples a little late (a slow refresh) are no gap.
        QList<HistoryPoint> late;
        for (int i = 0; i < 10; ++i)
            late << HistoryPoint{i * 5000 + (i == 5 ? 9000 : 0), 1, 1, 1, 1};
        QCOMPARE(HistoryChart::pieces(late).size(), 1);
        QTest::qWait(om::test::screenshotsWanted() ? 500 : 0); // the legend is laid out late
        om::test::saveScreenshot(&view, QStringLiteral("dashboard-outage-gap"));
    }
    void workersHoldingInFlightRows() {
        DashboardView view(m_ctx, nullptr, m_dir.filePath("w1.sqlite"));
        view.resize(1200, 800);
        view.show();
        QVERIFY(view.byWorker());
        QAbstractItemModelTester workerTester(view.byWorker(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        view.showSnapshot(snapshot(now, 100, 60, 90));
        WorkerGroupModel *m = view.byWorker();
        QCOMPARE(m->rowCount(), 2);
        QCOMPARE(m->index(0, WorkerGroupModel::Worker).data().toString(), QString("worker-7"));
        QCOMPARE(m->index(0, WorkerGroupModel::InFlight).data().toString(), formatCount(90));
        QCOMPARE(m->index(0, WorkerGroupModel::Stuck).data().toString(), formatCount(90));
        const QString since = m->index(0, WorkerGroupModel::Since).data().toString();
        const QDateTime lockedAt = QDateTime::fromMSecsSinceEpoch(now - (3 * 3600 + 300) * 1000LL).toLocalTime();
        QVERIFY(m->index(0, WorkerGroupModel::Since).data(Qt::ToolTipRole).toString().contains(formatAge(3 * 3600 + 300)));
        if (lockedAt.date() == QDateTime::fromMSecsSinceEpoch(now).toLocalTime().date())
            QCOMPARE(since, QLocale().toString(lockedAt.time(), QStringLiteral("HH:mm")));
        else // after midnight: with the date
            QCOMPARE(since, formatLocalMinutes(lockedAt.toUTC()));
        QVERIFY(m->index(0, WorkerGroupModel::What).data().toString().contains("SHIPPING_API"));
        QVERIFY(m->index(0, WorkerGroupModel::Stuck).data(Qt::ForegroundRole).isValid()); // marked
        QVERIFY(!m->index(0, WorkerGroupModel::What).data(Qt::ForegroundRole).isValid());
        QCOMPARE(m->index(1, WorkerGroupModel::Worker).data().toString(), QString("(no worker named)"));
        QCOMPARE(m->index(1, WorkerGroupModel::Stuck).data().toString(), QString()); // none stuck: blank, not "0"
        QVERIFY(!m->index(1, WorkerGroupModel::Stuck).data(Qt::ForegroundRole).isValid());
    }

    // Only where the in-flight rows name their worker: batch_work_item does (locked_by), the
    // outbox seed has no in-flight state with a worker, so the table is absent there, not empty.
    void workerTableOnlyWhereRowsNameTheirWorker_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<bool>("expected");
        QTest::newRow("app_outbox") << "app_outbox" << true;
        QTest::newRow("batch_work_item") << "batch_work_item" << true;
        QTest::newRow("outbox") << "outbox" << false;
    }
    void workerTableOnlyWhereRowsNameTheirWorker() {
        QFETCH(QString, profileId);
        QFETCH(bool, expected);
        AppContext ctx = m_ctx;
        ctx.profile = *SchemaProfile::builtIn(profileId);
        DashboardView view(ctx, nullptr, m_dir.filePath(profileId + ".sqlite"));
        QCOMPARE(view.byWorker() != nullptr, expected);
        bool titled = false;
        if (const auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("waitingBreakdowns")))
            for (int i = 0; i < tabs->count(); ++i)
                titled = titled || tabs->tabText(i).startsWith(QLatin1String("In flight by worker"));
        QCOMPARE(titled, expected);
    }

    // A rare finished state counted through its index is shown as the plain number
    // (no "≈"); an estimate says where it comes from (the ANALYZE time), why it is lower after a
    // DELETE, and that it was held when the statistics read lower with nothing deleted.
    void tilesSayHowTheyCount() {
        DashboardView view(m_ctx, nullptr, m_dir.filePath("counts.sqlite"));
        view.resize(1440, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QAbstractItemModelTester destTester(view.byDestination(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester typeTester(view.byType(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const bool english = om::test::testLanguage() == QLatin1String("en");
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        Snapshot s = snapshot(now, 100, 60, 0);
        s.states[4].estimated = false; // CANCELLED
        s.states[4].countedByIndex = true;
        s.states[4].count = 1530;
        s.states[2].readEstimate = s.states[2].count; // SENT, as read
        s.table.valid = true;
        s.table.analyzedAt = QDateTime::currentDateTimeUtc().addSecs(-600);
        view.showSnapshot(s);
        StatusTiles *tiles = view.tiles();
        QCOMPARE(tiles->tileText("state:CANCELLED"), formatCount(1530));
        QVERIFY(!tiles->tileText("state:CANCELLED").contains(QStringLiteral("≈")));
        QCOMPARE(tiles->tileNote("state:CANCELLED"), QString());
        QVERIFY(tiles->tileText("state:SENT").startsWith(QStringLiteral("≈")));
        // The tile says the day too when the ANALYZE was not today (a run just after midnight).
        const QDateTime analyzedLocal = s.table.analyzedAt.toLocalTime();
        const QString analyzed = QLocale().toString(analyzedLocal, analyzedLocal.date() == QDate::currentDate()
                                                                       ? QStringLiteral("HH:mm")
                                                                       : QStringLiteral("MM-dd HH:mm"));
        QVERIFY2(tiles->tileNote("state:SENT").contains(analyzed), qPrintable(tiles->tileNote("state:SENT")));
        if (english) {
            QVERIFY(tiles->tileToolTip("state:CANCELLED").contains("Exact count"));
            QCOMPARE(tiles->tileNote("state:SENT"), "estimated from the table's statistics of " + analyzed);
        }
        QTRY_VERIFY(tiles->height() > 100); // laid out, for the screenshot
        om::test::saveScreenshot(tiles, QStringLiteral("tiles-exact-and-estimated"));

        // 12,000 rows deleted: lower, and why.
        Snapshot fell = snapshot(now + 5000, 100, 60, 0);
        fell.table = s.table;
        fell.states[4] = s.states[4];
        fell.states[2].count = 9876543 - 12000;
        fell.states[2].readEstimate = 9876543 - 15000;
        fell.states[2].note = EstimateNote::RowsDeleted;
        fell.states[2].deletedRows = 12000;
        view.showSnapshot(fell);
        QVERIFY(tiles->tileText("state:SENT").contains(formatCount(9876543 - 12000)));
        QVERIFY2(tiles->tileNote("state:SENT").contains(formatCount(12000)), qPrintable(tiles->tileNote("state:SENT")));
        if (english)
            QCOMPARE(tiles->tileNote("state:SENT"), "lower: " + formatCount(12000) + " rows deleted since the last refresh");
        om::test::saveScreenshot(tiles, QStringLiteral("tiles-estimate-lower-after-delete"));

        // The statistics read lower with nothing deleted: the value is held, and the tile says so.
        Snapshot held = fell;
        held.states[2].readEstimate = 9876543 - 20000;
        held.states[2].note = EstimateNote::Held;
        held.states[2].deletedRows = 0;
        view.showSnapshot(held);
        QVERIFY(tiles->tileText("state:SENT").contains(formatCount(9876543 - 12000)));
        QVERIFY(tiles->tileNote("state:SENT").contains(formatCount(9876543 - 20000)));
        QVERIFY(tiles->tileNote("state:SENT").contains(analyzed));
        if (english)
            QVERIFY(tiles->tileNote("state:SENT").startsWith("not lowered: no rows were deleted"));
        // A long reason wraps inside its tile: the grid does not grow past the window.
        QVERIFY2(tiles->width() <= view.width(), qPrintable(QStringLiteral("%1 > %2").arg(tiles->width()).arg(view.width())));
        om::test::saveScreenshot(tiles, QStringLiteral("tiles-estimate-held"));
    }

    // At 1440 px the charts get three fifths of the width beside the breakdown tables (a chart
    // view hints little width: split by size hints, the tables took two thirds).
    void chartsGetThreeFifthsOfTheWidth() {
        DashboardView view(m_ctx, nullptr, m_dir.filePath("split.sqlite"));
        view.resize(1440, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *split = view.findChild<QSplitter *>();
        QVERIFY(split);
        const QList<int> sizes = split->sizes();
        QCOMPARE(sizes.size(), 2);
        QVERIFY2(sizes[0] > sizes[1] * 1.3, qPrintable(QStringLiteral("%1 : %2").arg(sizes[0]).arg(sizes[1])));
    }

    void chartWindowIsRememberedPerConnection() {
        AppContext other = m_ctx;
        other.connectionKey = "window-test-key";
        {
            DashboardView view(other, nullptr, m_dir.filePath("w.sqlite"));
            QCOMPARE(view.windowSeconds(), 3600); // the default
            auto *box = view.findChild<QComboBox *>();
            QVERIFY(box);
            box->setCurrentIndex(box->findData(qint64(900))); // as the operator picks "15 minutes"
            QCOMPARE(view.windowSeconds(), 900);
        }
        DashboardView again(other, nullptr, m_dir.filePath("w.sqlite"));
        QCOMPARE(again.windowSeconds(), 900);
        DashboardView elsewhere(m_ctx, nullptr, m_dir.filePath("w2.sqlite")); // another connection
        QVERIFY(elsewhere.windowSeconds() != 900);
    }

    // A backlog 1000 minutes old must not press the 5 and 30 min threshold lines into one at the
    // bottom of the age chart (on a linear 0–1100 axis they were ~4 px apart): log scale.
    void oldestAgeThresholdsStayApart() {
        DashboardView view(m_ctx, nullptr, m_dir.filePath("h3.sqlite"));
        view.resize(1440, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int i = 9; i >= 0; --i)
            view.showSnapshot(snapshot(now - i * 5000, 100, 1000 * 60 - i, 0));
        QChart *chart = view.oldestChart()->chart();
        QTRY_VERIFY(!chart->series().isEmpty() && chart->plotArea().height() > 50);
        QAbstractSeries *series = chart->series().first();
        const auto y = [&](double minutes) { return chart->mapToPosition(QPointF(double(now), minutes), series).y(); };
        QVERIFY2(qAbs(y(5) - y(30)) >= 20, qPrintable(QStringLiteral("%1 px apart").arg(qAbs(y(5) - y(30)))));
        QVERIFY(y(1000) >= chart->plotArea().top()); // the backlog itself is on the chart
        QVERIFY(view.oldestChart()->toolTipFor("oldest", double(now)).contains(formatAge(1000 * 60)));
        om::test::saveScreenshot(view.oldestChart(), QStringLiteral("oldest-age-log-scale"));
    }

    void historySurvivesARestartAndLongWindowsAreDownsampled() {
        const QString path = m_dir.filePath("h2.sqlite");
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        {
            HistoryStore store(path);
            QVERIFY(store.open());
            QList<HistoryStore::Sample> samples;
            const int n = 7 * 86400 / 5 + 1;
            for (int i = n - 1; i >= 0; --i) {
                Snapshot s = snapshot(now - qint64(i) * 5000, i % 500, 60, 0);
                samples << HistoryStore::Sample{s.serverTime.toMSecsSinceEpoch(), HistoryStore::metricsOf(s)};
            }
            QVERIFY(store.appendSamples(m_ctx.connectionKey, "app_outbox", samples));
        }
        // The samples end at `now`; a window opened later (writing 120,961 samples takes seconds,
        // more under load) holds those from its own start on: counted from the clock, not assumed.
        const auto samplesSince = [now](qint64 windowStartMs) { return int((now - windowStartMs) / 5000) + 1; };
        const qint64 opened = QDateTime::currentMSecsSinceEpoch();
        DashboardView view(m_ctx, nullptr, path); // a "restart": a new view on the same file
        view.resize(1440, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.reloadCharts(); // with the plot's width laid out
        // At most a point per pixel across the plot: an hour of 5 s samples (720) is bucketed
        // when the plot is narrower, and then fills it.
        const int perPixel = view.chartPoints();
        QVERIFY2(perPixel >= 720 && perPixel < 1440, qPrintable(QString::number(perPixel)));
        const int hour = view.activeChart()->pointCount("state:PENDING");
        const int hourSamples = samplesSince(opened - 3600 * 1000);
        if (hourSamples <= perPixel)
            QVERIFY2(qAbs(hour - hourSamples) <= 2, qPrintable(QString::number(hour)));
        else
            QVERIFY2(hour > perPixel / 2 && hour <= perPixel + 1, qPrintable(QStringLiteral("%1 of %2").arg(hour).arg(perPixel)));
        view.setWindowSeconds(7 * 86400);
        const int points = view.activeChart()->pointCount("state:PENDING");
        QVERIFY2(points > perPixel / 2 && points <= perPixel + 1, qPrintable(QStringLiteral("%1 of %2").arg(points).arg(perPixel)));
        QVERIFY(view.terminalChart()->pointCount("state:SENT") <= perPixel + 1);
        qInfo("7-day window: %d points per series, charts reloaded in %lld ms", points, view.lastReloadMs());
        const qint64 narrowed = QDateTime::currentMSecsSinceEpoch();
        view.setWindowSeconds(900);
        const int quarter = view.activeChart()->pointCount("state:PENDING");
        QVERIFY2(qAbs(quarter - samplesSince(narrowed - 900 * 1000)) <= 2, qPrintable(QString::number(quarter)));
    }

    // A 200 ms refresh (the soak of scripts/bench gui) fills an hour's window with 18,000
    // samples: the series keep a point per pixel of the plot, not 2,000 (which grew the window's
    // memory through the whole first hour), and the count stays put as samples keep coming.
    void seriesStayWithinThePlotsWidth() {
        DashboardView view(m_ctx, nullptr, m_dir.filePath("h-dense.sqlite"));
        view.resize(1440, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        QList<HistoryStore::Sample> samples;
        for (int i = 3600 * 5 - 1; i >= 0; --i) {
            Snapshot s = snapshot(now - qint64(i) * 200, 100 + i % 50, 60, 0);
            samples << HistoryStore::Sample{s.serverTime.toMSecsSinceEpoch(), HistoryStore::metricsOf(s)};
        }
        QVERIFY(view.store()->appendSamples(view.storeKey(), "app_outbox", samples));
        const int perPixel = view.chartPoints();
        QVERIFY2(perPixel >= 720 && perPixel < 1440, qPrintable(QString::number(perPixel)));
        QList<int> counts;
        for (int k = 1; k <= 50; ++k) { // ten more seconds of refreshes
            view.showSnapshot(snapshot(now + k * 200, 100, 60, 0));
            counts << view.activeChart()->pointCount("state:PENDING");
        }
        for (int c : counts)
            QVERIFY2(c > perPixel / 2 && c <= perPixel + 1, qPrintable(QStringLiteral("%1 of %2").arg(c).arg(perPixel)));
        QVERIFY(view.oldestChart()->pointCount("oldest") <= perPixel + 1);
    }
};

OM_TEST_MAIN(TestDashboardView)
#include "tst_dashboardview.moc"
