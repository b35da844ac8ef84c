// The audit trail query against brute force: randomised audit rows (ties in time, hostile text,
// messages that no longer exist), random filters, every page joined back together must equal
// the rows a plain scan filtered in C++ gives, in (changed_at desc, id desc) order.
#include "core/audit/auditquery.h"
#include "testdatabase.h"
#include "testmain.h"

#include <QRandomGenerator>
#include <QTest>

using namespace om;
using namespace om::test;

namespace {
const QStringList kActions = {"RETRY_FAILED", "CANCEL_MESSAGE", "RECOVER_STUCK", "RE%TRY"};
const QStringList kUsers = {"alice", "bob", "demo_operator", "o'brien"};
const QStringList kTickets = {"", "INC-1", "INC-2", "INC_3", "INC%4"};
const QStringList kReasons = {"customer asked", "50% off retried", "under_score fix", "back\\slash path",
                              "it's fine", "宛先の障害が復旧したため再送", "a,b\"c\r\nd", "%", "_", "\\", ""};
const QStringList kNeedles = {"%", "_", "\\", "'", "50%", "score", "障害", "\"c\r\n", "INC", "K1", "y_", "zz"};

struct Raw {
    qint64 id;
    QDateTime at;
    QString action, key, reason, ticket, dbUser, osUser;
};

bool contains(const QString &hay, const QString &needle) { return !hay.isNull() && hay.contains(needle); }
} // namespace

class TestAuditQuery : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QList<Raw> m_all;
    SchemaProfile m_profile;

    QList<qint64> viaQuery(const AuditFilter &f, int pageSize) {
        AuditQuery q(m_profile);
        QList<qint64> ids;
        AuditCursor cur;
        for (int guard = 0; guard < 10000; ++guard) {
            const AuditPage page = q.fetchPage(m_db->session(), f, cur, pageSize);
            for (const AuditRow &r : page.rows)
                ids << r.auditId;
            if (!page.hasMore)
                break;
            cur = page.next;
        }
        return ids;
    }

    QList<qint64> bruteForce(const AuditFilter &f) {
        QList<Raw> hit;
        for (const Raw &r : m_all) {
            if (f.from.isValid() && r.at < f.from) continue;
            if (f.to.isValid() && r.at >= f.to) continue;
            if (!f.action.isEmpty() && r.action != f.action) continue;
            if (!f.operatorName.isEmpty() && r.dbUser != f.operatorName && r.osUser != f.operatorName) continue;
            if (!f.keyText.isEmpty() && !contains(r.key, f.keyText)) continue;
            if (!f.ticket.isEmpty() && r.ticket != f.ticket) continue;
            if (!f.reasonText.isEmpty() && !contains(r.reason, f.reasonText)) continue;
            hit << r;
        }
        std::sort(hit.begin(), hit.end(), [](const Raw &a, const Raw &b) { return a.at != b.at ? a.at > b.at : a.id > b.id; });
        QList<qint64> ids;
        for (const Raw &r : hit)
            ids << r.id;
        return ids;
    }

