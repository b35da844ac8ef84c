// SPDX-License-Identifier: GPL-3.0-or-later
// "On its last try" and "one short" for each way a library counts its tries (the profile's
// "retries"), on a job table the test makes (tests/support/profiles/counting/). Every pair of a
// state, a counter value and a limit is there; brute-force SQL written here from the rule's
// description enumerates each job's attempts left and is compared with the snapshot's near-max
// numbers and with Triage's Near max list.
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "listpages.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

QJsonObject fixtureJson() { return QJsonDocument::fromJson(sourceText(QStringLiteral("tests/support/profiles/counting/counted_job.json")).toUtf8()).object(); }

/// The fixture with `retries` as its counting (an empty object: the default), and with the
/// maximum a constant instead of the column when `constant` > 0.
std::optional<SchemaProfile> counted(const QJsonObject &retries, int constant, QString *error) {
    QJsonObject o = fixtureJson();
    if (retries.isEmpty())
        o.remove(QStringLiteral("retries"));
    else
        o.insert(QStringLiteral("retries"), retries);
    if (constant > 0) {
        QJsonObject columns = o.value(QStringLiteral("columns")).toObject();
        columns.remove(QStringLiteral("maxRetries"));
        o.insert(QStringLiteral("columns"), columns);
        o.insert(QStringLiteral("maxRetries"), constant);
    }
    return SchemaProfile::fromJson(QJsonDocument(o).toJson(), error);
}

} // namespace

class TestRetryCounting : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    /// Every open state with every counter value 0-7 against every limit 1-6 (and no limit),
    /// twice each, and finished jobs that must never count.
    void fill() {
        m_db->exec(QStringLiteral(
            "INSERT INTO counted_job (queue, status, tries, max_tries) "
            "SELECT 'q' || (t % 3), s, t, m FROM unnest(ARRAY['queued', 'retry', 'claimed', 'running', 'done', 'dead']) s, "
            "generate_series(0, 7) t, (SELECT generate_series(1, 6) UNION ALL SELECT NULL) l(m), generate_series(1, 2) twice"));
        m_db->exec(QStringLiteral("ANALYZE counted_job"));
    }

    /// The attempts each open job may still make, counting the one running now (claimed or
    /// running) or the next one (queued, retry), from the rule as its description says it:
    /// the attempt's number n is the counter when the counter already holds the running attempt
    /// (it moves when a worker claims the job, and the job is claimed or running), else one more;
    /// the attempts allowed are the maximum, plus the first attempt when the maximum is of retries.
    QMap<qint64, qint64> attemptsLeft(bool movesAtClaim, bool limitOfRetries, int constant) {
        const QString max = constant > 0 ? QString::number(constant) : QStringLiteral("max_tries");
        const QString sql = QStringLiteral(
            "WITH j AS (SELECT id, CASE WHEN %1 AND status IN ('claimed', 'running') THEN tries ELSE tries + 1 END AS n, "
            "%2 + %3 AS allowed FROM counted_job WHERE status IN ('queued', 'retry', 'claimed', 'running')) "
            "SELECT id, (SELECT count(*) FROM generate_series(j.n, j.allowed)) FROM j WHERE j.allowed IS NOT NULL")
                                .arg(movesAtClaim ? QStringLiteral("true") : QStringLiteral("false"), max, limitOfRetries ? QStringLiteral("1") : QStringLiteral("0"));
        QMap<qint64, qint64> out;
        for (const QVariantList &r : m_db->rows(sql))
            out.insert(r.at(0).toLongLong(), r.at(1).toLongLong());
        return out;
    }

