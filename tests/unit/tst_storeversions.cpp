// SPDX-License-Identifier: GPL-3.0-or-later
// The local history file's version (core/store/storeschema.h): a file of the release before
// versions existed opens, keeps every row and is upgraded; a file a newer release wrote is
// refused with a sentence that names it, and left byte for byte as it was, also while that
// release still has it open.
#include "core/store/flowstore.h"
#include "core/store/historystore.h"
#include "core/store/sqlitefile.h"
#include "core/store/storeschema.h"
#include "storefixtures.h"
#include "testmain.h"

#include <QDir>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestStoreVersions : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    /// The files in `dir` with their sizes: what the refusal must not change (no WAL or shared
    /// memory file appears beside a refused store either).
    static QStringList listing(const QString &dir) {
        QStringList out;
        for (const QFileInfo &f : QDir(dir).entryInfoList(QDir::Files | QDir::Hidden, QDir::Name))
            out << QStringLiteral("%1 %2").arg(f.fileName()).arg(f.size());
        return out;
    }

    /// A store of this build at `file`, with one sample, closed.
    static void writeCurrentStore(const QString &file) {
        HistoryStore store(file);
        QString error;
        QVERIFY2(store.open(&error), qPrintable(error));
        QVERIFY(store.appendValues("conn-A", "app_outbox", kOldStoreT0, {{"waiting", 1.0}}));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void aNewFileGetsThisVersion() {
        const QString file = path("new/history.sqlite");
        {
            HistoryStore store(file);
            QString error;
            QVERIFY2(store.open(&error), qPrintable(error));
            QVERIFY(store.openError().isEmpty());
        }
        QCOMPARE(sqlite::headerVersion(file), storeschema::kVersion);
    }

    void aStoreOfTheReleaseBeforeVersionsKeepsItsHistoryAndIsUpgraded() {
        QTemporaryDir dir;
        const QString file = dir.filePath("history.sqlite");
        QString error;
        QVERIFY2(writeReleaseBeforeVersionsStore(file, &error), qPrintable(error));
        QCOMPARE(sqlite::headerVersion(file), 0);
        const QStringList before = dumpStore(file);
        QCOMPARE(before.size(), 2 + 4 + 2 + 2 + 1); // every table has its rows
        {
            HistoryStore history(file);
            FlowStore flow(file);
            QVERIFY2(history.open(&error), qPrintable(error));
            QVERIFY2(flow.open(&error), qPrintable(error));
            // The history as the new code reads it: the old samples, raw and by minute.
            const QList<HistoryPoint> pending = history.load("conn-A", "app_outbox", "state:PENDING", kOldStoreT0, kOldStoreT0 + 60000);
            QCOMPARE(pending.size(), 2);
            QCOMPARE(pending.at(0).avg, 10.0);
            QCOMPARE(pending.at(1).avg, 11.0);
            const QList<HistoryPoint> week =
                history.load("conn-A", "app_outbox", "waiting", kOldStoreT0 - 3 * 86400000LL, kOldStoreT0 + 4 * 86400000LL, 100);
            QCOMPARE(week.size(), 1); // from the minute rollup
            QCOMPARE(week.first().avg, 3.5);
            QCOMPARE(week.first().samples, 2);
            QCOMPARE(history.metrics("conn-A", "app_outbox"), QStringList({"state:PENDING", "waiting"}));
            const FlowStore::Span span = flow.span("conn-A", "app_outbox", 60);
            QCOMPARE(span.fromS, kOldStoreFlowFromS);
            QCOMPARE(span.toS, kOldStoreFlowFromS + 180);
            QCOMPARE(flow.load("conn-A", "app_outbox", 60, span.fromS, span.toS).size(), 2);
        }
        QCOMPARE(sqlite::headerVersion(file), storeschema::kVersion);
        QCOMPARE(dumpStore(file), before); // not a row lost or changed

        // And it goes on as a store of this release: new samples beside the old ones.
        HistoryStore again(file);
        QVERIFY2(again.open(&error), qPrintable(error));
        QVERIFY(again.appendValues("conn-A", "app_outbox", kOldStoreT0 + 10000, {{"state:PENDING", 12.0}}));
        QCOMPARE(again.rawCount("conn-A", "app_outbox", "state:PENDING"), qint64(3));
    }

    void aStoreOfANewerReleaseIsRefusedAndLeftAsItWas() {
        QTemporaryDir dir;
        const QString file = dir.filePath("history.sqlite");
        writeCurrentStore(file);
        if (QTest::currentTestFailed())
            return;
        QString error;
        QVERIFY2(markWrittenByNewerRelease(file, storeschema::kVersion + 1, &error), qPrintable(error));
        QCOMPARE(sqlite::headerVersion(file), storeschema::kVersion + 1);
        const QByteArray bytes = fileBytes(file);
        const QStringList files = listing(dir.path());
        {
            HistoryStore history(file);
            FlowStore flow(file);
            QVERIFY(!history.open(&error));
            QCOMPARE(error, history.openError());
            // One sentence of ours that names the file (its words are the translators').
            QVERIFY2(error.contains(QDir::toNativeSeparators(file)), qPrintable(error));
            QVERIFY2(error.contains(QString::number(storeschema::kVersion + 1)), qPrintable(error));
            QVERIFY(!history.isOpen());
            QVERIFY(!history.append("conn-A", Snapshot{}));
            QVERIFY(!flow.open(&error));
            QVERIFY(!flow.save("conn-A", "app_outbox", 60, 0, 60, {}));
        }
        QCOMPARE(fileBytes(file), bytes);
        QCOMPARE(listing(dir.path()), files);
    }

    // The newer release still has the file open: its version is in the WAL, not yet in the
    // header. SQLite sees it, and the file is refused before anything is written.
    void aStoreOfANewerReleaseStillOpenIsRefusedToo() {
        QTemporaryDir dir;
        const QString file = dir.filePath("history.sqlite");
        writeCurrentStore(file);
        if (QTest::currentTestFailed())
            return;
        const QString newer = QStringLiteral("newer-release");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), newer);
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery q(db);
            for (const QString &sql : {QStringLiteral("PRAGMA journal_mode=WAL"), QStringLiteral("PRAGMA wal_autocheckpoint=0"),
                                       QStringLiteral("CREATE TABLE later_release_table (x INTEGER)"),
                                       QStringLiteral("PRAGMA user_version = %1").arg(storeschema::kVersion + 1)})
                QVERIFY2(q.exec(sql), qPrintable(q.lastError().text()));
            QCOMPARE(sqlite::headerVersion(file), storeschema::kVersion); // only the WAL knows
            const QByteArray bytes = fileBytes(file);
            {
                HistoryStore history(file);
                QString error;
                QVERIFY(!history.open(&error));
                QVERIFY2(error.contains(QString::number(storeschema::kVersion + 1)), qPrintable(error));
            }
            QCOMPARE(fileBytes(file), bytes);
            q.exec(QStringLiteral("PRAGMA user_version"));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toInt(), storeschema::kVersion + 1); // the newer release's own view is intact
            q.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(newer);
    }

    // A second window opening the file finds it upgraded and changes nothing more (two opening it
    // at the same moment: tst_storewriters).
    void anUpgradedStoreIsNotUpgradedAgain() {
        QTemporaryDir dir;
        const QString file = dir.filePath("history.sqlite");
        QString error;
        QVERIFY2(writeReleaseBeforeVersionsStore(file, &error), qPrintable(error));
        const QStringList before = dumpStore(file);
        HistoryStore first(file);
        HistoryStore second(file);
        QVERIFY2(first.open(&error), qPrintable(error));
        QVERIFY2(second.open(&error), qPrintable(error));
        QCOMPARE(second.rawCount("conn-A", "app_outbox", "state:PENDING"), qint64(2));
        QCOMPARE(dumpStore(file), before);
    }

    void aFileThatIsNotAStoreIsReportedNotOverwritten() {
        QTemporaryDir dir;
        const QString file = dir.filePath("history.sqlite");
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(4096, 'x'));
        }
        HistoryStore store(file);
        QString error;
        QVERIFY(!store.open(&error));
        QVERIFY2(error.contains(QDir::toNativeSeparators(file)), qPrintable(error));
        QCOMPARE(fileBytes(file), QByteArray(4096, 'x'));
    }
};

OM_TEST_GUILESS_MAIN(TestStoreVersions)
#include "tst_storeversions.moc"
