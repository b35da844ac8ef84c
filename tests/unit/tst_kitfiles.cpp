// SPDX-License-Identifier: GPL-3.0-or-later
// The seed tables' kit files that install.sql applies are generated, not kept by hand:
// resources/sql/kit/monitoring_indexes.sql and roles.sql must be exactly what the generators
// write from the seed tables' built-in profiles (the same indexes and grants --print-kit writes
// for each), so a profile or generator change cannot leave them behind. OM_REGENERATE_KIT=1
// rewrites them. What they install is checked against the server in db/tst_printkit.
#include "core/adminkit/seedrolesfile.h"
#include "core/kit/seedindexesfile.h"

#include <QFile>
#include "testmain.h"

#include <QTest>

using namespace om;

class TestKitFiles : public QObject {
    Q_OBJECT

private slots:
    void committedFileIsGenerated_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("generated");
        QTest::newRow("monitoring_indexes.sql") << QStringLiteral("monitoring_indexes.sql") << kit::seedMonitoringIndexesFile();
        QTest::newRow("roles.sql") << QStringLiteral("roles.sql") << adminkit::seedRolesFile();
    }

    void committedFileIsGenerated() {
        QFETCH(QString, file);
        QFETCH(QString, generated);
        QFile f(QStringLiteral(OM_SOURCE_DIR "/resources/sql/kit/") + file);
        if (qEnvironmentVariableIntValue("OM_REGENERATE_KIT") == 1) {
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(generated.toUtf8());
            f.close();
        }
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        QCOMPARE(QString::fromUtf8(f.readAll()), generated);
    }
};

OM_TEST_GUILESS_MAIN(TestKitFiles)
#include "tst_kitfiles.moc"
