-- Outbox Monitor: install the seed ports and the admin kit into the current database, in order.
--
--   psql -v ON_ERROR_STOP=1 -d mydb -f resources/sql/install.sql
--
-- psql variables (all optional):
--   -v auditor_role=NAME    group role for read-only users   (default outbox_auditor)
--   -v operator_role=NAME   group role for operators         (default outbox_operator)
--   -v with_trigram=1       also build the pg_trgm indexes (kit/trigram_index.sql: costly on big
--                           tables, read its header first)
--   -v with_sort_indexes=1  also build the whole-table sort indexes for "All messages"
--                           (kit/sort_indexes.sql: every status change pays for them, read its header)
-- To install only one system, run the files by hand in the order below, leaving out the seeds
-- you do not have: the kit files skip tables that do not exist.
--
-- Order (each file is idempotent, so the whole script can be run again):
--   1. seed000_app_outbox.sql       app_outbox + app_outbox_audit and their functions
--   2. seed003_batch_work_item.sql  batch_work_item + batch_work_status_history and their functions
--   3. seed004_outbox.sql           outbox (+ the kit's outbox_audit) and the relay functions
--   4. kit/monitoring_indexes.sql   partial indexes for the dashboard, autovacuum settings
--   5. kit/append_only_audit.sql    triggers: audit rows cannot be updated, deleted, truncated
--   5b. kit/action_functions.sql    the audited action functions (the only way operators change rows)
--   6. kit/roles.sql                outbox_auditor / outbox_operator and their privileges
--   7. kit/trigram_index.sql        only with -v with_trigram=1
--   8. kit/sort_indexes.sql         only with -v with_sort_indexes=1
-- A DBA whose tables already exist (a real deployment of one of the seeds) runs only 4-8.
--
-- The demo (scripts/lib/loaddemo.sh) adds demo/catalog.sql, demo/logins.sql and demo/history.sql.

\set ON_ERROR_STOP on

\if :{?auditor_role}
\else
\set auditor_role outbox_auditor
\endif
\if :{?operator_role}
\else
\set operator_role outbox_operator
\endif

\ir seed000_app_outbox.sql
\ir seed003_batch_work_item.sql
\ir seed004_outbox.sql
\ir kit/monitoring_indexes.sql
\ir kit/append_only_audit.sql
\ir kit/action_functions.sql

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
