#include "core/connectioninfo.h"
#include "core/snapshotpoller.h"

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

QTEST_GUILESS_MAIN(TestConnectionInfo)
#include "tst_connectioninfo.moc"
