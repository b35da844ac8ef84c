// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/kitautovacuum.h"

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

} // namespace om::kit
