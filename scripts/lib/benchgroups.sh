# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Benchmark data for failure groups: exactly N FAILED rows in the current PG* database's
# app_outbox (built by bench_make_outbox), with real-looking error texts.
#
# Usage (sourced):  bench_make_failed N
#
# Turns the newest SENT rows into FAILED ones (failed over the last 3 days) until N rows are FAILED,
# then gives every FAILED row one of ten error texts with its variable parts (ids, hosts, uuids,
# numbers, quoted values; HTTP and SQLSTATE errors, Java exceptions, Japanese messages), and ends with
# a VACUUM ANALYZE. Run it after the flow measurements: it changes the table's recent history.
bench_make_failed() {
  local n=${1:?usage: bench_make_failed N}
  psql -X -q -v ON_ERROR_STOP=1 -v n="$n" <<'SQL'
SET client_min_messages = warning;
WITH need AS (SELECT greatest(0, :n - count(*)) AS k FROM app_outbox WHERE status = 'FAILED'),
     pick AS (SELECT outbox_id FROM app_outbox WHERE status = 'SENT' ORDER BY outbox_id DESC LIMIT (SELECT k FROM need))
UPDATE app_outbox a SET status = 'FAILED', retry_count = 5, sent_at = NULL,
       updated_at = now() - random() * interval '3 days'
  FROM pick WHERE a.outbox_id = pick.outbox_id;
UPDATE app_outbox SET (last_error_code, last_error_msg) = (
  SELECT (ARRAY['HTTP_503', 'TIMEOUT', '23505', NULL, 'HTTP_400', '40001', 'AMQP_REJECT', 'HTTP_429', 'NPE', 'HTTP_503'])[k + 1],
         CASE k
           WHEN 0 THEN 'HTTP 503 Service Unavailable from https://' || lower(destination) || '.internal.example.com/v1/orders/'
                       || outbox_id || '?trace=' || md5(outbox_id::text)
           WHEN 1 THEN 'java.net.SocketTimeoutException: Read timed out after ' || (1000 + outbox_id % 30000) || ' ms (host '
                       || lower(replace(destination, '_', '-')) || '-' || outbox_id % 7 || '.svc.cluster.local:8443)'
           WHEN 2 THEN 'ERROR: duplicate key value violates unique constraint "orders_pkey" Detail: Key (order_id)=('
                       || outbox_id || ') already exists.'
           WHEN 3 THEN '在庫引当に失敗しました: 商品ID ' || outbox_id % 100000 || ' の在庫が不足しています（残り ' || outbox_id % 5 || ' 個）'
           WHEN 4 THEN 'HTTP 400 Bad Request: field "amount" must be positive, got ' || -(outbox_id % 1000)
           WHEN 5 THEN 'ERROR: could not serialize access due to concurrent update (SQLSTATE 40001), tx ' || outbox_id
           WHEN 6 THEN 'message ' || md5(outbox_id::text)::uuid || ' rejected by broker 10.0.' || outbox_id % 255 || '.17:5672'
           WHEN 7 THEN 'HTTP 429 Too Many Requests from https://api.partner-' || outbox_id % 3 || '.example.com/v2/rates, retry after '
                       || outbox_id % 60 || ' s'
           WHEN 8 THEN 'java.lang.NullPointerException: Cannot invoke "com.example.Customer.getTier()" because "customer" is null'
           ELSE 'HTTP 503 Service Unavailable from ' || destination
         END
    FROM (SELECT (outbox_id * 7 % 10)::int AS k) x)
 WHERE status = 'FAILED';
VACUUM ANALYZE app_outbox;
SQL
}