private slots:
    void init() { OM_CREATE_TEST_DATABASE(m_db, QStringList{}); }
    void cleanup() { m_db.reset(); }

    void lastTryAndOneShort_data() {
        QTest::addColumn<QJsonObject>("retries");
        QTest::addColumn<bool>("movesAtClaim");
        QTest::addColumn<bool>("limitOfRetries");
        QTest::addColumn<int>("constant");
        const QJsonObject attempts{{QStringLiteral("counts"), QStringLiteral("attempts")}};
        const QJsonObject failuresAtClaim{{QStringLiteral("counts"), QStringLiteral("failures")}, {QStringLiteral("movesAt"), QStringLiteral("claim")}};
        const QJsonObject failuresOfAttempts{{QStringLiteral("counts"), QStringLiteral("failures")}, {QStringLiteral("limit"), QStringLiteral("attempts")}};
        const QJsonObject attemptsOfRetries{{QStringLiteral("counts"), QStringLiteral("attempts")}, {QStringLiteral("limit"), QStringLiteral("retries")}};
        for (const int constant : {0, 1, 3}) {
            const QByteArray limit = constant > 0 ? QByteArray(", maxRetries: ") + QByteArray::number(constant) : QByteArray(", own limit");
            QTest::newRow((QByteArray("default: failures at failure, limit of retries") + limit).constData()) << QJsonObject() << false << true << constant;
            QTest::newRow((QByteArray("attempts at claim, limit of attempts") + limit).constData()) << attempts << true << false << constant;
            QTest::newRow((QByteArray("failures counted at claim, limit of retries") + limit).constData()) << failuresAtClaim << true << true << constant;
            QTest::newRow((QByteArray("failures at failure, limit of attempts") + limit).constData()) << failuresOfAttempts << false << false << constant;
            QTest::newRow((QByteArray("attempts at claim, limit of retries") + limit).constData()) << attemptsOfRetries << true << true << constant;
        }
    }
    void lastTryAndOneShort() {
        QFETCH(QJsonObject, retries);
        QFETCH(bool, movesAtClaim);
        QFETCH(bool, limitOfRetries);
        QFETCH(int, constant);
        QString error;
        const auto p = counted(retries, constant, &error);
        QVERIFY2(p, qPrintable(error));
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/counting/counted_job.sql")));
        m_db->session().execScript(KitSql(*p).script());
        fill();
        const ProfileCheckReport check = ProfileCheck(*p).run(m_db->session());
        QVERIFY2(check.ok(), qPrintable(check.lines(QString()).join(QLatin1Char('\n'))));

        const QMap<qint64, qint64> left = attemptsLeft(movesAtClaim, limitOfRetries, constant);
        QSet<qint64> last, short1;
        for (auto it = left.cbegin(); it != left.cend(); ++it) {
            if (it.value() <= 1)
                last.insert(it.key());
            else if (it.value() == 2)
                short1.insert(it.key());
        }
        QVERIFY(!last.isEmpty());

        const Snapshot s = SnapshotQuery(*p).run(m_db->session(), false);
        QVERIFY(s.nearMaxRetry && s.atMaxRetry);
        QCOMPARE(*s.atMaxRetry, qint64(last.size()));
        QCOMPARE(*s.nearMaxRetry - *s.atMaxRetry, qint64(short1.size()));

        QSet<qint64> listed;
        for (const MessageRow &r : allListPages(m_db->session(), *p, ListFilter::View::NearMaxRetry, 97))
            listed.insert(r.id.number());
        QCOMPARE(listed, last + short1);
    }

    /// A job with a limit of 1 is on its last try before it ever runs, when the limit counts
    /// attempts; the default rule (a limit of retries) has it one short. Neither is left out.
    void aLimitOfOneCounts() {
        QString error;
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/counting/counted_job.sql")));
        const auto p = counted(QJsonObject{{QStringLiteral("counts"), QStringLiteral("attempts")}}, 0, &error);
        QVERIFY2(p, qPrintable(error));
        m_db->session().execScript(KitSql(*p).script());
        m_db->exec(QStringLiteral("INSERT INTO counted_job (queue, status, tries, max_tries) VALUES ('q', 'queued', 0, 1), ('q', 'running', 1, 1)"));
        Snapshot s = SnapshotQuery(*p).run(m_db->session(), false);
        QCOMPARE(*s.atMaxRetry, qint64(2));
        QCOMPARE(*s.nearMaxRetry, qint64(2));
        const auto byDefault = counted(QJsonObject(), 0, &error);
        QVERIFY2(byDefault, qPrintable(error));
        s = SnapshotQuery(*byDefault).run(m_db->session(), false);
        // Failures against a limit of retries: the running job has failed once, so no retry is left;
        // the queued one, none yet, is one short.
        QCOMPARE(*s.atMaxRetry, qint64(1));
        QCOMPARE(*s.nearMaxRetry, qint64(2));
    }

    /// The near-max index an earlier kit made (bounded by greatest(maximum - 1, 1), which left out
    /// the rows with a limit of 1) is built again when the kit is applied: the queries no longer
    /// imply its predicate.
    void anEarlierNearMaxIndexIsBuiltAgain() {
        QString error;
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/counting/counted_job.sql")));
        m_db->exec(QStringLiteral("CREATE INDEX ix_counted_job_near_max_keyset ON counted_job (created_at, id) INCLUDE (tries, max_tries) "
                                  "WHERE status IN ('queued', 'retry', 'claimed', 'running') AND tries >= greatest(max_tries - 1, 1)"));
        const auto p = counted(QJsonObject(), 0, &error);
        QVERIFY2(p, qPrintable(error));
        m_db->session().execScript(KitSql(*p).script());
        const QString def = m_db->scalar(QStringLiteral("SELECT pg_get_indexdef('ix_counted_job_near_max_keyset'::regclass)")).toString();
        QVERIFY2(!def.contains(QLatin1String("greatest")) && def.contains(QLatin1String("(max_tries - 1)")), qPrintable(def));
    }

    /// Wrong input is refused with a message that names the key and the words it takes.
    void wrongCountingIsRefused_data() {
        QTest::addColumn<QJsonObject>("retries");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown counter") << QJsonObject{{QStringLiteral("counts"), QStringLiteral("tries")}} << "retries.counts";
        QTest::newRow("unknown moment") << QJsonObject{{QStringLiteral("movesAt"), QStringLiteral("start")}} << "retries.movesAt";
        QTest::newRow("unknown limit") << QJsonObject{{QStringLiteral("limit"), QStringLiteral("failures")}} << "retries.limit";
        QTest::newRow("attempts counted at failure")
            << QJsonObject{{QStringLiteral("counts"), QStringLiteral("attempts")}, {QStringLiteral("movesAt"), QStringLiteral("failure")}} << "claim";
        QTest::newRow("unknown key") << QJsonObject{{QStringLiteral("count"), QStringLiteral("attempts")}} << "unknown key";
    }
    void wrongCountingIsRefused() {
        QFETCH(QJsonObject, retries);
        QFETCH(QString, named);
        QString error;
        QVERIFY(!counted(retries, 0, &error));
        QVERIFY2(error.contains(named), qPrintable(error));
        QJsonObject o = fixtureJson();
        QJsonObject columns = o.value(QStringLiteral("columns")).toObject();
        columns.remove(QStringLiteral("retries"));
        o.insert(QStringLiteral("columns"), columns);
        o.remove(QStringLiteral("nearMaxRetry"));
        QVERIFY(!SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error));
        QVERIFY2(error.contains(QLatin1String("columns.retries")), qPrintable(error));
    }
};

OM_TEST_GUILESS_MAIN(TestRetryCounting)
#include "tst_retrycounting.moc"
