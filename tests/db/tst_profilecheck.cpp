// SPDX-License-Identifier: GPL-3.0-or-later
// The profile check (--check-profile, and the window's check on connect) against a real server:
// every built-in profile fits its own seed with the kit (rows per state equal brute-force counts,
// none in no state or in two); and each kind of misfit is reported at its place in the profile,
// with nothing else run: a table that does not exist, a column name with a typo, a time without
// a time zone, an enum status missing a state's value, states that overlap, an audit table that
// is missing, a missing dashboard index. A table the planner thinks huge is sampled, not read.
#include "core/actions/actionfunctionsql.h"
#include "core/sql/statesql.h"
#include "core/check/profilecheck.h"
#include "actionfixture.h"
#include "profilerows.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

SchemaProfile profileFrom(const QJsonObject &o) {
    QString error;
    const std::optional<SchemaProfile> p = SchemaProfile::fromJson(QJsonDocument(o).toJson(), &error);
    if (!p)
        qFatal("test profile refused: %s", qPrintable(error));
    return *p;
}

const ProfileFinding *findingAt(const ProfileCheckReport &r, const QString &path) {
    for (const ProfileFinding &f : r.findings)
        if (f.path == path)
            return &f;
    return nullptr;
}

QString describe(const ProfileCheckReport &r) { return r.lines(QStringLiteral("profile.json")).join(QLatin1Char('\n')); }

} // namespace

class TestProfileCheck : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    ProfileCheckReport check(const SchemaProfile &p) { return ProfileCheck(p).run(m_db->session()); }

    qint64 bruteForce(const SchemaProfile &p, const QString &state) {
        return m_db->scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2").arg(p.qualifiedTable(), sql::statesPredicate(p, {state})))
            .toLongLong();
    }

