// SPDX-License-Identifier: GPL-3.0-or-later
// The Audit tab and the window's access, offscreen against a real database: keyset paging through
// the model and the incident report as a PDF that renders (with Japanese) for every built-in
// profile's audit table; filters, CSV export, "open the message", and a window logged in as an
// auditor offering no action.
#include "messageids.h"
#include "actionfixture.h"
#include "actions/accessstatus.h"
#include "audit/auditmodel.h"
#include "audit/auditview.h"
#include "audit/incidentreport.h"
#include "core/sql/sqltext.h"
#include "core/store/historystore.h"
#include "mainwindow.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "isolatedsettings.h"
#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QStandardPaths>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {
const QString kJapaneseReason = QStringLiteral("宛先システムの障害が復旧したため再送");

QString run(const QString &program, const QStringList &args) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return QStringLiteral("ERROR: ") + program + QLatin1Char(' ') + QString::fromUtf8(p.readAllStandardError());
    return QString::fromUtf8(p.readAllStandardOutput());
}
} // namespace

class TestAuditView : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    GatewayConfig config(const QString &role = QString(), bool readOnly = false) const {
        GatewayConfig c;
        c.connInfo = role.isEmpty() ? m_db->connectionString() : m_db->connectionStringAs(role);
        c.readOnly = readOnly;
        return c;
    }

    /// For a MainWindow, which takes the gateway over (and shuts it down before its views go).
    AppContext context(const QString &role, bool readOnly = false) const {
        AppContext ctx;
        ctx.gateway = new Gateway(config(role, readOnly));
        ctx.profile = *SchemaProfile::builtIn("app_outbox");
        ctx.connectionLabel = "test";
        ctx.readOnly = readOnly;
        return ctx;
    }

    /// 60 messages ORD-1..60 (10 failed or waiting, 4 stuck past the profile's timeout, the rest
    /// finished) and 45 audit rows over the last 10 hours: three actions, two operators, two
    /// tickets, half the reasons in Japanese.
    void fillProfile(const SchemaProfile &p) {
        const auto failedState = [&p]() -> QString {
            for (const StateDef &s : p.states)
                if (s.role == QLatin1String("failed"))
                    return s.name;
            return p.waitingStates.first();
        };
        QString doneState;
        for (const StateDef &s : p.states)
            if (s.terminal && doneState.isEmpty())
                doneState = s.name;
        QList<qint64> ids = insertMessages(*m_db, p, failedState(), 10, 1);
        ids += insertMessages(*m_db, p, p.stuckStates.first(), 4, p.stuckTimeoutMinutes + 60);
        ids += insertMessages(*m_db, p, doneState, 46, 1);
        QCOMPARE(ids.size(), 60);
        for (int i = 0; i < ids.size(); ++i)
            setMessageKey(*m_db, p, ids.at(i), QStringLiteral("ORD-%1").arg(i + 1));
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QStringList actions = {"RETRY_FAILED", "CANCEL_MESSAGE", "RECOVER_STUCK"};
        for (int g = 1; g <= 45; ++g) {
            AuditRowValues v;
            v.messageId = ids.at(g % 60);
            v.action = actions.at(g % 3);
            v.reason = g % 2 == 0 ? kJapaneseReason : QStringLiteral("retry after 50% outage_%1").arg(g);
            v.changedBy = g % 4 == 0 ? QStringLiteral("demo_operator") : QStringLiteral("alice");
            v.changedAt = now.addSecs(-g * 13 * 60);
            v.oldStatus = QStringLiteral("FAILED");
            v.newStatus = QStringLiteral("PENDING");
            v.ticket = g % 5 == 0 ? QStringLiteral("INC-7") : QStringLiteral("INC-8");
            v.osUser = QStringLiteral("tanaka");
            v.host = QStringLiteral("ops-pc");
            v.appVersion = QStringLiteral("0.1.0");
            insertAuditRow(*m_db, p, v);
        }
    }

    QString auditScalar(const SchemaProfile &p, const QString &sqlWithAudit, const QVariantList &params = {}) {
        return m_db->scalar(sqlWithAudit.arg(p.qualifiedAuditTable()), params).toString();
    }

