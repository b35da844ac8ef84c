// SPDX-License-Identifier: GPL-3.0-or-later
// What libpq is given: the connection string's TLS keywords untouched, and a keychain password
// as its own parameter that parses whatever characters it holds.
#include "link/connectioninfo.h"
#include "pg/gateway.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testserver.h"

#include <QSignalSpy>
#include <QTest>

using namespace om;
using namespace om::test;

class TestConnectionParams : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    // Over TCP: libpq ignores sslmode on a Unix-domain socket, which PGHOST may name.
    QString tcp(const QString &extra) const {
        return loopbackConnectionString(serverPort(), m_db->name(), extra);
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, {});
        QCOMPARE(m_db->scalar(QStringLiteral("SHOW ssl")).toString(), QStringLiteral("off"));
    }

    // The throwaway server has no TLS: sslmode=require must make libpq refuse it, with and
    // without a password appended, which shows the keyword reached libpq as typed.
    void sslmodeRequireIsHonoured() {
        for (const QString &password : {QString(), QStringLiteral("x y'z\\")}) {
            PgSession::Options o;
            o.connInfo = tcp(QStringLiteral("sslmode=require sslrootcert=/nonexistent/ca.pem"));
            o.password = password;
            PgSession s(o);
            try {
                s.open();
                QFAIL("sslmode=require connected to a server without TLS");
            } catch (const PgError &e) {
                QCOMPARE(e.kind, PgError::Kind::ConnectFailed);
                QVERIFY2(e.message.contains(QLatin1String("SSL")), qPrintable(e.message));
                QVERIFY(password.isEmpty() || !e.message.contains(password));
            }
        }
        PgSession plain({tcp(QStringLiteral("sslmode=disable"))});
        plain.open();
        QCOMPARE(plain.query(QStringLiteral("SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()")).scalar().toString(),
                 QStringLiteral("false"));
    }

    // Through the gateway, as the window connects: connInfo is passed on unchanged.
    void gatewayPassesTlsSettingsThrough() {
        GatewayConfig c;
        c.connInfo = tcp(QStringLiteral("sslmode=verify-full sslrootcert=/nonexistent/ca.pem"));
        c.password = QStringLiteral("from-the-keychain");
        Gateway gw(c);
        QString error;
        gw.run<int>(
            Lane::Browse, this, [](PgSession &s) { return s.query(QStringLiteral("SELECT 1")).rows.size(); },
            [](const int &) {}, [&error](const PgError &e) { error = e.message; });
        QTRY_VERIFY_WITH_TIMEOUT(!error.isEmpty(), 15000);
        QVERIFY2(error.contains(QLatin1String("ca.pem")) || error.contains(QLatin1String("SSL")), qPrintable(error));
        QVERIFY(!error.contains(QLatin1String("from-the-keychain")));
        QCOMPARE(ConnectionInfo::describe(c.connInfo).endsWith(QLatin1String(" sslmode=verify-full")), true);
    }

    // Quotes, spaces and backslashes in a password still give libpq a valid connection string
    // (the server trusts the test role, so the password itself is not checked; a parse error
    // would fail the connection).
    void awkwardPasswordsParse() {
        for (const QString &password : {QStringLiteral("p w"), QStringLiteral("it's"), QStringLiteral("back\\slash\\"),
                                        QStringLiteral("='\\'")}) {
            PgSession::Options o;
            o.connInfo = tcp(QStringLiteral("sslmode=disable"));
            o.password = password;
            PgSession s(o);
            try {
                s.open();
            } catch (const PgError &e) {
                QFAIL(qPrintable(password + QStringLiteral(": ") + e.message));
            }
            QVERIFY(s.isOpen());
        }
    }
};

OM_TEST_GUILESS_MAIN(TestConnectionParams)
#include "tst_connectionparams.moc"
