-- pgbench: one worker pass, as seed 000's outbox_worker: claim one due PENDING row
-- (FOR UPDATE SKIP LOCKED inside app_outbox_claim_one), "send" it, mark it SENT.
SELECT coalesce(app_outbox_claim_one('bench-' || :client_id), 0) AS id \gset
\if :id = 0
\sleep 20 ms
\else
\sleep 2 ms
SELECT app_outbox_mark_sent(:id);
\endif
