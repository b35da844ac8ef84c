// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storeschema.h"

namespace om::storeschema {

QStringList upgradeFrom(int from) {
    switch (from) {
    case 0:
        // The tables as the release before versions created them, unchanged: a file of that
        // release already has them all and keeps its rows.
        // clang-format off
        return {
            // HistoryStore: one series per (connection key, profile, metric).
            QStringLiteral("CREATE TABLE IF NOT EXISTS series (id INTEGER PRIMARY KEY, conn TEXT NOT NULL, profile TEXT NOT NULL,"
                           " metric TEXT NOT NULL, UNIQUE (conn, profile, metric))"),
            // Clustered on (series, t): a window is one range read.
            QStringLiteral("CREATE TABLE IF NOT EXISTS sample (series INTEGER NOT NULL, t INTEGER NOT NULL, v REAL NOT NULL,"
                           " PRIMARY KEY (series, t)) WITHOUT ROWID"),
            QStringLiteral("CREATE TABLE IF NOT EXISTS sample_minute (series INTEGER NOT NULL, t INTEGER NOT NULL,"
                           " vmin REAL NOT NULL, vmax REAL NOT NULL, vsum REAL NOT NULL, n INTEGER NOT NULL, first_t INTEGER NOT NULL,"
                           " PRIMARY KEY (series, t)) WITHOUT ROWID"),
            // FlowStore: the server's flow buckets and the span of time asked about.
            QStringLiteral("CREATE TABLE IF NOT EXISTS flow_bucket (conn TEXT NOT NULL, profile TEXT NOT NULL, width INTEGER NOT NULL,"
                           " t INTEGER NOT NULL, created INTEGER NOT NULL, finished INTEGER NOT NULL, failed INTEGER NOT NULL,"
                           " PRIMARY KEY (conn, profile, width, t)) WITHOUT ROWID"),
            QStringLiteral("CREATE TABLE IF NOT EXISTS flow_span (conn TEXT NOT NULL, profile TEXT NOT NULL, width INTEGER NOT NULL,"
                           " from_t INTEGER NOT NULL, to_t INTEGER NOT NULL, PRIMARY KEY (conn, profile, width)) WITHOUT ROWID"),
        };
        // clang-format on
    default:
        return {};
    }
}

} // namespace om::storeschema
