// SPDX-License-Identifier: GPL-3.0-or-later
// The Table tab on a partitioned table (tests/support/ddl/partitioned_outbox.sql, one partition
// per destination): the table's size is its partitions' sum, and under "Partitions" each
// partition is listed by what it holds and its name, with its own size and its rows, dead rows and
// (auto)vacuum/analyze.
#include "core/health/tablehealth.h"
#include "health/tablehealthview.h"
#include "pg/gateway.h"
#include "screenshots.h"
#include "testdatabase.h"
#include "testlanguage.h"
#include "testmain.h"
#include "testprofiles.h"

#include <QFile>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace om;
using namespace om::test;

class TestPartitionHealth : public QObject {
    Q_OBJECT
    std::unique_ptr<TestDatabase> m_db;

    static QTreeWidgetItem *child(QTreeWidgetItem *parent, const QString &startsWith) {
        for (int i = 0; i < parent->childCount(); ++i)
            if (parent->child(i)->text(0).startsWith(startsWith))
                return parent->child(i);
        return nullptr;
    }

private slots:
    void initTestCase() {
        installTestTranslations();
        OM_CREATE_TEST_DATABASE(m_db, QStringList{});
        QFile ddl(QStringLiteral(OM_SOURCE_DIR "/tests/support/ddl/partitioned_outbox.sql"));
        QVERIFY(ddl.open(QIODevice::ReadOnly));
        m_db->exec(QString::fromUtf8(ddl.readAll()));
        m_db->exec(QStringLiteral("INSERT INTO part_queue_outbox (message_key, event_type, destination, payload_json, status) "
                                  "SELECT 'K:' || g, 'EVT', 'DEST_' || (g % 5), repeat('x', 100), 'SENT' FROM generate_series(1, 3000) g"));
        m_db->exec(QStringLiteral("ANALYZE part_queue_outbox"));
    }

    void eachPartitionIsListed() {
        const SchemaProfile p = profileFile(QStringLiteral("tests/support/profiles/partitioned/part_queue_outbox.json"));
        GatewayConfig config;
        config.connInfo = m_db->connectionString();
        Gateway gateway(config);
        AppContext c;
        c.gateway = &gateway;
        c.profile = p;
        c.readOnly = true;
        TableHealthView view(c);
        QSignalSpy shown(&view, &TableHealthView::reportShown);
        view.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 10000);
        const TableHealth &h = view.report().table;
        QVERIFY(h.partitioned);
        QCOMPARE(h.partitions.size(), 4);
        QTreeWidgetItem *messages = view.tree()->topLevelItem(0);
        QTreeWidgetItem *partitions = child(messages, QStringLiteral("Partitions"));
        QVERIFY(partitions);
        QCOMPARE(partitions->text(0), QStringLiteral("Partitions (4)"));
        QCOMPARE(partitions->childCount(), 4);
        qint64 sum = 0;
        for (int i = 0; i < partitions->childCount(); ++i) {
            QTreeWidgetItem *item = partitions->child(i);
            const QString name = item->data(0, Qt::UserRole).toString();
            const qint64 bytes = m_db->scalar(QStringLiteral("SELECT pg_total_relation_size($1::regclass)"), {name}).toLongLong();
            // What the partition holds first (the destination it is for), then its name.
            const QString holds = m_db->scalar(QStringLiteral("SELECT CASE WHEN relpartbound IS NULL THEN NULL"
                                                              " WHEN pg_get_expr(relpartbound, oid) = 'DEFAULT' THEN 'everything else'"
                                                              " ELSE substring(pg_get_expr(relpartbound, oid) from $$IN \\('([^']*)'\\)$$) END"
                                                              " FROM pg_class WHERE oid = $1::regclass"),
                                               {name})
                                      .toString();
            QCOMPARE(item->text(0), QStringLiteral("%1 — %2").arg(holds, name));
            QCOMPARE(item->text(1), QLocale().formattedDataSize(bytes));
            QVERIFY(child(item, QStringLiteral("Dead tuples")));
            QVERIFY(child(item, QStringLiteral("Last analyze")));
            sum += bytes;
        }
        QCOMPARE(h.totalBytes, sum);
        QCOMPARE(child(messages, QStringLiteral("Total size"))->text(1), QLocale().formattedDataSize(sum));
        partitions->setExpanded(true);
        view.resize(1200, 700);
        view.show();
        saveScreenshot(&view, QStringLiteral("table-health-partitioned"));
    }
};

OM_TEST_MAIN(TestPartitionHealth)
#include "tst_partitionhealth.moc"
