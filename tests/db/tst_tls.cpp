// SPDX-License-Identifier: GPL-3.0-or-later
// TLS against a real server that the harness set up with a CA of the run's own (scripts/lib/pgtls.sh):
// verify-full with a client certificate connects and PgSession::tlsFacts() says what libpq and
// the server say; each way of getting it wrong (no client certificate, a server certificate from
// another CA, a client certificate from another CA, no TLS at all) is refused in libpq's or the
// server's own words, and classified as a TLS problem or a pg_hba refusal, never as a password.
#include "link/connectproblem.h"
#include "link/pgerror.h"
#include "pg/pgsession.h"
#include "testmain.h"
#include "testserver.h"

#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

Q_DECLARE_METATYPE(om::ConnectProblem)

class TestTls : public QObject {
    Q_OBJECT
    QTemporaryDir m_empty; // a folder without certificates, for "no client certificate"

    static QString verified(const QString &rootCertificate = QStringLiteral("ca.crt")) {
        return QStringLiteral("sslmode=verify-full sslrootcert=%1").arg(tlsFile(rootCertificate));
    }
    static QString clientCertificate(const QString &name = QStringLiteral("client")) {
        return QStringLiteral("sslcert=%1 sslkey=%2").arg(tlsFile(name + QStringLiteral(".crt")), tlsFile(name + QStringLiteral(".key")));
    }
    // Without naming a file libpq would look in ~/.postgresql: a file that cannot exist, so that
    // what the test's account keeps there cannot change the outcome.
    QString noClientCertificate() const {
        return QStringLiteral("sslcert=%1/none.crt sslkey=%1/none.key").arg(m_empty.path());
    }

    static PgError refusal(const QString &connInfo) {
        PgSession s({connInfo});
        try {
            s.open();
        } catch (const PgError &e) {
            return e;
        }
        return PgError(PgError::Kind::Query, QStringLiteral("the connection opened"));
    }

    // What the server knows about the session's TLS (pg_stat_ssl), as text.
    static QVariantList serverSide(PgSession &s) {
        return s.query(QStringLiteral("SELECT ssl::text, version, cipher, bits::text, client_dn, current_user::text "
                                      "FROM pg_stat_ssl WHERE pid = pg_backend_pid()"))
            .rows.value(0);
    }

private slots:
    void initTestCase() {
        const QString problem = tlsHarnessProblem();
        if (!problem.isEmpty())
            QFAIL(qPrintable(problem)); // never a skip: a green run means TLS was tested
        QVERIFY(m_empty.isValid());
    }

    void verifyFullWithClientCertificateConnects() {
        PgSession s({tlsConnectionString(verified() + QLatin1Char(' ') + clientCertificate())});
        QCOMPARE(s.tlsFacts().inUse, false); // not open yet
        s.open();
        const TlsFacts f = s.tlsFacts();
        QVERIFY(f.inUse);
        QVERIFY2(f.protocol == QLatin1String("TLSv1.3") || f.protocol == QLatin1String("TLSv1.2"), qPrintable(f.protocol));
        QVERIFY(!f.cipher.isEmpty());
        QVERIFY2(f.keyBits >= 128, qPrintable(QString::number(f.keyBits)));
        QCOMPARE(f.sslMode, QStringLiteral("verify-full"));
        QVERIFY(f.serverVerified);
        QVERIFY(f.hostVerified);
        QVERIFY(f.clientCertificate);
        // The server saw the same session: encrypted the same way, with the client certificate
        // whose CN is the role.
        const QVariantList server = serverSide(s);
        QCOMPARE(server.value(0).toString(), QStringLiteral("true"));
        QCOMPARE(server.value(1).toString(), f.protocol);
        QCOMPARE(server.value(2).toString(), f.cipher);
        QCOMPARE(server.value(3).toString(), QString::number(f.keyBits));
        QCOMPARE(server.value(4).toString(), QStringLiteral("/CN=") + tlsRole());
        QCOMPARE(server.value(5).toString(), tlsRole());
        s.close();
        QCOMPARE(s.tlsFacts().inUse, false);
        QCOMPARE(s.tlsFacts().protocol, QString());
    }

