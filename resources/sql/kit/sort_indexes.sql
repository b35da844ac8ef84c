-- Admin kit (optional): whole-table sort indexes for the "All messages" list.
--
-- The triage views Stuck / Near max retry / Failed page through the monitoring indexes
-- (kit/monitoring_indexes.sql) in every order they offer. "All messages" is for looking one
-- message up; ordered by id it follows the primary key. Ordered by age (created), updated time or
-- retries across every message, nothing follows the order: each page is a sort of the whole table.
-- Measured on 10 million app_outbox rows: a page ordered by updated_at took 2.2-3.0 s without an
-- index and 0.4 ms with (updated_at, outbox_id). The application says so in the list's status line
-- ("No index follows this order ...") when the plan sorts more than 100,000 rows per page.
--
-- The cost: each index covers every row (303 MB and 7 s to build for (updated_at, outbox_id) on
-- 10 million rows), and every status change of a message writes one more index entry per index
-- here (a status change is never a HOT update: status is indexed). Decide per database; a team
-- that sorts all messages rarely is better served by filtering first (a state, a time range).
--
-- The statements below block writes while they build. On a busy table, run each of them by hand
-- with CREATE INDEX CONCURRENTLY (outside a transaction block); if a concurrent build fails it
-- leaves an INVALID index behind: DROP it and build again (IF NOT EXISTS would skip it).
--
-- Idempotent; tables that do not exist are skipped. The trailing id column makes each index serve
-- the list's keyset pages ((column, id) < (last value, last id)) in both directions.

DO $kit$
BEGIN
    IF to_regclass('app_outbox') IS NOT NULL THEN
        CREATE INDEX IF NOT EXISTS ix_app_outbox_created_sort ON app_outbox (created_at, outbox_id);
        CREATE INDEX IF NOT EXISTS ix_app_outbox_updated_sort ON app_outbox (updated_at, outbox_id);
        CREATE INDEX IF NOT EXISTS ix_app_outbox_retries_sort ON app_outbox (retry_count, outbox_id);
    END IF;
    IF to_regclass('batch_work_item') IS NOT NULL THEN
        CREATE INDEX IF NOT EXISTS ix_bwi_created_sort ON batch_work_item (created_at, work_item_id);
        CREATE INDEX IF NOT EXISTS ix_bwi_updated_sort ON batch_work_item (updated_at, work_item_id);
        CREATE INDEX IF NOT EXISTS ix_bwi_retries_sort ON batch_work_item (retry_count, work_item_id);
    END IF;
    IF to_regclass('outbox') IS NOT NULL THEN
        -- The outbox profile has no updated or retry column: its "updated" order is created_at.
        CREATE INDEX IF NOT EXISTS ix_outbox_created_sort ON outbox (created_at, id);
    END IF;
END
$kit$;
