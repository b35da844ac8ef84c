// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kit/seedindexesfile.h"
#include "core/kit/kitautovacuum.h"
#include "core/kit/kitindexes.h"
#include "core/sql/kitnames.h"
#include "core/kit/kitseeds.h"
#include "core/sql/sqltext.h"

#include <algorithm>

namespace om::kit {
namespace {

QString lit(const QString &s) { return sql::quoteLiteral(s); }
QString ident(const QString &s) { return sql::quoteIdentifier(s); }

/// An index an earlier, hand-kept kit file made under another name than the kit gives it now.
struct EarlierName {
    const char *table;
    const char *earlier; ///< its name then
    const char *suffix;  ///< the kit's name now: objectName("ix_" + table, suffix)
};

const EarlierName kEarlierNames[] = {
    {"batch_work_item", "ix_bwi_open", "open"},
    {"batch_work_item", "ix_bwi_failed_keyset", "failed_keyset"},
    {"batch_work_item", "ix_bwi_running_keyset", "running_keyset"},
    {"batch_work_item", "ix_bwi_skipped", "skipped"},
    // Made before it held the ordering key: renamed, then built again with it (lackingRebuilt).
    {"outbox", "ix_outbox_unpublished_age", "open"},
};

/// Renames of `p`'s earlier indexes to the kit's names (each only when the earlier one is there,
/// on this table, and the kit's name is free): the index is kept, not built a second time.
QString renames(const SchemaProfile &p, const QList<KitIndex> &indexes) {
    QString out;
    for (const EarlierName &e : kEarlierNames) {
        if (p.table != QLatin1String(e.table))
            continue;
        const QString now = objectName(QStringLiteral("ix_") + p.table, QLatin1String(e.suffix));
        if (std::none_of(indexes.cbegin(), indexes.cend(), [&](const KitIndex &i) { return i.name == now; }))
            continue;
        const QString earlier = ident(p.schema) + QLatin1Char('.') + ident(QLatin1String(e.earlier));
        const QString there = QStringLiteral("SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass(%1)\n"
                                             "                    AND i.indrelid = %2::regclass")
                                  .arg(lit(earlier), lit(p.qualifiedTable()));
        out += QStringLiteral(
                   "        IF EXISTS (%1)\n"
                   "           AND to_regclass(%2) IS NULL THEN\n"
                   "            ALTER INDEX %3 RENAME TO %4;\n"
                   "        END IF;\n")
                   .arg(there, lit(ident(p.schema) + QLatin1Char('.') + ident(now)), earlier, ident(now));
    }
    return out.isEmpty() ? out : QStringLiteral("        -- Indexes an earlier kit file made under other names take the names below.\n") + out;
}

QString created(const KitIndex &i, const QString &indent) {
    return QStringLiteral("%1-- %2: %3\n%1%4;\n").arg(indent, commentText(i.name), commentText(i.why), i.statement);
}

QString tableSection(const SchemaProfile &p) {
    const QList<KitIndex> monitoring = monitoringIndexes(p);
    QString body = renames(p, monitoring);
    for (const KitIndex &i : monitoring)
        body += lackingRebuilt(p, i, QStringLiteral("        "));
    for (const KitIndex &i : monitoring)
        body += created(i, QStringLiteral("        "));
    for (const KitIndex &i : flowIndexes(p))
        body += i.table == p.qualifiedTable()
                    ? created(i, QStringLiteral("        "))
                    : QStringLiteral("        IF to_regclass(%1) IS NOT NULL THEN\n%2        END IF;\n")
                          .arg(lit(i.table), created(i, QStringLiteral("            ")));
    body += QStringLiteral("        -- Autovacuum after a fixed amount of churn (see the header); on each partition of a partitioned table.\n")
            + autovacuumSettingsBlock(p.qualifiedTable(), QStringLiteral("        "));
    return QStringLiteral("    IF to_regclass(%1) IS NOT NULL THEN\n%2    END IF;\n").arg(lit(p.qualifiedTable()), body);
}

} // namespace

QString seedMonitoringIndexesFile() {
    QString out = QStringLiteral(
        "-- Admin kit: monitoring indexes and autovacuum settings for the seed tables (app_outbox,\n"
        "-- batch_work_item, outbox).\n"
        "--\n"
        "-- GENERATED from the seed tables' built-in profiles by om::kit::seedMonitoringIndexesFile\n"
        "-- (app/core/kit/seedindexesfile.cpp): the indexes outbox-monitor --print-kit writes for each of\n"
        "-- them. Do not edit by hand: tests/unit/tst_kitfiles fails when this file and the generator\n"
        "-- differ, and OM_REGENERATE_KIT=1 build/tests/tst_kitfiles rewrites it.\n"
        "--\n"
        "-- Why: the dashboard polls every few seconds. The seeds' monitoring queries (status GROUP BY over\n"
        "-- the whole table, min(created_at) of PENDING, stuck PROCESSING, near-max retries) scan the big\n"
        "-- table: on 10 million rows they cost ~0.7 s idle and halve the producers' throughput when polled\n"
        "-- at 1 Hz. Partial indexes that hold only the open rows (a few MB) answer the same questions by\n"
        "-- index-only scans in milliseconds and cost the writers nothing measurable. The program's\n"
        "-- predicates imply the index predicates: both are generated from the same profile. Each index\n"
        "-- below says which query it serves; the triage lists page through theirs by keyset, never OFFSET.\n"
        "--\n"
        "-- Counts of the big terminal states (SENT, SUCCESS, published) are millions of rows; the dashboard\n"
        "-- estimates them from the table's statistics (pg_stat n_live_tup, pg_class, pg_stats), which is why\n"
        "-- ANALYZE must run often enough (the autovacuum settings below).\n"
        "--\n"
        "-- Rare terminal states (CANCELLED, SKIPPED) are counted exactly instead: an estimate from a\n"
        "-- 30,000-row sample is off by tens of percent for a state that holds 0.02% of the rows (CANCELLED\n"
        "-- read 1,347 / 1,777 / 1,346 / 1,606 against a true 1,530). A partial index that holds only that\n"
        "-- state's rows answers its count by an index-only scan of a few pages; writers touch it only when\n"
        "-- a row enters the state. The dashboard asks the planner once per connection whether an index\n"
        "-- serves such a count and uses it only while the statistics estimate the state at 50,000 rows or\n"
        "-- fewer: should a \"rare\" state become common, the refresh goes back to the estimate rather than\n"
        "-- read a big index every few seconds. outbox has no such state: its only terminal state\n"
        "-- (published) is the big one.\n"
        "--\n"
        "-- The dashboard's flow (created, finished and failed per minute, counted by the server from the\n"
        "-- table's own times over up to 7 days) reads time ranges of the created and finished columns: a\n"
        "-- B-tree on the created time and a partial one on the finished time of the finished rows, so that\n"
        "-- each bucket's count is an index-only range count. A BRIN index (a few hundred kB) was tried\n"
        "-- first: every count through it reads the table's pages in the range (about 1 GB for 7 days of a\n"
        "-- 10-million-row table, 8-11 s), where the B-trees (about 215 MB each for 10 million rows) read a\n"
        "-- few MB (scripts/bench insight measures both). Failures are few rows: a partial B-tree of just\n"
        "-- them. A status-history table is only ever appended to and small: BRIN there. The BRIN indexes\n"
        "-- an earlier kit made on the tables (ix_*_flow_created_at, ..._sent_at, ..._finished_at,\n"
        "-- ..._published_at) are no longer read and may be dropped.\n"
        "--\n"
        "-- Autovacuum per table: the defaults (vacuum when 20% of the rows are dead, analyze at 10%) mean\n"
        "-- that on 10 million rows nothing happens until 2 million rows have churned: the visibility map\n"
        "-- goes stale, the \"index-only\" scans fetch heap pages for every entry (measured: 26 ms -> 72 ms\n"
        "-- p50 under load), and the terminal-state estimates drift. A scale factor of 0 with a fixed\n"
        "-- threshold makes autovacuum run after a fixed amount of churn, whatever the table's size.\n"
        "--\n"
        "-- Index builds: a plain CREATE INDEX blocks writes to the table while it reads the whole heap (the\n"
        "-- index is small, the scan is not: seconds to a minute on millions of rows). On a busy production\n"
        "-- table, run each CREATE INDEX below by hand as CREATE INDEX CONCURRENTLY instead.\n"
        "--\n"
        "-- Partitioned tables: each CREATE INDEX below, made on the partitioned parent, makes the same index\n"
        "-- on every partition, and on every partition made later (pg_partman's maintenance, CREATE TABLE\n"
        "-- ... PARTITION OF, ATTACH PARTITION) at once: an index of the parent reaches them all. CREATE INDEX\n"
        "-- CONCURRENTLY is refused on a partitioned parent; to build without blocking writes, create the\n"
        "-- parent's index with CREATE INDEX ... ON ONLY under the name below, each partition's with CREATE\n"
        "-- INDEX CONCURRENTLY, and join them with ALTER INDEX parent_index ATTACH PARTITION partition_index;\n"
        "-- this file then finds the index there. A partitioned parent takes no autovacuum settings (autovacuum\n"
        "-- works on each partition): they are set on each partition there is; pg_partman copies its template\n"
        "-- table's settings to each partition it makes later, so set them there too.\n"
        "--\n"
        "-- Idempotent: safe to apply again. Needs the seed files applied first; tables that do not exist\n"
        "-- are skipped, so a database that holds only one of the three systems can use this file as is.\n\n"
        "DO $om_kit$\n"
        "BEGIN\n");
    for (const SchemaProfile &p : seedProfiles())
        out += tableSection(p);
    return out + QStringLiteral("END\n$om_kit$;\n");
}

} // namespace om::kit
