#include "core/dashboard/snapshotpoller.h"
#include "pg/connectioninfo.h"
#include "testmain.h"

#include <QTest>

using namespace om;

class TestConnectionInfo : public QObject {
    Q_OBJECT
private slots:
    void values_data() {
        QTest::addColumn<QString>("conninfo");
        QTest::addColumn<QString>("keyword");
        QTest::addColumn<QString>("value");
        QTest::newRow("plain") << "host=db port=5433 dbname=app" << "port" << "5433";
        QTest::newRow("quoted") << R"(host=db dbname='my \'odd\' db')" << "dbname" << "my 'odd' db";
        QTest::newRow("uri host") << "postgresql://ops@db.example:6543/app?sslmode=require" << "host" << "db.example";
        QTest::newRow("uri db") << "postgresql://ops@db.example:6543/app?sslmode=require" << "dbname" << "app";
        QTest::newRow("uri query") << "postgresql://ops@db.example:6543/app?sslmode=require" << "sslmode" << "require";
        QTest::newRow("absent") << "host=db" << "dbname" << "";
    }
    void values() {
        QFETCH(QString, conninfo);
        QFETCH(QString, keyword);
        QFETCH(QString, value);
        QCOMPARE(ConnectionInfo::value(conninfo, keyword), value);
    }

    void describeNeverShowsThePassword() {
        const QString d = ConnectionInfo::describe(QStringLiteral("host=db port=1 dbname=app user=ops password=s3cret"));
        QVERIFY(!d.contains(QLatin1String("s3cret")));
        QCOMPARE(d, QStringLiteral("app@db:1 (ops)"));
        QVERIFY(!ConnectionInfo::storeKey(QStringLiteral("postgresql://ops:s3cret@db/app"), "p").contains("s3cret"));
    }

    void passwordIsTakenOut_data() {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("kept");
        QTest::addColumn<QString>("password");
        QTest::newRow("kv") << "host=db password=s3cret dbname=app" << "host=db dbname=app" << "s3cret";
        QTest::newRow("kv first") << "password=s3cret host=db" << "host=db" << "s3cret";
        QTest::newRow("kv quoted") << R"(host=db password='s3 \'c' sslmode=require)" << "host=db sslmode=require" << "s3 'c";
        QTest::newRow("kv spaces") << "host=db password = s3cret" << "host=db" << "s3cret";
        QTest::newRow("kv twice") << "password=a host=db password=b" << "host=db" << "b"; // libpq: the last one wins
        QTest::newRow("kv inside another value") << "host=db options='-c password=x'" << "host=db options='-c password=x'" << "";
        QTest::newRow("kv unquoted backslash") << R"(host=db password=a\\b)" << "host=db" << R"(a\b)"; // libpq unescapes
        QTest::newRow("kv none") << "host=db dbname='a  b' sslmode=verify-full sslrootcert=/etc/ca.pem"
                                 << "host=db dbname='a  b' sslmode=verify-full sslrootcert=/etc/ca.pem" << "";
        QTest::newRow("not a password keyword") << "host=db passwordless=1" << "host=db passwordless=1" << "";
        QTest::newRow("uri userinfo") << "postgresql://ops:s3cret@db:6543/app?sslmode=require"
                                      << "postgresql://ops@db:6543/app?sslmode=require" << "s3cret";
        QTest::newRow("uri query") << "postgresql://ops@db/app?password=s%20x&sslmode=require"
                                   << "postgresql://ops@db/app?sslmode=require" << "s x";
        QTest::newRow("uri host list") << "postgresql://ops:s3cret@h1:5432,h2:5433/app?target_session_attrs=read-write"
                                       << "postgresql://ops@h1:5432,h2:5433/app?target_session_attrs=read-write" << "s3cret";
        QTest::newRow("uri socket path") << "postgresql://ops@%2Fvar%2Frun%2Fpostgresql/app?password=x%26y"
                                         << "postgresql://ops@%2Fvar%2Frun%2Fpostgresql/app" << "x&y";
        QTest::newRow("uri none") << "postgresql://ops@db/app?sslmode=require&sslrootcert=%2Fca.pem"
                                  << "postgresql://ops@db/app?sslmode=require&sslrootcert=%2Fca.pem" << "";
    }
    void passwordIsTakenOut() {
        QFETCH(QString, typed);
        QFETCH(QString, kept);
        QFETCH(QString, password);
        bool had = true;
        QString found;
        QCOMPARE(ConnectionInfo::withoutPassword(typed, &had, &found), kept);
        QCOMPARE(had, !password.isEmpty());
        QCOMPARE(found, password);
        QVERIFY(ConnectionInfo::problem(kept).isEmpty());
    }

    // What libpq gets: the TLS keywords exactly as typed, the password as one more parameter.
    void passwordIsAddedAsItsOwnParameter() {
        const QString tls = QStringLiteral("host=db sslmode=verify-full sslrootcert=/etc/ssl/ca.pem sslcert=/c.pem sslkey=/k.pem");
        QCOMPARE(ConnectionInfo::withPassword(tls, QString()), tls);
        QCOMPARE(ConnectionInfo::withPassword(tls, QStringLiteral("a b'c\\d")), tls + QStringLiteral(R"( password='a b\'c\\d')"));
        QCOMPARE(ConnectionInfo::value(ConnectionInfo::withPassword(tls, QStringLiteral("a b'c")), "password"), QStringLiteral("a b'c"));
        const QString uri = QStringLiteral("postgresql://ops@db/app?sslmode=require");
        QCOMPARE(ConnectionInfo::withPassword(uri, QStringLiteral("p@ss&=/?")), uri + QStringLiteral("&password=p%40ss%26%3D%2F%3F"));
        QCOMPARE(ConnectionInfo::withPassword(QString(), QStringLiteral("x")), QStringLiteral("password='x'"));
    }

