// SPDX-License-Identifier: GPL-3.0-or-later
// Two windows of the program on one computer write the same local history file: two real
// processes (this program started again as a writer) append snapshots and cache flow buckets into
// one store at the same moment, starting from a new file and from one of the release before
// versions, which both then open and upgrade together. Every row of both must be there and
// neither may have met "database is locked".
#include "core/store/flowstore.h"
#include "core/store/historystore.h"
#include "core/store/sqlitefile.h"
#include "core/store/storeschema.h"
#include "storefixtures.h"
#include "testmain.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

using namespace om;
using namespace om::test;

namespace {

constexpr qint64 kT0 = 1700000000000; // ms; both writers' samples lie within the retention of the newest
constexpr int kSnapshots = 300;       // per writer and round
const QString kKey = QStringLiteral("conn-shared");
const QString kProfile = QStringLiteral("app_outbox");
const char kWriterArg[] = "--write-store";

Snapshot snapshotAt(qint64 tMs, qint64 n) {
    Snapshot s;
    s.profileId = kProfile;
    s.serverTime = QDateTime::fromMSecsSinceEpoch(tMs, Qt::UTC);
    s.states = {{"PENDING", "waiting", n, false}, {"FAILED", "failed", n % 7, false}, {"SENT", "done", 1000 + n, true}};
    s.waiting = n;
    s.oldestWaitingAgeS = double(n);
    s.stuck = n % 3;
    s.nearMaxRetry = n % 5;
    return s;
}

/// The writer: `--write-store FILE WRITER` opens the store as a window does (history and flow
/// cache, each through its own connection), says "ready", waits for "go" on stdin, then appends
/// kSnapshots snapshots of the shared connection at its own times (writer 0 on whole seconds,
/// writer 1 half a second later) and caches one flow bucket per snapshot under its own key. Every
/// failure is a line on stderr; the exit code is their number.
int writerMain(int argc, char **argv) {
    if (argc != 4)
        return 100;
    const QString file = QString::fromLocal8Bit(argv[2]);
    const int writer = std::atoi(argv[3]);
    HistoryStore history(file);
    FlowStore flow(file);
    QString error;
    int failures = 0;
    if (!history.open(&error) || !flow.open(&error)) {
        std::fprintf(stderr, "open: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("ready\n");
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line) || line != "go")
        return 101;
    const QString flowKey = QStringLiteral("window-%1").arg(writer);
    const qint64 flowFrom = 1700000040;
    for (int i = 0; i < kSnapshots; ++i) {
        if (!history.append(kKey, snapshotAt(kT0 + qint64(i) * 1000 + writer * 500, i))) {
            std::fprintf(stderr, "append %d failed\n", i);
            ++failures;
        }
        const qint64 from = flowFrom + qint64(i) * 60;
        if (!flow.save(flowKey, kProfile, 60, from, from + 60, {FlowBucket{from, i, i, 0}})) {
            std::fprintf(stderr, "flow save %d failed\n", i);
            ++failures;
        }
    }
    return failures;
}

} // namespace

class TestStoreWriters : public QObject {
    Q_OBJECT

    /// Runs two writers on `file` at the same moment; each one's exit code and stderr.
    struct Outcome {
        int exitCode = -1;
        QString err;
        /// What the writer said on stderr apart from the store's note that it upgraded the file.
        QStringList problems() const {
            QStringList out;
            for (const QString &line : err.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                if (!upgradeNote(line))
                    out << line;
            return out;
        }
        static bool upgradeNote(const QString &line) {
            return line.startsWith(QLatin1String("om.store: store")) && line.contains(QLatin1String("upgraded from version 0 to 1"));
        }
    };
    static QList<Outcome> runTwoWriters(const QString &file) {
        QList<Outcome> out(2);
        QProcess writers[2];
        for (int w = 0; w < 2; ++w) {
            writers[w].setProgram(QCoreApplication::applicationFilePath());
            writers[w].setArguments({QLatin1String(kWriterArg), file, QString::number(w)});
            writers[w].start();
        }
        // Both have the file open (and, for an old file, have upgraded it, one of them waiting for
        // the other) before either writes: then they write at once.
        for (QProcess &p : writers) {
            if (!p.waitForStarted(60000))
                return out;
            QByteArray said;
            while (!said.contains("ready\n") && p.state() == QProcess::Running && p.waitForReadyRead(60000))
                said += p.readAllStandardOutput();
        }
        // Written through at once to both (QProcess otherwise sends it from the event loop, that is
        // while waiting for the first writer to finish: the two would run one after the other).
        for (QProcess &p : writers) {
            p.write("go\n");
            p.waitForBytesWritten(60000);
        }
        for (int w = 0; w < 2; ++w) {
            // waitForFinished() is false also for a writer that had already ended (one that could
            // not open the store ends before "go"): only one still running did not finish.
            if (!writers[w].waitForFinished(300000) && writers[w].state() != QProcess::NotRunning) {
                writers[w].kill();
                writers[w].waitForFinished();
                out[w].err = QStringLiteral("writer did not finish in 300 s");
                continue;
            }
            out[w].exitCode = writers[w].exitStatus() == QProcess::NormalExit ? writers[w].exitCode() : -2;
            out[w].err = QString::fromLocal8Bit(writers[w].readAllStandardError());
        }
        return out;
    }

