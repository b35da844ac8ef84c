// SPDX-License-Identifier: GPL-3.0-or-later
// Why a start failed, from real failures against the throwaway server: no such role, no such
// database, nothing listening, an invalid connection string. PgSession::open() pings the
// address after a failure and classifies with the answer; the server's words decide only which
// name it did not find. Authentication and a server that refuses connections cannot be produced
// on the harness's trust-authenticated cluster: the classifier's rules for them are checked with
// the messages PostgreSQL 15 and libpq send.
#include "link/connectproblem.h"
#include "link/pgerror.h"
#include "pg/pgsession.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testserver.h"

#include <QTest>

using namespace om;
using namespace om::test;

Q_DECLARE_METATYPE(om::ConnectProblem)
Q_DECLARE_METATYPE(om::PingAnswer)

class TestConnectProblem : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    static QString tcp(const QString &rest) {
        return QStringLiteral("host=127.0.0.1 port=%1 connect_timeout=3 %2").arg(qEnvironmentVariable("PGPORT"), rest);
    }
private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList());
    }

    void realFailuresAreClassified_data() {
        QTest::addColumn<QString>("connInfo");
        QTest::addColumn<ConnectProblem>("expected");
        QTest::newRow("no such role") << tcp("user=om_no_such_role dbname=" + m_db->name()) << ConnectProblem::RoleMissing;
        QTest::newRow("no such database") << tcp("dbname=om_no_such_database") << ConnectProblem::DatabaseMissing;
        QTest::newRow("nothing listening")
            << QStringLiteral("host=127.0.0.1 port=%1 dbname=x connect_timeout=3").arg(closedPort()) << ConnectProblem::Unreachable;
        QTest::newRow("invalid keyword") << tcp("dbname=x om_not_a_keyword=1") << ConnectProblem::BadParameters;
        // The suite's server has no TLS: libpq gives up before the server says anything, which a
        // ping alone cannot tell from silence; the server answers the ping without TLS.
        QTest::newRow("TLS required, server without") << tcp("sslmode=require dbname=" + m_db->name()) << ConnectProblem::Tls;
    }

    void realFailuresAreClassified() {
        QFETCH(QString, connInfo);
        QFETCH(ConnectProblem, expected);
        PgSession::Options o;
        o.connInfo = connInfo;
        PgSession session(o);
        try {
            session.open();
            QFAIL("the connection opened");
        } catch (const PgError &e) {
            QCOMPARE(e.kind, PgError::Kind::ConnectFailed);
            QVERIFY2(e.connectProblem == expected, qPrintable(QStringLiteral("got %1 for: %2").arg(int(e.connectProblem)).arg(e.message)));
        }
        QCOMPARE(retryCannotHelp(expected), expected != ConnectProblem::Unreachable);
    }

    void serverMessagesDecideOnlyWhenAServerAnswered_data() {
        QTest::addColumn<PingAnswer>("ping");
        QTest::addColumn<QString>("message");
        QTest::addColumn<ConnectProblem>("expected");
        const QString at = QStringLiteral("connection to server at \"10.0.0.5\", port 5432 failed: ");
        QTest::newRow("password") << PingAnswer::Accepting << at + "FATAL:  password authentication failed for user \"ops\""
                                  << ConnectProblem::Authentication;
        QTest::newRow("no password") << PingAnswer::Accepting << at + "fe_sendauth: no password supplied" << ConnectProblem::Authentication;
        QTest::newRow("pg_hba") << PingAnswer::Accepting
                                << at + "FATAL:  no pg_hba.conf entry for host \"10.0.0.9\", user \"ops\", database \"app\", no encryption"
                                << ConnectProblem::Authentication;
        QTest::newRow("full") << PingAnswer::Accepting << at + "FATAL:  sorry, too many clients already" << ConnectProblem::NotAccepting;
        QTest::newRow("starting") << PingAnswer::Rejecting << at + "FATAL:  the database system is starting up"
                                  << ConnectProblem::NotAccepting;
        // A host list with target_session_attrs=read-write while its primary is down: libpq's words
        // for each host, the last one a standby (a failover under way, so retrying helps).
        QTest::newRow("no writable host")
            << PingAnswer::Accepting
            << "connection to server at \"10.0.0.5\", port 5432 failed: Connection refused\n\tIs the server running on that host "
               "and accepting TCP/IP connections?\nconnection to server at \"10.0.0.6\", port 5432 failed: session is read-only"
            << ConnectProblem::NotAccepting;
        QTest::newRow("no writable host, libpq 13") << PingAnswer::Accepting << at + "could not make a writable connection to server"
                                                    << ConnectProblem::NotAccepting;
        // A Japanese server: true but unspecific, never a guess.
        QTest::newRow("other language") << PingAnswer::Accepting << at + QString::fromUtf8("致命的エラー:  ロール\"ops\"は存在しません")
                                        << ConnectProblem::LoginRefused;
        // Words in a message never override a server that did not answer.
        QTest::newRow("no answer") << PingAnswer::NoResponse << at + "role \"x\" does not exist" << ConnectProblem::Unreachable;
        QTest::newRow("pg_hba reject") << PingAnswer::Accepting
                                       << at + "FATAL:  pg_hba.conf rejects connection for host \"10.0.0.9\", user \"ops\", database \"app\", no encryption"
                                       << ConnectProblem::Authentication;
        // TLS: the server's words about the client certificate, and a handshake that failed
        // where the same ping without TLS found a server (libpq's words, whatever they are).
        QTest::newRow("no client certificate") << PingAnswer::Accepting << at + "FATAL:  connection requires a valid client certificate"
                                               << ConnectProblem::Tls;
        QTest::newRow("certificate CN") << PingAnswer::Accepting
                                        << at + "FATAL:  certificate validation (clientcert=verify-full) failed for user \"ops\": CN mismatch"
                                        << ConnectProblem::Tls;
        // The cert method: "authentication failed", yet no password would help.
        QTest::newRow("cert method") << PingAnswer::Accepting << at + "FATAL:  certificate authentication failed for user \"ops\""
                                     << ConnectProblem::Tls;
        QTest::newRow("server certificate") << PingAnswer::AnswersWithoutTls << at + "SSL error: certificate verify failed"
                                            << ConnectProblem::Tls;
        QTest::newRow("server without TLS") << PingAnswer::AnswersWithoutTls << at + "server does not support SSL, but SSL was required"
                                            << ConnectProblem::Tls;
    }

    void serverMessagesDecideOnlyWhenAServerAnswered() {
        QFETCH(PingAnswer, ping);
        QFETCH(QString, message);
        QFETCH(ConnectProblem, expected);
        QCOMPARE(int(classifyConnectFailure(ping, message)), int(expected));
    }

    void tlsProblemsAreNotRetried() {
        QVERIFY(retryCannotHelp(ConnectProblem::Tls));
    }
};

OM_TEST_MAIN(TestConnectProblem)
#include "tst_connectproblem.moc"
