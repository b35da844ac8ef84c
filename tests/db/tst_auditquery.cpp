// SPDX-License-Identifier: GPL-3.0-or-later
// The audit trail query against brute force, for every built-in profile's audit table:
// randomised audit rows (ties in time, hostile text, messages that no longer exist), random
// filters, every page joined back together must equal the rows a plain scan filtered in C++
// gives, in (changed_at desc, id desc) order.
#include "actionfixture.h"
#include "core/audit/auditquery.h"
#include "profilerows.h"
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
    /// Per profile: the audit rows written, as written. Read-only once initTestCase is done, so
    /// the functions depend on no order.
    QHash<QString, QList<Raw>> m_all;

    QList<qint64> viaQuery(const SchemaProfile &p, const AuditFilter &f, int pageSize) {
        AuditQuery q(p);
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

    QList<qint64> bruteForce(const QString &profileId, const AuditFilter &f) const {
        QList<Raw> hit;
        for (const Raw &r : m_all.value(profileId)) {
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

    /// 60 messages (every 7th key with an underscore) and 500 random audit rows in the profile's
    /// own tables; a fifth of the rows name a message that no longer exists.
    void fillAuditTrail(const SchemaProfile &p) {
        const QList<qint64> messages = insertMessages(*m_db, p, p.waitingStates.first(), 60);
        QCOMPARE(messages.size(), 60);
        QStringList keys;
        for (int i = 1; i <= 60; ++i) {
            keys << (i % 7 == 0 ? QStringLiteral("key_%1").arg(i) : QStringLiteral("K%1").arg(i));
            setMessageKey(*m_db, p, messages.at(i - 1), keys.last());
        }
        const qint64 goneBase = *std::max_element(messages.begin(), messages.end());
        QRandomGenerator rng(20260501);
        const QDateTime base = QDateTime(QDate(2026, 5, 1), QTime(0, 0), Qt::UTC);
        QList<Raw> &all = m_all[p.id];
        for (int i = 0; i < 500; ++i) {
            AuditRowValues v;
            // Few distinct seconds: many ties in time, so the id half of the keyset matters.
            v.changedAt = base.addSecs(qint64(rng.bounded(120)) * 3600);
            const int m = rng.bounded(1, 80); // 61..79: the message no longer exists
            v.messageId = m <= 60 ? messages.at(m - 1) : goneBase + m;
            v.action = kActions[rng.bounded(kActions.size())];
            v.reason = kReasons[rng.bounded(kReasons.size())];
            v.ticket = kTickets[rng.bounded(kTickets.size())];
            v.changedBy = kUsers[rng.bounded(kUsers.size())];
            v.osUser = kUsers[rng.bounded(kUsers.size())];
            v.host = QStringLiteral("pc1");
            v.newStatus = stateValue(p, p.waitingStates.first()); // NOT NULL in batch_work_status_history
            const qint64 id = insertAuditRow(*m_db, p, v);
            all << Raw{id, v.changedAt, v.action, m <= 60 ? keys.at(m - 1) : QString(), v.reason, v.ticket, v.changedBy, v.osUser};
        }
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, TestDatabase::allSeeds());
        for (const QString &id : builtInProfileIds()) {
            fillAuditTrail(*SchemaProfile::builtIn(id));
            QVERIFY2(m_all.value(id).size() == 500, qPrintable(id));
        }
    }

    void emptyFilterPagesThroughEverything_data() { addProfileRows(); }
    void emptyFilterPagesThroughEverything() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        const QList<qint64> expected = bruteForce(profileId, {});
        QCOMPARE(expected.size(), 500);
        QCOMPARE(viaQuery(p, {}, 7), expected);
        QCOMPARE(viaQuery(p, {}, 1000), expected);
    }

    void randomFiltersMatchBruteForce_data() { addProfileRows(); }
    void randomFiltersMatchBruteForce() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        QRandomGenerator rng(7 + quint32(qHash(profileId))); // other filters per profile
        const QDateTime base = QDateTime(QDate(2026, 5, 1), QTime(0, 0), Qt::UTC);
        // 50 rounds per profile: the 150 of the single-profile version, spread over the three.
        const int rounds = 50;
        int nonEmpty = 0;
        for (int round = 0; round < rounds; ++round) {
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
            const QList<qint64> expected = bruteForce(profileId, f);
            nonEmpty += !expected.isEmpty();
            QCOMPARE(viaQuery(p, f, 1 + rng.bounded(40)), expected);
        }
        QVERIFY2(nonEmpty > rounds / 3, qPrintable(QString::number(nonEmpty)));
    }

    void wildcardsAreLiteral_data() { addProfileRows(); }
    void wildcardsAreLiteral() {
        QFETCH(QString, profileId);
        const SchemaProfile p = *SchemaProfile::builtIn(profileId);
        AuditFilter f;
        f.reasonText = "%";
        QCOMPARE(viaQuery(p, f, 50), bruteForce(profileId, f));
        // "%" appears only in two reasons, not in every row as an unescaped LIKE would match.
        QVERIFY(viaQuery(p, f, 50).size() < 300);
        f.reasonText = QStringLiteral("'; DROP TABLE %1; --").arg(p.audit.table);
        QCOMPARE(viaQuery(p, f, 50).size(), 0);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM %1").arg(p.qualifiedAuditTable())).toInt(), 500);
    }

    void rowsCarryKeyAndOperator_data() { addProfileRows(); }
    void rowsCarryKeyAndOperator() {
        QFETCH(QString, profileId);
        AuditQuery q(*SchemaProfile::builtIn(profileId));
        const AuditPage page = q.fetchPage(m_db->session(), {}, {}, 500);
        QCOMPARE(page.rows.size(), 500);
        QVERIFY(!page.hasMore);
        const QList<Raw> &all = m_all[profileId];
        for (const AuditRow &r : page.rows) {
            const auto raw = std::find_if(all.begin(), all.end(), [&](const Raw &x) { return x.id == r.auditId; });
            QVERIFY(raw != all.end());
            QCOMPARE(r.changedAt, raw->at);
            QCOMPARE(r.messageKey, raw->key);
            QCOMPARE(r.reason, raw->reason);
            QCOMPARE(r.osUserAtHost(), raw->osUser + "@pc1");
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