    /// Every snapshot of both writers is in `file`: each metric holds 2 × kSnapshots raw samples
    /// at the writers' times, the minute rollup counts them all, and each writer's flow key holds
    /// its kSnapshots buckets in one span.
    static void everyRowOfBothIsThere(const QString &file) {
        HistoryStore store(file);
        QString error;
        QVERIFY2(store.open(&error), qPrintable(error));
        const QStringList metrics = {"state:PENDING", "state:FAILED", "state:SENT", "waiting", "oldest", "stuck", "nearMax"};
        QCOMPARE(store.metrics(kKey, kProfile), QStringList({"nearMax", "oldest", "state:FAILED", "state:PENDING", "state:SENT",
                                                             "stuck", "waiting"}));
        const qint64 end = kT0 + qint64(kSnapshots) * 1000;
        for (const QString &m : metrics) {
            QCOMPARE(store.rawCount(kKey, kProfile, m), qint64(2 * kSnapshots));
            // Raw points: 2 × kSnapshots of them, at both writers' times, none missing.
            const QList<HistoryPoint> raw = store.load(kKey, kProfile, m, kT0, end, 2 * kSnapshots);
            QCOMPARE(raw.size(), 2 * kSnapshots);
            for (int i = 0; i < raw.size(); ++i)
                QCOMPARE(raw.at(i).tMs, kT0 + qint64(i) * 500);
            // The rollup saw every one of them (each minute's sum of n).
            qint64 rolled = 0;
            for (const HistoryPoint &p : store.load(kKey, kProfile, m, kT0 - 86400000LL, end + 86400000LL, 10))
                rolled += p.samples;
            QCOMPARE(rolled, qint64(2 * kSnapshots));
        }
        FlowStore flow(file);
        QVERIFY2(flow.open(&error), qPrintable(error));
        for (int w = 0; w < 2; ++w) {
            const QString key = QStringLiteral("window-%1").arg(w);
            const FlowStore::Span span = flow.span(key, kProfile, 60);
            QCOMPARE(span.toS - span.fromS, qint64(kSnapshots) * 60);
            QCOMPARE(flow.load(key, kProfile, 60, span.fromS, span.toS).size(), kSnapshots);
        }
    }

private slots:
    // Two windows started at the same moment on a new file, a few times over: each first append
    // creates its series while the other window writes (where a deferred transaction that read
    // first lost its samples to "database is locked"; about one start in three before the fix).
    void twoProcessesWriteOneNewStore() {
        for (int round = 0; round < 5; ++round) {
            QTemporaryDir dir;
            const QString file = dir.filePath("history.sqlite");
            QElapsedTimer timer;
            timer.start();
            const QList<Outcome> outcomes = runTwoWriters(file);
            qInfo("round %d: two writers, %d snapshots each, into a new store: %lld ms", round, kSnapshots, timer.elapsed());
            for (const Outcome &o : outcomes) {
                QVERIFY2(o.exitCode == 0 && o.problems().isEmpty(),
                         qPrintable(QStringLiteral("round %1, exit %2: %3").arg(round).arg(o.exitCode).arg(o.err)));
                QVERIFY2(!o.err.contains(QLatin1String("upgraded")), qPrintable(o.err)); // a new file is created, not upgraded
            }
            everyRowOfBothIsThere(file);
            if (QTest::currentTestFailed())
                return;
        }
    }

    // Two windows of the new release started at once on the previous release's file: one
    // upgrades it while the other waits, then both write; the old rows stay.
    void twoProcessesUpgradeAndWriteAnOldStore() {
        QTemporaryDir dir;
        const QString file = dir.filePath("history.sqlite");
        QString error;
        QVERIFY2(writeReleaseBeforeVersionsStore(file, &error), qPrintable(error));
        const QStringList old = dumpStore(file);
        QElapsedTimer timer;
        timer.start();
        const QList<Outcome> outcomes = runTwoWriters(file);
        qInfo("two writers, %d snapshots each, into an upgraded store: %lld ms", kSnapshots, timer.elapsed());
        int upgrades = 0;
        for (const Outcome &o : outcomes) {
            QVERIFY2(o.exitCode == 0 && o.problems().isEmpty(), qPrintable(QStringLiteral("exit %1: %2").arg(o.exitCode).arg(o.err)));
            upgrades += int(o.err.count(QLatin1String("upgraded from version 0 to 1")));
        }
        QCOMPARE(upgrades, 1); // one of the four connections upgraded it; the others found it done
        QCOMPARE(sqlite::headerVersion(file), storeschema::kVersion);
        everyRowOfBothIsThere(file);
        const QStringList now = dumpStore(file);
        for (const QString &row : old)
            QVERIFY2(now.contains(row), qPrintable(row));
    }
};

// As OM_TEST_GUILESS_MAIN, and the writer when started with kWriterArg.
OM_TEST_MAIN_WRAPPER(TestStoreWriters, QTEST_QAPP_SETUP(QCoreApplication) if (argc > 1 && std::strcmp(argv[1], kWriterArg) == 0) return writerMain(argc, argv);)
#include "tst_storewriters.moc"
