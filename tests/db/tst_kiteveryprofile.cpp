// SPDX-License-Identifier: GPL-3.0-or-later
// Whatever the profile check says fits, the kit installs and every action runs: for every profile
// file on disk (the built-ins, tests/profiles/, tests/support/profiles/, found by globbing, so a
// new profile is covered without an edit here), its table as the other tests make it, the check on
// the bare table (no error but what the kit is about to make: the audit table, its action id
// column), the printed kit applied with psql in one transaction, the check again (no error at
// all), then each action of the kit's action function and its purge, once each on a row made in
// one of the action's `from` states, as a login in the kit's operator role, in a transaction that
// is rolled back: inside it the row is in the action's target state with its audit row, after it
// the row and the audit table are as they were. A profile whose table this test cannot make
// fails, naming where to add it.
#include "core/actions/actionfunctionsql.h"
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/kit/audittablesql.h"
#include "core/sql/sqltext.h"
#include "kitexercise.h"
#include "profiletables.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

/// The check's errors, one a line, leaving out those at `except` paths.
QString errorsBut(const ProfileCheckReport &r, const QStringList &except) {
    QStringList out;
    for (const ProfileFinding &f : r.findings)
        if (f.severity == ProfileFinding::Severity::Error && !except.contains(f.path))
            out << f.path + QLatin1String(": ") + f.message;
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestKitEveryProfile : public QObject {
    Q_OBJECT

private slots:
    void everyProfileFileIsFound() {
        // The glob itself: the built-ins and the test profiles named in the requirement, at least.
        const QStringList files = profileFilesOnDisk();
        for (const char *f : {"resources/profiles/app_outbox.json", "resources/profiles/wolverine_dead_letters.json",
                              "tests/profiles/uuid_outbox.json", "tests/support/profiles/library_outbox.json",
                              "tests/support/profiles/headofline/hol_queuelock.json"})
            QVERIFY2(files.contains(QLatin1String(f)), qPrintable(files.join(QLatin1Char(' '))));
        QVERIFY(files.filter(QStringLiteral("schema")).isEmpty()); // the JSON Schema is not a profile
    }

    void kitInstallsAndEveryActionRuns_data() {
        QTest::addColumn<QString>("file");
        for (const QString &f : profileFilesOnDisk())
            QTest::newRow(qPrintable(f)) << f;
    }
    void kitInstallsAndEveryActionRuns() {
        QFETCH(QString, file);
        QString error;
        const auto parsed = SchemaProfile::fromFile(QStringLiteral(OM_SOURCE_DIR "/") + file, &error);
        QVERIFY2(parsed, qPrintable(error));
        const SchemaProfile &p = *parsed;
        const ProfileTable table = profileTable(p.id);
        QVERIFY2(table.known, qPrintable(QStringLiteral("%1 (profile \"%2\"): this test cannot make its table %3; add the table's DDL to "
                                                        "profileTable() in tests/support/profiletables.cpp")
                                             .arg(file, p.id, p.qualifiedTable())));
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, table.seedFiles);
        if (!table.ddl.isEmpty())
            db->session().execScript(table.ddl);

        // Before the kit only what the kit makes may be missing: the audit table. (The column of an
        // existing audit table that carries the action id, which the kit adds, is a warning.)
        const QString before = errorsBut(ProfileCheck(p).run(db->session()), {QStringLiteral("audit.table")});
        QVERIFY2(before.isEmpty(), qPrintable(before));
        const QString suffix = QString::number(QRandomGenerator::global()->generate(), 36);
        const kit::KitRoles roles{QStringLiteral("kit_aud_") + suffix, QStringLiteral("kit_op_") + suffix};
        const KitSql kit(p, roles);
        QVERIFY2(kit.refusal().isEmpty(), qPrintable(kit.refusal()));
        QElapsedTimer clock;
        clock.start();
        bool applied = false;
        const QString output = psqlApplyInOneTransaction(*db, kit.script(), &applied);
        QVERIFY2(applied, qPrintable(output));
        const ProfileCheckReport after = ProfileCheck(p).run(db->session());
        QVERIFY2(after.ok(), qPrintable(after.lines(file).join(QLatin1Char('\n'))));

        const SchemaProfile installed = kit::withKitAudit(p);
        QCOMPARE(kit.installsFunction(), !p.actions.isEmpty());
        QCOMPARE(isTrue(db->scalar(QStringLiteral("SELECT to_regprocedure($1) IS NOT NULL"), {ActionFunctionSql(installed).signature()})),
                 kit.installsFunction());
        const QString login = QStringLiteral("kit_alice_") + suffix;
        db->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE %2").arg(sql::quoteIdentifier(login), sql::quoteIdentifier(roles.operatorRole)));
        const QString failed = exerciseEveryAction(*db, installed, login);
        qInfo("%s: kit and %lld action(s)%s in %lld ms", qPrintable(p.id), qint64(p.actions.size()), p.hasPurge() ? " and the purge" : "",
              qint64(clock.elapsed()));
        db->exec(QStringLiteral("DROP OWNED BY %1; DROP ROLE %1").arg(sql::quoteIdentifier(login)));
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }
};

OM_TEST_GUILESS_MAIN(TestKitEveryProfile)
#include "tst_kiteveryprofile.moc"
