-- Outbox Monitor demo: the three seed ports, then the admin kit over them (install.sql).
--
--   psql -v ON_ERROR_STOP=1 -d demo -f resources/sql/demo/install_demo.sql
--
-- Demo and test material, never for a user's database: the seed ports create tables, functions
-- and procedures of their own (app_outbox, batch_work_item, outbox and their audit tables). A DBA
-- installs the kit for an existing table with `outbox-monitor --print-kit --profile FILE`, or for
-- existing seed tables with install.sql alone.
-- Takes install.sql's psql variables (auditor_role, operator_role, with_trigram, with_sort_indexes).
-- Idempotent. scripts/lib/loaddemo.sh applies it, then catalog.sql, logins.sql and history.sql.

\set ON_ERROR_STOP on

\ir ../seed000_app_outbox.sql
\ir ../seed003_batch_work_item.sql
\ir ../seed004_outbox.sql
\ir ../install.sql
