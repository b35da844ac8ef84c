// SPDX-License-Identifier: GPL-3.0-or-later
// Triage's filter comes back with the window, visibly: "Filter restored from your last
// session: …" with one click to clear it, and only for the login that left it: another role on the
// same computer (an auditor) starts with the plain Stuck view. Also the "as of …, N s ago" label
// that every list and the detail pane carry. Every built-in profile, a real server.
// OM_SCREENSHOT_DIR=dir saves the restored-filter bar at 1440×900 (OM_LANG=ja: in Japanese).
#include "common/dataagelabel.h"
#include "core/common/settingskey.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "triage/filterbar.h"
#include "triage/messagelistmodel.h"
#include "triage/triageview.h"
#include "appcontext.h"

#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestRestoredFilter : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    AppContext context(const QString &profileId, const QString &role) {
        AppContext ctx;
        GatewayConfig c;
        c.connInfo = m_db->connectionStringAs(role);
        ctx.gateway = new Gateway(c, this);
        ctx.profile = *SchemaProfile::builtIn(profileId);
        // The same connection key for both roles: host, port, database and profile.
        ctx.connectionKey = ConnectionInfo::storeKey(m_db->connectionString(), profileId);
        return ctx;
    }
    static void waitLoaded(TriageView &v) { QTRY_VERIFY_WITH_TIMEOUT(!v.model()->isLoading(), 10000); }
    static ListFilter narrowed(const TriageView &v) {
        ListFilter f = v.currentFilter();
        f.view = ListFilter::View::All;
        f.keyText = QStringLiteral("k-restore-");
        f.keyMode = ListFilter::TextMode::Prefix;
        return f;
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << QStringLiteral("demo/logins.sql"));
    }

    void restoredFilterIsShownAndClearedWithOneClick_data() { addProfileRows(); }
    void restoredFilterIsShownAndClearedWithOneClick() {
        QFETCH(QString, profileId);
        QSettings().clear();
        {
            // A first window: nothing to restore, no bar.
            TriageView first(context(profileId, QStringLiteral("demo_operator")));
            waitLoaded(first);
            QVERIFY(!first.isRestoredFilterShown());
            QCOMPARE(first.currentFilter().view, ListFilter::View::Stuck);
            first.applyFilter(narrowed(first));
            waitLoaded(first);
        }
        // The same login again: the filter is back and says so.
        TriageView again(context(profileId, QStringLiteral("demo_operator")));
        again.show();
        waitLoaded(again);
        QCOMPARE(again.currentFilter().keyText, QStringLiteral("k-restore-"));
        QCOMPARE(again.filterBar()->keyEdit()->text(), QStringLiteral("k-restore-"));
        QVERIFY(again.isRestoredFilterShown());
        if (testLanguage() == QLatin1String("en")) { // ja: a screenshot run
            QVERIFY2(again.restoredFilterText().startsWith(QStringLiteral("Filter restored from your last session: Triage › All messages")),
                     qPrintable(again.restoredFilterText()));
            QVERIFY2(again.restoredFilterText().contains(QStringLiteral("key starts with \"k-restore-\"")), qPrintable(again.restoredFilterText()));
        }
        auto *clear = again.findChild<QPushButton *>(QStringLiteral("clearRestoredFilter"));
        QVERIFY(clear && clear->isVisible());
        if (screenshotsWanted() && profileId == QLatin1String("app_outbox")) {
            again.resize(1440, 900);
            QTest::qWait(2500); // the list's age has counted a little
            saveScreenshot(&again, QStringLiteral("triage-restored-filter"));
        }
        // One click: the plain start view, the bar gone, the inputs empty.
        clear->click();
        QVERIFY(!again.isRestoredFilterShown());
        QCOMPARE(again.currentFilter().view, ListFilter::View::Stuck);
        QVERIFY(again.currentFilter().keyText.isEmpty());
        QVERIFY(again.filterBar()->keyEdit()->text().isEmpty());
        waitLoaded(again);
        // The cleared filter is what comes back next time, with no bar.
        TriageView third(context(profileId, QStringLiteral("demo_operator")));
        waitLoaded(third);
        QVERIFY(!third.isRestoredFilterShown());
        QCOMPARE(third.currentFilter().view, ListFilter::View::Stuck);
    }

    void theOperatorsChoiceHidesTheBar() {
        QSettings().clear();
        {
            TriageView first(context(QStringLiteral("app_outbox"), QStringLiteral("demo_operator")));
            waitLoaded(first);
            first.applyFilter(narrowed(first));
            waitLoaded(first);
        }
        TriageView again(context(QStringLiteral("app_outbox"), QStringLiteral("demo_operator")));
        waitLoaded(again);
        QVERIFY(again.isRestoredFilterShown());
        // A new stuck timeout from the dashboard is not the operator's choice: the bar stays.
        again.setStuckTimeoutMinutes(45);
        QVERIFY(again.isRestoredFilterShown());
        // Typing in the filter is: the filter is theirs now.
        again.filterBar()->keyEdit()->setText(QStringLiteral("k-other-"));
        QTRY_VERIFY_WITH_TIMEOUT(again.currentFilter().keyText == QStringLiteral("k-other-"), 5000);
        QVERIFY(!again.isRestoredFilterShown());
    }

    void anotherLoginDoesNotInheritTheFilter_data() { restoredFilterIsShownAndClearedWithOneClick_data(); }
    void anotherLoginDoesNotInheritTheFilter() {
        QFETCH(QString, profileId);
        QSettings().clear();
        {
            TriageView operatorView(context(profileId, QStringLiteral("demo_operator")));
            waitLoaded(operatorView);
            operatorView.applyFilter(narrowed(operatorView));
            waitLoaded(operatorView);
        }
        // The auditor on the same computer, same server, database and table.
        TriageView auditor(context(profileId, QStringLiteral("demo_auditor")));
        waitLoaded(auditor);
        QVERIFY(!auditor.isRestoredFilterShown());
        QCOMPARE(auditor.currentFilter().view, ListFilter::View::Stuck);
        QVERIFY(auditor.currentFilter().keyText.isEmpty());
        QVERIFY(auditor.filterBar()->keyEdit()->text().isEmpty());
        // The operator still gets theirs back.
        TriageView operatorAgain(context(profileId, QStringLiteral("demo_operator")));
        waitLoaded(operatorAgain);
        QVERIFY(operatorAgain.isRestoredFilterShown());
        QCOMPARE(operatorAgain.currentFilter().keyText, QStringLiteral("k-restore-"));
    }

    void aFilterFromBeforeThisVersionIsNobodysAndDropped() {
        // Older versions kept the last filter once per connection, whoever had left it.
        QSettings().clear();
        const AppContext ctx = context(QStringLiteral("app_outbox"), QStringLiteral("demo_auditor"));
        ListFilter old;
        old.view = ListFilter::View::Failed;
        old.keyText = QStringLiteral("someone-elses");
        const QString group = connectionSettingsGroup(QStringLiteral("triage"), ctx.connectionKey);
        QSettings().setValue(group + QStringLiteral("/last"), old.toJson());
        TriageView view(ctx);
        waitLoaded(view);
        QVERIFY(!view.isRestoredFilterShown());
        QCOMPARE(view.currentFilter().view, ListFilter::View::Stuck);
        QVERIFY(!QSettings().contains(group + QStringLiteral("/last")));
    }

    void ageLabelCountsOnByItself() {
        const QDateTime at(QDate(2026, 12, 1), QTime(14, 2, 31));
        QCOMPARE(DataAgeLabel::describe(at, 40 * 1000), QStringLiteral("as of 14:02:31, 40 s ago"));
        QCOMPARE(DataAgeLabel::describe(at, 17 * 60 * 1000 + 5), QStringLiteral("as of 14:02:31, 17 min ago"));
        QCOMPARE(DataAgeLabel::describe({}, 5), QString());
        DataAgeLabel label;
        QVERIFY(label.text().isEmpty()); // no data, no date
        label.markFresh();
        QVERIFY2(label.text().endsWith(QStringLiteral(", 0 s ago")), qPrintable(label.text()));
        // It counts on by itself; on a loaded machine a tick may come late and skip a second.
        static const QRegularExpression seconds(QStringLiteral(", (\\d+) s ago$"));
        const auto shown = [&label] { return seconds.match(label.text()).captured(1).toInt(); };
        QTRY_VERIFY_WITH_TIMEOUT(shown() >= 1, 3000);
        QTRY_VERIFY_WITH_TIMEOUT(shown() >= 2, 3000);
        label.reset();
        QVERIFY(label.text().isEmpty());
        QTest::qWait(1200);
        QVERIFY(label.text().isEmpty()); // the timer stopped with the data
    }
};

OM_TEST_MAIN(TestRestoredFilter)
#include "tst_restoredfilter.moc"
