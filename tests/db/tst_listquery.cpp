// SPDX-License-Identifier: GPL-3.0-or-later
// The triage list's SQL against brute force: for each profile, every filter's WHERE returns
// exactly the rows a C++ evaluation of the same rules over all rows returns, keyset pages in every
// order concatenate to the brute-force order, and hostile key text is matched literally.
#include "messageids.h"
#include "core/sql/statesql.h"
#include "core/triage/listquery.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QRandomGenerator>
#include <QTest>
#include <algorithm>
#include <cmath>

using namespace om;
using namespace om::test;

namespace {

struct Row {
    qint64 id = 0;
    QString key, type, dest, state, errorCode;
    int retries = -1, maxRetries = -1;
    double created = NAN, updated = NAN, locked = NAN; // epoch seconds
};

// clang-format off
const QStringList kHostile = {
    QStringLiteral("o'brien"), QStringLiteral("100%"), QStringLiteral("under_score"), QStringLiteral("back\\slash"),
    QStringLiteral("\\%"), QStringLiteral("%_\\"), QStringLiteral("日本語キー"), QStringLiteral("x'; DROP TABLE app_outbox; --"),
    QStringLiteral("$1"), QStringLiteral("\"quoted\""), QStringLiteral("%"), QStringLiteral("_"), QStringLiteral("\\"),
};
// clang-format on

} // namespace

