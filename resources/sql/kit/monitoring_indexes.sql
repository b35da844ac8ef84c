-- Admin kit: monitoring indexes and autovacuum settings for the seed tables (app_outbox,
-- batch_work_item, outbox).
--
-- GENERATED from the seed tables' built-in profiles by om::kit::seedMonitoringIndexesFile
-- (app/core/kit/seedindexesfile.cpp): the indexes outbox-monitor --print-kit writes for each of
-- them. Do not edit by hand: tests/unit/tst_kitfiles fails when this file and the generator
-- differ, and OM_REGENERATE_KIT=1 build/tests/tst_kitfiles rewrites it.
--
-- Why: the dashboard polls every few seconds. The seeds' monitoring queries (status GROUP BY over
-- the whole table, min(created_at) of PENDING, stuck PROCESSING, near-max retries) scan the big
-- table: on 10 million rows they cost ~0.7 s idle and halve the producers' throughput when polled
-- at 1 Hz. Partial indexes that hold only the open rows (a few MB) answer the same questions by
-- index-only scans in milliseconds and cost the writers nothing measurable. The program's
-- predicates imply the index predicates: both are generated from the same profile. Each index
-- below says which query it serves; the triage lists page through theirs by keyset, never OFFSET.
--
-- Counts of the big terminal states (SENT, SUCCESS, published) are millions of rows; the dashboard
-- estimates them from the table's statistics (pg_stat n_live_tup, pg_class, pg_stats), which is why
-- ANALYZE must run often enough (the autovacuum settings below).
--
-- Rare terminal states (CANCELLED, SKIPPED) are counted exactly instead: an estimate from a
-- 30,000-row sample is off by tens of percent for a state that holds 0.02% of the rows (CANCELLED
-- read 1,347 / 1,777 / 1,346 / 1,606 against a true 1,530). A partial index that holds only that
-- state's rows answers its count by an index-only scan of a few pages; writers touch it only when
-- a row enters the state. The dashboard asks the planner once per connection whether an index
-- serves such a count and uses it only while the statistics estimate the state at 50,000 rows or
-- fewer: should a "rare" state become common, the refresh goes back to the estimate rather than
-- read a big index every few seconds. outbox has no such state: its only terminal state
-- (published) is the big one.
--
-- The dashboard's flow (created, finished and failed per minute, counted by the server from the
-- table's own times over up to 7 days) reads time ranges of the created and finished columns: a
-- B-tree on the created time and a partial one on the finished time of the finished rows, so that
-- each bucket's count is an index-only range count. A BRIN index (a few hundred kB) was tried
-- first: every count through it reads the table's pages in the range (about 1 GB for 7 days of a
-- 10-million-row table, 8-11 s), where the B-trees (about 215 MB each for 10 million rows) read a
-- few MB (scripts/bench insight measures both). Failures are few rows: a partial B-tree of just
-- them. A status-history table is only ever appended to and small: BRIN there. The BRIN indexes
-- an earlier kit made on the tables (ix_*_flow_created_at, ..._sent_at, ..._finished_at,
-- ..._published_at) are no longer read and may be dropped.
--
-- Autovacuum per table: the defaults (vacuum when 20% of the rows are dead, analyze at 10%) mean
-- that on 10 million rows nothing happens until 2 million rows have churned: the visibility map
-- goes stale, the "index-only" scans fetch heap pages for every entry (measured: 26 ms -> 72 ms
-- p50 under load), and the terminal-state estimates drift. A scale factor of 0 with a fixed
-- threshold makes autovacuum run after a fixed amount of churn, whatever the table's size.
--
-- Index builds: a plain CREATE INDEX blocks writes to the table while it reads the whole heap (the
-- index is small, the scan is not: seconds to a minute on millions of rows). On a busy production
-- table, run each CREATE INDEX below by hand as CREATE INDEX CONCURRENTLY instead.
--
-- Partitioned tables: each CREATE INDEX below, made on the partitioned parent, makes the same index
-- on every partition, and on every partition made later (pg_partman's maintenance, CREATE TABLE
-- ... PARTITION OF, ATTACH PARTITION) at once: an index of the parent reaches them all. CREATE INDEX
-- CONCURRENTLY is refused on a partitioned parent; to build without blocking writes, create the
-- parent's index with CREATE INDEX ... ON ONLY under the name below, each partition's with CREATE
-- INDEX CONCURRENTLY, and join them with ALTER INDEX parent_index ATTACH PARTITION partition_index;
-- this file then finds the index there. A partitioned parent takes no autovacuum settings (autovacuum
-- works on each partition): they are set on each partition there is; pg_partman copies its template
-- table's settings to each partition it makes later, so set them there too.
--
-- Idempotent: safe to apply again. Needs the seed files applied first; tables that do not exist
-- are skipped, so a database that holds only one of the three systems can use this file as is.

