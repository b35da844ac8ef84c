-- Demo only: fill the three systems with 30 days of realistic history, set-based and quickly.
--
--   SELECT * FROM demo_load_history(300000);   -- then VACUUM ANALYZE (loaddemo.sh does it)
--
-- p_rows is the number of app_outbox rows; batch_work_item gets p_rows/3 items (with their
-- status history) and outbox p_rows/2 events. Each call appends (keys continue after the rows
-- already there). Needs the seeds and demo/catalog.sql.
--
-- The mix is deterministic per row number (bucket b = (g * 7919) % 10000, a permutation of every
-- block of 10,000 rows), so the proportions are exact and a small load still has every kind of row;
-- the times within each kind are random. For app_outbox (per 10,000 rows):
--     60  PENDING on the sick destination SHIPPING_API, created in the last 8 hours, 1-4 retries,
--         last error HTTP 503, due now or within the backoff
--     35  PENDING, fresh (last 3 minutes), no retry yet
--     10  PENDING near max retries (retry_count 4 of 5), 20-90 minutes old
--     40  FAILED: 3/4 at max retries (transient errors), 1/4 permanent (HTTP 400/422/404)
--      3  PROCESSING stuck: locked 40 minutes to 6 hours ago by worker-1..worker-12
--      1  PROCESSING fresh: locked a few seconds ago
--     51  CANCELLED by operators (each with its CANCEL_MESSAGE audit row)
--     10  SENT after an operator's retry (retry_count 5, last error kept, RETRY_FAILED audit row)
--   9790  SENT (5% of them after 1-2 transient failures, last error kept as the seed leaves it)
-- Plus: about one row in 12,000 has a payload that is not valid JSON (truncated, or form-encoded),
-- and one FAILED row carries a ~3 MB payload (HTTP 413 from the ledger export).
--
-- batch_work_item: 5 jobs x the last 30 business dates. Past dates: 97.5% SUCCESS (some after a
-- retry), 1.5% SKIPPED, 1% FAILED at max retries. Today: 30% NEW, 1% RUNNING fresh, 0.5% RUNNING
-- stale (3-5 hours), 2.5% RETRY_WAIT, 1% FAILED, the rest SUCCESS. Status history rows as the
-- seed's procedures write them, plus MANUAL_RETRY rows by past operators.
--
-- outbox: events over 30 days, published within 2 s, except the newest 0.1% (unpublished, last
-- minute); a few REPLAY / DISCARD rows in outbox_audit.

CREATE OR REPLACE FUNCTION demo_load_app_outbox_history(p_rows integer)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    v_base  bigint;
    v_first bigint;
    v_n     bigint;