    void describeShowsTheTlsMode() {
        QCOMPARE(ConnectionInfo::describe(QStringLiteral("host=db port=1 dbname=app user=ops sslmode=verify-full sslrootcert=/ca.pem")),
                 QStringLiteral("app@db:1 (ops) sslmode=verify-full"));
        QCOMPARE(ConnectionInfo::describe(QStringLiteral("postgresql://ops@db:1/app?sslmode=require")),
                 QStringLiteral("app@db:1 (ops) sslmode=require"));
    }

    void describeWithoutAUserHasNoEmptyParentheses() {
        QString d;
        {
            const bool hadPgUser = qEnvironmentVariableIsSet("PGUSER"), hadUser = qEnvironmentVariableIsSet("USER");
            const QByteArray pguser = qgetenv("PGUSER"), user = qgetenv("USER");
            qunsetenv("PGUSER");
            qunsetenv("USER"); // as under cron or in a container
            d = ConnectionInfo::describe(QStringLiteral("host=db port=1 dbname=app"));
            if (hadPgUser) qputenv("PGUSER", pguser);
            if (hadUser) qputenv("USER", user);
        }
        QCOMPARE(d, QStringLiteral("app@db:1"));
    }

    void passwordJoinsAUriQueryCorrectly() {
        QCOMPARE(ConnectionInfo::withPassword(QStringLiteral("postgresql://ops@db/app"), "p w"), QStringLiteral("postgresql://ops@db/app?password=p%20w"));
        QCOMPARE(ConnectionInfo::withPassword(QStringLiteral("postgresql://ops@db/app?"), "x"), QStringLiteral("postgresql://ops@db/app?password=x"));
        QCOMPARE(ConnectionInfo::withPassword(QStringLiteral("postgresql://ops@db/app?sslmode=require"), "x"),
                 QStringLiteral("postgresql://ops@db/app?sslmode=require&password=x"));
    }

    void hostListsAndServicesKeepTheirIdentity() {
        // The keychain entry must name the server: host lists whole, and a service never shares
        // an entry with another service (or with a bare default connection).
        QCOMPARE(ConnectionInfo::value(QStringLiteral("postgresql://ops@h1:5432,h2:5433/app"), "host"), QStringLiteral("h1,h2"));
        QCOMPARE(ConnectionInfo::value(QStringLiteral("postgresql://ops@h1:5432,h2:5433/app"), "port"), QStringLiteral("5432,5433"));
        QCOMPARE(ConnectionInfo::value(QStringLiteral("postgresql://ops@%2Ftmp%2Fpg/app"), "host"), QStringLiteral("/tmp/pg"));
        const QString prod = ConnectionInfo::identity(QStringLiteral("service=prod"));
        const QString staging = ConnectionInfo::identity(QStringLiteral("service=staging"));
        QVERIFY2(prod != staging, qPrintable(prod));
        QVERIFY(prod != ConnectionInfo::identity(QString()));
        QVERIFY(ConnectionInfo::identity(QStringLiteral("hostaddr=10.0.0.1 dbname=app")) !=
                ConnectionInfo::identity(QStringLiteral("hostaddr=10.0.0.2 dbname=app")));
    }

    void identityNamesRoleAndDatabase() {
        QCOMPARE(ConnectionInfo::identity(QStringLiteral("host=db port=6543 dbname=app user=ops password=x")),
                 QStringLiteral("ops@db:6543/app"));
        QCOMPARE(ConnectionInfo::identity(QStringLiteral("postgresql://ops:x@db:6543/app")), QStringLiteral("ops@db:6543/app"));
    }

    void validate_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::newRow("empty") << "" << false;
        QTest::newRow("spaces") << "   " << false;
        QTest::newRow("kv") << "host=db dbname=app" << true;
        QTest::newRow("quoted kv") << "dbname='a b'" << true;
        QTest::newRow("uri") << "postgresql://u@h/db" << true;
        QTest::newRow("garbage") << "hello world" << false;
        QTest::newRow("unterminated quote") << "dbname='abc" << false;
        QTest::newRow("newline") << "host=a\ndbname=b" << false;
        QTest::newRow("huge") << QString(5000, 'a') << false;
    }
    void validate() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QCOMPARE(ConnectionInfo::problem(text).isEmpty(), ok);
    }

    void backoffGrowsAndIsCapped() {
        QCOMPARE(SnapshotPoller::backoffMs(5000, 0), 5000);
        QCOMPARE(SnapshotPoller::backoffMs(5000, 1), 2000);
        QCOMPARE(SnapshotPoller::backoffMs(5000, 2), 4000);
        QCOMPARE(SnapshotPoller::backoffMs(5000, 3), 8000);
        QCOMPARE(SnapshotPoller::backoffMs(5000, 30), 60000);
    }
};

OM_TEST_GUILESS_MAIN(TestConnectionInfo)
#include "tst_connectioninfo.moc"
