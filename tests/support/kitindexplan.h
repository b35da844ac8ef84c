// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The plan of a statement when only the kit's failure-group indexes (and the constraints') are
// there to serve it.
#include "core/sql/failuregroupsql.h"
#include "testdatabase.h"

#include <QStringList>

namespace om::test {

/// EXPLAIN of the failure groups' statement with every other index of the profile's table
/// dropped inside a savepoint (back with its rollback) and sequential and bitmap scans off: on a
/// few hundred rows the planner would as soon read the heap, or another index leading with the
/// status (which one wins a near tie varied with the load of CI's cluster). That the kit's index
/// can answer alone is what the tests ask; the benchmark shows the planner's own choice.
inline QString failureGroupsPlanWithOnlyTheKitsIndexes(TestDatabase &db, const SchemaProfile &p) {
    const sql::Statement st = sql::failureGroups(p, 100);
    QString plan;
    db.session().transact([&](PgTx &tx) {
        tx.exec(QStringLiteral("SAVEPOINT only_the_kits"));
        tx.exec(QStringLiteral("SET LOCAL enable_seqscan = off"));
        tx.exec(QStringLiteral("SET LOCAL enable_bitmapscan = off"));
        // The kit's two: "<name>" and "<name>_long".
        const PgResult others = tx.exec(QStringLiteral("SELECT i.indexrelid::regclass::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                                                       " WHERE i.indrelid = $1::regclass AND c.relname::text NOT IN ($2::text, $2::text || '_long')"
                                                       " AND NOT EXISTS (SELECT FROM pg_constraint k WHERE k.conindid = i.indexrelid)"),
                                        {p.qualifiedTable(), sql::failureGroupIndexName(p)});
        for (const QVariantList &other : others.rows)
            tx.exec(QStringLiteral("DROP INDEX %1").arg(other.first().toString()));
        QStringList lines;
        for (const QVariantList &line : tx.exec(QStringLiteral("EXPLAIN ") + st.text, st.params).rows)
            lines << line.first().toString();
        plan = lines.join(QLatin1Char('\n'));
        tx.exec(QStringLiteral("ROLLBACK TO SAVEPOINT only_the_kits"));
    });
    return plan;
}

} // namespace om::test