BEGIN
    PERFORM set_config('work_mem', '128MB', true);
    SELECT coalesce(max(outbox_id), 0) + 1 INTO v_first FROM app_outbox;
    v_base := v_first + 1000000;

    WITH rows AS (
        SELECT g,
               (g::bigint * 7919 % 10000)::integer AS b,
               random() AS u2,
               random() AS u3,
               demo_event_type(1 + floor(20 * power(random(), 1.7))::integer) AS et0
          FROM generate_series(1, p_rows) AS g
    ), cat AS (
        SELECT g, b, u2, u3,
               CASE
                   WHEN b < 60  THEN 'PENDING_SICK'
                   WHEN b < 95  THEN 'PENDING_FRESH'
                   WHEN b < 105 THEN 'PENDING_NEARMAX'
                   WHEN b < 145 THEN 'FAILED'
                   WHEN b < 148 THEN 'PROCESSING_STUCK'
                   WHEN b < 149 THEN 'PROCESSING_FRESH'
                   WHEN b < 200 THEN 'CANCELLED'
                   WHEN b < 210 THEN 'SENT_RETRIED'
                   ELSE 'SENT'
               END AS cat,
               CASE WHEN b < 60
                    THEN CASE WHEN g % 4 = 0 THEN 'SHIPMENT_CANCELLED' ELSE 'SHIPMENT_REQUESTED' END
                    ELSE et0 END AS et
          FROM rows
    ), timed AS (
        SELECT c.*,
               demo_destination(et) AS dest,
               now() - CASE cat
                   WHEN 'PENDING_SICK'     THEN interval '8 hours' * u2
                   WHEN 'PENDING_FRESH'    THEN interval '3 minutes' * u2
                   WHEN 'PENDING_NEARMAX'  THEN interval '20 minutes' + interval '70 minutes' * u2
                   WHEN 'PROCESSING_STUCK' THEN interval '1 hour' + interval '5 hours' * u2
                   WHEN 'PROCESSING_FRESH' THEN interval '20 seconds' * u2
                   ELSE interval '30 days' * u2 + interval '10 minutes'
               END AS created_at,
               CASE cat
                   WHEN 'PENDING_SICK'     THEN 1 + floor(u3 * 4)::integer
                   WHEN 'PENDING_NEARMAX'  THEN 4
                   WHEN 'FAILED'           THEN CASE WHEN g % 4 = 0 THEN 1 ELSE 5 END
                   WHEN 'SENT_RETRIED'     THEN 5
                   WHEN 'SENT'             THEN CASE WHEN b % 20 = 7 THEN 1 + g % 2 ELSE 0 END
                   WHEN 'CANCELLED'        THEN g % 3
                   ELSE 0
               END AS rc
          FROM cat c
    ), shaped AS (
        SELECT t.*,
               -- last time a worker or an operator touched the row; never later than now (a
               -- message created an hour ago cannot have been retried "4 hours after creation")
               least(now(), CASE cat
                   WHEN 'PENDING_SICK'     THEN created_at + (now() - created_at) * (0.6 + 0.4 * u3)
                   WHEN 'PENDING_FRESH'    THEN created_at
                   WHEN 'PENDING_NEARMAX'  THEN created_at + (now() - created_at) * 0.9
                   WHEN 'PROCESSING_STUCK' THEN now() - interval '40 minutes'
                                                - (now() - created_at - interval '40 minutes') * u3
                   WHEN 'PROCESSING_FRESH' THEN now() - interval '5 seconds' * u3
                   WHEN 'FAILED'           THEN created_at + interval '1 minute' * (rc * 31)
                   WHEN 'SENT_RETRIED'     THEN created_at + interval '1 hour' + interval '4 hours' * u3
                   WHEN 'CANCELLED'        THEN created_at + interval '10 minutes' + interval '2 hours' * u3
                   ELSE created_at + interval '200 milliseconds' + interval '3 seconds' * u3
                                   + interval '1 minute' * (2 ^ rc - 1) * 2
               END) AS touched_at,
               CASE cat
                   WHEN 'PENDING_FRESH' THEN NULL
                   WHEN 'PROCESSING_STUCK' THEN NULL
                   WHEN 'PROCESSING_FRESH' THEN NULL
                   WHEN 'FAILED' THEN CASE WHEN rc = 1 THEN 'permanent' ELSE 'transient' END
                   WHEN 'SENT' THEN CASE WHEN rc > 0 THEN 'transient' END
                   WHEN 'CANCELLED' THEN CASE WHEN rc > 0 THEN 'transient' END
                   ELSE 'transient'
               END AS err_kind,
               -- business ids (and so keys and outbox_ids) follow creation time, as in a real table
               v_base + row_number() OVER (ORDER BY created_at) AS biz
          FROM timed t
    )
    INSERT INTO app_outbox (message_key, event_type, destination, payload_json, status,
                            retry_count, max_retry_count, next_run_at, locked_by, locked_at,
                            sent_at, last_error_code, last_error_msg, created_at, updated_at)
    SELECT et || ':' || biz,
           et,
           dest,
           CASE
               WHEN g % 12000 = 7 THEN left(demo_payload(et, biz, created_at), 57)
               WHEN g % 12000 = 11 THEN 'orderId=' || biz || '&amount=' || (g % 9000)
                                        || '&currency=JPY'
               ELSE demo_payload(et, biz, created_at)
           END,
           CASE
               WHEN cat LIKE 'PENDING%' THEN 'PENDING'
               WHEN cat LIKE 'PROCESSING%' THEN 'PROCESSING'
               WHEN cat LIKE 'SENT%' THEN 'SENT'
               ELSE cat
           END,
           rc,
           5,
           CASE WHEN rc = 0 THEN created_at
                ELSE touched_at + make_interval(mins => app_outbox_next_delay_minutes(rc)) END,
           CASE WHEN cat LIKE 'PROCESSING%' THEN 'worker-' || (1 + g % 12) END,
           CASE WHEN cat LIKE 'PROCESSING%' THEN touched_at END,
           CASE WHEN cat LIKE 'SENT%' THEN touched_at END,
           CASE WHEN err_kind IS NOT NULL THEN (demo_error_n(err_kind, (g / 4)::integer, dest)).code END,
           CASE WHEN err_kind IS NOT NULL THEN (demo_error_n(err_kind, (g / 4)::integer, dest)).msg END,
           created_at,
           touched_at
      FROM shaped
     ORDER BY biz;
    GET DIAGNOSTICS v_n = ROW_COUNT;

    -- One multi-megabyte payload: a ledger export that the destination refuses as too large.
    UPDATE app_outbox
       SET payload_json = '{"eventType": "' || event_type || '", "exportId": ' || outbox_id
                          || ', "lines": [' || (
                              SELECT string_agg(format('{"line": %s, "sku": "SKU-%s", "qty": %s, '
                                                       '"unitPrice": %s, "note": "%s"}',
                                                       i, lpad(i::text, 8, '0'), 1 + i % 7,
                                                       100 + i % 9000, repeat('x', 40)), ', ')
                                FROM generate_series(1, 25000) AS i)
                          || ']}',
           last_error_code = 'HTTP_413',
           last_error_msg = 'POST https://' || lower(replace(destination, '_', '-'))
                            || '.internal.example/v1/events returned 413 '
                            || 'Payload Too Large: request body exceeds the 1 MB limit'
     WHERE outbox_id = (SELECT outbox_id FROM app_outbox
                         WHERE status = 'FAILED' AND outbox_id >= v_first
                         ORDER BY event_type = 'INVOICE_EXPORT' DESC, outbox_id
                         LIMIT 1);

    -- Audit rows from past operators: every CANCELLED row, every SENT-after-retry row.
    INSERT INTO app_outbox_audit (outbox_id, action_name, reason, changed_by, changed_at,
                                  old_status, new_status, ticket, os_user, client_host, app_version)
    SELECT o.outbox_id,
           a.action,
           a.reason,
           (ARRAY['ops_tanaka', 'ops_suzuki', 'ops_smith', 'ops_sato'])[1 + o.outbox_id % 4],
           a.at,
           a.old_status,
           a.new_status,
           CASE WHEN o.outbox_id % 3 <> 0 THEN 'INC-' || (2000 + o.outbox_id % 57) END,
           -- Half of each operator's rows come from a client that recorded no workstation
           -- (as the seed's admin procedures run from psql do).
           CASE WHEN (o.outbox_id / 4) % 2 = 0
                THEN (ARRAY['tanaka', 'suzuki', 'smith', 'sato'])[1 + o.outbox_id % 4] END,
           CASE WHEN (o.outbox_id / 4) % 2 = 0 THEN 'ops-pc-' || (10 + o.outbox_id % 7) END,
           CASE WHEN (o.outbox_id / 4) % 2 = 0 THEN '0.1.0' END
      FROM app_outbox o
      CROSS JOIN LATERAL (
          SELECT 'CANCEL_MESSAGE' AS action,
                 CASE WHEN o.retry_count > 0 THEN 'FAILED' ELSE 'PENDING' END AS old_status,
                 'CANCELLED' AS new_status,
                 o.updated_at AS at,
                 (ARRAY['Customer withdrew the order before shipment; destination must not receive it.',
                        '重複登録のため取消。注文側で別キーにて再送済み。',
                        'Test order created in production by mistake, cancelled per sales request.',
                        'Poison message: payload rejected repeatedly, business owner agreed to drop it.'
                       ])[1 + o.outbox_id % 4] AS reason
           WHERE o.status = 'CANCELLED'
          UNION ALL
          SELECT 'RETRY_FAILED', 'FAILED', 'PENDING',
                 o.sent_at - interval '1 minute',
                 (ARRAY['Destination fixed after outage (HTTP 503 burst), retrying failed messages.',
                        '送信先APIの障害復旧を確認したため再送。',
                        'Rate limit raised by the partner, retry after confirmation by phone.'
                       ])[1 + o.outbox_id % 3]
           WHERE o.status = 'SENT' AND o.retry_count = 5
      ) a
     WHERE o.outbox_id >= v_first;

    RETURN v_n;
END;
$$;

CREATE OR REPLACE FUNCTION demo_load_batch_history(p_items integer)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    v_base  bigint;
    v_first bigint;
    v_n     bigint;
BEGIN
    PERFORM set_config('work_mem', '128MB', true);
    SELECT coalesce(max(work_item_id), 0) INTO v_base FROM batch_work_item;
    v_first := v_base + 1;

    WITH rows AS (
        SELECT g,
               (g::bigint * 7919 % 10000)::integer AS b,
               random() AS u2,
               random() AS u3,
               current_date - (g % 30) AS target_date,
               demo_job_name(1 + g % 5) AS job
          FROM generate_series(1, p_items) AS g
    ), cat AS (
        SELECT r.*,
               CASE
                   WHEN target_date < current_date THEN
                       CASE WHEN b < 100 THEN 'FAILED'
                            WHEN b < 250 THEN 'SKIPPED'
                            ELSE 'SUCCESS' END
                   ELSE   -- today's items (one in 30): by their rank, so even a small load has each
                       CASE WHEN (g / 30) % 200 < 60 THEN 'NEW'
                            WHEN (g / 30) % 200 < 62 THEN 'RUNNING'
                            WHEN (g / 30) % 200 < 63 THEN 'RUNNING_STALE'
                            WHEN (g / 30) % 200 < 68 THEN 'RETRY_WAIT'
                            WHEN (g / 30) % 200 < 70 THEN 'FAILED'
                            ELSE 'SUCCESS' END
               END AS cat,
               -- the batch for a business date runs from 01:00 the next day (today: from 01:00)
               CASE WHEN target_date < current_date
                    THEN (target_date + 1)::timestamptz + interval '1 hour'
                    ELSE least(current_date::timestamptz + interval '1 hour',
                               now() - interval '6 hours') END
               + interval '10 minutes' * u2 AS created_at
          FROM rows r
    ), shaped AS (
        SELECT c.*,
               CASE cat WHEN 'FAILED' THEN 3
                        WHEN 'RETRY_WAIT' THEN 1 + g % 2
                        WHEN 'SUCCESS' THEN CASE WHEN b % 25 = 3 THEN 1 ELSE 0 END
                        ELSE 0 END AS rc,
               CASE cat WHEN 'RUNNING' THEN now() - interval '90 seconds' * u3
                        WHEN 'RUNNING_STALE' THEN now() - interval '3 hours' - interval '2 hours' * u3
                        WHEN 'NEW' THEN NULL
                        WHEN 'SKIPPED' THEN NULL
                        ELSE least(created_at + interval '5 minutes' + interval '3 hours' * u3,
                                   now() - interval '1 minute') END AS started_at,
               interval '2 seconds' * (1 + u2) AS took
          FROM cat c
         ORDER BY target_date, job, b
    )
    INSERT INTO batch_work_item (job_name, source_key, target_date, status, priority, retry_count,
                                 max_retry_count, next_retry_at, locked_by, locked_at, started_at,
                                 finished_at, error_code, error_message, created_at, updated_at)
    SELECT job,
           'ORD-' || (7000000 + v_base + g),
           target_date,
           CASE WHEN cat = 'RUNNING_STALE' THEN 'RUNNING' ELSE cat END,
           CASE WHEN g % 10 = 0 THEN 50 ELSE 100 END,
           rc,
           3,
           CASE WHEN cat = 'RETRY_WAIT' THEN now() + interval '10 minutes' * (u3 - 0.5) END,
           CASE WHEN cat LIKE 'RUNNING%' OR cat IN ('SUCCESS','FAILED','RETRY_WAIT')
                THEN 'batch-worker-' || (1 + g % 4) || '.0' END,
           CASE WHEN cat LIKE 'RUNNING%' OR cat IN ('SUCCESS','FAILED','RETRY_WAIT')
                THEN started_at END,
           started_at,
           CASE WHEN cat IN ('SUCCESS','FAILED') THEN started_at + took END,
           CASE WHEN cat IN ('FAILED','RETRY_WAIT') OR rc > 0 THEN (demo_batch_error_n(g::integer)).code END,
           CASE WHEN cat IN ('FAILED','RETRY_WAIT') OR rc > 0 THEN (demo_batch_error_n(g::integer)).msg END,
           created_at,
           CASE WHEN cat IN ('SUCCESS','FAILED','RETRY_WAIT') THEN started_at + took
                ELSE coalesce(started_at, created_at) END
      FROM shaped;
    GET DIAGNOSTICS v_n = ROW_COUNT;

    -- The status history the seed's procedures would have written for these items.
    INSERT INTO batch_work_status_history (work_item_id, old_status, new_status, changed_by,
                                           changed_at, message, action_name, ticket, os_user,
                                           client_host, app_version)
    SELECT w.work_item_id, h.old_status, h.new_status, h.changed_by, h.changed_at, h.message,
           h.action_name, h.ticket, h.os_user, h.client_host, h.app_version
      FROM batch_work_item w
      CROSS JOIN LATERAL (
          -- claimed (first attempt; items retried once were claimed twice)
          SELECT 'NEW' AS old_status, 'RUNNING' AS new_status, w.locked_by AS changed_by,
                 w.started_at - interval '1 minute' * w.retry_count AS changed_at,
                 '処理対象として取得' AS message,
                 NULL::text AS action_name, NULL::text AS ticket, NULL::text AS os_user,
                 NULL::text AS client_host, NULL::text AS app_version
           WHERE w.status IN ('RUNNING','SUCCESS','FAILED','RETRY_WAIT')
          UNION ALL
          SELECT 'RUNNING', 'RETRY_WAIT', w.locked_by,
                 w.started_at - interval '1 minute' * w.retry_count + interval '2 seconds',
                 w.error_code || ': ' || w.error_message, NULL, NULL, NULL, NULL, NULL
           WHERE w.retry_count > 0 AND w.status IN ('SUCCESS','RETRY_WAIT')
          UNION ALL
          SELECT 'RETRY_WAIT', 'RUNNING', w.locked_by, w.started_at, '処理対象として取得',
                 NULL, NULL, NULL, NULL, NULL
           WHERE w.retry_count > 0 AND w.status = 'SUCCESS'
          UNION ALL
          SELECT 'RUNNING', 'SUCCESS', w.locked_by, w.finished_at, '処理完了',
                 NULL, NULL, NULL, NULL, NULL
           WHERE w.status = 'SUCCESS'
          UNION ALL
          SELECT 'RUNNING', 'FAILED', w.locked_by, w.finished_at,
                 w.error_code || ': ' || w.error_message, NULL, NULL, NULL, NULL, NULL
           WHERE w.status = 'FAILED'
          UNION ALL
          SELECT 'NEW', 'SKIPPED', 'order-planner', w.updated_at,
                 '対象外（キャンセル済み注文）', NULL, NULL, NULL, NULL, NULL
           WHERE w.status = 'SKIPPED'
          UNION ALL
          -- an operator sent some failed items back (then they succeeded)
          SELECT 'FAILED', 'NEW',
                 (ARRAY['ops_tanaka', 'ops_suzuki', 'ops_smith', 'ops_sato'])[1 + w.work_item_id % 4],
                 w.started_at - interval '2 minutes',
                 '手動再実行のため未処理に戻しました。', 'MANUAL_RETRY',
                 'INC-' || (3000 + w.work_item_id % 31),
                 (ARRAY['tanaka', 'suzuki', 'smith', 'sato'])[1 + w.work_item_id % 4],
                 'ops-pc-' || (10 + w.work_item_id % 7), '0.1.0'
           WHERE w.status = 'SUCCESS' AND w.retry_count > 0 AND w.work_item_id % 5 = 0
      ) h
     WHERE w.work_item_id >= v_first;

    RETURN v_n;
END;
$$;

CREATE OR REPLACE FUNCTION demo_load_outbox_history(p_events integer)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    v_base bigint;
    v_n    bigint;
BEGIN
    PERFORM set_config('work_mem', '128MB', true);
    SELECT coalesce(max(id), 0) INTO v_base FROM outbox;

    WITH drawn AS (
        SELECT g,
               random() AS u3,
               1 + floor(8 * power(random(), 1.5))::integer AS ev,
               CASE WHEN g > p_events - greatest(p_events / 1000, 3)
                    THEN now() - interval '60 seconds' * random()
                    ELSE now() - interval '30 days' * random() - interval '2 minutes' END AS created_at
          FROM generate_series(1, p_events) AS g
    ), rows AS (
        SELECT d.g, d.u3, d.created_at, e.aggregate_type, e.event_type
          FROM drawn d CROSS JOIN LATERAL demo_outbox_event(d.ev) e
         ORDER BY d.created_at
    )
    INSERT INTO outbox (event_id, aggregate_type, aggregate_id, event_type, payload, created_at,
                        published_at)
    SELECT gen_random_uuid(),
           aggregate_type,
           (5000000 + v_base + g)::text,
           event_type,
           jsonb_build_object('aggregateId', 5000000 + v_base + g, 'customerId',
                              'C' || lpad((g % 99991)::text, 6, '0'), 'amount',
                              500 + (g::bigint * 7919) % 50000),
           created_at,
           CASE WHEN created_at < now() - interval '60 seconds'
                THEN created_at + interval '50 milliseconds' + interval '2 seconds' * u3 END
      FROM rows;
    GET DIAGNOSTICS v_n = ROW_COUNT;

    INSERT INTO outbox_audit (outbox_id, action_name, reason, ticket, old_status, new_status,
                              changed_by, changed_at, os_user, client_host, app_version)
    SELECT o.id,
           CASE WHEN o.id % 2 = 0 THEN 'REPLAY' ELSE 'DISCARD' END,
           CASE WHEN o.id % 2 = 0
                THEN 'Consumer lost its offset during the broker migration; replaying the event.'
                ELSE '検証用イベントのため送信せずに破棄。' END,
           'INC-' || (4000 + o.id % 13),
           CASE WHEN o.id % 2 = 0 THEN 'PUBLISHED' ELSE 'UNPUBLISHED' END,
           CASE WHEN o.id % 2 = 0 THEN 'UNPUBLISHED' ELSE 'PUBLISHED' END,
           (ARRAY['ops_tanaka', 'ops_suzuki', 'ops_smith', 'ops_sato'])[1 + o.id % 4],
           o.published_at - interval '1 second',
           (ARRAY['tanaka', 'suzuki', 'smith', 'sato'])[1 + o.id % 4],
           'ops-pc-' || (10 + o.id % 7),
           '0.1.0'
      FROM outbox o
     WHERE o.id > v_base
       AND o.published_at IS NOT NULL
       AND o.id % 997 = 0
     LIMIT 40;

    RETURN v_n;
END;
$$;

-- All three, then fresh statistics. Returns rows added per table.
CREATE OR REPLACE FUNCTION demo_load_history(p_rows integer DEFAULT 300000)
RETURNS TABLE (table_name text, rows_added bigint)
LANGUAGE plpgsql AS $$
DECLARE
    a bigint; b bigint; c bigint;
BEGIN
    a := demo_load_app_outbox_history(p_rows);
    b := demo_load_batch_history(greatest(p_rows / 3, 1));
    c := demo_load_outbox_history(greatest(p_rows / 2, 1));
    ANALYZE app_outbox, app_outbox_audit, batch_work_item, batch_work_status_history, outbox,
            outbox_audit;
    RETURN QUERY VALUES ('app_outbox', a), ('batch_work_item', b), ('outbox', c);
END;
$$;
