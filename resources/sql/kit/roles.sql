-- Admin kit: the two group roles the Outbox Monitor expects.
--
--   outbox_auditor   NOLOGIN. SELECT on the outbox tables and their audit tables, USAGE on their
--                    schema. Nothing else: no INSERT/UPDATE/DELETE anywhere.
--   outbox_operator  NOLOGIN. SELECT on the same tables; UPDATE only on the state columns of each
--                    outbox table; INSERT on the audit tables and USAGE on their identity
--                    sequences. No DELETE anywhere, no UPDATE of audit rows (and the triggers of
--                    append_only_audit.sql refuse that to every role anyway).
--   Login roles are granted membership, e.g.  CREATE ROLE alice LOGIN IN ROLE outbox_operator;
--   (demo/logins.sql does this for demo_operator / demo_auditor).
--
-- State columns the operator may UPDATE (what the audited actions retry / cancel / recover stuck /
-- replay / discard change, and nothing more):
--   app_outbox:      status, next_run_at, locked_by, locked_at, last_error_code, last_error_msg,
--                    updated_at          (not payload, keys, retry counts, sent_at, created_at)
--   batch_work_item: status, next_retry_at, locked_by, locked_at, started_at, finished_at,
--                    error_code, error_message, updated_at
--   outbox:          published_at
--
-- Adapting the role names: they are read from two settings, with the defaults above when unset.
--   psql -v ON_ERROR_STOP=1 \
--        -c "SET outbox_monitor.auditor_role = 'ops_audit'" \
--        -c "SET outbox_monitor.operator_role = 'ops_outbox'" -f kit/roles.sql
-- (install.sql takes them as psql variables:  psql -v auditor_role=ops_audit ... -f install.sql).
-- The file itself is plain SQL (no psql meta-commands), so it can also be applied through libpq.
--
-- Re-runnable: roles are created when missing, and every privilege on these tables is revoked from
-- the two roles before being granted again, so the result is exactly what is listed here. Apply it
-- after the seed files (tables that do not exist are skipped). Roles are cluster-wide: applying
-- this file in a second database reuses them and grants there as well.
-- Applying it needs CREATEROLE (or superuser) and ownership of the tables.
--
-- Functions keep PostgreSQL's default EXECUTE for PUBLIC: they run with the caller's rights
-- (none is SECURITY DEFINER), so an auditor calling, say, retry_failed() is refused by the table
-- privileges.

DO $kit$
DECLARE
    v_auditor  text := coalesce(nullif(current_setting('outbox_monitor.auditor_role', true), ''),
                                'outbox_auditor');
    v_operator text := coalesce(nullif(current_setting('outbox_monitor.operator_role', true), ''),
                                'outbox_operator');
    v_role     text;
    v_table    text;
    v_cols     text;
    v_seq      text;
    v_schema   text;
BEGIN
    -- the roles (cluster-wide; tolerate a concurrent creation by another database's install)
    FOREACH v_role IN ARRAY ARRAY[v_auditor, v_operator] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = v_role) THEN
            BEGIN
                EXECUTE format('CREATE ROLE %I NOLOGIN', v_role);
            EXCEPTION WHEN duplicate_object OR unique_violation THEN
                NULL;
            END;
        END IF;
    END LOOP;

    -- outbox tables: SELECT for both, UPDATE of the state columns for the operator
    FOR v_table, v_cols IN
        SELECT * FROM (VALUES
            ('app_outbox',      'status, next_run_at, locked_by, locked_at, last_error_code, '
                                || 'last_error_msg, updated_at'),
            ('batch_work_item', 'status, next_retry_at, locked_by, locked_at, started_at, '
                                || 'finished_at, error_code, error_message, updated_at'),
            ('outbox',          'published_at')) AS t(tab, cols)
    LOOP
        IF to_regclass(v_table) IS NULL THEN
            CONTINUE;
        END IF;
        SELECT n.nspname INTO v_schema
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.oid = to_regclass(v_table);
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', v_schema, v_auditor, v_operator);
        EXECUTE format('REVOKE ALL ON TABLE %I.%I FROM %I, %I', v_schema, v_table,
                       v_auditor, v_operator);
        EXECUTE format('GRANT SELECT ON TABLE %I.%I TO %I, %I', v_schema, v_table,
                       v_auditor, v_operator);
        EXECUTE format('GRANT UPDATE (%s) ON TABLE %I.%I TO %I', v_cols, v_schema, v_table,
                       v_operator);
    END LOOP;

    -- audit tables: SELECT for both, INSERT (+ identity sequence) for the operator
    FOR v_table IN SELECT unnest(ARRAY['app_outbox_audit', 'batch_work_status_history',
                                       'outbox_audit'])
    LOOP
        IF to_regclass(v_table) IS NULL THEN
            CONTINUE;
        END IF;
        SELECT n.nspname INTO v_schema
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.oid = to_regclass(v_table);
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', v_schema, v_auditor, v_operator);
        EXECUTE format('REVOKE ALL ON TABLE %I.%I FROM %I, %I', v_schema, v_table,
                       v_auditor, v_operator);
        EXECUTE format('GRANT SELECT ON TABLE %I.%I TO %I, %I', v_schema, v_table,
                       v_auditor, v_operator);
        EXECUTE format('GRANT INSERT ON TABLE %I.%I TO %I', v_schema, v_table, v_operator);
        v_seq := pg_get_serial_sequence(format('%I.%I', v_schema, v_table),
                                        CASE v_table WHEN 'batch_work_status_history'
                                                     THEN 'history_id' ELSE 'audit_id' END);
        IF v_seq IS NOT NULL THEN
            EXECUTE format('REVOKE ALL ON SEQUENCE %s FROM %I, %I', v_seq, v_auditor, v_operator);
            EXECUTE format('GRANT USAGE ON SEQUENCE %s TO %I', v_seq, v_operator);
        END IF;
    END LOOP;
END
$kit$;
