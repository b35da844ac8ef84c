// SPDX-License-Identifier: GPL-3.0-or-later
// Several stuck clocks on one table (tests/support/profiles/counting/): a job claimed by a worker
// but not started is stale after 60 s from its claim, a running one past its own timeout from its
// start (or 30 min without one). Brute-force SQL of that rule, written here from its description,
// is compared with the snapshot's stuck count, the Stuck list and its "Past timeout by" ages, and
// with Recover stuck through the kit's function.
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "actionfixture.h"
#include "listpages.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

const char *const kFixture = "tests/support/profiles/counting/counted_job";

QJsonObject fixtureJson() { return QJsonDocument::fromJson(sourceText(QString::fromLatin1(kFixture) + QStringLiteral(".json")).toUtf8()).object(); }

// The rule, as a reader of the profile writes it.
const char *const kStuck = "(status = 'claimed' AND claimed_at < now() - interval '60 seconds') "
                           "OR (status = 'running' AND started_at < now() - coalesce(run_timeout_s * interval '1 second', interval '30 minutes'))";
const char *const kDeadline = "CASE status WHEN 'claimed' THEN claimed_at + interval '60 seconds' "
                              "ELSE started_at + coalesce(run_timeout_s * interval '1 second', interval '30 minutes') END";

} // namespace

class TestStuckClocks : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    SchemaProfile setUp() {
        m_db->session().execScript(sourceText(QString::fromLatin1(kFixture) + QStringLiteral(".sql")));
        const SchemaProfile p = profileFile(QString::fromLatin1(kFixture) + QStringLiteral(".json"));
        m_db->session().execScript(KitSql(p).script());
        return p;
    }

    /// Claimed jobs at claim ages on both sides of 60 s, running jobs at start ages and with own
    /// timeouts on both sides of theirs (the closest: 10 s against 20 s), so the answer cannot
    /// change while the test reads. Every claimed job started long ago by its start column, and
    /// every running job was claimed long ago: a rule reading the wrong clock would differ.
    void fill() {
        m_db->exec(QStringLiteral("SELECT setseed(0.17)"));
        m_db->exec(QStringLiteral(
            "INSERT INTO counted_job (queue, status, tries, max_tries, run_timeout_s, claimed_at, started_at) "
            "SELECT 'q' || (g % 5), 'claimed', 1, 5, (ARRAY[NULL, 20, 3600])[1 + g % 3], "
            "       now() - (ARRAY[interval '10 seconds', interval '30 seconds', interval '2 minutes', interval '40 minutes'])[1 + (random() * 3)::int], "
            "       now() - interval '3 hours' FROM generate_series(1, 300) g"));
        m_db->exec(QStringLiteral(
            "INSERT INTO counted_job (queue, status, tries, max_tries, run_timeout_s, claimed_at, started_at) "
            "SELECT 'q' || (g % 5), 'running', 1, 5, (ARRAY[NULL, 20, 300, 3600])[1 + (random() * 3)::int], now() - interval '3 hours', "
            "       now() - (ARRAY[interval '10 seconds', interval '40 seconds', interval '2 minutes', interval '10 minutes', "
            "                      interval '45 minutes', interval '2 hours'])[1 + (random() * 5)::int] "
            "FROM generate_series(1, 600) g"));
        m_db->exec(QStringLiteral("INSERT INTO counted_job (queue, status, claimed_at, started_at) SELECT 'q', s, now() - interval '3 hours', "
                                  "now() - interval '3 hours' FROM unnest(ARRAY['queued', 'retry', 'done', 'dead']) s, generate_series(1, 50)"));
        m_db->exec(QStringLiteral("ANALYZE counted_job"));
    }

    qint64 count(const QString &where) { return m_db->scalar(QStringLiteral("SELECT count(*) FROM counted_job WHERE %1").arg(where)).toLongLong(); }
    QSet<qint64> ids(const QString &where) {
        QSet<qint64> out;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT id FROM counted_job WHERE %1").arg(where)))
            out.insert(r.at(0).toLongLong());
        return out;
    }

    static std::optional<SchemaProfile> changed(const std::function<void(QJsonObject &stuck)> &change, QString *error) {
        QJsonObject o = fixtureJson();
        QJsonObject stuck = o.value(QStringLiteral("stuck")).toObject();
        change(stuck);
        o.insert(QStringLiteral("stuck"), stuck);
        return SchemaProfile::fromJson(QJsonDocument(o).toJson(), error);
    }

