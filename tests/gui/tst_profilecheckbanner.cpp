// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard's profile check against a real database, offscreen: a profile that fits shows no
// banner; a column with a typo is named (file, place in the profile, the columns the table has)
// in a red banner whether or not the snapshot reads that column — also when the snapshot itself
// fails on it, which is when the operator most needs to know why. A kit applied while the window
// is open is noticed when the check runs again.
#include "core/dashboard/snapshotpoller.h"
#include "dashboard/dashboardview.h"
#include "dashboard/profilecheckbanner.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

/// app_outbox with one column renamed to something the table does not have.
SchemaProfile withTypo(const QString &logical) {
    QJsonObject o = om::test::builtInJson(QStringLiteral("app_outbox"));
    QJsonObject cols = o.value(QStringLiteral("columns")).toObject();
    cols[logical] = cols.value(logical).toString() + QStringLiteral("_typo");
    o[QStringLiteral("columns")] = cols;
    QString error;
    return *SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error);
}

} // namespace

class TestProfileCheckBanner : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_tmp;

    struct Window {
        std::unique_ptr<Gateway> gateway; // outlives the poller and the view
        std::unique_ptr<SnapshotPoller> poller;
        std::unique_ptr<DashboardView> view;
    };

    Window open(const SchemaProfile &profile, const QString &source, const QString &connInfo = QString()) {
        Window w;
        GatewayConfig config;
        config.connInfo = connInfo.isEmpty() ? m_db->connectionString() : connInfo;
        w.gateway = std::make_unique<Gateway>(config);
        AppContext ctx;
        ctx.gateway = w.gateway.get();
        ctx.profile = profile;
        ctx.profileSource = source;
        ctx.connectionKey = QStringLiteral("banner-test");
        w.poller = std::make_unique<SnapshotPoller>(w.gateway.get(), profile);
        w.view = std::make_unique<DashboardView>(ctx, w.poller.get(), m_tmp.filePath(QStringLiteral("h.sqlite")));
        w.view->show();
        w.poller->start();
        return w;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit());
        m_db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json) "
                                  "SELECT 'K' || g, 'E', 'D', '{}' FROM generate_series(1, 5) g"));
    }

    void aProfileThatFitsShowsNoBanner() {
        Window w = open(*SchemaProfile::builtIn(QStringLiteral("app_outbox")), QStringLiteral("app_outbox"));
        ProfileCheckBanner *banner = w.view->profileCheckBanner();
        QTRY_VERIFY_WITH_TIMEOUT(!banner->report().table.isEmpty(), 15000);
        QVERIFY2(banner->report().findings.isEmpty(), qPrintable(banner->detailsText()));
        QVERIFY(banner->isHidden());
    }

    void aTypoInAColumnTheSnapshotDoesNotReadIsStillNamed() {
        // The snapshot works without the error text: before the check, the dashboard looked healthy
        // while Triage failed with a raw SQL error.
        Window w = open(withTypo(QStringLiteral("errorMessage")), QStringLiteral("/etc/om/my.json"));
        QSignalSpy snaps(w.poller.get(), &SnapshotPoller::snapshotReady);
        ProfileCheckBanner *banner = w.view->profileCheckBanner();
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 15000);
        QVERIFY2(banner->text().contains(QStringLiteral("columns.errorMessage")), qPrintable(banner->text()));
        QVERIFY(banner->text().contains(QStringLiteral("last_error_msg_typo")));
        QVERIFY(!banner->report().ok());
        QVERIFY2(banner->detailsText().contains(QStringLiteral("/etc/om/my.json: columns.errorMessage: error: ")),
                 qPrintable(banner->detailsText()));
    }

    // Details name each finding's line in the profile file, as --check-profile does.
    void detailsNameTheLineInTheFile() {
        QJsonObject o = om::test::builtInJson(QStringLiteral("app_outbox"));
        QJsonObject cols = o.value(QStringLiteral("columns")).toObject();
        cols[QStringLiteral("errorMessage")] = QStringLiteral("last_error_msg_typo");
        o[QStringLiteral("columns")] = cols;
        const QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Indented);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(json) == json.size());
        f.close();
        // The key inside "columns" (QJsonDocument writes keys sorted: others may name it earlier).
        const int line = int(json.left(json.indexOf("\"errorMessage\"", json.indexOf("\"columns\""))).count('\n')) + 1;
        QVERIFY(line > 1);
        QString error;
        const auto profile = SchemaProfile::fromJson(json, &error);
        QVERIFY2(profile, qPrintable(error));
        Window w = open(*profile, path);
        ProfileCheckBanner *banner = w.view->profileCheckBanner();
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
        QVERIFY2(banner->detailsText().contains(QStringLiteral("%1:%2: columns.errorMessage: error: ").arg(path).arg(line)),
                 qPrintable(banner->detailsText()));
    }

    // The kit applied by a DBA while the window is open: "Check again" (as the periodic check and
    // a reconnect would) finds the function, and the banner goes.
    void aKitAppliedWhileOpenIsNoticed() {
        std::unique_ptr<TestDatabase> bare;
        OM_CREATE_TEST_DATABASE(bare, TestDatabase::allSeeds());
        Window w = open(*SchemaProfile::builtIn(QStringLiteral("app_outbox")), QStringLiteral("app_outbox"), bare->connectionString());
        ProfileCheckBanner *banner = w.view->profileCheckBanner();
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
        // Without the kit its audit columns and function are missing; the findings name the command
        // that prints the kit, never a file of the sources.
        QVERIFY2(banner->detailsText().contains(QStringLiteral("outbox-monitor --print-kit")), qPrintable(banner->detailsText()));
        QVERIFY2(!banner->detailsText().contains(QStringLiteral(".sql")), qPrintable(banner->detailsText()));
        const QStringList kit = TestDatabase::seedsWithAdminKit().mid(TestDatabase::allSeeds().size());
        for (const QString &file : kit)
            bare->applyFile(file);
        QSignalSpy checked(banner, &ProfileCheckBanner::recheckRequested);
        emit banner->linkActivated(QStringLiteral("recheck"));
        QCOMPARE(checked.count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(banner->isHidden(), 15000);
        QVERIFY2(banner->report().findings.isEmpty(), qPrintable(banner->detailsText()));
    }

    void aTypoThatBreaksTheSnapshotIsNamedToo() {
        Window w = open(withTypo(QStringLiteral("createdAt")), QStringLiteral("typo.json"));
        QSignalSpy failures(w.poller.get(), &SnapshotPoller::refreshFailed);
        ProfileCheckBanner *banner = w.view->profileCheckBanner();
        QTRY_VERIFY_WITH_TIMEOUT(failures.count() >= 1, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 15000);
        QVERIFY2(banner->text().contains(QStringLiteral("columns.createdAt")), qPrintable(banner->text()));
    }
};

OM_TEST_MAIN(TestProfileCheckBanner)
#include "tst_profilecheckbanner.moc"
