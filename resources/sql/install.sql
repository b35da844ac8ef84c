-- Outbox Monitor: the admin kit for the three seed tables (app_outbox, batch_work_item, outbox)
-- where they already exist, in order. It creates no table of its own: the seed ports are demo
-- material (demo/install_demo.sql applies them first, then this file).
--
--   psql -v ON_ERROR_STOP=1 -d mydb -f resources/sql/install.sql
--
-- For any other table (your own outbox), print the kit from its profile instead:
--   outbox-monitor --print-kit --profile myprofile.json > kit.sql
--   psql -v ON_ERROR_STOP=1 -1 -d mydb -f kit.sql
--
-- psql variables (all optional):
--   -v auditor_role=NAME    group role for read-only users   (default outbox_auditor)
--   -v operator_role=NAME   group role for operators         (default outbox_operator)
--   -v with_trigram=1       also build the pg_trgm indexes (kit/trigram_index.sql: costly on big
--                           tables, read its header first)
--   -v with_sort_indexes=1  also build the whole-table sort indexes for "All messages"
--                           (kit/sort_indexes.sql: every status change pays for them, read its header)
-- Each kit file skips the seed tables that do not exist, so a database that holds one of them
-- can use this file as is.
--
-- Order (each file is idempotent, so the whole script can be run again):
--   1. kit/monitoring_indexes.sql   partial indexes for the dashboard, autovacuum settings
--   1b. kit/failure_groups.sql     the error fingerprint function and the failure groups' indexes
--   2. kit/append_only_audit.sql    triggers: audit rows cannot be updated, deleted, truncated
--   3. kit/action_functions.sql     the audited action functions (the only way operators change rows)
--   4. kit/roles.sql                outbox_auditor / outbox_operator and their privileges
--   5. kit/trigram_index.sql        only with -v with_trigram=1
--   6. kit/sort_indexes.sql         only with -v with_sort_indexes=1
--
-- The demo (scripts/lib/loaddemo.sh) applies demo/install_demo.sql (the seeds, then this file),
-- then demo/catalog.sql, demo/logins.sql and demo/history.sql.

\set ON_ERROR_STOP on

\if :{?auditor_role}
\else
\set auditor_role outbox_auditor
\endif
\if :{?operator_role}
\else
\set operator_role outbox_operator
\endif

\ir kit/monitoring_indexes.sql
\ir kit/failure_groups.sql
\ir kit/append_only_audit.sql
\ir kit/action_functions.sql
\ir kit/purge_functions.sql

SELECT set_config('outbox_monitor.auditor_role', :'auditor_role', false) AS auditor_role,
       set_config('outbox_monitor.operator_role', :'operator_role', false) AS operator_role
\gset
\ir kit/roles.sql

\if :{?with_trigram}
\ir kit/trigram_index.sql
\endif

\if :{?with_sort_indexes}
\ir kit/sort_indexes.sql
\endif
