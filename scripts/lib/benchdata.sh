# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Benchmark data: a realistic app_outbox of N rows in the current PG* database, built set-based.
#
# Usage (sourced):  bench_make_outbox ROWS
#
# Applies seed000 (table, functions) if needed, appends ROWS rows, then the admin kit's monitoring
# indexes and a VACUUM ANALYZE (visibility map set: index-only scans are index-only from the start).
# Mix per block of 10,000 rows (bucket b = g*7919 % 10000, a permutation, so proportions are exact):
#     50 PENDING     created in the last 30 minutes; 5 of them hours old on one sick destination;
#                    10 at retry_count 4 of 5 (near max)
#      5 PROCESSING  4 locked seconds ago, 1 stuck (locked 40 min .. 6 h ago)
#     10 FAILED      at max retries
#      5 CANCELLED   over the 30 days
#   9930 SENT        over the 30 days (ids grow with time, as in production)
# Speed: the seed's secondary indexes are dropped during the load and rebuilt after (re-applying the
# idempotent seed file); ~1-2 min for 10 million rows on 2 cores.

_bd_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

bench_make_outbox() {
  local rows=${1:?usage: bench_make_outbox ROWS}
  local sql=$_bd_top/resources/sql
  local psql=(psql -X -q -v ON_ERROR_STOP=1)
  local t0 t1
  t0=$(date +%s.%N)
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning" "${psql[@]}" -f "$sql/seed000_app_outbox.sql" || return 1
  "${psql[@]}" -v rows="$rows" <<'SQL' || return 1
SET client_min_messages = warning;
SET work_mem = '256MB';
SET maintenance_work_mem = '512MB';
DROP INDEX IF EXISTS ix_app_outbox_pickup, ix_app_outbox_event, ix_app_outbox_claim,
    ix_app_outbox_open, ix_app_outbox_failed_keyset, ix_app_outbox_processing_keyset,
    ix_app_outbox_near_max_keyset, ix_app_outbox_cancelled;
INSERT INTO app_outbox (outbox_id, message_key, event_type, destination, payload_json, status,
                        retry_count, max_retry_count, next_run_at, locked_by, locked_at, sent_at,
                        last_error_code, last_error_msg, created_at, updated_at)
SELECT id, 'MSG-' || id, et, dest,
       '{"eventType":"' || et || '","orderId":' || (id * 31 % 99999989) || ',"amount":' || (id % 100000) / 100.0
           || ',"currency":"JPY","customer":{"id":"C' || (id % 750000) || '","tier":"standard"},'
           || '"lines":[{"sku":"SKU-' || (id % 5000) || '","qty":' || (1 + id % 4) || '}],"note":"'
           || repeat('x', 40 + (id % 120)::int) || '"}',
       st,
       CASE WHEN st = 'FAILED' THEN 5 WHEN st = 'PENDING' AND b BETWEEN 10 AND 19 THEN 4
            WHEN st = 'SENT' AND b % 20 = 0 THEN 1 ELSE 0 END,
       5,
       created + CASE WHEN st = 'PENDING' AND b < 5 THEN interval '2 minutes' ELSE interval '0' END,
       CASE WHEN st = 'PROCESSING' THEN 'worker-' || (1 + id % 8) END,
       CASE WHEN st = 'PROCESSING' AND b = 50 THEN now() - interval '40 minutes' - random() * interval '320 minutes'
            WHEN st = 'PROCESSING' THEN now() - random() * interval '20 seconds' END,
       CASE WHEN st = 'SENT' THEN created + interval '1 second' END,
       CASE WHEN st = 'FAILED' OR (st = 'PENDING' AND b < 20) THEN 'HTTP_503' END,
       CASE WHEN st = 'FAILED' OR (st = 'PENDING' AND b < 20) THEN 'Service Unavailable from ' || dest END,
       created,
       CASE WHEN st = 'SENT' THEN created + interval '1 second' ELSE greatest(created, now() - interval '1 minute') END
  FROM (
    SELECT id, b, st,
           (ARRAY['ORDER_CREATED','ORDER_PAID','ORDER_SHIPPED','ORDER_CANCELLED','PAYMENT_CAPTURED',
                  'PAYMENT_REFUNDED','STOCK_RESERVED','STOCK_RELEASED','SHIPMENT_REQUESTED','SHIPMENT_CANCELLED',
                  'INVOICE_ISSUED','CUSTOMER_REGISTERED','CUSTOMER_UPDATED','POINTS_GRANTED','COUPON_USED',
                  'MAIL_REQUESTED','REVIEW_POSTED','RETURN_REQUESTED','LEDGER_EXPORTED','AUDIT_EXPORTED'])
               [1 + floor(20 * power(u, 1.7))::int] AS et,
           CASE WHEN st = 'PENDING' AND b < 5 THEN 'SHIPPING_API'
                ELSE (ARRAY['ORDER_API','PAYMENT_API','STOCK_API','SHIPPING_API','MAIL_API','CRM_API',
                            'LEDGER_API','ANALYTICS_API'])[1 + (id % 8)::int] END AS dest,
           CASE WHEN st = 'PENDING' AND b < 5 THEN now() - interval '1 hour' - u * interval '7 hours'
                WHEN st = 'PENDING' THEN now() - u * interval '30 minutes'
                WHEN st = 'PROCESSING' THEN now() - u * interval '10 minutes'
                WHEN st = 'FAILED' THEN now() - u * interval '3 days'
                ELSE now() - interval '30 days' * (1 - (id - lo)::float8 / n) - u * interval '5 minutes' END AS created
      FROM (
        SELECT g + lo AS id, lo, n, (g * 7919 % 10000)::int AS b, random() AS u,
               CASE WHEN (g * 7919 % 10000) < 50 THEN 'PENDING'
                    WHEN (g * 7919 % 10000) < 55 THEN 'PROCESSING'
                    WHEN (g * 7919 % 10000) < 65 THEN 'FAILED'
                    WHEN (g * 7919 % 10000) < 70 THEN 'CANCELLED'
                    ELSE 'SENT' END AS st
          FROM (SELECT coalesce(max(outbox_id), 0) AS lo, :rows::bigint AS n FROM app_outbox) base,
               generate_series(1::bigint, :rows::bigint) AS g
      ) r
  ) x;
SELECT setval(pg_get_serial_sequence('app_outbox', 'outbox_id'), (SELECT max(outbox_id) FROM app_outbox)) \g /dev/null
SQL
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning -c maintenance_work_mem=512MB" \
    "${psql[@]}" -f "$sql/seed000_app_outbox.sql" -f "$sql/kit/monitoring_indexes.sql" || return 1
  "${psql[@]}" -c "VACUUM (ANALYZE) app_outbox" || return 1
  t1=$(date +%s.%N)
  echo "bench_make_outbox: $rows rows in $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}') s" \
       "($("${psql[@]}" -Atc "SELECT pg_size_pretty(pg_table_size('app_outbox'))") heap)"
}

