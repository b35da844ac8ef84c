// SPDX-License-Identifier: GPL-3.0-or-later
// The local store is keyed by the server's identity, not by the text that reached it: two strings
// that reach one database share its history, two that look alike (two services without host=)
// but reach different databases never do; the identity is read off the GUI thread, when the
// server answers (also after it was down), and again after a reconnection.
#include "core/connection/identitycheck.h"
#include "core/connection/serveridentity.h"
#include "core/connection/storekeys.h"
#include "core/common/settingskey.h"
#include "core/store/historystore.h"
#include "freezingproxy.h"
#include "link/connectioninfo.h"
#include "pg/gateway.h"
#include "servicefile.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testserver.h"

#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestServerIdentity : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;

    QString systemId() { return m_db->scalar(QStringLiteral("SELECT system_identifier::text FROM pg_control_system()")).toString(); }

    static ServerIdentity identify(const QString &connInfo) {
        PgSession::Options o;
        o.connInfo = connInfo;
        PgSession s(o);
        s.open();
        return ServerIdentity::read(s);
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("outbox-monitor-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        OM_CREATE_TEST_DATABASE(m_db, {});
    }

    void readsTheClusterAndDatabase() {
        const ServerIdentity id = ServerIdentity::read(m_db->session());
        QVERIFY(id.isValid());
        QCOMPARE(id.systemId, systemId());
        QCOMPARE(id.database, m_db->name());
        QCOMPARE(id.storeKey(QStringLiteral("app_outbox")), QStringLiteral("server:%1/%2/app_outbox").arg(systemId(), m_db->name()));
    }

    // The case: two service= connections with no host= of their own used to share one
    // history; and one database reached through two texts (a proxy, another host name) used to
    // have two.
    void keysFollowTheServerNotTheText() {
        std::unique_ptr<TestDatabase> other;
        OM_CREATE_TEST_DATABASE(other, {});
        ServiceFile services(QStringLiteral("[orders]\nport=%1\ndbname=%2\n[billing]\nport=%1\ndbname=%3\n")
                                 .arg(serverPort())
                                 .arg(m_db->name(), other->name()));
        const QString profile = QStringLiteral("app_outbox");
        const QString orders = identify(QStringLiteral("service=orders")).storeKey(profile);
        const QString billing = identify(QStringLiteral("service=billing")).storeKey(profile);
        QVERIFY2(orders != billing, qPrintable(orders));
        QCOMPARE(orders, (ServerIdentity{systemId(), m_db->name()}.storeKey(profile)));

        FreezingProxy proxy(QHostAddress::LocalHost, serverPort());
        const QString viaProxy = proxy.connectionString(m_db->name());
        QVERIFY(ConnectionInfo::storeKey(viaProxy, profile) != ConnectionInfo::storeKey(m_db->connectionString(), profile));
        QCOMPARE(identify(viaProxy).storeKey(profile), identify(m_db->connectionString()).storeKey(profile));
    }

    // A server that does not answer at start is identified when it does; the read runs on the
    // Monitor lane, and again after each reconnection (another server may answer now).
    void identifiedWhenTheServerAnswersAndAgainAfterReconnecting() {
        FreezingProxy proxy(QHostAddress::LocalHost, serverPort());
        GatewayConfig config;
        config.connInfo = proxy.connectionString(m_db->name());
        config.connectTimeoutS = 2;
        Gateway gateway(config);
        IdentityCheck check(&gateway);
        QSignalSpy identified(&check, &IdentityCheck::identified);
        proxy.freeze();
        check.start();
        QTest::qWait(3000); // longer than the connect timeout: the read failed
        QCOMPARE(identified.count(), 0);
        QVERIFY(!check.identity().isValid());
        proxy.release();
        // What brings the lane up again in the window is the dashboard's next refresh.
        QObject ctx;
        gateway.run<int>(
            Lane::Monitor, &ctx, [](PgSession &s) { return s.query("SELECT 1").scalar().toInt(); },
            [](const int &) {}, [](const PgError &) {});
        QTRY_COMPARE_WITH_TIMEOUT(identified.count(), 1, 10000);
        QCOMPARE(check.identity(), (ServerIdentity{systemId(), m_db->name()}));

        gateway.reconnect(Lane::Monitor);
        gateway.run<int>(
            Lane::Monitor, &ctx, [](PgSession &s) { return s.query("SELECT 1").scalar().toInt(); },
            [](const int &) {}, [](const PgError &) {});
        QTRY_COMPARE_WITH_TIMEOUT(identified.count(), 2, 10000);
    }

    // The bounded wait before the first window (and for --report-pdf) is a signal, not a nested
    // event loop: startWithin() returns at once, and settled() comes once, true with the identity
    // when the server answers, false when the wait runs out on a server that does not.
    void aBoundedWaitSettlesOnceWithoutANestedLoop() {
        GatewayConfig direct;
        direct.connInfo = m_db->connectionString();
        Gateway gateway(direct);
        IdentityCheck check(&gateway);
        QSignalSpy settled(&check, &IdentityCheck::settled);
        check.startWithin(20000);
        QCOMPARE(settled.count(), 0); // nothing was waited for inside the call
        QTRY_COMPARE_WITH_TIMEOUT(settled.count(), 1, 20000);
        QCOMPARE(settled.first().first().toBool(), true);
        QCOMPARE(check.identity(), (ServerIdentity{systemId(), m_db->name()}));

        FreezingProxy proxy(QHostAddress::LocalHost, serverPort());
        proxy.freeze();
        GatewayConfig frozen;
        frozen.connInfo = proxy.connectionString(m_db->name());
        frozen.connectTimeoutS = 30; // longer than the wait: the bound ends it, not libpq
        Gateway silent(frozen);
        IdentityCheck unanswered(&silent);
        QSignalSpy gaveUp(&unanswered, &IdentityCheck::settled);
        QElapsedTimer waited;
        waited.start();
        unanswered.startWithin(500);
        QCOMPARE(gaveUp.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(gaveUp.count(), 1, 20000);
        QCOMPARE(gaveUp.first().first().toBool(), false);
        QVERIFY2(waited.elapsed() < 15000, qPrintable(QString::number(waited.elapsed())));
        silent.shutdown(0);
    }

    // The identity learnt for a text is remembered for the next start; the first time, what the
    // text key gathered (history from before, settings, saved filters) moves to the identity key,
    // but never over what that key already has, and never from another server's key.
    void rememberedAndAdopted() {
        const QString textKey = QStringLiteral("db:5432/app/app_outbox");
        const QString idKey = QStringLiteral("server:1/app/app_outbox");
        QCOMPARE(StoreKeys::forStart(textKey), textKey);
        StoreKeys::remember(textKey, idKey);
        QCOMPARE(StoreKeys::remembered(textKey), idKey);
        QCOMPARE(StoreKeys::forStart(textKey), idKey);

        HistoryStore store(m_dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY(store.open());
        QVERIFY(store.appendValues(textKey, QStringLiteral("app_outbox"), 1000, {{QStringLiteral("waiting"), 5}}));
        QSettings().setValue(connectionSettingsGroup(QStringLiteral("dashboard"), textKey) + QStringLiteral("/intervalS"), 7);
        StoreKeys::adopt(&store, textKey, idKey);
        QCOMPARE(store.rawCount(idKey, QStringLiteral("app_outbox"), QStringLiteral("waiting")), 1);
        QCOMPARE(store.rawCount(textKey, QStringLiteral("app_outbox"), QStringLiteral("waiting")), 0);
        QCOMPARE(QSettings().value(connectionSettingsGroup(QStringLiteral("dashboard"), idKey) + QStringLiteral("/intervalS")).toInt(), 7);

        // Again with something under the text key: the identity key keeps its own.
        QVERIFY(store.appendValues(textKey, QStringLiteral("app_outbox"), 2000, {{QStringLiteral("waiting"), 9}}));
        QSettings().setValue(connectionSettingsGroup(QStringLiteral("dashboard"), textKey) + QStringLiteral("/intervalS"), 30);
        StoreKeys::adopt(&store, textKey, idKey);
        QCOMPARE(store.rawCount(idKey, QStringLiteral("app_outbox"), QStringLiteral("waiting")), 1);
        QCOMPARE(QSettings().value(connectionSettingsGroup(QStringLiteral("dashboard"), idKey) + QStringLiteral("/intervalS")).toInt(), 7);

        // Another server's key is never a source.
        StoreKeys::adopt(&store, idKey, QStringLiteral("server:2/app/app_outbox"));
        QCOMPARE(store.rawCount(idKey, QStringLiteral("app_outbox"), QStringLiteral("waiting")), 1);
    }

    void cleanupTestCase() { m_db.reset(); }
};

OM_TEST_GUILESS_MAIN(TestServerIdentity)
#include "tst_serveridentity.moc"
