// SPDX-License-Identifier: GPL-3.0-or-later
// What a partition holds, from its bound as PostgreSQL 15 prints it (pg_get_expr of relpartbound):
// list values without their quotes, a range as from … to, a hash partition's modulus and
// remainder, the default partition in words.
#include "core/health/partitionbound.h"
#include "testmain.h"

#include <QTest>

using namespace om;

class TestPartitionBound : public QObject {
    Q_OBJECT
private slots:
    void bounds_data() {
        QTest::addColumn<QString>("bound");
        QTest::addColumn<QString>("text");
        QTest::newRow("list") << "FOR VALUES IN ('emails')" << "emails";
        QTest::newRow("list of two") << "FOR VALUES IN ('DEST_0', 'DEST_1')" << "DEST_0, DEST_1";
        QTest::newRow("quote inside") << "FOR VALUES IN ('it''s')" << "it's";
        QTest::newRow("numbers") << "FOR VALUES IN (1, 2)" << "1, 2";
        QTest::newRow("range") << "FOR VALUES FROM ('2026-12-01 00:00:00+00') TO ('2026-12-02 00:00:00+00')"
                               << "2026-12-01 00:00:00+00 … 2026-12-02 00:00:00+00";
        QTest::newRow("open range") << "FOR VALUES FROM (MINVALUE) TO (100)" << "MINVALUE … 100";
        QTest::newRow("hash") << "FOR VALUES WITH (modulus 4, remainder 1)" << "modulus 4, remainder 1";
        QTest::newRow("default") << "DEFAULT" << "everything else";
        QTest::newRow("none") << "" << "";
    }
    void bounds() {
        QFETCH(QString, bound);
        QFETCH(QString, text);
        QCOMPARE(partitionBoundText(bound), text);
    }
};

OM_TEST_GUILESS_MAIN(TestPartitionBound)
#include "tst_partitionbound.moc"
