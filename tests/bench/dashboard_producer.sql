-- pgbench: the business side, one enqueue per transaction (bench dashboard measures its tps).
\set biz random(1, 2000000000)
SELECT app_outbox_enqueue('BENCH:' || :client_id || ':' || :biz || ':' || txid_current(), 'ORDER_CREATED', 'ORDER_API',
                          '{"orderId":' || :biz || ',"note":"' || repeat('x', 120) || '"}');
