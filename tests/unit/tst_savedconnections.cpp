// SPDX-License-Identifier: GPL-3.0-or-later
// Saved connections: kept in a settings file without any password (the file's bytes
// are read), every change validated with a message that says what is wrong, and the import of
// pg_service.conf (one per service not yet saved, the environment only when the name says it).
#include "core/connection/savedconnections.h"
#include "core/connection/serviceimport.h"
#include "link/connectioninfo.h"
#include "servicefile.h"
#include "testmain.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using om::test::ServiceFile;

namespace {

// The program's resolver lives in the executable (cli/installpaths); the same two sources here:
// a built-in id or a profile file.
std::optional<SchemaProfile> resolve(const QString &idOrFile, QString *error) {
    if (idOrFile.endsWith(QLatin1String(".json")))
        return SchemaProfile::fromFile(idOrFile, error);
    if (auto p = SchemaProfile::builtIn(idOrFile))
        return p;
    *error = QStringLiteral("Unknown profile \"%1\"").arg(idOrFile);
    return std::nullopt;
}

SavedConnection connection(const QString &name, const QString &connInfo, Environment e = Environment::Unspecified) {
    SavedConnection c;
    c.name = name;
    c.connInfo = connInfo;
    c.environment = e;
    return c;
}

} // namespace