    // The server's certificate also names 127.0.0.1 (subjectAltName IP): verify-full to the
    // address itself passes the host check too.
    void verifyFullByAddress() {
        const QString connInfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=%3 %4 %5")
                                     .arg(tlsServerPort())
                                     .arg(tlsRole(), tlsDatabase(), verified(), clientCertificate());
        PgSession s({connInfo});
        s.open();
        QVERIFY(s.tlsFacts().hostVerified);
    }

    // What each sslmode makes libpq check, as the facts report it: verify-ca checks the chain but
    // not the name; require checks nothing when no root certificate is found.
    void factsFollowTheSslMode() {
        PgSession ca({tlsConnectionString(QStringLiteral("sslmode=verify-ca sslrootcert=%1 ").arg(tlsFile(QStringLiteral("ca.crt")))
                                          + clientCertificate())});
        ca.open();
        QVERIFY(ca.tlsFacts().inUse);
        QCOMPARE(ca.tlsFacts().sslMode, QStringLiteral("verify-ca"));
        QVERIFY(ca.tlsFacts().serverVerified);
        QVERIFY(!ca.tlsFacts().hostVerified);

        PgSession require({tlsConnectionString(QStringLiteral("sslmode=require sslrootcert=%1/none.crt ").arg(m_empty.path())
                                               + clientCertificate())});
        require.open();
        QVERIFY(require.tlsFacts().inUse);
        QVERIFY(!require.tlsFacts().serverVerified);
        QVERIFY(!require.tlsFacts().hostVerified);
        QVERIFY(require.tlsFacts().clientCertificate);
    }

    // sslmode=disable gives a plain session even where the server offers TLS (the superuser may
    // log in without it): the facts follow the session, not the server.
    void plainSessionIsNotEncrypted() {
        PgSession s({tlsConnectionString(QStringLiteral("sslmode=disable"), QStringLiteral("postgres"))
                         .replace(QLatin1String("dbname=") + tlsDatabase(), QStringLiteral("dbname=postgres"))});
        s.open();
        const TlsFacts f = s.tlsFacts();
        QCOMPARE(f.inUse, false);
        QCOMPARE(f.sslMode, QStringLiteral("disable"));
        QCOMPARE(f.protocol, QString());
        QCOMPARE(f.cipher, QString());
        QCOMPARE(f.keyBits, 0);
        QVERIFY(!f.serverVerified && !f.hostVerified && !f.clientCertificate);
        QCOMPARE(serverSide(s).value(0).toString(), QStringLiteral("false"));
    }

    void refusals_data() {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("words"); ///< libpq's or the server's, in its message
        QTest::addColumn<ConnectProblem>("problem");
        // The server asks for a client certificate and gets none (PostgreSQL's auth.c).
        QTest::newRow("no client certificate") << verified() + QLatin1Char(' ') + noClientCertificate()
                                               << "connection requires a valid client certificate" << ConnectProblem::Tls;
        // libpq refuses the server: its certificate is from a CA the client does not trust. No
        // server error reaches libpq, so PQping alone said "no response" (Unreachable).
        QTest::newRow("server certificate from another CA") << verified(QStringLiteral("wrong-ca.crt")) + QLatin1Char(' ') + clientCertificate()
                                                            << "certificate verify failed" << ConnectProblem::Tls;
        // The server refuses the client: its certificate is from a CA the server does not trust
        // (OpenSSL's alert, as libpq reports it).
        QTest::newRow("client certificate from another CA") << verified() + QLatin1Char(' ') + clientCertificate(QStringLiteral("wrong-client"))
                                                            << "unknown ca" << ConnectProblem::Tls;
        // The role may only log in over TLS (pg_hba.conf: hostnossl ... reject).
        QTest::newRow("no TLS") << QStringLiteral("sslmode=disable ") + clientCertificate()
                                << "pg_hba.conf rejects connection" << ConnectProblem::Authentication;
    }

    void refusals() {
        QFETCH(QString, extra);
        QFETCH(QString, words);
        QFETCH(ConnectProblem, problem);
        const PgError e = refusal(tlsConnectionString(extra));
        QCOMPARE(e.kind, PgError::Kind::ConnectFailed);
        QVERIFY2(e.message.contains(words), qPrintable(e.message));
        QVERIFY2(e.connectProblem == problem, qPrintable(QStringLiteral("got %1 for: %2").arg(int(e.connectProblem)).arg(e.message)));
        QVERIFY(retryCannotHelp(e.connectProblem));
    }
};

OM_TEST_GUILESS_MAIN(TestTls)
#include "tst_tls.moc"
