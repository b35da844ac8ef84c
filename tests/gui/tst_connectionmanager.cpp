// SPDX-License-Identifier: GPL-3.0-or-later
// Named connections in the window: the connection manager against the harness's real
// server (Test connection shows the server's version, the database, the role and whether it may
// change messages; a stopped server is said in words; a hung one neither freezes the dialog nor
// holds it), its list under QAbstractItemModelTester, and the environment band, title and tray
// tooltip of a window opened from a saved connection. OM_SCREENSHOT_DIR: the pictures for the user guide.
#include "alerts/desktopalerts.h"
#include "connection/connectionmanager.h"
#include "connection/connectionmenu.h"
#include "connection/environmentband.h"
#include "connection/savedconnectioneditor.h"
#include "connection/savedconnectionmodel.h"
#include "core/connection/connectiontest.h"
#include "core/connection/passwordkeychain.h"
#include "core/dashboard/snapshotpoller.h"
#include "freezingproxy.h"
#include "mainwindow.h"
#include "pg/gateway.h"
#include "profilerows.h"
#include "screenshots.h"
#include "servicefile.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testserver.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace om;
using namespace om::test;

namespace {

std::optional<SchemaProfile> resolve(const QString &idOrFile, QString *error) {
    if (auto p = SchemaProfile::builtIn(idOrFile))
        return p;
    *error = QStringLiteral("Unknown profile \"%1\"").arg(idOrFile);
    return std::nullopt;
}

SavedConnection saved(const QString &name, const QString &connInfo, Environment e, const QString &profile = QStringLiteral("app_outbox")) {
    SavedConnection c;
    c.name = name;
    c.connInfo = connInfo;
    c.environment = e;
    c.profile = profile;
    return c;
}

/// The longest time the GUI thread went without running a 10 ms timer while `work` waited.
class GuiPing {
public:
    GuiPing() {
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            m_maxGapMs = qMax(m_maxGapMs, m_since.restart());
        });
        m_since.start();
        m_timer.start();
    }
    qint64 maxGapMs() const { return m_maxGapMs; }

private:
    QTimer m_timer;
    QElapsedTimer m_since;
    qint64 m_maxGapMs = 0;
};

} // namespace

