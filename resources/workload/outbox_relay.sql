-- pgbench script: one OutboxRelay.relayOnce of seed 004, in one transaction as in the Java code:
-- outbox_relay_claim (up to relay_batch unpublished rows in id order, FOR UPDATE SKIP LOCKED),
-- "publish" them (\sleep publish_ms), outbox_mark_published for each, COMMIT. With probability
-- crash_bp the relay dies before COMMIT: ROLLBACK, the rows are unpublished again (at-least-once).
-- Variables (pgbench -D): relay_batch, publish_ms, crash_bp, idle_ms
\set roll random(1, 10000)
BEGIN;
SELECT count(*) AS n, coalesce(string_agg(id::text, ','), '') AS ids
  FROM outbox_relay_claim(:relay_batch) \gset
\if :n = 0
COMMIT;
\sleep :idle_ms ms
\else
\sleep :publish_ms ms
\if :roll <= :crash_bp
ROLLBACK;
\else
SELECT count(outbox_mark_published(id)) FROM unnest('{:ids}'::bigint[]) AS id;
COMMIT;
\endif
\endif