class TestListQuery : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    double m_now = 0; // server clock when the data was made

    QList<Row> allRows(const SchemaProfile &p, double *now) {
        auto c = [&p](const char *l, bool epoch = false) {
            if (!p.has(QLatin1String(l)))
                return QStringLiteral("NULL");
            return epoch ? QStringLiteral("extract(epoch from %1)::float8").arg(p.col(QLatin1String(l))) : p.col(QLatin1String(l)) + QLatin1String("::text");
        };
        const auto rows = m_db->rows(QStringLiteral("SELECT %1, %2, %3, %4, %5::text, %6, %7, %8, %9, %10, %11, extract(epoch from now())::float8 FROM %12")
                                         .arg(c("id"), c("key"), c("type"), c("destination"), sql::stateExpression(p), c("retries"), c("maxRetries"))
                                         .arg(c("createdAt", true), c("updatedAt", true), c("lockedAt", true), c("errorCode"), p.qualifiedTable()));
        QList<Row> out;
        for (const QVariantList &v : rows) {
            Row r;
            r.id = v[0].toLongLong();
            r.key = v[1].toString();
            r.type = v[2].toString();
            r.dest = v[3].toString();
            r.state = v[4].toString();
            r.retries = v[5].isNull() ? -1 : v[5].toInt();
            r.maxRetries = v[6].isNull() ? -1 : v[6].toInt();
            r.created = v[7].isNull() ? NAN : v[7].toDouble();
            r.updated = v[8].isNull() ? NAN : v[8].toDouble();
            r.locked = v[9].isNull() ? NAN : v[9].toDouble();
            r.errorCode = v[10].toString();
            *now = v[11].toDouble();
            out << r;
        }
        return out;
    }

    /// The rules of the issue, written independently of buildWhere.
    static bool matches(const SchemaProfile &p, const ListFilter &f, const Row &r, double now) {
        QStringList view;
        switch (f.view) {
        case ListFilter::View::Stuck: view = p.stuckStates; break;
        case ListFilter::View::NearMaxRetry: view = p.hasRetries() ? p.nearMaxRetryStates : QStringList(); break;
        case ListFilter::View::Failed: view = p.failedStates; break;
        case ListFilter::View::All:
            for (const StateDef &s : p.states) view << s.name;
            break;
        }
        if (f.idsUnreadable || !view.contains(r.state) || (!f.states.isEmpty() && !f.states.contains(r.state)))
            return false;
        const double stuckSince = p.stuckSince == QLatin1String("lockedAt") ? r.locked : r.created;
        const double since = f.view == ListFilter::View::Stuck ? stuckSince : r.created;
        if (f.view == ListFilter::View::Stuck) {
            const int t = f.stuckTimeoutMinutes > 0 ? f.stuckTimeoutMinutes : p.stuckTimeoutMinutes;
            if (std::isnan(since) || !(since < now - t * 60))
                return false;
        }
        // The built-ins count by default: failures against a limit of retries, one short at the
        // maximum less one (a limit of 1 included).
        if (f.view == ListFilter::View::NearMaxRetry && r.retries < r.maxRetries - 1)
            return false;
        auto in = [](const QStringList &l, const QString &v, bool has) { return l.isEmpty() || (has && l.contains(v)); };
        if (!in(f.types, r.type, p.has(QStringLiteral("type"))) || !in(f.destinations, r.dest, p.has(QStringLiteral("destination")))
            || !in(f.errorCodes, r.errorCode, p.has(QStringLiteral("errorCode"))))
            return false;
        auto inRange = [](double v, const QDateTime &from, const QDateTime &to) {
            if (from.isValid() && (std::isnan(v) || v < from.toMSecsSinceEpoch() / 1000.0)) return false;
            if (to.isValid() && (std::isnan(v) || v >= to.toMSecsSinceEpoch() / 1000.0)) return false;
            return true;
        };
        if (!inRange(r.created, f.createdFrom, f.createdTo) || !inRange(r.updated, f.updatedFrom, f.updatedTo))
            return false;
        if (f.minAgeMinutes > 0 && (std::isnan(since) || since > now - f.minAgeMinutes * 60))
            return false;
        if (!f.keyText.isEmpty()) {
            switch (f.keyMode) {
            case ListFilter::TextMode::Exact: return r.key == f.keyText;
            case ListFilter::TextMode::Prefix: return r.key.startsWith(f.keyText);
            case ListFilter::TextMode::Contains: return r.key.contains(f.keyText);
            }
        }
        return true;
    }

    QList<qint64> sqlIds(const SchemaProfile &p, const ListFilter &f) {
        QVariantList params;
        const QString where = buildWhere(p, f, params);
        QList<qint64> ids;
        for (const QVariantList &v : m_db->rows(QStringLiteral("SELECT %1 FROM %2 WHERE %3 ORDER BY 1").arg(p.col(QStringLiteral("id")), p.qualifiedTable(), where), params))
            ids << v[0].toLongLong();
        return ids;
    }

    QDateTime ago(int minutes) const { return QDateTime::fromMSecsSinceEpoch(qint64((m_now - minutes * 60) * 1000), Qt::UTC); }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        const quint32 seed = QRandomGenerator::global()->generate() % 100000;
        qInfo("random seed %u", seed);
        m_db->exec(QStringLiteral("SELECT setseed(%1)").arg(double(seed) / 100000.0));
        // Times are whole minutes before now() minus 17 s, so that thresholds in whole minutes
        // never fall within the few seconds between the data and the queries; many rows share a
        // time so that keyset pages cross ties.
        const QString t = QStringLiteral("now() - make_interval(mins => floor(random() * %1)::int) - interval '17 s'");
        m_db->exec(QStringLiteral(R"(
            INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, retry_count, max_retry_count,
                                    locked_by, locked_at, last_error_code, last_error_msg, created_at, updated_at)
            SELECT 'K-' || g || (ARRAY['', 'a%', 'b_', 'c\', 'ab', 'o''q', '日本'])[1 + floor(random() * 7)::int],
                   (ARRAY['OrderCreated','OrderPaid','Refund'])[1 + floor(random() * 3)::int],
                   (ARRAY['kafka','http','mail'])[1 + floor(random() * 3)::int], '{}',
                   (ARRAY['PENDING','PROCESSING','SENT','FAILED','CANCELLED'])[1 + floor(random() * 5)::int],
                   floor(random() * 6)::int, (ARRAY[1,2,5])[1 + floor(random() * 3)::int],
                   'w' || (g % 3), CASE WHEN random() < 0.9 THEN %1 END,
                   (ARRAY[NULL,'E_TIMEOUT','E_HTTP_500'])[1 + floor(random() * 3)::int], 'boom', %2, %1
            FROM generate_series(1, 12000) g)")
                       .arg(t.arg(90), t.arg(300)));
        m_db->exec(QStringLiteral(R"(
            INSERT INTO batch_work_item (job_name, source_key, target_date, status, retry_count, max_retry_count,
                                         locked_by, locked_at, error_code, created_at, updated_at)
            SELECT (ARRAY['JOB_A','JOB_B'])[1 + floor(random() * 2)::int],
                   'S-' || g || (ARRAY['', '%x', '_y', '\z'])[1 + floor(random() * 4)::int], current_date,
                   (ARRAY['NEW','RUNNING','SUCCESS','FAILED','RETRY_WAIT','SKIPPED'])[1 + floor(random() * 6)::int],
                   floor(random() * 4)::int, 3, 'w', CASE WHEN random() < 0.9 THEN %1 END,
                   (ARRAY[NULL,'E1','E2'])[1 + floor(random() * 3)::int], %2, %1
            FROM generate_series(1, 3000) g)")
                       .arg(t.arg(240), t.arg(400)));
        m_db->exec(QStringLiteral(R"(
            INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, created_at, published_at)
            SELECT gen_random_uuid(), 'Agg' || (g % 3), 'A-' || g || (ARRAY['', '%', '_'])[1 + floor(random() * 3)::int],
                   'Placed', '{}', %1, CASE WHEN random() < 0.4 THEN NULL ELSE now() END
            FROM generate_series(1, 2000) g)")
                       .arg(t.arg(120)));
        int n = 0;
        for (const QString &h : kHostile) {
            ++n;
            m_db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status, created_at) "
                                      "VALUES ($1, 'OrderPaid', 'kafka', '{}', 'FAILED', now() - interval '17 s')"),
                       {h});
            m_db->exec(QStringLiteral("INSERT INTO batch_work_item (job_name, source_key, target_date, status) VALUES ('JOB_A', $1, current_date, 'FAILED')"), {h});
            m_db->exec(QStringLiteral("INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload) VALUES (gen_random_uuid(), 'Agg0', $1, 'Placed', '{}')"), {h});
        }
        m_db->exec(QStringLiteral("ANALYZE"));
        m_now = m_db->scalar(QStringLiteral("SELECT extract(epoch from now())::float8")).toDouble();
    }

    // The data's times are whole minutes before the moment they were made, minus 17 s: a test
    // function that runs 43 s or more after that (a loaded machine, a sanitizer build) would see
    // rows cross the whole-minute thresholds between its brute force and its pages. So before
    // each function every time moves forward by the time passed: ages are again what they were.
    // Moved only once 15 s have passed (a function then has 28 s before any row crosses): an
    // UPDATE of every row before each of the hundred data rows cost a minute per CI phase.
    void init() {
        const double now = m_db->scalar(QStringLiteral("SELECT extract(epoch from now())::float8")).toDouble();
        if (now - m_now < 15)
            return;
        const QString shift = QStringLiteral("make_interval(secs => %1)").arg(now - m_now, 0, 'f', 6);
        m_db->exec(QStringLiteral("UPDATE app_outbox SET locked_at = locked_at + %1, created_at = created_at + %1, "
                                  "updated_at = updated_at + %1, next_run_at = next_run_at + %1")
                       .arg(shift));
        m_db->exec(QStringLiteral("UPDATE batch_work_item SET locked_at = locked_at + %1, created_at = created_at + %1, "
                                  "updated_at = updated_at + %1, next_retry_at = next_retry_at + %1")
                       .arg(shift));
        m_db->exec(QStringLiteral("UPDATE outbox SET created_at = created_at + %1, published_at = published_at + %1").arg(shift));
        // The old row versions would count in the planner's estimates (the count test compares them).
        m_db->exec(QStringLiteral("VACUUM (ANALYZE) app_outbox, batch_work_item, outbox"));
        m_now = now;
    }

    void filterEqualsBruteForce_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<ListFilter>("filter");
        for (const QString &pid : {QStringLiteral("app_outbox"), QStringLiteral("batch_work_item"), QStringLiteral("outbox")}) {
            auto row = [&pid](const char *name, const ListFilter &f) { QTest::addRow("%s/%s", qPrintable(pid), name) << pid << f; };
            ListFilter f;
            for (auto v : {ListFilter::View::Stuck, ListFilter::View::NearMaxRetry, ListFilter::View::Failed, ListFilter::View::All}) {
                f = {};
                f.view = v;
                row(QStringLiteral("view%1").arg(int(v)).toLatin1().constData(), f);
            }
            // clang-format off
            f = {}; f.view = ListFilter::View::Stuck; f.stuckTimeoutMinutes = 10; row("stuck10", f);
            f = {}; f.states = {QStringLiteral("FAILED"), QStringLiteral("PENDING"), QStringLiteral("NEW"), QStringLiteral("UNPUBLISHED")}; row("states", f);
            f = {}; f.view = ListFilter::View::Failed; f.states = {QStringLiteral("RETRY_WAIT"), QStringLiteral("NOPE")}; row("failedNarrowed", f);
            f = {}; f.types = {QStringLiteral("OrderPaid"), QStringLiteral("JOB_B"), QStringLiteral("Placed")}; row("types", f);
            f = {}; f.view = ListFilter::View::NearMaxRetry; f.destinations = {QStringLiteral("kafka"), QStringLiteral("Agg1")}; row("nearDest", f);
            f = {}; f.errorCodes = {QStringLiteral("E_TIMEOUT"), QStringLiteral("E2")}; row("errorCodes", f);
            f = {}; f.minAgeMinutes = 60; row("minAge60", f);
            f = {}; f.view = ListFilter::View::Failed; f.idsUnreadable = true; row("idsUnreadable", f);
            f = {}; f.view = ListFilter::View::Stuck; f.minAgeMinutes = 60; row("stuckMinAge", f);
            f = {}; f.createdFrom = QDateTime::currentDateTimeUtc().addSecs(-3600 * 2); row("createdFromWall", f);
            f = {}; f.keyText = QStringLiteral("%"); row("containsPercent", f);
            f = {}; f.keyText = QStringLiteral("_"); f.keyMode = ListFilter::TextMode::Contains; row("containsUnderscore", f);
            f = {}; f.keyText = QStringLiteral("\\"); row("containsBackslash", f);
            f = {}; f.keyText = QStringLiteral("K-1"); f.keyMode = ListFilter::TextMode::Prefix; row("prefixK1", f);
            f = {}; f.keyText = QStringLiteral("S-1"); f.keyMode = ListFilter::TextMode::Prefix; row("prefixS1", f);
            f = {}; f.keyText = QStringLiteral("A-12"); f.keyMode = ListFilter::TextMode::Prefix; row("prefixA12", f);
            f = {}; f.keyText = QStringLiteral("日本"); row("containsJapanese", f);
            f = {}; f.keyText = QString(10240, QLatin1Char('%')); row("contains10kB", f);
            f = {}; f.keyText = QString(QStringLiteral("x")).append(QChar(0)); row("containsNul", f);
            // clang-format on
            int i = 0;
            for (const QString &h : kHostile)
                for (auto m : {ListFilter::TextMode::Exact, ListFilter::TextMode::Prefix, ListFilter::TextMode::Contains}) {
                    f = {};
                    f.keyText = h;
                    f.keyMode = m;
                    row(QStringLiteral("hostile%1").arg(i++).toLatin1().constData(), f);
                }
        }
    }
    void filterEqualsBruteForce() {
        QFETCH(QString, profileId);
        QFETCH(ListFilter, filter);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        // The relative ranges use the server clock of the data.
        ListFilter f = filter;
        if (f.createdFrom.isValid())
            f.createdFrom = ago(120);
        double now = 0;
        const QList<Row> rows = allRows(p, &now);
        QList<qint64> expected;
        for (const Row &r : rows)
            if (matches(p, f, r, now))
                expected << r.id;
        std::sort(expected.begin(), expected.end());
        QCOMPARE(sqlIds(p, f), expected);
    }

    void hostileTextIsNeverInlined() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        for (const QString &h : kHostile + QStringList{QString(10240, QChar(0x65e5))})
            for (auto m : {ListFilter::TextMode::Exact, ListFilter::TextMode::Prefix, ListFilter::TextMode::Contains}) {
                ListFilter f;
                f.keyText = h;
                f.keyMode = m;
                f.types = {h};
                QVariantList params;
                const QString where = buildWhere(p, f, params);
                // The SQL text is the same whatever the text is: only $n refers to it.
                ListFilter plain = f;
                plain.keyText = QStringLiteral("x");
                plain.types = {QStringLiteral("y")};
                QVariantList plainParams;
                QCOMPARE(where, buildWhere(p, plain, plainParams));
                QCOMPARE(params.size(), plainParams.size());
                QVERIFY(params.contains(h));
            }
    }

    void keysetPagesEqualBruteForceOrder_data() {
        QTest::addColumn<QString>("profileId");
        QTest::addColumn<int>("view");
        QTest::addColumn<int>("sortKey");
        QTest::addColumn<bool>("descending");
        for (const QString &pid : {QStringLiteral("app_outbox"), QStringLiteral("batch_work_item"), QStringLiteral("outbox")})
            for (int v = 0; v < 4; ++v)
                for (int k = 0; k < 4; ++k)
                    for (bool d : {false, true})
                        QTest::addRow("%s/v%d/k%d/%s", qPrintable(pid), v, k, d ? "desc" : "asc") << pid << v << k << d;
    }
    void keysetPagesEqualBruteForceOrder() {
        QFETCH(QString, profileId);
        QFETCH(int, view);
        QFETCH(int, sortKey);
        QFETCH(bool, descending);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const ListQuery q(p);
        PageRequest req;
        req.filter.view = ListFilter::View(view);
        // "All" on 12,000 rows would make a slow test; a state keeps it to a few thousand.
        if (req.filter.view == ListFilter::View::All)
            req.filter.types = {QStringLiteral("Refund"), QStringLiteral("JOB_A"), QStringLiteral("Placed")};
        req.sort = {ListSort::Key(sortKey), descending};
        req.pageSize = 97;
        double now = 0;
        const QList<Row> rows = allRows(p, &now);
        const QString logical = q.sortColumn(req.filter.view, req.sort.key);
        auto value = [&](const Row &r) -> double {
            if (logical == QLatin1String("id")) return double(r.id);
            if (logical == QLatin1String("retries")) return r.retries;
            if (logical == QLatin1String("updatedAt")) return r.updated;
            if (logical == QLatin1String("lockedAt")) return r.locked;
            return r.created;
        };
        QList<Row> expected;
        for (const Row &r : rows)
            if (matches(p, req.filter, r, now))
                expected << r;
        const bool sqlDesc = req.sort.key == ListSort::Key::Age ? !descending : descending;
        std::sort(expected.begin(), expected.end(), [&](const Row &a, const Row &b) {
            const double va = value(a), vb = value(b);
            if (va != vb) return sqlDesc ? va > vb : va < vb;
            return sqlDesc ? a.id > b.id : a.id < b.id;
        });
        QList<qint64> want, got;
        for (const Row &r : expected) want << r.id;
        PgSession &s = m_db->session();
        for (int guard = 0; guard < 1000; ++guard) {
            const MessagePage page = q.fetchPage(s, req);
            for (const MessageRow &m : page.rows) got << m.id.number();
            if (page.atEnd) break;
            req = req.after(page.rows.last());
        }
        QCOMPARE(got, want);
        QVariantList unused;
        QVERIFY(!q.pageSql(req, unused).contains(QLatin1String("OFFSET")));
    }

    void pageRowsCarryServerValues_data() { addProfileRows(); }
    void pageRowsCarryServerValues() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        PageRequest req;
        req.filter.view = ListFilter::View::Stuck;
        req.sort = ListSort::defaultFor(req.filter.view);
        const MessagePage page = ListQuery(p).fetchPage(m_db->session(), req);
        QVERIFY(!page.rows.isEmpty());
        const MessageRow &first = page.rows.first();
        QVERIFY2(p.stuckStates.contains(first.state), qPrintable(first.state));
        // Oldest first, ages from the server.
        for (int i = 1; i < page.rows.size(); ++i)
            QVERIFY(page.rows[i - 1].ageSeconds >= page.rows[i].ageSeconds);
        const auto value = [&](const QString &sqlExpression) {
            return m_db->scalar(QStringLiteral("SELECT %1 FROM %2 WHERE %3 = $1").arg(sqlExpression, p.qualifiedTable(), p.col("id")), {first.id.text()});
        };
        // "Past timeout by": from the deadline (the since column plus the timeout), by the server.
        const double sinceStart = value(QStringLiteral("extract(epoch from now() - %1)::float8").arg(p.col(p.stuckSince))).toDouble();
        QVERIFY2(first.ageSeconds >= 0 && qAbs(first.ageSeconds - (sinceStart - p.stuckTimeoutMinutes * 60)) < 5,
                 qPrintable(QStringLiteral("%1 against %2").arg(first.ageSeconds).arg(sinceStart)));
        QCOMPARE(first.created.toMSecsSinceEpoch(),
                 qRound64(value(QStringLiteral("extract(epoch from %1)::float8").arg(p.col("createdAt"))).toDouble() * 1000));
        QCOMPARE(first.key, value(p.col("key")).toString());
        if (p.has(QStringLiteral("lockedBy")))
            QCOMPARE(first.lockedBy, value(p.col("lockedBy")).toString());
        if (p.hasRetries()) {
            QCOMPARE(first.retries, value(p.col("retries")).toInt());
            QCOMPARE(first.maxRetries, value(p.col("maxRetries")).toInt());
        }
    }

    void countIsExactWhenCheapElseEstimated_data() { addProfileRows(); }
    void countIsExactWhenCheapElseEstimated() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const ListQuery q(p);
        ListFilter stuck;
        stuck.view = ListFilter::View::Stuck;
        const MatchCount c = q.count(m_db->session(), stuck);
        QVERIFY(!c.estimated && !c.atLeast);
        QVERIFY(c.n > 0);
        QCOMPARE(c.n, sqlIds(p, stuck).size());
        // Everything: exact up to the cap, estimated (or "at least") past it, near the truth.
        const MatchCount all = q.count(m_db->session(), ListFilter{});
        const qint64 real = m_db->scalar(QStringLiteral("SELECT count(*) FROM %1").arg(p.qualifiedTable())).toLongLong();
        if (real > limits::kExactCountCap) {
            QVERIFY(all.estimated || all.atLeast);
            QVERIFY2(all.n >= limits::kExactCountCap && std::abs(all.n - real) < real / 5, qPrintable(QString::number(all.n)));
        } else {
            QVERIFY(!all.estimated && !all.atLeast);
            QCOMPARE(all.n, real);
        }
    }

    void choicesComeFromTheData() {
        for (const QString &pid : {QStringLiteral("app_outbox"), QStringLiteral("batch_work_item"), QStringLiteral("outbox")}) {
            const SchemaProfile p = *SchemaProfile::builtIn(pid);
            const FilterChoices c = ListQuery(p).choices(m_db->session());
            auto distinct = [&](const char *l, bool openOnly) {
                QStringList open;
                for (const StateDef &s : p.states)
                    if (!s.terminal) open << s.name;
                QStringList out;
                for (const QVariantList &v : m_db->rows(QStringLiteral("SELECT DISTINCT %1::text FROM %2 WHERE %1 IS NOT NULL AND %3 ORDER BY 1")
                                                            .arg(p.col(QLatin1String(l)), p.qualifiedTable(), openOnly ? sql::statesPredicate(p, open) : QStringLiteral("true"))))
                    out << v[0].toString();
                return out;
            };
            QCOMPARE(c.types, distinct("type", c.fromOpenOnly.contains(QStringLiteral("type"))));
            if (p.has(QStringLiteral("destination")))
                QCOMPARE(c.destinations, distinct("destination", c.fromOpenOnly.contains(QStringLiteral("destination"))));
            if (p.has(QStringLiteral("errorCode")))
                QCOMPARE(c.errorCodes, distinct("errorCode", c.fromOpenOnly.contains(QStringLiteral("errorCode"))));
            else
                QVERIFY(c.errorCodes.isEmpty());
        }
    }

    // This function and the next add rows and kit indexes: each in a database of its own, so that
    // neither the other functions nor a second run see them.
    void containsSearchIsBoundedAndSaysWhy() {
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, {"seed000_app_outbox.sql"});
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const ListQuery q(p);
        db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status) "
                                "SELECT 'bulk-' || g, 'E', 'd', '{}', 'SENT' FROM generate_series(1, 300000) g"));
        QVERIFY(!q.hasTrigramIndex(db->session()));
        PageRequest req;
        req.filter.keyText = QStringLiteral("no-such-key");
        req.sort = {ListSort::Key::Updated, true};
        try {
            q.fetchPage(db->session(), req, 1);
            QFAIL("a 1 ms contains-search over 300,000 rows finished");
        } catch (const PgError &e) {
            QCOMPARE(e.kind, PgError::Kind::Query);
            QVERIFY2(e.message.contains(QLatin1String("trigram_index.sql")), qPrintable(e.message));
        }
        // The session is still usable, and with the kit's index the search is indexed.
        db->applyFile(QStringLiteral("kit/trigram_index.sql"));
        QVERIFY(q.hasTrigramIndex(db->session()));
        req.filter.keyText = QStringLiteral("bulk-29999");
        const MessagePage page = q.fetchPage(db->session(), req);
        QCOMPARE(page.rows.size(), 11); // bulk-29999 and bulk-299990..299999
    }

    void unindexedSortIsReportedUntilTheKitIndexExists() {
        // "All messages" ordered by updated / age / retries: nothing follows the order until the
        // kit's optional sort indexes exist, and the first page says how many rows each page sorts.
        std::unique_ptr<TestDatabase> db;
        OM_CREATE_TEST_DATABASE(db, {"seed000_app_outbox.sql"});
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        const ListQuery q(p);
        db->exec(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status) "
                                "SELECT 'sorted-' || g, 'E', 'd', '{}', 'SENT' FROM generate_series(1, 150000) g"));
        db->exec(QStringLiteral("ANALYZE app_outbox"));
        const qint64 total = db->scalar(QStringLiteral("SELECT count(*) FROM app_outbox")).toLongLong();
        PageRequest req; // view All
        for (const ListSort::Key key : {ListSort::Key::Updated, ListSort::Key::Age, ListSort::Key::Retries}) {
            req.sort = {key, true};
            const qint64 rows = q.unindexedSortRows(db->session(), req);
            QVERIFY2(rows > limits::kSlowSortRows && std::abs(rows - total) < total / 5, qPrintable(QString::number(rows)));
            const MessagePage first = q.fetchPage(db->session(), req);
            QCOMPARE(first.unindexedSortRows, rows);
            QCOMPARE(q.fetchPage(db->session(), req.after(first.rows.last())).unindexedSortRows, 0); // asked once per list
        }
        req.sort = {ListSort::Key::Id, true};
        QCOMPARE(q.unindexedSortRows(db->session(), req), 0); // the primary key

        // When such a page meets the statement timeout, the error says why and what helps.
        req.sort = {ListSort::Key::Updated, true};
        db->exec(QStringLiteral("SET statement_timeout = 1"));
        try {
            q.fetchPage(db->session(), req);
            QFAIL("a whole-table sort finished within 1 ms");
        } catch (const PgError &e) {
            QCOMPARE(e.kind, PgError::Kind::Query);
            QVERIFY2(e.message.contains(QLatin1String("sort_indexes.sql")), qPrintable(e.message));
        }
        db->exec(QStringLiteral("RESET statement_timeout"));

        db->applyFile(QStringLiteral("kit/sort_indexes.sql"));
        db->exec(QStringLiteral("ANALYZE app_outbox"));
        for (const ListSort::Key key : {ListSort::Key::Updated, ListSort::Key::Age, ListSort::Key::Retries}) {
            req.sort = {key, false};
            QCOMPARE(q.unindexedSortRows(db->session(), req), 0);
            req.sort = {key, true};
            QCOMPARE(q.fetchPage(db->session(), req).unindexedSortRows, 0);
        }
    }
};

OM_TEST_GUILESS_MAIN(TestListQuery)
#include "tst_listquery.moc"
