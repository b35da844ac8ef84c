// SPDX-License-Identifier: GPL-3.0-or-later
// A payload above the "Show all" limit is never loaded into the pane: the pane keeps its first
// part, says the whole is too large to show, and "Save to file…" writes all of it. For each
// built-in profile with a payload column (batch_work_item has none). The limit is lowered for
// the test so that a 300,000-character payload stands for a 50 MB one.
#include "messageids.h"
#include "pg/gateway.h"
#include "link/limits.h"
#include "testdatabase.h"
#include "testmain.h"
#include "triage/detailpane.h"

#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace om;
using namespace om::test;

class TestPayloadCap : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_dir;
    static constexpr int kChars = 300000;

    qint64 insertHuge(const QString &profileId) {
        const QString payload = QStringLiteral("'{\"x\":\"' || repeat('a', %1) || '\"}'").arg(kChars);
        if (profileId == QLatin1String("app_outbox"))
            return m_db->scalar(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status) "
                                               "VALUES ('HUGE', 'E', 'D', %1, 'FAILED') RETURNING outbox_id")
                                    .arg(payload))
                .toLongLong();
        return m_db->scalar(QStringLiteral("INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload) "
                                           "VALUES (gen_random_uuid(), 'Order', 'HUGE', 'E', (%1)::jsonb) RETURNING id")
                                .arg(payload))
            .toLongLong();
    }

private slots:
    void initTestCase() {
        OM_CREATE_TEST_DATABASE(m_db, QStringList{"seed000_app_outbox.sql", "seed004_outbox.sql"});
    }

    void aboveTheLimitOnlySaveToFile_data() {
        QTest::addColumn<QString>("profileId");
        QTest::newRow("app_outbox") << QStringLiteral("app_outbox");
        QTest::newRow("outbox") << QStringLiteral("outbox");
    }

    void aboveTheLimitOnlySaveToFile() {
        QFETCH(QString, profileId);
        const qint64 id = insertHuge(profileId);
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        Gateway gw(c);
        DetailPane pane(&gw, *SchemaProfile::builtIn(profileId));
        pane.setShowAllLimit(kChars); // the payload has a few characters more
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        pane.showMessage(MessageId(id));
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 10000);
        QVERIFY(pane.isPayloadTruncated());
        QVERIFY(!pane.canShowAll());
        QPushButton *showAll = nullptr;
        for (QPushButton *b : pane.findChildren<QPushButton *>())
            if (b->text() == QLatin1String("Show all"))
                showAll = b;
        QVERIFY(showAll && !showAll->isEnabled());
        QVERIFY2(pane.payloadNote().contains("too large to show"), qPrintable(pane.payloadNote()));
        QSignalSpy whole(&pane, &DetailPane::wholePayloadShown);
        QMetaObject::invokeMethod(&pane, "showWholePayload"); // even when asked: nothing is loaded
        QTest::qWait(300);
        QCOMPARE(whole.count(), 0);
        QVERIFY(pane.isPayloadTruncated());

        // Save to file writes the whole payload, byte for byte the server's text.
        const QString path = m_dir.filePath(profileId + ".json");
        QSignalSpy saved(&pane, &DetailPane::payloadSaved);
        pane.savePayloadTo(path);
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 10000);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY2(bytes.size() >= kChars && bytes.contains(QByteArray(kChars, 'a')), qPrintable(QString::number(bytes.size())));

        // Within the limit, the same message may be shown whole.
        pane.setShowAllLimit(limits::kShowAllMaxChars);
        pane.showMessage(MessageId(id));
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 2, 10000);
        QVERIFY(pane.canShowAll());
    }

    /// A NULL or empty payload is said as such, not as JSON that failed to parse at byte 0.
    void aMissingPayloadIsSaidAsSuch_data() {
        QTest::addColumn<QString>("payload");
        QTest::addColumn<QString>("note");
        QTest::newRow("NULL") << QStringLiteral("NULL") << QStringLiteral("No payload: the column is NULL for this message.");
        QTest::newRow("empty") << QStringLiteral("''") << QStringLiteral("The payload is empty.");
    }
    void aMissingPayloadIsSaidAsSuch() {
        QFETCH(QString, payload);
        QFETCH(QString, note);
        m_db->exec(QStringLiteral("ALTER TABLE app_outbox ALTER COLUMN payload_json DROP NOT NULL"));
        const qint64 id = m_db->scalar(QStringLiteral("INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status) "
                                                      "VALUES ('NOPAYLOAD-' || $1, 'E', 'D', %1, 'FAILED') RETURNING outbox_id")
                                           .arg(payload),
                                       {QString::fromLatin1(QTest::currentDataTag())})
                              .toLongLong();
        GatewayConfig c;
        c.connInfo = m_db->connectionString();
        Gateway gw(c);
        DetailPane pane(&gw, *SchemaProfile::builtIn(QStringLiteral("app_outbox")));
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        pane.showMessage(MessageId(id));
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 10000);
        QCOMPARE(pane.payloadNote(), note);
        QVERIFY(!pane.isPayloadTruncated());
    }
};

OM_TEST_MAIN(TestPayloadCap)
#include "tst_payloadcap.moc"
