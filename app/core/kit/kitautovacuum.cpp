// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/kitautovacuum.h"
#include "core/sql/leafsql.h"
#include "core/sql/sqltext.h"

namespace om::kit {

QString autovacuumSettingsSql(const QString &qualifiedTable) {
    // The defaults (vacuum when 20% of the rows are dead, analyze at 10%) wait for millions of
    // changed rows on a big table. Vacuum after ~5000 dead rows (each claim or mark leaves dead
    // versions behind); inserts alone (producers) also trigger a vacuum that marks new pages
    // all-visible; analyze after ~10000 changed rows for fresh terminal-state estimates.
    return QStringLiteral("ALTER TABLE %1 SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,\n"
                          "  autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000,\n"
                          "  autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 10000)")
        .arg(qualifiedTable);
}

QString autovacuumSettingsBlock(const QString &qualifiedTable, const QString &indent) {
    // Autovacuum works on each partition as on a table of its own, and the parent refuses the
    // settings: they go on the partitions there are. pg_partman passes its template table's
    // settings on to each partition it makes later; a partition made by hand needs them too.
    const QString rel = sql::quoteLiteral(qualifiedTable) + QLatin1String("::regclass");
    QString body = QStringLiteral(
                       "IF %1 THEN\n"
                       "    DECLARE\n"
                       "        v_leaf regclass;\n"
                       "    BEGIN\n"
                       "        FOR v_leaf IN %2 LOOP\n"
                       "            EXECUTE format(%3, v_leaf);\n"
                       "        END LOOP;\n"
                       "    END;\n"
                       "ELSE\n"
                       "    %4;\n"
                       "END IF;")
                       .arg(sql::isPartitioned(rel), sql::leafRelations(rel),
                            sql::quoteLiteral(autovacuumSettingsSql(QStringLiteral("%s")).replace(QLatin1Char('\n'), QLatin1Char(' '))),
                            autovacuumSettingsSql(qualifiedTable).replace(QLatin1Char('\n'), QLatin1String("\n    ")));
    return indent + body.replace(QLatin1Char('\n'), QLatin1Char('\n') + indent) + QLatin1Char('\n');
}

} // namespace om::kit
