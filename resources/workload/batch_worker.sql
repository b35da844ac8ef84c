-- pgbench script: one pass of seed 003's batch worker for today's business date.
-- claim_work_items (up to batch_size items of one job, FOR UPDATE SKIP LOCKED, -> RUNNING with
-- history rows), "process" them (\sleep item_ms each), then for each item held by this worker:
-- mark_work_item_error with probability err_bp (RETRY_WAIT in 10 min, FAILED at max retries) or
-- mark_work_item_success. With probability crash_bp the worker dies after the claim instead: its
-- items stay RUNNING (stale after the timeout) and it comes back under a new worker id
-- (batch-worker-N.G, G = generation, bumped at each crash).
-- Variables (pgbench -D): batch_size, item_ms, err_bp, crash_bp, idle_ms, gen (start generation)
\set wid :client_id + 1
\set job random(1, 5)
\set roll random(1, 10000)
SELECT claim_work_items(demo_job_name(:job), current_date, :batch_size,
                        'batch-worker-:wid.:gen') AS n \gset
\if :n = 0
\sleep :idle_ms ms
\else
\set t :n * :item_ms
\sleep :t ms
\if :roll <= :crash_bp
\set gen :gen + 1
\else
SELECT count(*) AS done
  FROM (SELECT CASE WHEN random() * 10000 < :err_bp
                    THEN (SELECT mark_work_item_error(w.work_item_id, 'batch-worker-:wid.:gen',
                                                      e.code, e.msg)
                            FROM demo_batch_error() e)
                    ELSE mark_work_item_success(w.work_item_id, 'batch-worker-:wid.:gen')::text
               END
          FROM batch_work_item w
         WHERE w.status = 'RUNNING' AND w.locked_by = 'batch-worker-:wid.:gen'
         ORDER BY w.work_item_id) s;
\endif
\endif
