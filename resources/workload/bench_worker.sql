-- pgbench script for scripts/bench.d/actions: a minimal seed-000 worker on the benchmark table.
-- Claims one due PENDING row (FOR UPDATE SKIP LOCKED inside app_outbox_claim_one) and marks it
-- SENT, so the retried rows are picked up and the table churns while the actions are timed.
SELECT coalesce(app_outbox_claim_one('bench-worker-' || :client_id), 0) AS id \gset
\if :id = 0
\sleep 20 ms
\else
SELECT app_outbox_mark_sent(:id);
\endif