private slots:
    void init() { OM_CREATE_TEST_DATABASE(m_db, QStringList{}); }
    void cleanup() { m_db.reset(); }

    void eachStateByItsOwnClock() {
        const SchemaProfile p = setUp();
        fill();
        const ProfileCheckReport check = ProfileCheck(p).run(m_db->session());
        QVERIFY2(check.ok(), qPrintable(check.lines(QString()).join(QLatin1Char('\n'))));

        const QSet<qint64> stuck = ids(QString::fromLatin1(kStuck));
        // Both clocks have stuck and fresh rows, and each clock alone would give another answer.
        QVERIFY(count(QStringLiteral("status = 'claimed' AND (%1)").arg(QLatin1String(kStuck))) > 0);
        QVERIFY(count(QStringLiteral("status = 'claimed' AND NOT (%1)").arg(QLatin1String(kStuck))) > 0);
        QVERIFY(count(QStringLiteral("status = 'running' AND (%1)").arg(QLatin1String(kStuck))) > 0);
        QVERIFY(count(QStringLiteral("status = 'running' AND NOT (%1)").arg(QLatin1String(kStuck))) > 0);

        const Snapshot s = SnapshotQuery(p).run(m_db->session(), false);
        QCOMPARE(s.stuck, qint64(stuck.size()));
        QVERIFY(s.stuckByOwnTimeout);

        // The Stuck list: the same rows, each aged from its deadline (the clock's start plus its
        // timeout), not from its start.
        QMap<qint64, double> pastDeadline;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT id, extract(epoch FROM now() - (%1))::float8 FROM counted_job WHERE %2")
                                                    .arg(QLatin1String(kDeadline), QLatin1String(kStuck))))
            pastDeadline.insert(r.at(0).toLongLong(), r.at(1).toDouble());
        QSet<qint64> listed;
        for (const MessageRow &r : allListPages(m_db->session(), p, ListFilter::View::Stuck, 97)) {
            listed.insert(r.id.number());
            QVERIFY2(qAbs(r.ageSeconds - pastDeadline.value(r.id.number(), -1e9)) < 5,
                     qPrintable(QStringLiteral("%1: %2 against %3").arg(r.id.number()).arg(r.ageSeconds).arg(pastDeadline.value(r.id.number()))));
        }
        QCOMPARE(listed, stuck);

        // Recover stuck on every claimed and running job: the kit's function moves exactly the
        // stuck ones, each with its audit row.
        const QSet<qint64> inFlight = ids(QStringLiteral("status IN ('claimed', 'running')"));
        const ActionResult result = ActionRunner(p).run(m_db->session(), actionRequest(QStringLiteral("recoverStuck"), QList<qint64>(inFlight.cbegin(), inFlight.cend())));
        QCOMPARE(result.changed(), qint64(stuck.size()));
        const QList<qint64> stuckIds(stuck.cbegin(), stuck.cend());
        QCOMPARE(auditCount(*m_db, p, stuckIds, QStringLiteral("RECOVER")), qint64(stuck.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM counted_job WHERE id = ANY($1::bigint[]) AND status = 'queued'"), {idArray(stuckIds)})
                     .toLongLong(),
                 qint64(stuck.size()));
        QCOMPARE(count(QStringLiteral("status IN ('claimed', 'running')")), qint64(inFlight.size() - stuck.size()));
        QCOMPARE(SnapshotQuery(p).run(m_db->session(), false).stuck, qint64(0));
    }

    /// Wrong clocks are refused, each with a message that says what to do.
    void wrongClocksAreRefused() {
        QString error;
        QVERIFY(!changed([](QJsonObject &s) { s.insert(QStringLiteral("states"), QJsonArray{QStringLiteral("RUNNING")}); }, &error));
        QVERIFY2(error.contains(QLatin1String("into a clock")), qPrintable(error));
        QVERIFY(!changed(
            [](QJsonObject &s) {
                QJsonArray clocks = s.value(QStringLiteral("clocks")).toArray();
                QJsonObject c = clocks.at(0).toObject();
                c.insert(QStringLiteral("states"), QJsonArray{QStringLiteral("CLAIMED"), QStringLiteral("RUNNING")});
                clocks.replace(0, c);
                s.insert(QStringLiteral("clocks"), clocks);
            },
            &error));
        QVERIFY2(error.contains(QLatin1String("two clocks")), qPrintable(error));
        QVERIFY(!changed(
            [](QJsonObject &s) {
                QJsonArray clocks = s.value(QStringLiteral("clocks")).toArray();
                QJsonObject c = clocks.at(0).toObject();
                c.insert(QStringLiteral("timeoutSeconds"), 0);
                clocks.replace(0, c);
                s.insert(QStringLiteral("clocks"), clocks);
            },
            &error));
        QVERIFY2(error.contains(QLatin1String("stuck.clocks[0].timeoutSeconds")), qPrintable(error));
        QVERIFY(!changed(
            [](QJsonObject &s) {
                QJsonArray clocks = s.value(QStringLiteral("clocks")).toArray();
                clocks.removeAt(0); // CLAIMED, which Recover stuck takes, has no clock now
                s.insert(QStringLiteral("clocks"), clocks);
            },
            &error));
        QVERIFY2(error.contains(QLatin1String("CLAIMED")) && error.contains(QLatin1String("recoverStuck")), qPrintable(error));
        QVERIFY(!changed([](QJsonObject &s) { s.insert(QStringLiteral("clocks"), QJsonArray{}); }, &error));
        QVERIFY2(error.contains(QLatin1String("at least one clock")), qPrintable(error));
    }
};

OM_TEST_GUILESS_MAIN(TestStuckClocks)
#include "tst_stuckclocks.moc"
