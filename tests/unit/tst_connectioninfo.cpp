// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dashboard/snapshotpoller.h"
#include "link/connectioninfo.h"
#include "link/pgservicefile.h"
#include "servicefile.h"
#include "testmain.h"

#include <QTest>

#include <pwd.h>
#include <unistd.h>

#include <algorithm>

using namespace om;
using namespace om::test;


class TestConnectionInfo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        // What libpq would take from the environment is what these tests set themselves (the
        // harness exports PGHOST and PGPORT for the database tests).
        for (const char *name : {"PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE", "PGSERVICEFILE",
                                 "PGSYSCONFDIR", "PGSSLMODE", "PGCONNECT_TIMEOUT"})
            qunsetenv(name);
    }

    void values_data() {
        QTest::addColumn<QString>("conninfo");
        QTest::addColumn<QString>("keyword");
        QTest::addColumn<QString>("value");
        // clang-format off
        QTest::newRow("plain") << "host=db port=5433 dbname=app" << "port" << "5433";
        QTest::newRow("quoted") << R"(host=db dbname='my \'odd\' db')" << "dbname" << "my 'odd' db";
        QTest::newRow("uri host") << "postgresql://ops@db.example:6543/app?sslmode=require" << "host" << "db.example";
        QTest::newRow("uri db") << "postgresql://ops@db.example:6543/app?sslmode=require" << "dbname" << "app";
        QTest::newRow("uri query") << "postgresql://ops@db.example:6543/app?sslmode=require" << "sslmode" << "require";
        QTest::newRow("absent") << "host=db" << "dbname" << "";
        // clang-format on
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
        // clang-format off
        QTest::newRow("kv") << "host=db password=s3cret dbname=app" << "host=db dbname=app" << "s3cret";
        QTest::newRow("kv first") << "password=s3cret host=db" << "host=db" << "s3cret";
        QTest::newRow("kv quoted") << R"(host=db password='s3 \'c' sslmode=require)" << "host=db sslmode=require" << "s3 'c";
        QTest::newRow("kv spaces") << "host=db password = s3cret" << "host=db" << "s3cret";
        QTest::newRow("kv twice") << "password=a host=db password=b" << "host=db" << "b"; // libpq: the last one wins
        QTest::newRow("kv inside another value") << "host=db options='-c password=x'" << "host=db options='-c password=x'" << "";
        QTest::newRow("kv unquoted backslash") << R"(host=db password=a\\b)" << "host=db" << R"(a\b)"; // libpq unescapes
        QTest::newRow("kv none") << "host=db dbname='a  b' sslmode=verify-full sslrootcert=/etc/ca.pem"
                                 << "host=db dbname='a  b' sslmode=verify-full sslrootcert=/etc/ca.pem" << "";
        QTest::newRow("not a password keyword") << "host=db passfile=/etc/pgpass" << "host=db passfile=/etc/pgpass" << "";
        // clang-format on
        // With a password in it, a URI is kept as the keyword/value string of everything else
        // (libpq parsed it: host lists, socket paths and escapes are libpq's reading).
        // clang-format off
        QTest::newRow("uri userinfo") << "postgresql://ops:s3cret@db:6543/app?sslmode=require"
                                      << "host=db port=6543 dbname=app user=ops sslmode=require" << "s3cret";
        QTest::newRow("uri query") << "postgresql://ops@db/app?password=s%20x&sslmode=require"
                                   << "host=db dbname=app user=ops sslmode=require" << "s x";
        QTest::newRow("uri host list") << "postgresql://ops:s3cret@h1:5432,h2:5433/app?target_session_attrs=read-write"
                                       << "host=h1,h2 port=5432,5433 dbname=app user=ops target_session_attrs=read-write" << "s3cret";
        QTest::newRow("uri socket path") << "postgresql://ops@%2Fvar%2Frun%2Fpostgresql/app?password=x%26y"
                                         << "host=/var/run/postgresql dbname=app user=ops" << "x&y";
        QTest::newRow("kv value with spaces") << "host=db password=x dbname='a  b'" << "host=db dbname='a  b'" << "x";
        QTest::newRow("uri none") << "postgresql://ops@db/app?sslmode=require&sslrootcert=%2Fca.pem"
                                  << "postgresql://ops@db/app?sslmode=require&sslrootcert=%2Fca.pem" << "";
        // clang-format on
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

    // What libpq gets: every keyword as typed (libpq's parse of both strings agrees), the
    // password as one more parameter whatever characters it holds.
    void passwordIsAddedAsItsOwnParameter_data() {
        QTest::addColumn<QString>("conninfo");
        QTest::addColumn<QString>("password");
        const QString tls = QStringLiteral("host=db sslmode=verify-full sslrootcert=/etc/ssl/ca.pem sslcert=/c.pem sslkey=/k.pem");
        QTest::newRow("kv, quote and backslash") << tls << QStringLiteral("a b'c\\d");
        QTest::newRow("uri, URI characters") << QStringLiteral("postgresql://ops@db/app?sslmode=require") << QStringLiteral("p@ss&=/?");
        QTest::newRow("uri, empty query") << QStringLiteral("postgresql://ops@db/app?") << QStringLiteral("p w");
        QTest::newRow("uri host list") << QStringLiteral("postgresql://ops@h1:5432,h2:5433/app") << QStringLiteral("x");
        QTest::newRow("nothing else") << QString() << QStringLiteral("x");
        QTest::newRow("replaces one typed") << QStringLiteral("host=db password=old") << QStringLiteral("new");
    }
    void passwordIsAddedAsItsOwnParameter() {
        QFETCH(QString, conninfo);
        QFETCH(QString, password);
        QCOMPARE(ConnectionInfo::withPassword(conninfo, QString()), conninfo);
        const QString withIt = ConnectionInfo::withPassword(conninfo, password);
        QList<ConnectionInfo::Option> expected = *ConnectionInfo::parse(conninfo);
        expected.removeIf([](const ConnectionInfo::Option &o) { return o.keyword == QLatin1String("password"); });
        expected << ConnectionInfo::Option{QStringLiteral("password"), password};
        QList<ConnectionInfo::Option> got = *ConnectionInfo::parse(withIt);
        auto byKeyword = [](const ConnectionInfo::Option &a, const ConnectionInfo::Option &b) { return a.keyword < b.keyword; };
        std::sort(expected.begin(), expected.end(), byKeyword);
        std::sort(got.begin(), got.end(), byKeyword);
        QCOMPARE(got, expected);
    }

    // The application's defaults give way to the user's choice: in the string, in the service
    // file, or in libpq's environment variable for that keyword.
    void defaultsNeverOverrideTheUser() {
        const QList<QPair<QString, QString>> defaults{{QStringLiteral("connect_timeout"), QStringLiteral("10")},
                                                      {QStringLiteral("keepalives_idle"), QStringLiteral("30")}};
        QCOMPARE(ConnectionInfo::value(ConnectionInfo::withDefaults("host=db", defaults), "connect_timeout"), QStringLiteral("10"));
        QCOMPARE(ConnectionInfo::value(ConnectionInfo::withDefaults("host=db connect_timeout=3", defaults), "connect_timeout"),
                 QStringLiteral("3"));
        QCOMPARE(ConnectionInfo::withDefaults("host=db connect_timeout=3 keepalives_idle=5", defaults),
                 QStringLiteral("host=db connect_timeout=3 keepalives_idle=5")); // nothing added: as typed
        qputenv("PGCONNECT_TIMEOUT", "7");
        const QString fromEnv = ConnectionInfo::withDefaults("postgresql://db/app", defaults);
        qunsetenv("PGCONNECT_TIMEOUT");
        QCOMPARE(ConnectionInfo::value(fromEnv, "connect_timeout"), QString());
        QCOMPARE(ConnectionInfo::value(fromEnv, "keepalives_idle"), QStringLiteral("30"));
        QCOMPARE(ConnectionInfo::value(fromEnv, "dbname"), QStringLiteral("app"));

        ServiceFile file(QStringLiteral("[slow]\nhost=db\nconnect_timeout=60\n"));
        QCOMPARE(ConnectionInfo::value(ConnectionInfo::withDefaults("service=slow", defaults), "connect_timeout"), QString());
    }

    // libpq expands service= only while connecting; the label and the keychain entry read the
    // same file the same way, so two services on one host text never share an identity.
    void servicesAreReadFromTheServiceFile() {
        ServiceFile file(QStringLiteral("# comment\n[prod]\nhost=db-prod.example\nport=6432\ndbname=orders\nuser=ops\n\n"
                                        "[staging]\nhost=db-stg.example\ndbname=orders\nuser=ops\n"));
        QCOMPARE(ConnectionInfo::describe(QStringLiteral("service=prod")), QStringLiteral("service=prod (orders@db-prod.example:6432)"));
        QCOMPARE(ConnectionInfo::describe(QStringLiteral("service=staging")), QStringLiteral("service=staging (orders@db-stg.example:5432)"));
        QCOMPARE(ConnectionInfo::identity(QStringLiteral("service=prod")), QStringLiteral("ops@db-prod.example:6432/orders service=prod"));
        // What the string sets wins over the service, as in libpq.
        QCOMPARE(ConnectionInfo::identity(QStringLiteral("service=prod dbname=billing")),
                 QStringLiteral("ops@db-prod.example:6432/billing service=prod"));
        QVERIFY(ConnectionInfo::storeKey(QStringLiteral("service=prod"), "p") != ConnectionInfo::storeKey(QStringLiteral("service=staging"), "p"));
        QStringList problems;
        const QList<PgServiceFile::Service> all = PgServiceFile::all(&problems);
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.first().value(QStringLiteral("port")), QStringLiteral("6432"));
        QVERIFY(problems.isEmpty());
    }

    void describeShowsTheTlsMode() {
        QCOMPARE(ConnectionInfo::describe(QStringLiteral("host=db port=1 dbname=app user=ops sslmode=verify-full sslrootcert=/ca.pem")),
                 QStringLiteral("app@db:1 (ops) sslmode=verify-full"));
        QCOMPARE(ConnectionInfo::describe(QStringLiteral("postgresql://ops@db:1/app?sslmode=require")),
                 QStringLiteral("app@db:1 (ops) sslmode=require"));
    }

    void describeWithoutAUserNamesTheAccountLibpqUses() {
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
        // libpq then uses the operating system's account name, and so does the label.
        const passwd *account = getpwuid(geteuid());
        QVERIFY(account);
        QCOMPARE(d, QStringLiteral("app@db:1 (%1)").arg(QString::fromLocal8Bit(account->pw_name)));
        QCOMPARE(ConnectionInfo::describe(QStringLiteral("dbname=app port=1")).section(QLatin1Char(' '), 0, 0),
                 QStringLiteral("app@[local]:1")); // no host: libpq's Unix socket
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
        QVERIFY(ConnectionInfo::identity(QStringLiteral("hostaddr=10.0.0.1 dbname=app")) != ConnectionInfo::identity(QStringLiteral("hostaddr=10.0.0.2 dbname=app")));
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
        QTest::newRow("unknown keyword") << "host=db colour=red" << false;
        QTest::newRow("bad uri") << "postgresql://[::1/app" << false;
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
