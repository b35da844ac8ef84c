// SPDX-License-Identifier: GPL-3.0-or-later
// Lookup names (profile "lookups"): a job table the test makes stores its kind's and its
// endpoint's id, and two lookup tables hold their names (one kind id has none). The list, the
// waiting breakdown, the filter's choices, a filter by name, the failure groups' destinations and
// the check are compared with brute-force SQL joins written here.
#include "core/adminkit/kitsql.h"
#include "core/check/profilecheck.h"
#include "core/dashboard/snapshotquery.h"
#include "core/groups/failuregroupquery.h"
#include "core/triage/detailquery.h"
#include "core/triage/listquery.h"
#include "listpages.h"
#include "testdatabase.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QMap>
#include <QSet>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {

// Each row's names, as a reader of the lookup tables writes the join.
const char *const kNamed = "SELECT j.id, coalesce(k.name, j.kind_id::text) AS kind, coalesce(e.label, j.endpoint_id::text) AS endpoint, "
                           "j.status FROM kind_job j LEFT JOIN job_kind k ON k.id = j.kind_id LEFT JOIN endpoint e ON e.code = j.endpoint_id";

} // namespace

class TestLookupNames : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    const SchemaProfile m_p = profileFile(QStringLiteral("tests/support/profiles/lookup/kind_job.json"));

    QString findings(const ProfileCheckReport &r) { return r.lines(QString()).join(QLatin1Char('\n')); }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        m_db->session().execScript(sourceText(QStringLiteral("tests/support/profiles/lookup/kind_job.sql")));
        const KitSql kit(m_p);
        QCOMPARE(kit.refusal(), QString());
        m_db->session().execScript(kit.script());
        m_db->exec(QStringLiteral("SELECT setseed(0.17)"));
        // Kinds 1-5 have names, 99 has none; endpoints 1-3 have labels, 4 has none, some NULL.
        m_db->exec(QStringLiteral(
            "INSERT INTO kind_job (ref, kind_id, endpoint_id, status, error_code, last_error) "
            "SELECT 'r' || g, (ARRAY[1, 2, 3, 4, 5, 99])[1 + (random() * 5)::int], "
            "       (ARRAY[1, 2, 3, 4, NULL])[1 + (random() * 4)::int]::smallint, "
            "       (ARRAY['ready', 'busy', 'done', 'dead'])[1 + g % 4], "
            "       CASE WHEN g % 4 = 3 THEN 'E' || (g % 3) END, CASE WHEN g % 4 = 3 THEN 'failed at step ' || (g % 3) END "
            "FROM generate_series(1, 2000) g"));
        m_db->exec(QStringLiteral("ANALYZE kind_job"));
    }
    void cleanupTestCase() { m_db.reset(); }

    void theCheckWantsTheLookupIndexed() {
        const ProfileCheckReport r = ProfileCheck(m_p).run(m_db->session());
        QVERIFY2(r.ok(), qPrintable(findings(r)));
        QVERIFY2(findings(r).contains(QLatin1String("lookups.destination")) && findings(r).contains(QLatin1String("CREATE UNIQUE INDEX")),
                 qPrintable(findings(r)));
        QVERIFY(!findings(r).contains(QLatin1String("lookups.type")));
        m_db->exec(QStringLiteral("CREATE UNIQUE INDEX endpoint_code ON endpoint (code)"));
        QVERIFY(!findings(ProfileCheck(m_p).run(m_db->session())).contains(QLatin1String("lookups.")));

        SchemaProfile missing = m_p;
        missing.lookups[QStringLiteral("type")].table = QStringLiteral("no_such_kinds");
        const QString said = findings(ProfileCheck(missing).run(m_db->session()));
        QVERIFY2(said.contains(QLatin1String("lookups.type")) && said.contains(QLatin1String("no_such_kinds")), qPrintable(said));
    }

    void theListShowsNames() {
        QMap<qint64, QPair<QString, QString>> want;
        for (const QVariantList &r : m_db->rows(QString::fromLatin1(kNamed)))
            want.insert(r.at(0).toLongLong(), {r.at(1).toString(), r.at(2).toString()});
        const QList<MessageRow> rows = allListPages(m_db->session(), m_p, ListFilter::View::All, 211);
        QCOMPARE(rows.size(), want.size());
        for (const MessageRow &r : rows) {
            QCOMPARE(r.type, want.value(r.id.number()).first);
            QCOMPARE(r.destination, want.value(r.id.number()).second);
        }
    }

    /// The detail keeps the id as stored, with its name beside it.
    void theDetailNamesTheId() {
        const qint64 id = m_db->scalar(QStringLiteral("SELECT min(id) FROM kind_job WHERE kind_id = 3")).toLongLong();
        const MessageDetail d = DetailQuery(m_p).fetch(m_db->session(), MessageId(id), 100);
        QVERIFY(d.found);
        QString kind;
        for (const DetailField &f : d.fields)
            if (f.name == QLatin1String("kind_id"))
                kind = f.text;
        QCOMPARE(kind, QStringLiteral("3 (order.shipped)"));
    }

    void theBreakdownGroupsByName() {
        const Snapshot s = SnapshotQuery(m_p).run(m_db->session(), true);
        const auto brute = [&](const char *column) {
            QMap<QString, qint64> out;
            for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT %1, count(*) FROM (%2) n WHERE status = 'ready' AND %1 IS NOT NULL "
                                                                   "GROUP BY 1")
                                                        .arg(QLatin1String(column), QLatin1String(kNamed))))
                out.insert(r.at(0).toString(), r.at(1).toLongLong());
            return out;
        };
        const auto got = [](const QList<WaitingGroup> &groups) {
            QMap<QString, qint64> out;
            for (const WaitingGroup &g : groups)
                if (!g.label.isEmpty())
                    out.insert(g.label, g.count);
            return out;
        };
        QCOMPARE(got(s.byType), brute("kind"));
        QCOMPARE(got(s.byDestination), brute("endpoint"));
        QVERIFY(got(s.byType).contains(QStringLiteral("invoice.paid")) && got(s.byType).contains(QStringLiteral("99")));
    }

    void choicesAndFiltersAreNames() {
        const FilterChoices c = ListQuery(m_p).choices(m_db->session());
        QSet<QString> kinds;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT DISTINCT kind FROM (%1) n WHERE status <> 'done'").arg(QLatin1String(kNamed))))
            kinds.insert(r.at(0).toString());
        QCOMPARE(QSet<QString>(c.types.cbegin(), c.types.cend()), kinds);
        QVERIFY(c.destinations.contains(QStringLiteral("warehouse")));

        // A filter by two names and an id without one: exactly the rows a join says.
        PageRequest r;
        r.filter.view = ListFilter::View::All;
        r.filter.types = {QStringLiteral("invoice.paid"), QStringLiteral("order.shipped"), QStringLiteral("99")};
        r.filter.destinations = {QStringLiteral("crm")};
        r.pageSize = 5000;
        QSet<qint64> got;
        for (const MessageRow &row : ListQuery(m_p).fetchPage(m_db->session(), r).rows)
            got.insert(row.id.number());
        QSet<qint64> want;
        for (const QVariantList &row : m_db->rows(QStringLiteral("SELECT id FROM (%1) n WHERE kind IN ('invoice.paid', 'order.shipped', '99') "
                                                                 "AND endpoint = 'crm'")
                                                      .arg(QLatin1String(kNamed))))
            want.insert(row.at(0).toLongLong());
        QVERIFY(!want.isEmpty());
        QCOMPARE(got, want);
    }

    void failureGroupsNameTheirDestinations() {
        const FailureGroups g = FailureGroupQuery(m_p).read(m_db->session());
        QVERIFY(g.available && !g.groups.isEmpty());
        QSet<QString> shown;
        for (const FailureGroup &group : g.groups)
            for (const QString &d : group.destinations)
                shown.insert(d);
        QSet<QString> want;
        for (const QVariantList &r : m_db->rows(QStringLiteral("SELECT DISTINCT endpoint FROM (%1) n WHERE status = 'dead' AND endpoint IS NOT NULL")
                                                    .arg(QLatin1String(kNamed))))
            want.insert(r.at(0).toString());
        // Each group shows its first few destinations by name: names, never the ids of named rows.
        QVERIFY2(want.contains(shown), qPrintable(QStringList(shown.cbegin(), shown.cend()).join(QLatin1String(", "))));
        for (const QString &id : {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")})
            QVERIFY(!shown.contains(id));
        QVERIFY(shown.contains(QStringLiteral("billing-service")));
    }
};

OM_TEST_GUILESS_MAIN(TestLookupNames)
#include "tst_lookupnames.moc"