class TestConnectionManager : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_settings;

    std::unique_ptr<ConnectionManager> manager() {
        auto m = std::make_unique<ConnectionManager>(QStringList{"app_outbox", "batch_work_item", "outbox"}, resolve, m_settings.get());
        m->resize(1100, 620);
        m->show();
        return m;
    }
    /// The editor's connection string, typed as the operator types it.
    static void typeConnection(ConnectionManager &m, const QString &text) {
        auto *edit = m.editor()->findChild<QLineEdit *>(QStringLiteral("connection"));
        edit->clear();
        QTest::keyClicks(edit, text);
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        installTestTranslations(); // OM_LANG=ja: the screenshots in Japanese
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit() << QStringLiteral("demo/logins.sql"));
    }

    void init() {
        m_settings = std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("%1.conf").arg(QTest::currentTestFunction())),
                                                 QSettings::IniFormat);
        m_settings->clear();
    }

    void modelListsNameEnvironmentAndTarget() {
        SavedConnections store(resolve, m_settings.get());
        QCOMPARE(store.save(saved("orders-eu", "host=db-eu.example port=6432 dbname=orders user=ops", Environment::Production)), QString());
        QCOMPARE(store.save(saved("billing", "postgresql://ops@db-stg.example/billing", Environment::Staging)), QString());
        QCOMPARE(store.save(saved("scratch", "host=localhost dbname=scratch", Environment::Unspecified)), QString());
        SavedConnectionModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setConnections(store.all());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, SavedConnectionModel::Name).data().toString(), QStringLiteral("billing"));
        QCOMPARE(model.index(1, SavedConnectionModel::EnvironmentColumn).data().toString(), QStringLiteral("production"));
        QCOMPARE(model.index(1, SavedConnectionModel::Target).data().toString(), QStringLiteral("orders@db-eu.example:6432 (ops)"));
        QCOMPARE(model.index(2, SavedConnectionModel::EnvironmentColumn).data().toString(), QStringLiteral("environment not set"));
        // The swatch is the environment's colour.
        const QIcon swatch = model.index(1, SavedConnectionModel::Name).data(Qt::DecorationRole).value<QIcon>();
        QCOMPARE(swatch.pixmap(14, 14).toImage().pixelColor(7, 7), QColor("#c82333"));
        model.setConnections({});
        QCOMPARE(model.rowCount(), 0);
    }

    // New: said what is missing as soon as typed, saved only once right, without the password.
    void newConnectionIsValidatedThenSavedWithoutPassword() {
        auto m = manager();
        QCOMPARE(m->model()->rowCount(), 0);
        m->newConnection();
        QVERIFY(m->hasUnsavedChanges());
        QVERIFY2(m->editor()->problemText().contains("needs a connection string"), qPrintable(m->editor()->problemText()));
        QVERIFY(!m->saveConnection());
        typeConnection(*m, QStringLiteral("host=db nosuch=1"));
        QVERIFY2(m->editor()->problemText().contains("libpq"), qPrintable(m->editor()->problemText()));
        typeConnection(*m, QStringLiteral("host=db.example dbname=orders user=ops password=Sup3rS3cret"));
        QCOMPARE(m->editor()->problemText(), QString());
        QCOMPARE(m->editor()->password(), QStringLiteral("Sup3rS3cret")); // for Test connection only
        QVERIFY(m->saveConnection());
        QVERIFY(!m->hasUnsavedChanges());
        QCOMPARE(m->model()->rowCount(), 1);
        QCOMPARE(m->currentName(), QStringLiteral("New connection"));
        m_settings->sync();
        QFile file(m_settings->fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.contains("db.example"));
        QVERIFY2(!bytes.contains("Sup3rS3cret"), bytes.constData());
        // Duplicate: a free name, the same fields; a second New gets a free name too.
        m->duplicateConnection();
        QCOMPARE(m->editor()->connection().name, QStringLiteral("New connection (copy)"));
        QVERIFY(m->saveConnection());
        QCOMPARE(m->model()->rowCount(), 2);
    }

    /// New proposes a free name, selected with the focus on it: typing replaces it (typing once
    /// appended to "New connection").
    void aNewNameIsTypedOverTheProposedOne() {
        auto m = manager();
        QVERIFY(QTest::qWaitForWindowActive(m.get()));
        m->newConnection();
        auto *name = m->editor()->findChild<QLineEdit *>(QStringLiteral("name"));
        QTRY_VERIFY(name->hasFocus());
        QTest::keyClicks(name, QStringLiteral("orders-eu"));
        QCOMPARE(m->editor()->connection().name, QStringLiteral("orders-eu"));
        typeConnection(*m, QStringLiteral("host=db.example dbname=orders user=ops"));
        QVERIFY(m->saveConnection());
        m->duplicateConnection();
        QTRY_VERIFY(name->hasFocus());
        QTest::keyClicks(name, QStringLiteral("orders-us"));
        QCOMPARE(m->editor()->connection().name, QStringLiteral("orders-us"));
    }

    /// Remember password puts the typed password into the system keychain, never into the
    /// settings; without a keychain (as here: no session bus) it says so and keeps nothing.
    void aPasswordIsRememberedOnlyInTheKeychain() {
        if (!PasswordKeychain::compiledIn())
            OM_SKIP("built without qtkeychain: the button is absent");
        auto m = manager();
        m->newConnection();
        auto *remember = m->findChild<QPushButton *>(QStringLiteral("rememberPassword"));
        QVERIFY(remember && remember->isVisible());
        QVERIFY(!remember->isEnabled()); // nothing typed
        typeConnection(*m, QStringLiteral("host=db.example dbname=orders user=ops"));
        QVERIFY(!remember->isEnabled());
        QTest::keyClicks(m->editor()->findChild<QLineEdit *>(QStringLiteral("password")), QStringLiteral("Kept0nlyThere"));
        QVERIFY(remember->isEnabled());
        QVERIFY(m->saveConnection());
        remember->click();
        QVERIFY(!remember->isEnabled());                        // one write at a time
        QTRY_VERIFY_WITH_TIMEOUT(remember->isEnabled(), 30000); // the keychain answered
        // By kind: main() points D-Bus at a socket that does not exist, so whatever libsecret said
        // (its words differ by machine) the status's first line is our sentence for no session bus.
        const QString firstLine = m->statusText().section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(firstLine.contains(KeychainAnswer::sentence(KeychainAnswer::Kind::NoSessionBus)), qPrintable(m->statusText()));
        QVERIFY(!m->editor()->password().isEmpty()); // still typed: another try is possible
        m_settings->sync();
        QFile file(m_settings->fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("Kept0nlyThere"));
    }

    void deleteAsksFirst() {
        SavedConnections store(resolve, m_settings.get());
        QCOMPARE(store.save(saved("orders-prod", "host=db dbname=orders", Environment::Production)), QString());
        auto m = manager();
        QVERIFY(m->select(QStringLiteral("orders-prod")));
        m->deleteConnection();
        QVERIFY(m->confirmation());
        QVERIFY(m->confirmation()->text().contains("orders-prod"));
        m->confirmation()->button(QMessageBox::No)->click();
        QTRY_VERIFY(!m->confirmation());
        QCOMPARE(store.names(), QStringList{QStringLiteral("orders-prod")});
        m->deleteConnection();
        QVERIFY(m->confirmation());
        m->confirmation()->button(QMessageBox::Yes)->click();
        QTRY_VERIFY(store.names().isEmpty());
        QCOMPARE(m->model()->rowCount(), 0);
    }

    // Import from the service file: one row per service, the environment only from a clear name,
    // the file's skipped lines said; Open asks for a window of the saved connection selected.
    void importThenOpen() {
        ServiceFile file(QStringLiteral("[orders-prod]\nhost=db-prod.example\ndbname=orders\n"
                                        "[orders-eu]\nhost=db-eu.example\ndbname=orders\nno keyword here\n"));
        auto m = manager();
        m->importServices();
        QCOMPARE(m->model()->rowCount(), 2);
        QCOMPARE(m->model()->index(1, SavedConnectionModel::Name).data().toString(), QStringLiteral("orders-prod"));
        QCOMPARE(m->model()->connections().at(1).environment, Environment::Production);
        QCOMPARE(m->model()->connections().at(0).environment, Environment::Unspecified);
        QVERIFY2(m->statusText().contains(QStringLiteral("line 7")), qPrintable(m->statusText()));
        QSignalSpy open(m.get(), &ConnectionManager::openRequested);
        QVERIFY(m->select(QStringLiteral("orders-prod")));
        m->openConnection();
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.first().first().toString(), QStringLiteral("orders-prod"));
        // Not while the editor holds unsaved changes: what opens must be what is saved.
        m->newConnection();
        m->openConnection();
        QCOMPARE(open.count(), 1);
    }

    // Against the harness's server, for every built-in profile: the version, database and role
    // the server reports, and the window's own answer to "may this role change messages".
    void testConnectionShowsServerDatabaseAndRole_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<QString>("role");
        QTest::addColumn<bool>("mayChange");
        for (const QString &id : builtInProfileIds()) {
            QTest::newRow(qPrintable(id + " operator")) << id << QString() << true;
            QTest::newRow(qPrintable(id + " auditor")) << id << QStringLiteral("demo_auditor") << false;
        }
    }
    void testConnectionShowsServerDatabaseAndRole() {
        QFETCH(QString, profileId);
        QFETCH(QString, role);
        QFETCH(bool, mayChange);
        SavedConnections store(resolve, m_settings.get());
        const QString conn = role.isEmpty() ? m_db->connectionString() : m_db->connectionStringAs(role);
        QCOMPARE(store.save(saved("harness", conn, Environment::Development, profileId)), QString());
        if (screenshotsWanted()) { // the list as an operator's looks: several environments
            QCOMPARE(store.save(saved("orders-eu-prod", "host=db-eu.example port=6432 dbname=orders user=ops sslmode=verify-full",
                                      Environment::Production)),
                     QString());
            QCOMPARE(store.save(saved("orders-eu-stg", "service=orders-stg", Environment::Staging)), QString());
            QCOMPARE(store.save(saved("billing", "postgresql://ops@billing-db.example/billing", Environment::Unspecified,
                                      QStringLiteral("batch_work_item"))),
                     QString());
        }
        auto m = manager();
        QVERIFY(m->select(QStringLiteral("harness")));
        m->testConnection();
        QTRY_VERIFY_WITH_TIMEOUT(!m->testRunning(), 30000);
        const QString text = m->testText();
        qInfo().noquote() << text;
        if (profileId == QLatin1String("app_outbox") && role.isEmpty())
            saveScreenshot(m.get(), QStringLiteral("connection-manager"));
        if (testLanguage() != QLatin1String("en"))
            return; // OM_LANG=ja: only the picture
        const QString version = m_db->scalar(QStringLiteral("select current_setting('server_version')")).toString();
        const QString expectedRole = role.isEmpty() ? m_db->scalar(QStringLiteral("select current_user")).toString() : role;
        QVERIFY2(text.contains(QStringLiteral("Server: PostgreSQL %1").arg(version)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Database: %1").arg(m_db->name())), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Role: %1").arg(expectedRole)), qPrintable(text));
        QVERIFY2(text.contains(mayChange ? QStringLiteral("May change messages: yes") : QStringLiteral("May change messages: no")),
                 qPrintable(text));
        // The test's session is gone again: nothing of it stays on the server.
        QTRY_COMPARE(m_db->scalar(QStringLiteral("select count(*) from pg_stat_activity where application_name = "
                                                 "'outbox-monitor (connection test)'"))
                         .toString(),
                     QStringLiteral("0"));
    }

    void stoppedServerIsSaidInWords() {
        SavedConnections store(resolve, m_settings.get());
        QCOMPARE(store.save(saved("down", loopbackConnectionString(closedPort(), "postgres"), Environment::Staging)), QString());
        auto m = manager();
        QVERIFY(m->select(QStringLiteral("down")));
        GuiPing ping;
        QElapsedTimer t;
        t.start();
        m->testConnection();
        QTRY_VERIFY_WITH_TIMEOUT(!m->testRunning(), 20000);
        qInfo() << "refused connection reported after" << t.elapsed() << "ms; GUI thread's longest gap" << ping.maxGapMs() << "ms";
        QVERIFY2(m->testText().contains("No server answered"), qPrintable(m->testText()));
        QVERIFY2(ping.maxGapMs() < 500, qPrintable(QString::number(ping.maxGapMs())));
    }

    // A server that accepts the connection and then says nothing (every packet dropped): the
    // dialog keeps running, Cancel takes effect at once, and the late end of the test is dropped.
    void hungServerNeitherFreezesNorHoldsTheDialog() {
        FreezingProxy proxy(QHostAddress::LocalHost, serverPort());
        QVERIFY(proxy.isListening());
        proxy.freeze();
        SavedConnections store(resolve, m_settings.get());
        QCOMPARE(store.save(saved("hung", proxy.connectionString(m_db->name()), Environment::Production)), QString());
        auto m = manager();
        QVERIFY(m->select(QStringLiteral("hung")));
        auto *tester = m->findChild<ConnectionTest *>();
        QVERIFY(tester);
        QSignalSpy results(tester, &ConnectionTest::finished);
        GuiPing ping;
        const int acceptedBefore = proxy.accepted();
        m->testConnection();
        // libpq is inside its connect, waiting for an answer that never comes.
        QTRY_VERIFY_WITH_TIMEOUT(proxy.accepted() > acceptedBefore, 10000);
        QVERIFY(m->testRunning());
        QVERIFY2(m->testText().contains("Testing"), qPrintable(m->testText()));
        QElapsedTimer cancel;
        cancel.start();
        m->cancelTest();
        const qint64 cancelMs = cancel.elapsed();
        QVERIFY(!m->testRunning());
        QCOMPARE(m->testText(), QStringLiteral("Test cancelled."));
        // The abandoned connect ends by libpq's connect_timeout (5 s) on its own thread; its result is dropped.
        QTest::qWait(7000);
        qInfo() << "cancel took" << cancelMs << "ms; GUI thread's longest gap over" << 8500 << "ms:" << ping.maxGapMs() << "ms";
        QCOMPARE(results.count(), 0);
        QCOMPARE(m->testText(), QStringLiteral("Test cancelled."));
        // Waiting for the hung connect would take libpq's connect_timeout (5 s): the bounds are half
        // of that, far above what a loaded machine adds, so they say "did not wait", not how fast.
        const qint64 waitingMs = 5000;
        QVERIFY2(cancelMs < waitingMs / 2, qPrintable(QString::number(cancelMs)));
        QVERIFY2(ping.maxGapMs() < waitingMs / 2, qPrintable(QString::number(ping.maxGapMs())));
        // Closing the dialog while a test hangs does not wait either.
        m->testConnection();
        QTRY_VERIFY(m->testRunning());
        cancel.restart();
        m.reset();
        QVERIFY2(cancel.elapsed() < waitingMs / 2, qPrintable(QString::number(cancel.elapsed())));
        proxy.release();
    }

    void bandTextIsReadableOnItsColour_data() {
        QTest::addColumn<int>("environment");
        QTest::addColumn<QString>("background");
        QTest::addColumn<QString>("foreground");
        QTest::addColumn<QString>("text");
        // clang-format off
        QTest::newRow("production") << int(Environment::Production) << "#c82333" << "#ffffff" << "PRODUCTION — orders-eu";
        QTest::newRow("staging") << int(Environment::Staging) << "#e0a800" << "#000000" << "STAGING — orders-eu";
        QTest::newRow("development") << int(Environment::Development) << "#28a745" << "#000000" << "DEVELOPMENT — orders-eu";
        QTest::newRow("unspecified") << int(Environment::Unspecified) << "#6c757d" << "#ffffff" << "ENVIRONMENT NOT SET — orders-eu";
        QTest::newRow("custom") << int(Environment::Custom) << "#ffff66" << "#000000" << "QA — orders-eu";
        // clang-format on
    }
    void bandTextIsReadableOnItsColour() {
        QFETCH(int, environment);
        QFETCH(QString, background);
        QFETCH(QString, foreground);
        QFETCH(QString, text);
        SavedConnection c = saved("orders-eu", "host=db", Environment(environment));
        c.customLabel = QStringLiteral("qa");
        c.customColour = QStringLiteral("#ffff66");
        EnvironmentBand band(c);
        QCOMPARE(band.background().name(), background);
        QCOMPARE(band.foreground().name(), foreground);
        QCOMPARE(band.text(), text);
        QCOMPARE(EnvironmentBand::textColourOn(QColor(Qt::black)), QColor(Qt::white));
        QCOMPARE(EnvironmentBand::textColourOn(QColor(Qt::white)), QColor(Qt::black));
    }

    // The window opened from a saved connection: the band above everything, the title, the tray's
    // tooltip; the band is drawn in its colour (pixels of the grabbed window).
    void windowShowsTheEnvironment() {
        AppContext ctx;
        GatewayConfig config;
        config.connInfo = m_db->connectionString();
        ctx.gateway = new Gateway(config);
        ctx.profile = *SchemaProfile::builtIn("app_outbox");
        ctx.connectionLabel = QStringLiteral("orders@db-eu");
        ctx.connectionKey = m_db->name();
        MainWindow plain(ctx);
        QVERIFY(!plain.findChild<EnvironmentBand *>()); // no saved connection: no band, as before
        plain.close();

        ctx.gateway = new Gateway(config);
        MainWindow w(ctx);
        w.resize(1280, 800);
        w.showSavedConnection(saved("orders-eu", m_db->connectionString(), Environment::Production));
        ConnectionMenu menu(&w, {"app_outbox"}, resolve); // as cli/windowcommand adds it
        QCOMPARE(menu.menu()->actions().size(), 3);       // Manage connections…, Open saved connection ▸, Fleet overview…
        if (testLanguage() == QLatin1String("en"))
            QCOMPARE(menu.menu()->actions().at(2)->text(), QStringLiteral("Fleet overview…"));
        // The Connection menu comes first in the menu bar, before the window's View menu.
        QCOMPARE(w.menuBar()->actions().value(0), menu.menu()->menuAction());
        w.show();
        auto *band = w.findChild<EnvironmentBand *>();
        QVERIFY(band);
        QVERIFY(!band->toggleViewAction()->isEnabled()); // cannot be hidden from the toolbars' menu
        auto *alerts = w.findChild<DesktopAlerts *>();
        QVERIFY(alerts);
        QSignalSpy snaps(w.poller(), &SnapshotPoller::snapshotReady);
        QTRY_VERIFY_WITH_TIMEOUT(snaps.count() >= 1, 15000);
        saveScreenshot(&w, QStringLiteral("production-band"));
        // Across the top: above every other toolbar, spanning the window, in production red.
        for (QToolBar *t : w.findChildren<QToolBar *>())
            if (t != band && t->isVisible())
                QVERIFY2(t->geometry().top() >= band->geometry().bottom(), qPrintable(t->objectName()));
        QVERIFY(band->width() >= w.width() - 10);
        const QImage shot = w.grab().toImage();
        const QPoint probe = band->geometry().topLeft() + QPoint(4, band->height() / 2);
        QCOMPARE(shot.pixelColor(probe * shot.devicePixelRatio()).name(), QStringLiteral("#c82333"));
        if (testLanguage() != QLatin1String("en"))
            return; // OM_LANG=ja: the words are checked in English
        QCOMPARE(w.windowTitle(), QStringLiteral("[production] orders-eu — Outbox Monitor"));
        QCOMPARE(band->text(), QStringLiteral("PRODUCTION — orders-eu"));
        // The tray's tooltip names the environment, also after a refresh set its level.
        QVERIFY2(alerts->toolTip().startsWith("[production] orders-eu:"), qPrintable(alerts->toolTip()));
    }
};

// No secret service, whatever the machine running the tests has: Test connection then uses
// libpq's own sources, as on CI (tst_connectiondialog does the same).
OM_TEST_MAIN_WRAPPER(TestConnectionManager, qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/om-test-bus");
                     QTEST_MAIN_SETUP())
#include "tst_connectionmanager.moc"