private slots:
    void initTestCase() {
        // The window's history store must not write into the developer's own app-data folder.
        QStandardPaths::setTestModeEnabled(true);
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << "demo/logins.sql");
        // Read-only from here on: no function changes these rows.
        for (const QString &id : builtInProfileIds())
            fillProfile(*SchemaProfile::builtIn(id));
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir.path()); // column widths are kept in the settings
    }

    void modelPagesThroughEverything_data() { addProfileRows(); }
    void modelPagesThroughEverything() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        Gateway gw(config());
        AuditModel model(&gw, p);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(10);
        QSignalSpy pages(&model, &AuditModel::pageLoaded);
        model.setFilter({});
        QTRY_COMPARE_WITH_TIMEOUT(pages.count(), 1, 10000);
        QCOMPARE(model.rowCount(), 10);
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 10000);
        }
        QCOMPARE(model.rowCount(), 45);
        QCOMPARE(model.rowCount(), auditScalar(p, "SELECT count(*) FROM %1").toInt());
        // Newest first, and the joined key is the message's.
        const QString newestId = m_db->scalar(QStringLiteral("SELECT %1 FROM %2 ORDER BY %3 DESC, %1 DESC LIMIT 1")
                                                  .arg(sql::quoteIdentifier(p.audit.column("auditId")), p.qualifiedAuditTable(),
                                                       sql::quoteIdentifier(p.audit.column("changedAt"))))
                                     .toString();
        QCOMPARE(model.rowAt(0).auditId, newestId.toLongLong());
        QCOMPARE(model.rowAt(0).messageKey,
                 m_db->scalar(QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1").arg(p.col("key"), p.qualifiedTable(), p.col("id")),
                              {model.rowAt(0).messageId.text()})
                     .toString());
        QVERIFY(model.rowAt(0).messageKey.startsWith(QStringLiteral("ORD-")));
        QCOMPARE(model.data(model.index(0, AuditModel::OsUserHost)).toString(), QStringLiteral("tanaka@ops-pc"));
        QCOMPARE(model.data(model.index(0, AuditModel::StatusChange)).toString(), QStringLiteral("FAILED → PENDING"));
    }

    void viewFiltersExportsAndOpens() {
        Gateway gw(config());
        AuditView view(&gw, *SchemaProfile::builtIn("app_outbox"));
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.show();
        AuditFilter f;
        f.ticket = "INC-7";
        f.reasonText = "50%";
        QSignalSpy pages(view.model(), &AuditModel::pageLoaded);
        view.setFilter(f);
        QTRY_VERIFY_WITH_TIMEOUT(pages.count() >= 1 && !view.model()->isLoading(), 10000);
        const int expected = m_db->scalar("SELECT count(*) FROM app_outbox_audit WHERE ticket = 'INC-7' AND strpos(reason, '50%') > 0").toInt();
        QVERIFY(expected > 0);
        QCOMPARE(view.model()->rowCount(), expected);

        // A bad range is refused with a message; the table keeps the last valid result.
        AuditFilter bad;
        bad.from = QDateTime::currentDateTime();
        bad.to = bad.from.addSecs(-60);
        view.setFilter(bad);
        QCOMPARE(view.model()->filter(), f);

        // CSV: header + one record per row, Japanese intact, CRLF.
        view.setFilter(AuditFilter{});
        QTRY_VERIFY_WITH_TIMEOUT(!view.model()->isLoading() && view.model()->rowCount() > 0, 10000);
        const QString csv = m_dir.filePath("audit.csv");
        QSignalSpy exported(&view, &AuditView::exportFinished);
        QVERIFY(view.exportCsv(csv));
        QTRY_COMPARE_WITH_TIMEOUT(exported.count(), 1, 10000);
        QVERIFY(exported.first().at(0).toBool());
        QCOMPARE(exported.first().at(1).toLongLong(), 45);
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QCOMPARE(bytes.count("\r\n"), 46);
        QVERIFY(bytes.startsWith("audit_id,changed_at_utc,action"));
        QVERIFY(QString::fromUtf8(bytes).contains(kJapaneseReason));

        // Open the message of the selected row.
        QSignalSpy open(&view, &AuditView::messageOpenRequested);
        view.table()->selectRow(2);
        open.clear();
        for (QPushButton *b : view.findChildren<QPushButton *>())
            if (b->text() == "Open message")
                b->click();
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.first().at(0).value<MessageId>(), view.model()->rowAt(2).messageId);
    }

    void incidentReportRendersWithJapanese_data() { addProfileRows(); }
    // A column width the auditor drags stays through the next load (which fits the others to
    // their contents) and comes back in the next window of the same connection;
    // another connection's trail fits its own.
    void chosenWidthsStayAndComeBack() {
        const QString key = QStringLiteral("window/test-audit-widths/auditColumns");
        QSettings().remove(key);
        const auto loadedView = [this](AuditView &view, const QString &settingsKey) {
            view.rememberColumnWidths(settingsKey);
            view.resize(1200, 600);
            view.show();
            QSignalSpy pages(view.model(), &AuditModel::pageLoaded);
            view.setFilter(AuditFilter{});
            QTRY_VERIFY_WITH_TIMEOUT(pages.count() >= 1 && !view.model()->isLoading(), 10000);
        };
        Gateway gw(config());
        {
            AuditView view(&gw, *SchemaProfile::builtIn("app_outbox"));
            loadedView(view, key);
            view.table()->horizontalHeader()->resizeSection(AuditModel::Action, 333); // the auditor drags
            QSignalSpy pages(view.model(), &AuditModel::pageLoaded);
            AuditFilter f;
            f.ticket = QStringLiteral("INC-8");
            view.setFilter(f); // a new filter: the columns fit its rows, all but the chosen one
            QTRY_VERIFY_WITH_TIMEOUT(pages.count() >= 1 && !view.model()->isLoading(), 10000);
            QCOMPARE(view.table()->columnWidth(AuditModel::Action), 333);
        } // closed right after the drag: written as it goes
        {
            AuditView again(&gw, *SchemaProfile::builtIn("app_outbox"));
            loadedView(again, key);
            QCOMPARE(again.table()->columnWidth(AuditModel::Action), 333);
        }
        AuditView other(&gw, *SchemaProfile::builtIn("app_outbox"));
        loadedView(other, QStringLiteral("window/test-audit-widths-other/auditColumns"));
        QVERIFY(other.table()->columnWidth(AuditModel::Action) != 333);
        QSettings().remove(key);
    }

    void incidentReportRendersWithJapanese() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        Gateway gw(config());
        AuditView view(&gw, p);
        const QString pdf = m_dir.filePath(profileId + "-report.pdf");
        QSignalSpy done(&view, &AuditView::reportFinished);
        view.makeReport(pdf);
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        QVERIFY2(done.first().at(0).toBool(), qPrintable(done.first().at(1).toString()));

        if (qEnvironmentVariableIsSet("OM_KEEP_REPORT"))
            QFile::copy(pdf, qEnvironmentVariable("OM_KEEP_REPORT"));
        const QString text = run("pdftotext", {"-enc", "UTF-8", pdf, "-"});
        // Table cells wrap: compare without the line breaks pdftotext keeps.
        QString flat = text;
        flat.remove(QRegularExpression(QStringLiteral("\\s")));
        QVERIFY2(flat.contains(kJapaneseReason), qPrintable(text.left(2000)));
        QVERIFY(flat.contains("RETRY_FAI"));                            // long names may wrap inside their cell
        QVERIFY2(flat.contains("ORD-11"), qPrintable(text.left(2000))); // a stuck message
        QVERIFY(flat.contains("INC-8"));
        const QString fonts = run("pdffonts", {pdf});
        QVERIFY2(fonts.contains("VL", Qt::CaseInsensitive) || fonts.contains("CJK"), qPrintable(fonts));

        const QString pagePrefix = m_dir.filePath(profileId + "-page");
        QVERIFY(run("pdftoppm", {"-r", "60", "-png", "-f", "1", "-l", "1", pdf, pagePrefix}).isEmpty());
        QImage page(pagePrefix + "-1.png");
        if (page.isNull())
            page.load(pagePrefix + "-01.png");
        QVERIFY(!page.isNull());
        qint64 ink = 0;
        for (int y = 0; y < page.height(); ++y)
            for (int x = 0; x < page.width(); ++x)
                ink += qGray(page.pixel(x, y)) < 200;
        // Text, tables and the chart: well over 2% of the page is not white.
        QVERIFY2(ink > page.width() * page.height() / 50, qPrintable(QString::number(ink)));
    }

    // The report draws the dashboard's history charts over its range from the local store, and
    // says plainly when the store has nothing for that range.
    void incidentReportDrawsTheDashboardHistory() {
        HistoryStore store(m_dir.filePath("history.sqlite"));
        QVERIFY(store.open());
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        QList<HistoryStore::Sample> samples;
        for (int i = 600; i > 0; --i) { // one a minute over the last 10 hours, an incident in the middle
            const double incident = (i < 400 && i > 200) ? (400 - i) : 0;
            // clang-format off
            samples << HistoryStore::Sample{now - i * 60000LL, {{"state:PENDING", 20 + incident * 3}, {"state:PROCESSING", 4},
                                                                 {"state:FAILED", incident / 10}, {"state:SENT", 50000.0 + 600 - i},
                                                                 {"stuck", incident > 0 ? 4 : 0}, {"oldest", 60 + incident * 12}}};
            // clang-format on
        }
        QVERIFY(store.appendSamples("history-test", "app_outbox", samples));

        Gateway gw(config());
        auto pagesOf = [this, &gw](const HistoryStore *history, const QString &name) {
            AuditView view(&gw, *SchemaProfile::builtIn("app_outbox"));
            view.setHistory(history, "history-test");
            const QString pdf = m_dir.filePath(name + ".pdf");
            QSignalSpy done(&view, &AuditView::reportFinished);
            view.makeReport(pdf);
            [&] { QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000); }();
            return pdf;
        };
        // Coloured (saturated) pixels: chart lines, legends and threshold lines, never text or grid.
        auto colouredPixels = [this](const QString &pdf, const QString &prefix) {
            if (qEnvironmentVariableIsSet("OM_KEEP_REPORT"))
                QFile::copy(pdf, qEnvironmentVariable("OM_KEEP_REPORT") + QLatin1Char('-') + prefix + QStringLiteral(".pdf"));
            run("pdftoppm", {"-r", "100", "-png", pdf, m_dir.filePath(prefix)}); // every page: the charts push the rest down
            qint64 coloured = 0, images = 0;
            for (const QString &f : QDir(m_dir.path()).entryList({prefix + "-*.png"})) {
                const QImage page(m_dir.filePath(f));
                ++images;
                for (int y = 0; y < page.height(); ++y)
                    for (int x = 0; x < page.width(); ++x) {
                        const QColor c = page.pixelColor(x, y);
                        coloured += c.hsvSaturation() > 100 && c.value() > 60;
                    }
            }
            return images > 0 ? coloured : -1;
        };

        const QString with = pagesOf(&store, "with-history");
        QString flat = run("pdftotext", {"-enc", "UTF-8", with, "-"});
        flat.remove(QRegularExpression(QStringLiteral("\\s")));
        QVERIFY2(flat.contains("Dashboardcharts"), qPrintable(flat.left(1500)));
        QVERIFY2(flat.contains("From600samples"), qPrintable(flat.left(1500)));
        QVERIFY(!flat.contains("Nodashboardsamples"));
        const qint64 colouredWith = colouredPixels(with, "with");

        HistoryStore empty(m_dir.filePath("empty.sqlite"));
        QVERIFY(empty.open());
        for (const HistoryStore *h : std::initializer_list<const HistoryStore *>{&empty, nullptr}) {
            const QString without = pagesOf(h, h ? "empty-history" : "no-history");
            flat = run("pdftotext", {"-enc", "UTF-8", without, "-"});
            flat.remove(QRegularExpression(QStringLiteral("\\s")));
            QVERIFY2(flat.contains("Nodashboardsampleswererecordedonthiscomputer"), qPrintable(flat.left(1500)));
            // The actions and end-state charts are coloured too: the three history charts add to them.
            const qint64 colouredWithout = colouredPixels(without, h ? "empty" : "none");
            qInfo() << "coloured pixels with history" << colouredWith << "without" << colouredWithout;
            QVERIFY2(colouredWith > colouredWithout + 1500, qPrintable(QStringLiteral("%1 vs %2").arg(colouredWith).arg(colouredWithout)));
        }
    }

    void auditorWindowOffersNoAction() {
        MainWindow w(context("demo_auditor"));
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1, 10000);
        QCOMPARE(access.last().at(0).toBool(), false);
        QVERIFY(!w.canChangeMessages());
        QVERIFY2(w.accessText().startsWith("read-only: this role cannot change messages"), qPrintable(w.accessText()));
        const QAction *retry = w.findChild<QAction *>(QStringLiteral("retry"));
        QVERIFY(retry);
        QVERIFY(!retry->isVisible());
        const QMenu *actionsMenu = w.findChild<QMenu *>(QStringLiteral("actionsMenu"));
        QVERIFY(actionsMenu && !actionsMenu->menuAction()->isVisible()); // no empty Actions menu
        // The audit tab is there and reads.
        QVERIFY(w.auditView());
        QTRY_VERIFY_WITH_TIMEOUT(w.auditView()->model()->rowCount() > 0, 10000);
    }

    void operatorWindowOffersActions() {
        MainWindow w(context("demo_operator"));
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1, 10000);
        QVERIFY(w.canChangeMessages());
        QVERIFY(w.accessText().startsWith("operator"));
        const QAction *retry = w.findChild<QAction *>(QStringLiteral("retry"));
        QVERIFY(retry);
        QVERIFY(retry->isVisible());
    }

    void forcedReadOnlyOperatorOffersNone() {
        MainWindow w(context("demo_operator", true));
        QSignalSpy access(&w, &MainWindow::accessChanged);
        w.show();
        QTRY_VERIFY_WITH_TIMEOUT(access.count() >= 1, 10000);
        QVERIFY(!w.canChangeMessages());
        QVERIFY2(w.accessText().startsWith("read-only session: this window was opened read-only"), qPrintable(w.accessText()));
    }
};

OM_TEST_MAIN(TestAuditView)
#include "tst_auditview.moc"
