// SPDX-License-Identifier: GPL-3.0-or-later
// The one-per-job helpers that replaced the copies: SQL text pieces, time conversion,
// age text, per-connection settings groups, and the CSV file that appears only when complete.
#include "core/common/countformat.h"
#include "core/common/csvfile.h"
#include "core/common/settingskey.h"
#include "core/common/timeconv.h"
#include "core/common/timeformat.h"
#include "core/model/messagepage.h"
#include "core/sql/sqltext.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>

using namespace om;

class TestSharedHelpers : public QObject {
    Q_OBJECT
private slots:
    void quoting_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("identifier");
        QTest::addColumn<QString>("literal");
        // clang-format off
        QTest::newRow("plain") << "status" << "\"status\"" << "'status'";
        QTest::newRow("quotes") << "a\"b'c" << "\"a\"\"b'c\"" << "'a\"b''c'";
        QTest::newRow("backslash") << "a\\b" << "\"a\\b\"" << "'a\\b'";
        QTest::newRow("empty") << "" << "\"\"" << "''";
        // clang-format on
    }
    void quoting() {
        QFETCH(QString, in);
        QFETCH(QString, identifier);
        QFETCH(QString, literal);
        QCOMPARE(sql::quoteIdentifier(in), identifier);
        QCOMPARE(sql::quoteLiteral(in), literal);
    }

    void identifierListQuotesEachName() {
        QCOMPARE(sql::quoteIdentifierList({QStringLiteral("retry_count"), QStringLiteral("Max \"tries\"")}),
                 QStringLiteral("\"retry_count\", \"Max \"\"tries\"\"\""));
        QCOMPARE(sql::quoteIdentifierList({}), QString());
    }

    void paramsNumberInOrder() {
        QVariantList params{QStringLiteral("already there")};
        QCOMPARE(sql::param(params, 7), QStringLiteral("$2"));
        QCOMPARE(sql::param(params, QVariant()), QStringLiteral("$3"));
        QCOMPARE(params.size(), 3);
        QVERIFY(params.at(2).isNull());
    }

    void likeEscaping_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("escaped");
        // clang-format off
        QTest::newRow("plain") << "ORDER-1" << "ORDER-1";
        QTest::newRow("wildcards") << "50%_off" << "50\\%\\_off";
        QTest::newRow("escape char") << "a\\b" << "a\\\\b";
        // clang-format on
    }
    void likeEscaping() {
        QFETCH(QString, in);
        QFETCH(QString, escaped);
        QCOMPARE(sql::likeEscape(in), escaped);
        QCOMPARE(sql::likeContains(in), QLatin1Char('%') + escaped + QLatin1Char('%'));
    }

    void epochRoundsToNearestMillisecond_data() {
        QTest::addColumn<QVariant>("seconds");
        QTest::addColumn<qint64>("ms");
        QTest::newRow("text, rounds down") << QVariant(QStringLiteral("1764582000.1234")) << qint64(1764582000123);
        QTest::newRow("text, rounds up") << QVariant(QStringLiteral("1764582000.1236")) << qint64(1764582000124);
        QTest::newRow("double") << QVariant(1764582000.9996) << qint64(1764582001000);
    }
    void epochRoundsToNearestMillisecond() {
        QFETCH(QVariant, seconds);
        QFETCH(qint64, ms);
        const QDateTime t = fromEpochSeconds(seconds);
        QCOMPARE(t.toMSecsSinceEpoch(), ms);
        QCOMPARE(t.timeSpec(), Qt::UTC);
    }
    void nullEpochIsInvalid() { QVERIFY(!fromEpochSeconds(QVariant()).isValid()); }

    void isoUtcWhateverTheZone() {
        const QDateTime tokyo(QDate(2026, 12, 1), QTime(18, 30, 0, 5), Qt::OffsetFromUTC, 9 * 3600);
        QCOMPARE(isoUtc(tokyo), QStringLiteral("2026-12-01T09:30:00.005Z"));
    }

    void ageText_data() {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("seconds") << 42.9 << "42 s";
        QTest::newRow("minutes") << 17 * 60.0 + 59 << "17 min";
        QTest::newRow("hours") << 3 * 3600.0 + 5 * 60 << "3 h 05 min";
        QTest::newRow("days") << 2 * 86400.0 + 4 * 3600 << "2 d 04 h";
        QTest::newRow("unknown") << -1.0 << "";
    }
    void ageText() {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(formatAge(seconds), text);
    }

    void spanText_data() {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("minutes") << qint64(45 * 60) << "45 min";
        QTest::newRow("an hour") << qint64(3600) << "1 h";
        QTest::newRow("hour and a half") << qint64(5400) << "1 h 30 min";
        QTest::newRow("a day stays in hours") << qint64(86400) << "24 h";
        QTest::newRow("48 hours") << qint64(48 * 3600) << "48 h";
        QTest::newRow("past 48 hours in days") << qint64(54 * 3600) << "2 d 06 h";
        QTest::newRow("a week") << qint64(7 * 86400) << "7 d";
        QTest::newRow("30 days") << qint64(30 * 86400 + 59) << "30 d";
    }
    void spanText() {
        QFETCH(qint64, seconds);
        QFETCH(QString, text);
        QCOMPARE(formatSpan(seconds), text);
    }

    // Thousands separators also under the C locale (cron, SSH), which omits them by default.
    void countsHaveSeparators() {
        const QLocale saved;
        QLocale::setDefault(QLocale::c());
        QCOMPARE(formatCount(1234567), QStringLiteral("1,234,567"));
        QCOMPARE(formatCount(999), QStringLiteral("999"));
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(formatCount(1234567), QStringLiteral("1.234.567"));
        QLocale::setDefault(saved);
    }

    void localMinutesNameTheZone() {
        const QDateTime t(QDate(2026, 12, 1), QTime(9, 30, 12), Qt::UTC);
        const QString text = formatLocalMinutes(t);
        QVERIFY2(text.startsWith(t.toLocalTime().toString("yyyy-MM-dd HH:mm ")), qPrintable(text));
        QVERIFY(text.size() > 17);
    }

    /// A list read to its end is the count; no count says fewer rows than the list shows.
    void aCountGivesWayToTheListItStandsBeside() {
        const MatchCount estimate{30, true, false};
        const MatchCount complete = estimate.withListed(0, true);
        QCOMPARE(complete.n, 0);
        QVERIFY(!complete.estimated && !complete.atLeast);
        const MatchCount under = estimate.withListed(650, false);
        QCOMPARE(under.n, 650);
        QVERIFY(!under.estimated && under.atLeast);
        const MatchCount over = estimate.withListed(10, false); // the list has more to read
        QCOMPARE(over.n, 30);
        QVERIFY(over.estimated);
        const MatchCount exact{1476, false, false};
        QCOMPARE(exact.withListed(650, false).n, 1476);
        QVERIFY(!exact.withListed(650, false).atLeast);
    }

    void settingsGroupIsOneLevel() {
        const QString g = connectionSettingsGroup(QStringLiteral("triage"), QStringLiteral("db.example:5432/app/app_outbox"));
        QCOMPARE(g.count(QLatin1Char('/')), 1);
        QVERIFY(g.startsWith(QStringLiteral("triage/")));
        QCOMPARE(QString::fromUtf8(QByteArray::fromPercentEncoding(g.mid(7).toLatin1())),
                 QStringLiteral("db.example:5432/app/app_outbox"));
    }

    void csvFileAppearsOnlyWhenCommitted() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.csv"));
        CsvFile f(path);
        QString error;
        QVERIFY(f.open(&error));
        f.writeRecord({QStringLiteral("id"), QStringLiteral("text, with comma")});
        QVERIFY(!QFile::exists(path));
        QVERIFY(f.commit(&error));
        QFile in(path);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QCOMPARE(in.readAll(), QByteArray("id,\"text, with comma\"\r\n"));
    }

    void discardedCsvFileLeavesTheOldOneAlone() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.csv"));
        {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("older export\r\n");
        }
        {
            CsvFile f(path);
            QString error;
            QVERIFY(f.open(&error));
            f.writeRecord({QStringLiteral("partial")});
            f.discard();
        }
        {
            CsvFile f(path); // destroyed without commit: same as discard
            QString error;
            QVERIFY(f.open(&error));
            f.writeRecord({QStringLiteral("partial")});
        }
        QFile in(path);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QCOMPARE(in.readAll(), QByteArray("older export\r\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary file left
    }

    void csvFileInAMissingFolderFailsToOpen() {
        CsvFile f(QStringLiteral("/nonexistent-om-dir/out.csv"));
        QString error;
        QVERIFY(!f.open(&error));
        QVERIFY(!error.isEmpty());
    }
};

OM_TEST_GUILESS_MAIN(TestSharedHelpers)
#include "tst_sharedhelpers.moc"