private slots:
    void initTestCase() {
        QString error;
        m_db = TestDatabase::create({"seed000_app_outbox.sql"}, &error);
        if (!m_db)
            QFAIL(qPrintable(error));
        m_profile = *SchemaProfile::builtIn("app_outbox");
        m_db->exec("INSERT INTO app_outbox (outbox_id, message_key, event_type, destination, payload_json) "
                   "SELECT g, CASE WHEN g % 7 = 0 THEN 'key_' || g ELSE 'K' || g END, 'E', 'D', '{}' FROM generate_series(1, 60) g");
        QRandomGenerator rng(20260501);
        const QDateTime base = QDateTime(QDate(2026, 5, 1), QTime(0, 0), Qt::UTC);
        for (int i = 0; i < 500; ++i) {
            // Few distinct seconds: many ties in time, so the id half of the keyset matters.
            const QDateTime at = base.addSecs(qint64(rng.bounded(120)) * 3600);
            const qint64 mid = rng.bounded(1, 80); // 61..79: the message no longer exists
            const QString action = kActions[rng.bounded(kActions.size())];
            const QString reason = kReasons[rng.bounded(kReasons.size())];
            const QString ticket = kTickets[rng.bounded(kTickets.size())];
            const QString user = kUsers[rng.bounded(kUsers.size())];
            const QString os = kUsers[rng.bounded(kUsers.size())];
            const QVariant id = m_db->scalar(
                "INSERT INTO app_outbox_audit (outbox_id, action_name, reason, changed_by, changed_at, ticket, os_user, client_host) "
                "VALUES ($1, $2, $3, $4, $5::timestamptz, $6, $7, 'pc1') RETURNING audit_id",
                {QString::number(mid), action, reason.isEmpty() ? QVariant() : reason, user,
                 at.toString(Qt::ISODate), ticket.isEmpty() ? QVariant() : ticket, os});
            m_all << Raw{id.toLongLong(), at, action, mid <= 60 ? (mid % 7 == 0 ? QStringLiteral("key_%1").arg(mid) : QStringLiteral("K%1").arg(mid)) : QString(),
                         reason.isEmpty() ? QString() : reason, ticket, user, os};
        }
    }

    void emptyFilterPagesThroughEverything() {
        const QList<qint64> expected = bruteForce({});
        QCOMPARE(expected.size(), 500);
        QCOMPARE(viaQuery({}, 7), expected);
        QCOMPARE(viaQuery({}, 1000), expected);
    }

    void randomFiltersMatchBruteForce() {
        QRandomGenerator rng(7);
        const QDateTime base = QDateTime(QDate(2026, 5, 1), QTime(0, 0), Qt::UTC);
        int nonEmpty = 0;
        for (int round = 0; round < 150; ++round) {
            AuditFilter f;
            if (rng.bounded(3) == 0) f.from = base.addSecs(qint64(rng.bounded(120)) * 3600);
            if (rng.bounded(3) == 0) f.to = base.addSecs(qint64(rng.bounded(121)) * 3600);
            if (f.from.isValid() && f.to.isValid() && f.from >= f.to) f.to = QDateTime();
            if (rng.bounded(4) == 0) f.action = kActions[rng.bounded(kActions.size())];
            if (rng.bounded(4) == 0) f.operatorName = kUsers[rng.bounded(kUsers.size())];
            if (rng.bounded(4) == 0) f.keyText = kNeedles[rng.bounded(kNeedles.size())];
            if (rng.bounded(4) == 0) f.ticket = kTickets[rng.bounded(kTickets.size())];
            if (rng.bounded(3) == 0) f.reasonText = kNeedles[rng.bounded(kNeedles.size())];
            QVERIFY(f.problem().isEmpty());
            const QList<qint64> expected = bruteForce(f);
            nonEmpty += !expected.isEmpty();
            QCOMPARE(viaQuery(f, 1 + rng.bounded(40)), expected);
        }
        QVERIFY2(nonEmpty > 50, qPrintable(QString::number(nonEmpty)));
    }

    void wildcardsAreLiteral() {
        AuditFilter f;
        f.reasonText = "%";
        QCOMPARE(viaQuery(f, 50), bruteForce(f));
        // "%" appears only in two reasons, not in every row as an unescaped LIKE would match.
        QVERIFY(viaQuery(f, 50).size() < 300);
        f.reasonText = "'; DROP TABLE app_outbox_audit; --";
        QCOMPARE(viaQuery(f, 50).size(), 0);
        QCOMPARE(m_db->scalar("SELECT count(*) FROM app_outbox_audit").toInt(), 500);
    }

    void rowsCarryKeyAndOperator() {
        AuditQuery q(m_profile);
        const AuditPage page = q.fetchPage(m_db->session(), {}, {}, 500);
        QCOMPARE(page.rows.size(), 500);
        QVERIFY(!page.hasMore);
        for (const AuditRow &r : page.rows) {
            const Raw &raw = *std::find_if(m_all.begin(), m_all.end(), [&](const Raw &x) { return x.id == r.auditId; });
            QCOMPARE(r.changedAt, raw.at);
            QCOMPARE(r.messageKey, raw.key);
            QCOMPARE(r.reason, raw.reason);
            QCOMPARE(r.osUserAtHost(), raw.osUser + "@pc1");
        }
    }

    void badFiltersSayWhy() {
        AuditFilter f;
        f.from = QDateTime::currentDateTimeUtc();
        f.to = f.from.addSecs(-1);
        QVERIFY(!f.problem().isEmpty());
        AuditFilter g;
        g.reasonText = QString(1001, 'x');
        QVERIFY(!g.problem().isEmpty());
    }

    void csvIsRfc4180() {
        AuditRow r;
        r.auditId = 5;
        r.changedAtText = "2026-05-01 10:00:00.123456+00";
        r.reason = "a,b\"c\r\nd";
        r.messageKey = "宛先";
        const QByteArray line = AuditQuery::csvRecord(r);
        QVERIFY(line.endsWith("\r\n"));
        QVERIFY(line.startsWith("5,2026-05-01T10:00:00.123456+00,"));
        QVERIFY(line.contains(",\"a,b\"\"c\r\nd\","));
        QVERIFY(line.contains(QString("宛先").toUtf8()));
        r.reason = "plain";
        r.ticket = "x\"y";
        QVERIFY(AuditQuery::csvRecord(r).contains(",plain,\"x\"\"y\","));
    }
};

OM_TEST_MAIN(TestAuditQuery)
#include "tst_auditquery.moc"
