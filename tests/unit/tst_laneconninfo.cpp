// SPDX-License-Identifier: GPL-3.0-or-later
// Which server each lane asks libpq for when a connection string lists several hosts: a writable
// one for actions, and for the reads of a window that may act; whichever answers for a read-only
// window's reads. A single host, or a choice the operator made (in the string, its service or
// PGTARGETSESSIONATTRS), is left as it is.
#include "link/connectioninfo.h"
#include "pg/gateway.h"
#include "servicefile.h"
#include "testmain.h"

#include <QTest>

using namespace om;
using namespace om::test;

namespace {

QString attrs(const QString &connInfo) { return ConnectionInfo::value(connInfo, QStringLiteral("target_session_attrs")); }

} // namespace

class TestLaneConnInfo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        // The harness exports PGHOST and PGPORT for the database tests: what libpq would take
        // from the environment is what these tests set themselves.
        for (const char *name : {"PGHOST", "PGHOSTADDR", "PGPORT", "PGSERVICE", "PGSERVICEFILE", "PGSYSCONFDIR",
                                 "PGTARGETSESSIONATTRS"})
            qunsetenv(name);
    }

    void hostListsGetTheLanesChoice_data() {
        QTest::addColumn<QString>("connInfo");
        QTest::addColumn<bool>("readOnly");
        QTest::addColumn<QString>("reads");   // Monitor and Browse
        QTest::addColumn<QString>("actions"); // Action
        const QString kv = QStringLiteral("host=db1,db2 port=5432,5433 dbname=app user=ops");
        const QString uri = QStringLiteral("postgresql://ops@db1:5432,db2:5433/app?sslmode=require");
        // clang-format off
        QTest::newRow("keyword, may act") << kv << false << "read-write" << "read-write";
        QTest::newRow("keyword, read-only") << kv << true << "any" << "read-write";
        QTest::newRow("uri, may act") << uri << false << "read-write" << "read-write";
        QTest::newRow("uri, read-only") << uri << true << "any" << "read-write";
        QTest::newRow("hostaddr list") << "hostaddr=10.0.0.1,10.0.0.2 dbname=app" << false << "read-write" << "read-write";
        QTest::newRow("empty second entry") << "host=db1, dbname=app" << false << "read-write" << "read-write";
        // clang-format on
    }
    void hostListsGetTheLanesChoice() {
        QFETCH(QString, connInfo);
        QFETCH(bool, readOnly);
        QFETCH(QString, reads);
        QFETCH(QString, actions);
        QCOMPARE(attrs(laneConnInfo(connInfo, Lane::Monitor, readOnly)), reads);
        QCOMPARE(attrs(laneConnInfo(connInfo, Lane::Browse, readOnly)), reads);
        QCOMPARE(attrs(laneConnInfo(connInfo, Lane::Action, readOnly)), actions);
        // Everything else still leads where it led (a URI becomes keyword/value text).
        const QString changed = laneConnInfo(connInfo, Lane::Action, readOnly);
        const QList<ConnectionInfo::Option> given = ConnectionInfo::parse(connInfo).value();
        for (const ConnectionInfo::Option &o : given)
            QCOMPARE(ConnectionInfo::value(changed, o.keyword), o.value);
    }

    void otherwiseTheStringIsUnchanged_data() {
        QTest::addColumn<QString>("connInfo");
        QTest::newRow("single host") << "host=db1 port=5432 dbname=app";
        QTest::newRow("single host uri") << "postgresql://ops@db1:5432/app";
        QTest::newRow("one host, two ports") << "host=db1 port=5432,5433 dbname=app";
        QTest::newRow("no host at all") << "dbname=app";
        QTest::newRow("own choice") << "host=db1,db2 dbname=app target_session_attrs=prefer-standby";
        QTest::newRow("own choice in a uri") << "postgresql://db1,db2/app?target_session_attrs=primary";
        QTest::newRow("own choice: any") << "host=db1,db2 dbname=app target_session_attrs=any";
    }
    void otherwiseTheStringIsUnchanged() {
        QFETCH(QString, connInfo);
        for (bool readOnly : {false, true})
            for (Lane lane : {Lane::Monitor, Lane::Browse, Lane::Action})
                QCOMPARE(laneConnInfo(connInfo, lane, readOnly), connInfo);
    }

    void theEnvironmentAndServicesCount() {
        // A host list from PGHOST is one too...
        qputenv("PGHOST", "db1,db2");
        QCOMPARE(attrs(laneConnInfo(QStringLiteral("dbname=app"), Lane::Action, false)), QStringLiteral("read-write"));
        // ...and PGTARGETSESSIONATTRS is the operator's choice: nothing added over it.
        qputenv("PGTARGETSESSIONATTRS", "prefer-standby");
        QCOMPARE(laneConnInfo(QStringLiteral("dbname=app"), Lane::Action, false), QStringLiteral("dbname=app"));
        qunsetenv("PGTARGETSESSIONATTRS");
        qunsetenv("PGHOST");

        ServiceFile file(QStringLiteral("[pair]\nhost=db1,db2\ndbname=app\n\n"
                                        "[chosen]\nhost=db1,db2\ndbname=app\ntarget_session_attrs=read-only\n"));
        QCOMPARE(attrs(laneConnInfo(QStringLiteral("service=pair"), Lane::Monitor, false)), QStringLiteral("read-write"));
        QCOMPARE(attrs(laneConnInfo(QStringLiteral("service=pair"), Lane::Monitor, true)), QStringLiteral("any"));
        QCOMPARE(laneConnInfo(QStringLiteral("service=chosen"), Lane::Action, false), QStringLiteral("service=chosen"));
    }
};

OM_TEST_MAIN(TestLaneConnInfo)
#include "tst_laneconninfo.moc"
