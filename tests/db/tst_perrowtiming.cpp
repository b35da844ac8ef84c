// SPDX-License-Identifier: GPL-3.0-or-later
// Per-row timing and limits, on a job table the test makes (tests/support/profiles/timing/): each
// job carries its own run timeout (an interval, or seconds, or milliseconds) and its own attempt
// limit. The snapshot, the Stuck and Near max lists and Recover stuck through the kit's function
// are compared with brute-force SQL of the rule written here, independently of the program's SQL.
#include "core/actions/actionrunner.h"
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "actionfixture.h"
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

constexpr int kDefaultMinutes = 30; // the profile's timeout for jobs without their own

/// The test profile, its timeout read from `column` in `unit` ("" leaves the unit out).
SchemaProfile timedProfile(const QString &column, const QString &unit, QString *error = nullptr) {
    QJsonObject o = QJsonDocument::fromJson(sourceText(QStringLiteral("tests/support/profiles/timing/timed_job.json")).toUtf8()).object();
    o.insert(QStringLiteral("extraColumns"), QJsonObject{{QStringLiteral("runTimeout"), column}});
    QJsonObject stuck = o.value(QStringLiteral("stuck")).toObject();
    if (!unit.isEmpty())
        stuck.insert(QStringLiteral("timeoutUnit"), unit);
    o.insert(QStringLiteral("stuck"), stuck);
    QString why;
    const auto p = SchemaProfile::fromJson(QJsonDocument(o).toJson(), &why);
    if (error)
        *error = why;
    if (!p && !error)
        qFatal("%s", qPrintable(why));
    return p ? *p : SchemaProfile();
}

// The rules, as a reader of the profile writes them in SQL.
const char *const kStuck = "state = 'executing' AND attempted_at < now() - coalesce(run_timeout, interval '30 minutes')";
const char *const kFixedStuck = "state = 'executing' AND attempted_at < now() - interval '30 minutes'";
// The profile's counting is the default (failures, against a limit of retries): one short at
// the limit less one, on the last try at the limit (tst_retrycounting covers the other kinds).
const char *const kNear = "state IN ('available', 'retryable', 'executing') AND attempt >= max_attempts - 1";
const char *const kAtMax = "state IN ('available', 'retryable', 'executing') AND attempt >= max_attempts";

} // namespace

class TestPerRowTiming : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    SchemaProfile setUp(const SchemaProfile &p) {
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/timing/timed_job.sql")));
        const KitSql kit(p);
        if (!kit.refusal().isEmpty())
            qFatal("%s", qPrintable(kit.refusal()));
        m_db->session().execScript(kit.script());
        return p;
    }

    /// Jobs of every state, started at ages and given timeouts that lie far from each other's
    /// boundaries (the closest: 10 s against 20 s), so the rule's answer cannot change while the
    /// test reads. The seconds and milliseconds columns hold the same timeout as the interval.
    void fill() {
        m_db->exec(QStringLiteral("SELECT setseed(0.42)"));
        m_db->exec(QStringLiteral(
            "INSERT INTO timed_job (queue, state, attempt, max_attempts, run_timeout, attempted_at, inserted_at) "
            "SELECT 'q' || (g % 7), (ARRAY['available','retryable','executing','executing','completed','discarded'])[1 + g % 6], "
            "       (random() * 6)::int, (ARRAY[1, 3, 5, 20])[1 + (random() * 3)::int], "
            "       (ARRAY[NULL, interval '20 seconds', interval '90 seconds', interval '10 minutes', interval '1 hour'])[1 + (random() * 4)::int], "
            "       now() - (ARRAY[interval '10 seconds', interval '40 seconds', interval '5 minutes', interval '20 minutes', "
            "                      interval '45 minutes', interval '2 hours'])[1 + (random() * 5)::int], "
            "       now() - interval '3 hours' "
            "FROM generate_series(1, 3000) g"));
        m_db->exec(QStringLiteral("UPDATE timed_job SET run_timeout_s = extract(epoch FROM run_timeout)::int, "
                                  "run_timeout_ms = (extract(epoch FROM run_timeout) * 1000)::bigint"));
        m_db->exec(QStringLiteral("ANALYZE timed_job"));
    }

    qint64 count(const char *where) { return m_db->scalar(QStringLiteral("SELECT count(*) FROM timed_job WHERE %1").arg(QLatin1String(where))).toLongLong(); }
    QSet<qint64> ids(const char *where) {
        QSet<qint64> out;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT id FROM timed_job WHERE %1").arg(QLatin1String(where))))
            out.insert(r.at(0).toLongLong());
        return out;
    }
    QSet<qint64> listed(const SchemaProfile &p, ListFilter::View view) {
        QSet<qint64> out;
        const QList<MessageRow> rows = allListPages(m_db->session(), p, view, 97);
        for (const MessageRow &r : rows)
            out.insert(r.id.number());
        if (out.size() != rows.size())
            qWarning("a row was listed twice");
        return out;
    }

