-- Admin kit: monitoring indexes and autovacuum settings for the three outbox tables.
--
-- Why: the dashboard polls every few seconds. The seeds' monitoring queries (status GROUP BY over
-- the whole table, min(created_at) of PENDING, stuck PROCESSING, near-max retries) scan the big
-- table: on 10 million rows they cost ~0.7 s idle and halve the producers' throughput when polled
-- at 1 Hz. Partial indexes that hold only the open rows (a few MB) answer the same questions by
-- index-only scans in milliseconds and cost the writers nothing measurable.
--
-- What each app_outbox index answers (the predicates the application generates must imply the
-- index predicates; they are written the same way on purpose):
--   ix_app_outbox_open  (status, created_at, outbox_id) INCLUDE (destination, event_type,
--                        retry_count, max_retry_count, locked_at)  WHERE status IN open states
--     (a) exact count per PENDING / PROCESSING / FAILED          -> index-only, status prefix
--     (b) min(created_at) WHERE status = 'PENDING'                -> first entry of the PENDING range
--     (c) count WHERE status = 'PROCESSING' AND locked_at < t     -> index-only, filter on INCLUDE
--     (d) near-max-retry count (status IN (PENDING, FAILED) AND
--         retry_count >= greatest(max_retry_count - 1, 1))        -> index-only, filter on INCLUDE
--     (e) PENDING count by destination / by event_type            -> index-only, group on INCLUDE
--     plus keyset pages of one status ordered by (created_at, outbox_id).
--   ix_app_outbox_failed_keyset     (updated_at, outbox_id) WHERE status = 'FAILED'
--   ix_app_outbox_processing_keyset (locked_at, outbox_id)  WHERE status = 'PROCESSING'
--   ix_app_outbox_near_max_keyset   (updated_at, outbox_id) WHERE near-max predicate
--     triage lists paged by keyset (never OFFSET), newest failure first / oldest lock first.
-- batch_work_item and outbox get the same treatment below.
--
-- Counts of the big terminal states (SENT, SUCCESS, published) are millions of rows; the dashboard
-- estimates them from the table's statistics (pg_stat n_live_tup, pg_class, pg_stats), which is why
-- ANALYZE must run often enough (autovacuum_analyze_* below).
--
-- Rare terminal states are counted exactly instead: an estimate from a 30,000-row sample is off by
-- tens of percent for a state that holds 0.02% of the rows (CANCELLED read 1,347 / 1,777 / 1,346 /
-- 1,606 against a true 1,530). A partial index that holds only that state's rows answers its count
-- by an index-only scan of a few pages:
--   ix_app_outbox_cancelled (outbox_id)   WHERE status = 'CANCELLED'
--   ix_bwi_skipped          (work_item_id) WHERE status = 'SKIPPED'
-- The seeds' own (status, ...) indexes (ix_app_outbox_pickup, ix_bwi_locked) serve these counts too
-- while they exist; the partial indexes keep serving them where those are dropped or changed, and
-- hold nothing but the state's rows (a few pages; writers touch them only when a row enters the state).
-- The dashboard asks the planner once per connection whether an index serves such a count (no Seq
-- Scan of the table, no whole-index read) and uses it only while the statistics estimate the state
-- at 50,000 rows or fewer: should a "rare" state become common, the refresh goes back to the estimate rather than
-- read a big index every few seconds. outbox has no such state: its only terminal state
-- (published) is the big one; the flow's partial B-tree on published_at below holds it, and the
-- 50,000-row bound keeps it estimated.
--
-- The dashboard's flow (issue #15: created / finished / failed per minute, counted by the server
-- from the table's own times over up to 7 days) reads time ranges of the created and finished
-- columns: a B-tree on the created time and a partial one on the finished time of the finished
-- rows, so that each bucket's count is an index-only range count. A BRIN index (a few hundred kB)
-- was tried first: every count through it reads the table's pages in the range (about 1 GB for 7
-- days of a 10-million-row table, 8-11 s), where the B-trees (about 215 MB each for 10 million
-- rows) read a few MB (scripts/bench insight measures both; README "Flow from the table").
-- Failures are few rows: a partial B-tree of just them. The audit (status history) table is only
-- ever appended to and small: BRIN there. These are the statements core/sql/flowsql's
-- flowIndexes() writes from each built-in profile (tst_flowsql compares the two). The BRIN
-- indexes an earlier kit made (ix_*_flow_created_at, ..._sent_at, ..._finished_at,
-- ..._published_at) are no longer read and may be dropped.
--
-- Index builds: a plain CREATE INDEX blocks writes to the table while it reads the whole heap (the
-- index is small, the scan is not: seconds to a minute on millions of rows). On a busy production
-- table, run each CREATE INDEX below by hand as CREATE INDEX CONCURRENTLY instead.
--
-- Idempotent: safe to apply again. Needs the seed files applied first; tables that do not exist
-- are skipped, so a database that holds only one of the three systems can use this file as is.

