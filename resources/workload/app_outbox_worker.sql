-- pgbench script: one pass of seed 000's outbox_worker.run_once / outbox_sender.send_one.
-- Claim one due PENDING row (app_outbox_claim_one: FOR UPDATE SKIP LOCKED, -> PROCESSING), read
-- it, "send" it (\sleep), then record the outcome:
--   crash      the worker dies after the claim: the row stays PROCESSING until someone recovers it
--   permanent  app_outbox_mark_failed (HTTP 400/422/404): FAILED at once
--   transient  app_outbox_mark_retry (503/timeout/429/reset): PENDING with backoff, FAILED at max
--   otherwise  app_outbox_mark_sent
-- The sick destination (demo_sick_destination(), SHIPPING_API) also fails transiently with
-- probability sick_bp.
-- Variables (pgbench -D), probabilities in basis points (1/10000):
--   crash_bp, perm_bp, trans_bp, sick_bp, send_ms_min, send_ms_max, idle_ms
-- The worker id is worker-N (N = pgbench client number + 1), as locked_by.
\set wid :client_id + 1
\set roll random(1, 10000)
\set sickroll random(1, 10000)
\set send_ms random(:send_ms_min, :send_ms_max)
SELECT coalesce(app_outbox_claim_one('worker-:wid'), 0) AS id \gset
\if :id = 0
\sleep :idle_ms ms
\else
SELECT destination AS dest, (destination = demo_sick_destination())::integer AS sick
  FROM app_outbox WHERE outbox_id = :id \gset
\sleep :send_ms ms
\if :roll <= :crash_bp
\elif :roll <= :crash_bp + :perm_bp
SELECT app_outbox_mark_failed(:id, e.code, e.msg) FROM demo_error('permanent', ':dest') e;
\elif :roll <= :crash_bp + :perm_bp + :trans_bp or (:sick = 1 and :sickroll <= :sick_bp)
SELECT app_outbox_mark_retry(:id, e.code, e.msg) FROM demo_error('transient', ':dest') e;
\else
SELECT app_outbox_mark_sent(:id);
\endif
\endif