private slots:
    void init() { OM_CREATE_TEST_DATABASE(m_db, QStringList{}); }
    void cleanup() { m_db.reset(); }

    void stuckByEachRowsOwnTimeout_data() {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("unit");
        QTest::newRow("interval") << "run_timeout"
                                  << "";
        QTest::newRow("seconds") << "run_timeout_s"
                                 << "seconds";
        QTest::newRow("milliseconds") << "run_timeout_ms"
                                      << "milliseconds";
    }
    void stuckByEachRowsOwnTimeout() {
        QFETCH(QString, column);
        QFETCH(QString, unit);
        const SchemaProfile p = setUp(timedProfile(column, unit));
        fill();
        const ProfileCheckReport check = ProfileCheck(p).run(m_db->session());
        QVERIFY2(check.ok(), qPrintable(check.lines(QString()).join(QLatin1Char('\n'))));

        const QSet<qint64> stuck = ids(kStuck);
        // The rows tell the two rules apart both ways: a 20 s job 40 s in, a 1 h job 45 min in.
        QVERIFY(!stuck.isEmpty());
        QVERIFY(stuck.size() != count(kFixedStuck));
        QVERIFY(!ids(kFixedStuck).subtract(stuck).isEmpty());

        const Snapshot s = SnapshotQuery(p, kDefaultMinutes).run(m_db->session(), false);
        QCOMPARE(s.stuck, qint64(stuck.size()));
        QVERIFY(s.stuckByOwnTimeout);
        QCOMPARE(listed(p, ListFilter::View::Stuck), stuck);

        // Recover stuck on every executing job: the kit's function moves exactly the stuck ones,
        // each with its audit row, and leaves the jobs still within their own timeout running.
        const QSet<qint64> executing = ids("state = 'executing'");
        const QList<qint64> asked(executing.cbegin(), executing.cend());
        const ActionResult result = ActionRunner(p).run(m_db->session(), actionRequest(QStringLiteral("recoverStuck"), asked));
        QCOMPARE(result.changed(), qint64(stuck.size()));
        const QList<qint64> stuckIds(stuck.cbegin(), stuck.cend());
        QCOMPARE(auditCount(*m_db, p, stuckIds, QStringLiteral("RECOVER")), qint64(stuck.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM timed_job WHERE id = ANY($1::bigint[]) AND state = 'available'"),
                              {idArray(stuckIds)})
                     .toLongLong(),
                 qint64(stuck.size()));
        QCOMPARE(count("state = 'executing'"), qint64(executing.size() - stuck.size()));
        QCOMPARE(count(kStuck), qint64(0));
        QCOMPARE(SnapshotQuery(p, kDefaultMinutes).run(m_db->session(), false).stuck, qint64(0));
    }

    /// Each job's own limit: "near" is one short of it or at it, "at max" the last try.
    void nearMaxByEachRowsOwnLimit() {
        const SchemaProfile p = setUp(timedProfile(QStringLiteral("run_timeout"), QString()));
        fill();
        const Snapshot s = SnapshotQuery(p, kDefaultMinutes).run(m_db->session(), false);
        QVERIFY(s.nearMaxRetry && s.atMaxRetry);
        QCOMPARE(*s.nearMaxRetry, count(kNear));
        QCOMPARE(*s.atMaxRetry, count(kAtMax));
        QVERIFY(*s.atMaxRetry > 0 && *s.atMaxRetry < *s.nearMaxRetry); // both kinds are there
        QCOMPARE(listed(p, ListFilter::View::NearMaxRetry), ids(kNear));
    }

    /// The check tells a timeout column's unit from its type, and the parser refuses a unit alone.
    void theTimeoutsUnitIsChecked() {
        const SchemaProfile p = setUp(timedProfile(QStringLiteral("run_timeout_s"), QString()));
        const ProfileCheckReport check = ProfileCheck(p).run(m_db->session());
        QVERIFY(!check.ok());
        const QString all = check.lines(QString()).join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QLatin1String("timeoutUnit")) && all.contains(QLatin1String("seconds")), qPrintable(all));

        const ProfileCheckReport other = ProfileCheck(timedProfile(QStringLiteral("run_timeout"), QStringLiteral("seconds"))).run(m_db->session());
        QVERIFY(!other.ok());
        QVERIFY(other.lines(QString()).join(QLatin1Char('\n')).contains(QLatin1String("interval")));

        QString error;
        timedProfile(QStringLiteral("run_timeout"), QStringLiteral("hours"), &error);
        QVERIFY2(error.contains(QLatin1String("stuck.timeoutUnit")), qPrintable(error));
        QJsonObject o = QJsonDocument::fromJson(sourceText(QStringLiteral("tests/support/profiles/timing/timed_job.json")).toUtf8()).object();
        QJsonObject stuck = o.value(QStringLiteral("stuck")).toObject();
        stuck.remove(QStringLiteral("timeoutColumn"));
        stuck.insert(QStringLiteral("timeoutUnit"), QStringLiteral("seconds"));
        o.insert(QStringLiteral("stuck"), stuck);
        QVERIFY(!SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error));
        QVERIFY2(error.contains(QLatin1String("timeoutColumn")), qPrintable(error));
    }
};

OM_TEST_GUILESS_MAIN(TestPerRowTiming)
#include "tst_perrowtiming.moc"
