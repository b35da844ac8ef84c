-- pgbench script: the business side of seed 000. One business event per transaction, enqueued with
-- app_outbox_enqueue (idempotent by message_key). Event types are skewed (ORDER_CREATED is the
-- busiest of 20), each routed to its destination (8 of them).
-- Variables (pgbench -D): dup_pct  percent of events enqueued twice (the second call is ignored,
--                                  as the seed's DUP_VAL_ON_INDEX handler ignores it)
-- Rate: pgbench -R (scripts/lib/workload.sh --producer-rate).
\set ev random_exponential(1, 20, 3)
\set biz random(100000000, 999999999)
\set dup random(1, 100)
SELECT app_outbox_enqueue(demo_event_type(:ev) || ':' || :biz, demo_event_type(:ev),
                          demo_destination(demo_event_type(:ev)),
                          demo_payload(demo_event_type(:ev), :biz, now()));
\if :dup <= :dup_pct
SELECT app_outbox_enqueue(demo_event_type(:ev) || ':' || :biz, demo_event_type(:ev),
                          demo_destination(demo_event_type(:ev)),
                          demo_payload(demo_event_type(:ev), :biz, now()));
\endif
