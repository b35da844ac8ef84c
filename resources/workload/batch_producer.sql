-- pgbench script: registers one work item of seed 003 for today's business date
-- (batch_work_item_enqueue: ON CONFLICT DO NOTHING on job/source/date), 10% at priority 50.
-- Rate: pgbench -R.
\set job random(1, 5)
\set biz random(100000000, 999999999)
\set prio random(1, 10)
SELECT batch_work_item_enqueue(demo_job_name(:job), 'ORD-L' || :biz, current_date,
                               CASE WHEN :prio = 1 THEN 50 ELSE 100 END);