private slots:
    void init() { OM_CREATE_TEST_DATABASE(m_db, TestDatabase::seedsWithAdminKit()); }
    void cleanup() { m_db.reset(); }

    void builtInProfilesFitTheirSeeds_data() { addProfileRows(); }
    void builtInProfilesFitTheirSeeds() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        int n = 3;
        for (const StateDef &s : p.states)
            insertMessages(*m_db, p, s.name, n++);
        m_db->exec(QStringLiteral("ANALYZE %1").arg(p.qualifiedTable()));
        const ProfileCheckReport r = check(p);
        QVERIFY2(r.findings.isEmpty(), qPrintable(describe(r)));
        QVERIFY(r.ok());
        QVERIFY(r.coverage.measured);
        QCOMPARE(r.coverage.samplePercent, 0.0);
        QCOMPARE(r.coverage.perState.size(), p.states.size());
        qint64 all = 0;
        for (const auto &[state, rows] : r.coverage.perState) {
            QCOMPARE(rows, bruteForce(p, state));
            all += rows;
        }
        QCOMPARE(r.coverage.total, m_db->scalar(QStringLiteral("SELECT count(*) FROM %1").arg(p.qualifiedTable())).toLongLong());
        QCOMPARE(all, r.coverage.total);
        QCOMPARE(r.coverage.inNoState, 0);
        QCOMPARE(r.coverage.inSeveralStates, 0);
        QVERIFY(r.indexesChecked && r.indexes.ok());
        QVERIFY2(describe(r).contains(QStringLiteral("fits")), qPrintable(describe(r)));
    }

    void aMissingTableIsNamedAndNothingElseRuns() {
        QJsonObject o = builtInJson(QStringLiteral("app_outbox"));
        o[QStringLiteral("table")] = QStringLiteral("app_outbox_typo");
        const ProfileCheckReport r = check(profileFrom(o));
        QCOMPARE(r.findings.size(), 1);
        QCOMPARE(r.findings.first().path, QStringLiteral("table"));
        QVERIFY(r.findings.first().message.contains(QStringLiteral("\"public\".\"app_outbox_typo\"")));
        QVERIFY(!r.coverage.measured && !r.indexesChecked);
    }

    /// A view reads like its table, and the check says what a view cannot give (no estimate, no kit).
    void aViewIsReadAndSaidToBeOne() {
        m_db->exec(QStringLiteral("CREATE VIEW app_outbox_view AS SELECT * FROM app_outbox"));
        QJsonObject o = builtInJson(QStringLiteral("app_outbox"));
        o[QStringLiteral("table")] = QStringLiteral("app_outbox_view");
        const ProfileCheckReport r = check(profileFrom(o));
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        const ProfileFinding *view = nullptr;
        for (const ProfileFinding &f : r.findings)
            if (f.path == QLatin1String("table"))
                view = &f;
        QVERIFY2(view && view->severity == ProfileFinding::Severity::Warning && view->message.contains(QStringLiteral("is a view")),
                 qPrintable(describe(r)));
        QVERIFY(r.coverage.measured);
    }

    void aColumnWithATypoIsNamedWithTheColumnsThereAre_data() { addProfileRows(); }
    void aColumnWithATypoIsNamedWithTheColumnsThereAre() {
        QFETCH(QString, profileId);
        QJsonObject o = builtInJson(profileId);
        QJsonObject cols = o.value(QStringLiteral("columns")).toObject();
        const QString real = cols.value(QStringLiteral("createdAt")).toString();
        cols[QStringLiteral("createdAt")] = real + QStringLiteral("_x");
        o[QStringLiteral("columns")] = cols;
        const ProfileCheckReport r = check(profileFrom(o));
        QVERIFY(!r.ok());
        const ProfileFinding *f = findingAt(r, QStringLiteral("columns.createdAt"));
        QVERIFY2(f, qPrintable(describe(r)));
        QCOMPARE(f->severity, ProfileFinding::Severity::Error);
        QVERIFY2(f->message.contains(real + QStringLiteral("_x")) && f->message.contains(real), qPrintable(f->message));
        // The statements that would fail on the missing column were not run.
        QVERIFY(!r.coverage.measured && !r.indexesChecked);
        QVERIFY(describe(r).contains(QStringLiteral("profile.json: columns.createdAt: error: ")));
    }

    void aTimeWithoutTimeZoneIsRefused() {
        m_db->exec(QStringLiteral("CREATE TABLE naive_outbox (id bigint PRIMARY KEY, k text, created timestamp NOT NULL DEFAULT now(), sent timestamp)"));
        const SchemaProfile p = profileFrom(QJsonDocument::fromJson(R"({
            "id": "naive", "table": "naive_outbox",
            "columns": { "id": "id", "key": "k", "createdAt": "created", "sentAt": "sent" },
            "states": [ { "name": "WAITING", "role": "waiting", "isNull": "sentAt" },
                        { "name": "SENT", "role": "done", "notNull": "sentAt" } ],
            "waiting": { "states": ["WAITING"], "sinceColumn": "createdAt" } })")
                                                .object());
        const ProfileCheckReport r = check(p);
        const ProfileFinding *f = findingAt(r, QStringLiteral("columns.createdAt"));
        QVERIFY2(f && f->message.contains(QStringLiteral("timestamp without time zone")), qPrintable(describe(r)));
        QVERIFY(!findingAt(r, QStringLiteral("columns.sentAt"))); // only read as "is it null"
    }

    void anEnumStatusMustHoldEveryStateValue() {
        m_db->exec(QStringLiteral("CREATE TYPE job_state AS ENUM ('queued', 'done')"));
        m_db->exec(QStringLiteral("CREATE TABLE enum_outbox (id bigint PRIMARY KEY, k text, st job_state NOT NULL, created timestamptz NOT NULL DEFAULT now())"));
        m_db->exec(QStringLiteral("INSERT INTO enum_outbox SELECT g, 'k', 'queued' FROM generate_series(1, 5) g"));
        const SchemaProfile p = profileFrom(QJsonDocument::fromJson(R"({
            "id": "enum", "table": "enum_outbox",
            "columns": { "id": "id", "key": "k", "status": "st", "createdAt": "created" },
            "states": [ { "name": "QUEUED", "role": "waiting", "value": "queued" },
                        { "name": "DONE", "role": "done", "value": "done" },
                        { "name": "FAILED", "role": "failed", "value": "failed" } ],
            "waiting": { "states": ["QUEUED"] } })")
                                                .object());
        const ProfileCheckReport r = check(p);
        const ProfileFinding *f = findingAt(r, QStringLiteral("states[2]"));
        QVERIFY2(f && f->message.contains(QStringLiteral("queued, done")), qPrintable(describe(r)));
        QCOMPARE(r.count(ProfileFinding::Severity::Error), 1);
    }

    void overlappingStatesAndRowsInNoStateAreCounted() {
        // Two states both claim the unpublished rows; published rows with a NULL created_at… cannot
        // exist (NOT NULL), so rows in no state come from a state list that leaves PUBLISHED out.
        const SchemaProfile base = *SchemaProfile::builtIn(QStringLiteral("outbox"));
        insertMessages(*m_db, base, QStringLiteral("UNPUBLISHED"), 7);
        insertMessages(*m_db, base, QStringLiteral("PUBLISHED"), 4);
        QJsonObject o = builtInJson(QStringLiteral("outbox"));
        o[QStringLiteral("states")] = QJsonDocument::fromJson(R"([
            { "name": "UNPUBLISHED", "role": "waiting", "isNull": "publishedAt" },
            { "name": "NEW", "role": "waiting", "isNull": "publishedAt" } ])")
                                          .array();
        o.remove(QStringLiteral("actions"));
        o.remove(QStringLiteral("purge")); // names PUBLISHED, which this profile has not
        const ProfileCheckReport r = check(profileFrom(o));
        QVERIFY2(r.coverage.measured, qPrintable(describe(r)));
        QCOMPARE(r.coverage.total, 11);
        QCOMPARE(r.coverage.inSeveralStates, 7);
        QCOMPARE(r.coverage.inNoState, 4);
        QCOMPARE(findingAt(r, QStringLiteral("states"))->severity, ProfileFinding::Severity::Error);
        QVERIFY(!r.ok());
    }

    void aMissingAuditTableMeansNoActions() {
        m_db->exec(QStringLiteral("DROP TABLE app_outbox_audit CASCADE"));
        const ProfileCheckReport r = check(*SchemaProfile::builtIn(QStringLiteral("app_outbox")));
        const ProfileFinding *f = findingAt(r, QStringLiteral("audit.table"));
        QVERIFY2(f && f->severity == ProfileFinding::Severity::Error, qPrintable(describe(r)));
    }

    void anAuditTableBeforeTheKitLacksOnlyTheActionId() {
        // The seed's audit table as the application made it, before the kit: no action_id. The
        // kit's action function adds that column, so it is no error of the profile; any other
        // missing audit column still is.
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        QVERIFY(m_db->scalar(QStringLiteral("SELECT NOT EXISTS (SELECT FROM pg_attribute WHERE attrelid = 'app_outbox_audit'::regclass "
                                            "AND attname = 'action_id')"))
                    .toBool());
        const ProfileCheckReport r = check(p);
        const ProfileFinding *f = findingAt(r, QStringLiteral("audit.columns.actionId"));
        QVERIFY2(f && f->severity == ProfileFinding::Severity::Warning, qPrintable(describe(r)));
        QVERIFY2(f->message.contains(QLatin1String("--print-kit")), qPrintable(f->message));
        QCOMPARE(r.count(ProfileFinding::Severity::Error), 0);
        m_db->exec(QStringLiteral("ALTER TABLE app_outbox_audit DROP COLUMN reason"));
        const ProfileCheckReport withoutReason = check(p);
        const ProfileFinding *reason = findingAt(withoutReason, QStringLiteral("audit.columns.reason"));
        QVERIFY2(reason && reason->severity == ProfileFinding::Severity::Error, qPrintable(describe(withoutReason)));
    }

    void aMissingKitFunctionIsAWarning() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        m_db->exec(QStringLiteral("DROP FUNCTION %1").arg(ActionFunctionSql(p).signature()));
        const ProfileCheckReport r = check(p);
        QVERIFY2(r.ok(), qPrintable(describe(r))); // it still monitors
        QCOMPARE(findingAt(r, QStringLiteral("actions"))->severity, ProfileFinding::Severity::Warning);
    }

    void aMissingIndexIsAWarningOnlyWhereItCosts() {
        // The seed's own indexes serve the snapshot; a copy of the table with none but its rows
        // is read whole on every refresh.
        m_db->exec(QStringLiteral("CREATE TABLE bare_outbox (LIKE app_outbox INCLUDING DEFAULTS)"));
        SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        p.table = QStringLiteral("bare_outbox");
        p.actions.clear();
        m_db->exec(QStringLiteral("INSERT INTO bare_outbox (outbox_id, message_key, event_type, destination, payload_json, status) "
                                  "SELECT g, 'K' || g, 'E', 'D', '{}', 'PENDING' FROM generate_series(1, 50) g"));
        m_db->exec(QStringLiteral("ANALYZE bare_outbox"));
        ProfileCheckReport r = check(p);
        // A few pages: reading them whole is the planner's right choice, not a missing index.
        QVERIFY2(r.indexesChecked && r.indexes.ok(), qPrintable(describe(r)));
        // Over 1 MiB it is a missing index.
        m_db->exec(QStringLiteral("INSERT INTO bare_outbox (outbox_id, message_key, event_type, destination, payload_json, status) "
                                  "SELECT g, 'K' || g, 'E', 'D', '{}', CASE WHEN g % 100 = 0 THEN 'PENDING' ELSE 'SENT' END "
                                  "FROM generate_series(51, 30000) g"));
        m_db->exec(QStringLiteral("ANALYZE bare_outbox"));
        r = check(p);
        QVERIFY2(r.ok(), qPrintable(describe(r))); // it still monitors
        QVERIFY(r.indexesChecked && !r.indexes.ok());
        QVERIFY2(describe(r).contains(QStringLiteral("Index missing")), qPrintable(describe(r)));
    }

    void aHugeTableIsSampled() {
        const SchemaProfile p = *SchemaProfile::builtIn(QStringLiteral("app_outbox"));
        insertMessages(*m_db, p, QStringLiteral("PENDING"), 2000);
        // What the planner would believe of a table of 50 million rows; the check must not read it all.
        m_db->exec(QStringLiteral("UPDATE pg_class SET reltuples = 5e7 WHERE oid = 'app_outbox'::regclass"));
        const ProfileCheckReport r = check(p);
        QVERIFY(r.coverage.measured);
        QCOMPARE(r.coverage.tableRowsEstimate, 50000000);
        QVERIFY(r.coverage.samplePercent > 0 && r.coverage.samplePercent < 1);
        QVERIFY(r.coverage.total < 2000);
        QVERIFY2(describe(r).contains(QStringLiteral("sample")), qPrintable(describe(r)));
    }
};

OM_TEST_GUILESS_MAIN(TestProfileCheck)
#include "tst_profilecheck.moc"