class TestSavedConnections : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_file;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<SavedConnections> m_store;

    QByteArray fileBytes() {
        m_settings->sync();
        QFile f(m_file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private slots:
    void init() {
        m_store.reset();
        m_settings.reset();
        m_file = m_dir.filePath(QStringLiteral("%1.conf").arg(QTest::currentTestFunction()));
        QFile::remove(m_file);
        m_settings = std::make_unique<QSettings>(m_file, QSettings::IniFormat);
        m_store = std::make_unique<SavedConnections>(resolve, m_settings.get());
    }

    void roundTripKeepsEveryField_data() {
        QTest::addColumn<QString>("profile");
        for (const char *id : {"app_outbox", "batch_work_item", "outbox"})
            QTest::newRow(id) << QString::fromLatin1(id);
        QTest::newRow("file") << QStringLiteral(OM_SOURCE_DIR "/tests/profiles/uuid_outbox.json");
    }
    void roundTripKeepsEveryField() {
        QFETCH(QString, profile);
        SavedConnection c = connection(QStringLiteral("orders-eu"), QStringLiteral("host=db-eu.example port=6432 dbname=orders user=ops sslmode=verify-full"),
                                       Environment::Custom);
        c.profile = profile;
        c.readOnly = true;
        c.customLabel = QStringLiteral("qa");
        c.customColour = QStringLiteral("#8a2be2");
        c.note = QStringLiteral("Team Orders; runbook https://wiki/orders\nsecond line, 日本語");
        c.standbyConnInfo = QStringLiteral("host=db-eu-replica.example port=6432 dbname=orders user=ops");
        c.standbyMaxLagS = 45;
        QCOMPARE(m_store->save(c), QString());
        QCOMPARE(m_store->save(connection(QStringLiteral("billing"), QStringLiteral("postgresql://ops@db/billing"), Environment::Staging)), QString());
        // A second store on a second QSettings object: what is read is what is in the file.
        QSettings again(m_file, QSettings::IniFormat);
        const SavedConnections reread(resolve, &again);
        QCOMPARE(reread.names(), QStringList({QStringLiteral("billing"), QStringLiteral("orders-eu")}));
        QCOMPARE(*reread.find(QStringLiteral("orders-eu")), c);
        QCOMPARE(reread.find(QStringLiteral("ORDERS-EU"))->name, QStringLiteral("orders-eu")); // names are case-insensitive
        QCOMPARE(reread.find(QStringLiteral("billing"))->environment, Environment::Staging);
        QCOMPARE(reread.find(QStringLiteral("billing"))->colour(), QStringLiteral("#e0a800"));
        QCOMPARE(reread.find(QStringLiteral("orders-eu"))->colour(), QStringLiteral("#8a2be2"));
        QCOMPARE(reread.find(QStringLiteral("orders-eu"))->environmentWords(), QStringLiteral("qa"));
    }

    void noPasswordEverReachesTheFile_data() {
        QTest::addColumn<QString>("connInfo");
        QTest::newRow("keyword") << "host=db dbname=orders user=ops password=Sup3rS3cret";
        QTest::newRow("quoted") << "host=db dbname=orders password='Sup3rS3cret with space'";
        QTest::newRow("uri userinfo") << "postgresql://ops:Sup3rS3cret@db:5432/orders";
        QTest::newRow("uri query") << "postgresql://ops@db/orders?password=Sup3rS3cret&sslmode=require";
    }
    void noPasswordEverReachesTheFile() {
        QFETCH(QString, connInfo);
        SavedConnection saved = connection(QStringLiteral("prod"), connInfo, Environment::Production);
        saved.standbyConnInfo = connInfo; // the standby's string is kept without its password too
        QCOMPARE(m_store->save(saved), QString());
        QCOMPARE(m_store->rename(QStringLiteral("prod"), QStringLiteral("orders-prod")), QString());
        const QByteArray bytes = fileBytes();
        QVERIFY2(!bytes.isEmpty(), qPrintable(m_file));
        QVERIFY2(!bytes.contains("Sup3rS3cret"), bytes.constData());
        QVERIFY2(!bytes.toLower().contains("password"), bytes.constData());
        // The rest of the string is kept: it still leads to the same database.
        const SavedConnection c = *m_store->find(QStringLiteral("orders-prod"));
        QCOMPARE(ConnectionInfo::value(c.connInfo, QStringLiteral("dbname")), QStringLiteral("orders"));
        QCOMPARE(ConnectionInfo::value(c.connInfo, QStringLiteral("host")), QStringLiteral("db"));
        QCOMPARE(ConnectionInfo::value(c.standbyConnInfo, QStringLiteral("dbname")), QStringLiteral("orders"));
        // A password put into the file by hand is not handed on either.
        m_settings->setValue(QStringLiteral("savedConnections/1/connection"), QStringLiteral("host=db password=ByHand"));
        QVERIFY(!m_store->find(QStringLiteral("orders-prod"))->connInfo.contains(QLatin1String("ByHand")));
    }

    void everyMistakeIsRefusedWithItsReason_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("connInfo");
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("colour");
        QTest::addColumn<QString>("says");
        QTest::addColumn<QString>("standby");
        QTest::addColumn<int>("maxLagS");
        // clang-format off
        QTest::newRow("empty name") << "   " << "host=db" << "app_outbox" << "" << "needs a name" << "" << 30;
        QTest::newRow("duplicate name") << " Existing " << "host=db" << "app_outbox" << "" << "\"existing\" is saved already" << "" << 30;
        QTest::newRow("duplicate ignoring case") << "EXISTING" << "host=db" << "app_outbox" << "" << "is saved already" << "" << 30;
        QTest::newRow("no string") << "a" << "  " << "app_outbox" << "" << "needs a connection string" << "" << 30;
        QTest::newRow("libpq rejects") << "a" << "host=db nosuchkeyword=1" << "app_outbox" << "" << "not one libpq accepts: " << "" << 30;
        QTest::newRow("bad uri") << "a" << "postgresql://ops@db/app?bogus=1" << "app_outbox" << "" << "not one libpq accepts" << "" << 30;
        QTest::newRow("unknown profile") << "a" << "host=db" << "no_such_profile" << "" << "Unknown profile \"no_such_profile\"" << "" << 30;
        QTest::newRow("missing profile file") << "a" << "host=db" << "/nonexistent/p.json" << "" << "The profile of \"a\" cannot be used" << "" << 30;
        QTest::newRow("no profile") << "a" << "host=db" << " " << "" << "needs a table profile" << "" << 30;
        QTest::newRow("custom without colour") << "a" << "host=db" << "outbox" << "red" << "needs a colour (#rrggbb)" << "" << 30;
        QTest::newRow("standby libpq rejects") << "a" << "host=db" << "app_outbox" << "" << "The standby's connection string of \"a\" is not one libpq accepts"
                                               << "host=replica nosuchkeyword=1" << 30;
        QTest::newRow("standby bound zero") << "a" << "host=db" << "app_outbox" << "" << "must be at least 1 second" << "host=replica" << 0;
        // clang-format on
    }
    void everyMistakeIsRefusedWithItsReason() {
        QFETCH(QString, name);
        QFETCH(QString, connInfo);
        QFETCH(QString, profile);
        QFETCH(QString, colour);
        QFETCH(QString, says);
        QFETCH(QString, standby);
        QFETCH(int, maxLagS);
        QCOMPARE(m_store->save(connection(QStringLiteral("existing"), QStringLiteral("host=db"))), QString());
        SavedConnection c = connection(name, connInfo);
        c.profile = profile;
        if (!colour.isEmpty()) {
            c.environment = Environment::Custom;
            c.customColour = colour;
        }
        c.standbyConnInfo = standby;
        c.standbyMaxLagS = maxLagS;
        const QString why = m_store->save(c);
        QVERIFY2(why.contains(says), qPrintable(why));
        QCOMPARE(m_store->names(), QStringList{QStringLiteral("existing")}); // nothing written
    }

    void renameAndRemove() {
        QCOMPARE(m_store->save(connection(QStringLiteral("a"), QStringLiteral("host=a"))), QString());
        QCOMPARE(m_store->save(connection(QStringLiteral("b"), QStringLiteral("host=b"))), QString());
        QVERIFY(m_store->rename(QStringLiteral("a"), QStringLiteral("b")).contains(QLatin1String("saved already")));
        QVERIFY(m_store->rename(QStringLiteral("a"), QStringLiteral("  ")).contains(QLatin1String("needs a name")));
        QVERIFY(m_store->rename(QStringLiteral("zz"), QStringLiteral("y")).contains(QLatin1String("No saved connection")));
        QCOMPARE(m_store->rename(QStringLiteral("a"), QStringLiteral(" c ")), QString());
        QCOMPARE(m_store->names(), QStringList({QStringLiteral("b"), QStringLiteral("c")}));
        QCOMPARE(m_store->find(QStringLiteral("c"))->connInfo, QStringLiteral("host=a"));
        // Saving under its own name (another case) is an edit, not a duplicate.
        SavedConnection b = *m_store->find(QStringLiteral("b"));
        b.name = QStringLiteral("B");
        QCOMPARE(m_store->save(b, QStringLiteral("b")), QString());
        QCOMPARE(m_store->names(), QStringList({QStringLiteral("B"), QStringLiteral("c")}));
        QVERIFY(m_store->remove(QStringLiteral("c")));
        QVERIFY(!m_store->remove(QStringLiteral("c")));
        QCOMPARE(m_store->names(), QStringList{QStringLiteral("B")});
        QCOMPARE(m_store->freeName(QStringLiteral("b")), QStringLiteral("b (2)"));
    }

    void environmentComesFromTheNameOnlyWhenItSaysSo_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("environment");
        QTest::newRow("prod") << "orders-prod" << int(Environment::Production);
        QTest::newRow("production") << "Production_EU" << int(Environment::Production);
        QTest::newRow("prod digit") << "prod2" << int(Environment::Production);
        QTest::newRow("stg") << "orders.stg" << int(Environment::Staging);
        QTest::newRow("staging") << "staging" << int(Environment::Staging);
        QTest::newRow("dev") << "dev orders" << int(Environment::Development);
        QTest::newRow("development") << "billing-development" << int(Environment::Development);
        QTest::newRow("inside a word") << "products" << int(Environment::Unspecified);
        QTest::newRow("devops") << "devops-db" << int(Environment::Unspecified);
        QTest::newRow("nothing") << "orders-eu" << int(Environment::Unspecified);
        QTest::newRow("disagreeing") << "prod-copy-for-dev" << int(Environment::Unspecified);
    }
    void environmentComesFromTheNameOnlyWhenItSaysSo() {
        QFETCH(QString, name);
        QFETCH(int, environment);
        QCOMPARE(int(Environments::fromName(name)), environment);
    }

    void importsEachServiceNotSavedYet() {
        ServiceFile file(QStringLiteral("[orders-prod]\nhost=db-prod.example\ndbname=orders\n\n"
                                        "[orders-stg]\nhost=db-stg.example\ndbname=orders\n"
                                        "this line is no keyword\n"
                                        "[orders-eu]\nhost=db-eu.example\ndbname=orders\n"
                                        "[billing-dev]\nhost=localhost\ndbname=billing\n"));
        QCOMPARE(m_store->save(connection(QStringLiteral("billing"), QStringLiteral("service=billing-dev"), Environment::Staging)), QString());
        const ServiceImportResult r = ServiceImport::run(*m_store, QStringLiteral("batch_work_item"));
        QCOMPARE(r.added, QStringList({QStringLiteral("orders-prod"), QStringLiteral("orders-stg"), QStringLiteral("orders-eu")}));
        QCOMPARE(r.alreadySaved, QStringList{QStringLiteral("billing-dev")});
        QCOMPARE(r.skippedLines.size(), 1);
        QVERIFY2(r.skippedLines.first().contains(QLatin1String("line 8")), qPrintable(r.skippedLines.first()));
        QVERIFY(r.summary().contains(QLatin1String("line 8")));
        QCOMPARE(m_store->find(QStringLiteral("orders-prod"))->environment, Environment::Production);
        QCOMPARE(m_store->find(QStringLiteral("orders-stg"))->environment, Environment::Staging);
        QCOMPARE(m_store->find(QStringLiteral("orders-eu"))->environment, Environment::Unspecified); // never a guess
        QCOMPARE(m_store->find(QStringLiteral("orders-eu"))->environmentWords(), QStringLiteral("environment not set"));
        QCOMPARE(m_store->find(QStringLiteral("orders-eu"))->colour(), QStringLiteral("#6c757d"));
        QCOMPARE(m_store->find(QStringLiteral("orders-eu"))->connInfo, QStringLiteral("service=orders-eu"));
        QCOMPARE(m_store->find(QStringLiteral("orders-eu"))->profile, QStringLiteral("batch_work_item"));
        QCOMPARE(m_store->find(QStringLiteral("billing"))->environment, Environment::Staging); // left as the operator set it
        // Again: nothing new, nothing doubled.
        const ServiceImportResult again = ServiceImport::run(*m_store);
        QVERIFY(again.added.isEmpty());
        QCOMPARE(again.alreadySaved.size(), 4);
        QCOMPARE(m_store->names().size(), 4);
    }

    void importTakesAFreeNameWhenTheServiceNameIsTaken() {
        ServiceFile file(QStringLiteral("[orders]\nhost=db\ndbname=orders\n"));
        QCOMPARE(m_store->save(connection(QStringLiteral("orders"), QStringLiteral("host=elsewhere dbname=orders"))), QString());
        const ServiceImportResult r = ServiceImport::run(*m_store);
        QCOMPARE(r.added, QStringList{QStringLiteral("orders (2)")});
        QCOMPARE(m_store->find(QStringLiteral("orders (2)"))->connInfo, QStringLiteral("service=orders"));
        QCOMPARE(m_store->find(QStringLiteral("orders"))->connInfo, QStringLiteral("host=elsewhere dbname=orders"));
    }
};

OM_TEST_GUILESS_MAIN(TestSavedConnections)
#include "tst_savedconnections.moc"
