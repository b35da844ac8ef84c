-- pgbench script: the OrderService of seed 004. One event per transaction into outbox
-- (outbox_enqueue: fresh event_id, jsonb payload). Rate: pgbench -R.
\set ev random_exponential(1, 8, 2)
\set biz random(100000000, 999999999)
SELECT outbox_enqueue(e.aggregate_type, ':biz', e.event_type,
                      jsonb_build_object('aggregateId', :biz, 'amount', 500 + :biz % 50000,
                                         'currency', 'JPY'))
  FROM demo_outbox_event(:ev) e;