DO $kit$
BEGIN
    ---------------------------------------------------------------------------------------------
    -- app_outbox (seed 000)
    ---------------------------------------------------------------------------------------------
    IF to_regclass('app_outbox') IS NOT NULL THEN
        CREATE INDEX IF NOT EXISTS ix_app_outbox_open
            ON app_outbox (status, created_at, outbox_id)
            INCLUDE (destination, event_type, retry_count, max_retry_count, locked_at)
            WHERE status IN ('PENDING','PROCESSING','FAILED');

        CREATE INDEX IF NOT EXISTS ix_app_outbox_failed_keyset
            ON app_outbox (updated_at, outbox_id)
            WHERE status = 'FAILED';

        CREATE INDEX IF NOT EXISTS ix_app_outbox_processing_keyset
            ON app_outbox (locked_at, outbox_id)
            WHERE status = 'PROCESSING';

        -- The seed's "near max retry" query, as a list ordered by updated_at DESC.
        CREATE INDEX IF NOT EXISTS ix_app_outbox_near_max_keyset
            ON app_outbox (updated_at, outbox_id)
            WHERE status IN ('PENDING','FAILED')
              AND retry_count >= greatest(max_retry_count - 1, 1);

        -- The flow (see the header): created, sent, failed per minute.
        CREATE INDEX IF NOT EXISTS ix_app_outbox_flow_created_at_bt
            ON app_outbox (created_at);
        CREATE INDEX IF NOT EXISTS ix_app_outbox_flow_sent_at_bt
            ON app_outbox (sent_at)
            WHERE status = 'SENT';
        CREATE INDEX IF NOT EXISTS ix_app_outbox_flow_updated_at_failed
            ON app_outbox (updated_at)
            WHERE status = 'FAILED';

        -- The exact CANCELLED count (a rare terminal state, see the header): index-only.
        CREATE INDEX IF NOT EXISTS ix_app_outbox_cancelled
            ON app_outbox (outbox_id)
            WHERE status = 'CANCELLED';

        -- Autovacuum per table. The defaults (vacuum when 20% of the rows are dead, analyze at 10%)
        -- mean that on 10 million rows nothing happens until 2 million rows have churned: the
        -- visibility map goes stale, the "index-only" scans above fetch heap pages for every entry
        -- (measured: 26 ms -> 72 ms p50 under load), and the planner's statistics (the terminal
        -- state estimates) drift. A scale factor of 0 with a fixed threshold makes autovacuum run
        -- after a fixed amount of churn, whatever the table's size:
        ALTER TABLE app_outbox SET (
            -- vacuum after ~5000 dead rows (each claim/mark leaves dead versions behind):
            -- keeps the visibility map fresh so index-only scans stay index-only
            autovacuum_vacuum_scale_factor = 0,
            autovacuum_vacuum_threshold = 5000,
            -- inserts alone (producers) also trigger a vacuum that marks new pages all-visible
            autovacuum_vacuum_insert_scale_factor = 0,
            autovacuum_vacuum_insert_threshold = 10000,
            -- re-analyze after ~10000 changed rows: fresh reltuples / most-common-value
            -- frequencies for the estimated SENT / CANCELLED counts and good pickup plans
            autovacuum_analyze_scale_factor = 0,
            autovacuum_analyze_threshold = 10000
        );
    END IF;

    ---------------------------------------------------------------------------------------------
    -- batch_work_item (seed 003): open states NEW, RUNNING, FAILED, RETRY_WAIT
    ---------------------------------------------------------------------------------------------
    IF to_regclass('batch_work_item') IS NOT NULL THEN
        -- counts per open state, oldest NEW, stale RUNNING (locked_at), near-max retries,
        -- counts by job / business date: all index-only
        CREATE INDEX IF NOT EXISTS ix_bwi_open
            ON batch_work_item (status, created_at, work_item_id)
            INCLUDE (job_name, target_date, retry_count, max_retry_count, locked_at, next_retry_at)
            WHERE status IN ('NEW','RUNNING','FAILED','RETRY_WAIT');

        CREATE INDEX IF NOT EXISTS ix_bwi_failed_keyset
            ON batch_work_item (updated_at, work_item_id)
            WHERE status IN ('FAILED','RETRY_WAIT');

        CREATE INDEX IF NOT EXISTS ix_bwi_running_keyset
            ON batch_work_item (locked_at, work_item_id)
            WHERE status = 'RUNNING';

        -- The flow (see the header): created and finished per minute; failures from the workers'
        -- status history (new_status FAILED or RETRY_WAIT), which is only ever appended to.
        CREATE INDEX IF NOT EXISTS ix_batch_work_item_flow_created_at_bt
            ON batch_work_item (created_at);
        CREATE INDEX IF NOT EXISTS ix_batch_work_item_flow_finished_at_bt
            ON batch_work_item (finished_at)
            WHERE status = 'SUCCESS';
        IF to_regclass('batch_work_status_history') IS NOT NULL THEN
            CREATE INDEX IF NOT EXISTS ix_batch_work_status_history_flow_changed_at
                ON batch_work_status_history USING brin (changed_at) WITH (pages_per_range = 32);
        END IF;

        -- The exact SKIPPED count (a rare terminal state, see the header): index-only.
        CREATE INDEX IF NOT EXISTS ix_bwi_skipped
            ON batch_work_item (work_item_id)
            WHERE status = 'SKIPPED';

        ALTER TABLE batch_work_item SET (
            -- same reasoning as app_outbox: fixed churn thresholds keep the visibility map and the
            -- statistics fresh on a table that only grows
            autovacuum_vacuum_scale_factor = 0,
            autovacuum_vacuum_threshold = 5000,
            autovacuum_vacuum_insert_scale_factor = 0,
            autovacuum_vacuum_insert_threshold = 10000,
            autovacuum_analyze_scale_factor = 0,
            autovacuum_analyze_threshold = 10000
        );
    END IF;

    ---------------------------------------------------------------------------------------------
    -- outbox (seed 004): unpublished = published_at IS NULL. The seed's outbox_unpublished_idx (id)
    -- already gives the unpublished count; this one adds the oldest age and keyset paging by age.
    ---------------------------------------------------------------------------------------------
    IF to_regclass('outbox') IS NOT NULL THEN
        -- The flow (see the header): created and published per minute.
        CREATE INDEX IF NOT EXISTS ix_outbox_flow_created_at_bt
            ON outbox (created_at);
        CREATE INDEX IF NOT EXISTS ix_outbox_flow_published_at_bt
            ON outbox (published_at)
            WHERE published_at IS NOT NULL;

        -- aggregate_id (the ordering key) is included for the head-of-line check, which reads the
        -- stuck rows with their keys from this index alone (written as core/sql/snapshotsql's
        -- snapshotIndex() writes it). An older kit's index without it is replaced.
        IF EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                    WHERE c.relname = 'ix_outbox_unpublished_age' AND i.indrelid = 'outbox'::regclass
                      AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = i.indrelid
                                         AND a.attname = 'aggregate_id' AND a.attnum = ANY (i.indkey))) THEN
            DROP INDEX ix_outbox_unpublished_age;
        END IF;
        CREATE INDEX IF NOT EXISTS ix_outbox_unpublished_age
            ON outbox (created_at, id)
            INCLUDE (aggregate_type, event_type, aggregate_id)
            WHERE published_at IS NULL;

        -- Head of line (issue #14): the profile orders delivery by aggregate_id (the seed's relay
        -- notes that a key's events must stay in order: one relay per aggregate_id, or aggregate_id as
        -- the Kafka key). Each stuck row is checked to be its key's head, and the rows waiting behind
        -- it are counted, by one range of this index (never a DISTINCT ON over the table). Written
        -- as core/sql/headsql's orderingIndex() writes it (tst_headofline compares the two).
        CREATE INDEX IF NOT EXISTS ix_outbox_open_by_key
            ON outbox (aggregate_id, created_at, id)
            WHERE published_at IS NULL;

        ALTER TABLE outbox SET (
            -- every row is inserted once and updated once (published_at): half the versions die,
            -- so vacuum after a fixed number of dead rows; insert-driven vacuum keeps new pages
            -- all-visible for the index-only unpublished count
            autovacuum_vacuum_scale_factor = 0,
            autovacuum_vacuum_threshold = 5000,
            autovacuum_vacuum_insert_scale_factor = 0,
            autovacuum_vacuum_insert_threshold = 10000,
            autovacuum_analyze_scale_factor = 0,
            autovacuum_analyze_threshold = 10000
        );
    END IF;
END
$kit$;