DO $om_kit$
BEGIN
    IF to_regclass('"public"."app_outbox"') IS NOT NULL THEN
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_app_outbox_open"') AND i.indrelid = '"public"."app_outbox"'::regclass
                   AND NOT ARRAY['status', 'created_at', 'outbox_id', 'destination', 'event_type', 'retry_count', 'max_retry_count', 'locked_at']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_app_outbox_open"';
            DROP INDEX "public"."ix_app_outbox_open";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_app_outbox_failed_keyset"') AND i.indrelid = '"public"."app_outbox"'::regclass
                   AND NOT ARRAY['updated_at', 'outbox_id']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_app_outbox_failed_keyset"';
            DROP INDEX "public"."ix_app_outbox_failed_keyset";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_app_outbox_processing_keyset"') AND i.indrelid = '"public"."app_outbox"'::regclass
                   AND NOT ARRAY['locked_at', 'outbox_id']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_app_outbox_processing_keyset"';
            DROP INDEX "public"."ix_app_outbox_processing_keyset";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_app_outbox_near_max_keyset"') AND i.indrelid = '"public"."app_outbox"'::regclass
                   AND (NOT ARRAY['updated_at', 'outbox_id', 'retry_count', 'max_retry_count']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                       WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))
                        OR pg_get_expr(i.indpred, i.indrelid) LIKE '%greatest(%')) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it, or has an earlier predicate; built again', '"public"."ix_app_outbox_near_max_keyset"';
            DROP INDEX "public"."ix_app_outbox_near_max_keyset";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_app_outbox_cancelled"') AND i.indrelid = '"public"."app_outbox"'::regclass
                   AND NOT ARRAY['outbox_id']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_app_outbox_cancelled"';
            DROP INDEX "public"."ix_app_outbox_cancelled";
        END IF;
        -- ix_app_outbox_open: the dashboard's snapshot: exact counts of the open states, the oldest waiting age, stuck and near-max counts, the breakdown by destination and type, read from this index alone (index-only)
        CREATE INDEX IF NOT EXISTS "ix_app_outbox_open" ON "public"."app_outbox" ("status", "created_at", "outbox_id") INCLUDE ("destination", "event_type", "retry_count", "max_retry_count", "locked_at") WHERE "status" IN ('PENDING', 'PROCESSING', 'FAILED');
        -- ix_app_outbox_failed_keyset: Triage's Failed list, paged by keyset, newest failure first
        CREATE INDEX IF NOT EXISTS "ix_app_outbox_failed_keyset" ON "public"."app_outbox" ("updated_at", "outbox_id") WHERE "status" = 'FAILED';
        -- ix_app_outbox_processing_keyset: Triage's Stuck list and the stuck count, oldest first
        CREATE INDEX IF NOT EXISTS "ix_app_outbox_processing_keyset" ON "public"."app_outbox" ("locked_at", "outbox_id") WHERE "status" = 'PROCESSING';
        -- ix_app_outbox_near_max_keyset: Triage's Near max retry list, paged by keyset, and the count of messages on their last try
        CREATE INDEX IF NOT EXISTS "ix_app_outbox_near_max_keyset" ON "public"."app_outbox" ("updated_at", "outbox_id") INCLUDE ("retry_count", "max_retry_count") WHERE "status" IN ('PENDING', 'FAILED') AND "retry_count" >= "max_retry_count" - 1;
        -- ix_app_outbox_cancelled: the exact count of CANCELLED, a rare terminal state (an estimate from a sample is off by tens of percent)
        CREATE INDEX IF NOT EXISTS "ix_app_outbox_cancelled" ON "public"."app_outbox" ("outbox_id") WHERE "status" = 'CANCELLED';
        -- ix_app_outbox_flow_created_at_bt: the flow chart: messages created, finished and failed per minute, counted by the server
        CREATE INDEX IF NOT EXISTS "ix_app_outbox_flow_created_at_bt" ON "public"."app_outbox" ("created_at");
        -- ix_app_outbox_flow_sent_at_bt: the flow chart: messages created, finished and failed per minute, counted by the server
        CREATE INDEX IF NOT EXISTS "ix_app_outbox_flow_sent_at_bt" ON "public"."app_outbox" ("sent_at") WHERE "status" = 'SENT';
        -- ix_app_outbox_flow_updated_at_failed: the flow chart: messages created, finished and failed per minute, counted by the server
        CREATE INDEX IF NOT EXISTS "ix_app_outbox_flow_updated_at_failed" ON "public"."app_outbox" ("updated_at") WHERE "status" = 'FAILED';
        -- Autovacuum after a fixed amount of churn (see the header); on each partition of a partitioned table.
        IF coalesce((SELECT c.relkind = 'p' FROM pg_class c WHERE c.oid = '"public"."app_outbox"'::regclass), false) THEN
            DECLARE
                v_leaf regclass;
            BEGIN
                FOR v_leaf IN SELECT c.oid AS relid FROM pg_class c WHERE c.oid = '"public"."app_outbox"'::regclass AND c.relkind <> 'p' UNION ALL SELECT t.relid FROM pg_partition_tree('"public"."app_outbox"'::regclass) t WHERE t.isleaf AND t.level > 0 LOOP
                    EXECUTE format('ALTER TABLE %s SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,   autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000,   autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 10000)', v_leaf);
                END LOOP;
            END;
        ELSE
            ALTER TABLE "public"."app_outbox" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
              autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000,
              autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 10000);
        END IF;
    END IF;
    IF to_regclass('"public"."batch_work_item"') IS NOT NULL THEN
        -- Indexes an earlier kit file made under other names take the names below.
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_bwi_open"')
                    AND i.indrelid = '"public"."batch_work_item"'::regclass)
           AND to_regclass('"public"."ix_batch_work_item_open"') IS NULL THEN
            ALTER INDEX "public"."ix_bwi_open" RENAME TO "ix_batch_work_item_open";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_bwi_failed_keyset"')
                    AND i.indrelid = '"public"."batch_work_item"'::regclass)
           AND to_regclass('"public"."ix_batch_work_item_failed_keyset"') IS NULL THEN
            ALTER INDEX "public"."ix_bwi_failed_keyset" RENAME TO "ix_batch_work_item_failed_keyset";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_bwi_running_keyset"')
                    AND i.indrelid = '"public"."batch_work_item"'::regclass)
           AND to_regclass('"public"."ix_batch_work_item_running_keyset"') IS NULL THEN
            ALTER INDEX "public"."ix_bwi_running_keyset" RENAME TO "ix_batch_work_item_running_keyset";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_bwi_skipped"')
                    AND i.indrelid = '"public"."batch_work_item"'::regclass)
           AND to_regclass('"public"."ix_batch_work_item_skipped"') IS NULL THEN
            ALTER INDEX "public"."ix_bwi_skipped" RENAME TO "ix_batch_work_item_skipped";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_batch_work_item_open"') AND i.indrelid = '"public"."batch_work_item"'::regclass
                   AND NOT ARRAY['status', 'created_at', 'work_item_id', 'job_name', 'retry_count', 'max_retry_count', 'locked_at']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_batch_work_item_open"';
            DROP INDEX "public"."ix_batch_work_item_open";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_batch_work_item_failed_keyset"') AND i.indrelid = '"public"."batch_work_item"'::regclass
                   AND NOT ARRAY['updated_at', 'work_item_id']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_batch_work_item_failed_keyset"';
            DROP INDEX "public"."ix_batch_work_item_failed_keyset";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_batch_work_item_running_keyset"') AND i.indrelid = '"public"."batch_work_item"'::regclass
                   AND NOT ARRAY['locked_at', 'work_item_id']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_batch_work_item_running_keyset"';
            DROP INDEX "public"."ix_batch_work_item_running_keyset";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_batch_work_item_near_max_keyset"') AND i.indrelid = '"public"."batch_work_item"'::regclass
                   AND (NOT ARRAY['updated_at', 'work_item_id', 'retry_count', 'max_retry_count']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                       WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))
                        OR pg_get_expr(i.indpred, i.indrelid) LIKE '%greatest(%')) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it, or has an earlier predicate; built again', '"public"."ix_batch_work_item_near_max_keyset"';
            DROP INDEX "public"."ix_batch_work_item_near_max_keyset";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_batch_work_item_skipped"') AND i.indrelid = '"public"."batch_work_item"'::regclass
                   AND NOT ARRAY['work_item_id']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_batch_work_item_skipped"';
            DROP INDEX "public"."ix_batch_work_item_skipped";
        END IF;
        -- ix_batch_work_item_open: the dashboard's snapshot: exact counts of the open states, the oldest waiting age, stuck and near-max counts, the breakdown by destination and type, read from this index alone (index-only)
        CREATE INDEX IF NOT EXISTS "ix_batch_work_item_open" ON "public"."batch_work_item" ("status", "created_at", "work_item_id") INCLUDE ("job_name", "retry_count", "max_retry_count", "locked_at") WHERE "status" IN ('NEW', 'RETRY_WAIT', 'RUNNING', 'FAILED');
        -- ix_batch_work_item_failed_keyset: Triage's Failed list, paged by keyset, newest failure first
        CREATE INDEX IF NOT EXISTS "ix_batch_work_item_failed_keyset" ON "public"."batch_work_item" ("updated_at", "work_item_id") WHERE "status" IN ('FAILED', 'RETRY_WAIT');
        -- ix_batch_work_item_running_keyset: Triage's Stuck list and the stuck count, oldest first
        CREATE INDEX IF NOT EXISTS "ix_batch_work_item_running_keyset" ON "public"."batch_work_item" ("locked_at", "work_item_id") WHERE "status" = 'RUNNING';
        -- ix_batch_work_item_near_max_keyset: Triage's Near max retry list, paged by keyset, and the count of messages on their last try
        CREATE INDEX IF NOT EXISTS "ix_batch_work_item_near_max_keyset" ON "public"."batch_work_item" ("updated_at", "work_item_id") INCLUDE ("retry_count", "max_retry_count") WHERE "status" IN ('NEW', 'RETRY_WAIT', 'FAILED') AND "retry_count" >= "max_retry_count" - 1;
        -- ix_batch_work_item_skipped: the exact count of SKIPPED, a rare terminal state (an estimate from a sample is off by tens of percent)
        CREATE INDEX IF NOT EXISTS "ix_batch_work_item_skipped" ON "public"."batch_work_item" ("work_item_id") WHERE "status" = 'SKIPPED';
        -- ix_batch_work_item_flow_created_at_bt: the flow chart: messages created, finished and failed per minute, counted by the server
        CREATE INDEX IF NOT EXISTS "ix_batch_work_item_flow_created_at_bt" ON "public"."batch_work_item" ("created_at");
        -- ix_batch_work_item_flow_finished_at_bt: the flow chart: messages created, finished and failed per minute, counted by the server
        CREATE INDEX IF NOT EXISTS "ix_batch_work_item_flow_finished_at_bt" ON "public"."batch_work_item" ("finished_at") WHERE "status" = 'SUCCESS';
        IF to_regclass('"public"."batch_work_status_history"') IS NOT NULL THEN
            -- ix_batch_work_status_history_flow_changed_at: the flow chart: messages created, finished and failed per minute, counted by the server
            CREATE INDEX IF NOT EXISTS "ix_batch_work_status_history_flow_changed_at" ON "public"."batch_work_status_history" USING brin ("changed_at") WITH (pages_per_range = 32);
        END IF;
        -- Autovacuum after a fixed amount of churn (see the header); on each partition of a partitioned table.
        IF coalesce((SELECT c.relkind = 'p' FROM pg_class c WHERE c.oid = '"public"."batch_work_item"'::regclass), false) THEN
            DECLARE
                v_leaf regclass;
            BEGIN
                FOR v_leaf IN SELECT c.oid AS relid FROM pg_class c WHERE c.oid = '"public"."batch_work_item"'::regclass AND c.relkind <> 'p' UNION ALL SELECT t.relid FROM pg_partition_tree('"public"."batch_work_item"'::regclass) t WHERE t.isleaf AND t.level > 0 LOOP
                    EXECUTE format('ALTER TABLE %s SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,   autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000,   autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 10000)', v_leaf);
                END LOOP;
            END;
        ELSE
            ALTER TABLE "public"."batch_work_item" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
              autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000,
              autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 10000);
        END IF;
    END IF;
    IF to_regclass('"public"."outbox"') IS NOT NULL THEN
        -- Indexes an earlier kit file made under other names take the names below.
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_outbox_unpublished_age"')
                    AND i.indrelid = '"public"."outbox"'::regclass)
           AND to_regclass('"public"."ix_outbox_open"') IS NULL THEN
            ALTER INDEX "public"."ix_outbox_unpublished_age" RENAME TO "ix_outbox_open";
        END IF;
        IF EXISTS (SELECT 1 FROM pg_index i WHERE i.indexrelid = to_regclass('"public"."ix_outbox_open"') AND i.indrelid = '"public"."outbox"'::regclass
                   AND NOT ARRAY['created_at', 'id', 'aggregate_type', 'event_type', 'aggregate_id']::name[] <@ ARRAY(SELECT a.attname FROM pg_attribute a
                                                      WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey))) THEN
            RAISE NOTICE 'outbox monitor kit: index % lacks a column the monitor reads from it; built again', '"public"."ix_outbox_open"';
            DROP INDEX "public"."ix_outbox_open";
        END IF;
        -- ix_outbox_open: the dashboard's snapshot: exact counts of the open states, the oldest waiting age, stuck and near-max counts, the breakdown by destination and type, read from this index alone (index-only)
        CREATE INDEX IF NOT EXISTS "ix_outbox_open" ON "public"."outbox" ("created_at", "id") INCLUDE ("aggregate_type", "event_type", "aggregate_id") WHERE "published_at" IS NULL;
        -- ix_outbox_open_by_key: head of line: each failing or stuck row is checked to be its key's head, and the rows behind it are counted, by one range of this index
        CREATE INDEX IF NOT EXISTS "ix_outbox_open_by_key" ON "public"."outbox" ("aggregate_id", "created_at", "id") WHERE "published_at" IS NULL;
        -- ix_outbox_flow_created_at_bt: the flow chart: messages created, finished and failed per minute, counted by the server
        CREATE INDEX IF NOT EXISTS "ix_outbox_flow_created_at_bt" ON "public"."outbox" ("created_at");
        -- ix_outbox_flow_published_at_bt: the flow chart: messages created, finished and failed per minute, counted by the server
        CREATE INDEX IF NOT EXISTS "ix_outbox_flow_published_at_bt" ON "public"."outbox" ("published_at") WHERE "published_at" IS NOT NULL;
        -- Autovacuum after a fixed amount of churn (see the header); on each partition of a partitioned table.
        IF coalesce((SELECT c.relkind = 'p' FROM pg_class c WHERE c.oid = '"public"."outbox"'::regclass), false) THEN
            DECLARE
                v_leaf regclass;
            BEGIN
                FOR v_leaf IN SELECT c.oid AS relid FROM pg_class c WHERE c.oid = '"public"."outbox"'::regclass AND c.relkind <> 'p' UNION ALL SELECT t.relid FROM pg_partition_tree('"public"."outbox"'::regclass) t WHERE t.isleaf AND t.level > 0 LOOP
                    EXECUTE format('ALTER TABLE %s SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,   autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000,   autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 10000)', v_leaf);
                END LOOP;
            END;
        ELSE
            ALTER TABLE "public"."outbox" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
              autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000,
              autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 10000);
        END IF;
    END IF;
END
$om_kit$;