# An ordered outbox (seed 004's outbox table, ordering key aggregate_id) for the head-of-line
# benchmark, built set-based in the current PG* database.
#
# Usage (sourced):  bench_make_ordered_outbox ROWS PENDING KEYS BLOCKED_PCT
#
# ROWS - PENDING published rows over the last 30 days (ids grow with time), then PENDING
# unpublished rows spread evenly over KEYS aggregates (PENDING / KEYS each). BLOCKED_PCT % of the
# keys have a stuck head: their first row was created 2-3 hours ago and the rows behind it over the
# last 2 hours (so most of those are past the 30-minute stuck timeout too, but not heads); every
# other unpublished row is under 20 minutes old. Then the seed's and the kit's indexes and a
# VACUUM ANALYZE. Prints how long it took.
bench_make_ordered_outbox() {
  local rows=${1:?rows} pending=${2:?pending} keys=${3:?keys} pct=${4:?blocked percent}
  local sql=$_bd_top/resources/sql
  local psql=(psql -X -q -v ON_ERROR_STOP=1)
  local t0 t1
  t0=$(date +%s.%N)
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning" "${psql[@]}" -f "$sql/seed004_outbox.sql" || return 1
  "${psql[@]}" -v rows="$rows" -v pending="$pending" -v keys="$keys" -v pct="$pct" <<'SQL' || return 1
SET client_min_messages = warning;
SET work_mem = '256MB';
SET maintenance_work_mem = '512MB';
DROP INDEX IF EXISTS outbox_unpublished_idx, ix_outbox_open, ix_outbox_unpublished_age, ix_outbox_open_by_key;
-- event_id: unique, in id order (a random uuid would make the unique index's load random I/O).
INSERT INTO outbox (id, event_id, aggregate_type, aggregate_id, event_type, payload, created_at, published_at)
OVERRIDING SYSTEM VALUE
SELECT g, lpad(to_hex(g), 32, '0')::uuid, 'Order', 'order-' || (g * 7919 % 2000003), 'OrderPlaced',
       jsonb_build_object('orderId', g, 'customerId', 'C' || (g % 750000), 'amount', (g % 100000) / 100.0),
       c, c + interval '1 second'
  FROM (SELECT g, now() - interval '30 days' * (1 - g::float8 / (:rows - :pending)) - interval '1 hour' AS c
          FROM generate_series(1::bigint, (:rows - :pending)::bigint) g) x;
SQL
  _bd_insert_unpublished "$rows" "$pending" "$keys" "$pct" || return 1
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning -c maintenance_work_mem=512MB" \
    "${psql[@]}" -f "$sql/seed004_outbox.sql" -f "$sql/kit/monitoring_indexes.sql" || return 1
  "${psql[@]}" -c "VACUUM (ANALYZE) outbox" || return 1
  t1=$(date +%s.%N)
  echo "bench_make_ordered_outbox: $rows rows, $pending unpublished over $keys keys, $pct % stuck heads in" \
       "$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}') s ($("${psql[@]}" -Atc "SELECT pg_size_pretty(pg_table_size('outbox'))") heap)"
}

# The unpublished rows of bench_make_ordered_outbox, their times relative to now().
_bd_insert_unpublished() {
  psql -X -q -v ON_ERROR_STOP=1 -v rows="$1" -v pending="$2" -v keys="$3" -v pct="$4" <<'SQL'
SET client_min_messages = warning;
SET work_mem = '256MB';
-- Unpublished: row j of key k is g = base + j * keys + k, so every key's rows are spread over the
-- id range; the key's first row (j = 0) is its head.
INSERT INTO outbox (id, event_id, aggregate_type, aggregate_id, event_type, payload, created_at, published_at)
OVERRIDING SYSTEM VALUE
SELECT g, lpad(to_hex(g), 32, '0')::uuid, 'Order', 'order-' || k, 'OrderPlaced',
       jsonb_build_object('orderId', k, 'step', j),
       CASE WHEN blocked AND j = 0 THEN now() - interval '2 hours' - random() * interval '1 hour'
            WHEN blocked THEN now() - random() * interval '2 hours'
            ELSE now() - interval '20 minutes' + (j + random()) * (interval '20 minutes' / (:pending / :keys)) END,
       NULL
  FROM (SELECT g, (g - base - 1) % :keys AS k, (g - base - 1) / :keys AS j,
               ((g - base - 1) % :keys) % (100 / :pct) = 0 AS blocked
          FROM (SELECT (:rows - :pending)::bigint AS base) b,
               generate_series(b.base + 1, :rows::bigint) g) x;
SELECT setval(pg_get_serial_sequence('outbox', 'id'), (SELECT max(id) FROM outbox)) \g /dev/null
SQL
}

# Usage (sourced):  bench_refresh_ordered_outbox ROWS PENDING KEYS BLOCKED_PCT
#
# The unpublished rows of a kept ordered outbox written again, as at build time relative to now():
# they age (the fresh ones pass the 30-minute stuck line about 10 minutes after the build, and then
# every key's head is stuck). Deleted, vacuumed (the partial indexes' pages are freed whole), then
# inserted with the indexes in place and vacuumed again: close to a fresh build, in a minute or two.
bench_refresh_ordered_outbox() {
  local rows=${1:?rows} pending=${2:?pending} keys=${3:?keys} pct=${4:?blocked percent}
  local psql=(psql -X -q -v ON_ERROR_STOP=1)
  local t0 t1
  t0=$(date +%s.%N)
  "${psql[@]}" -c "DELETE FROM outbox WHERE id > $rows - $pending" -c "VACUUM outbox" || return 1
  _bd_insert_unpublished "$rows" "$pending" "$keys" "$pct" || return 1
  "${psql[@]}" -c "VACUUM (ANALYZE) outbox" || return 1
  t1=$(date +%s.%N)
  echo "bench_refresh_ordered_outbox: $pending unpublished rows written again in $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}') s"
}
