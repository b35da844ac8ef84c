-- Admin kit: the two group roles the Outbox Monitor expects.
--
--   outbox_auditor   NOLOGIN. SELECT on the outbox tables and their audit tables, USAGE on their
--                    schema. Nothing else: no INSERT/UPDATE/DELETE anywhere, no action function.
--   outbox_operator  NOLOGIN. SELECT on the same tables and EXECUTE on the kit's action functions
--                    (kit/action_functions.sql: outbox_monitor_action_<table>) and purge functions
--                    (kit/purge_functions.sql: outbox_monitor_purge_<table>, audited deletes of
--                    finished rows). No UPDATE of the
--                    outbox tables and no INSERT into the audit tables: every change goes through a
--                    function that writes its audit row in the same statement, with changed_by and
--                    changed_at set by the server (issue #12). No DELETE anywhere; the triggers of
--                    append_only_audit.sql refuse UPDATE/DELETE/TRUNCATE of audit rows to every role.
--   Login roles are granted membership, e.g.  CREATE ROLE alice LOGIN IN ROLE outbox_operator;
--   (demo/logins.sql does this for demo_operator / demo_auditor).
--
-- The action functions are SECURITY DEFINER: they run as their owner (whoever applied
-- action_functions.sql, normally the tables' owner). This file refuses to grant EXECUTE when the
-- operator role is a member of that owner (an operator could then act as the owner and change rows
-- without an audit row), and revokes EXECUTE from PUBLIC.
--
-- Adapting the role names: they are read from two settings, with the defaults above when unset.
--   psql -v ON_ERROR_STOP=1 \
--        -c "SET outbox_monitor.auditor_role = 'ops_audit'" \
--        -c "SET outbox_monitor.operator_role = 'ops_outbox'" -f kit/roles.sql
-- (install.sql takes them as psql variables:  psql -v auditor_role=ops_audit ... -f install.sql).
-- The file itself is plain SQL (no psql meta-commands), so it can also be applied through libpq.
--
-- Re-runnable: roles are created when missing, and every privilege on these tables, their
-- sequences and the action functions is revoked from the two roles before being granted again, so
-- the result is exactly what is listed here (applying it to a database with the old kit takes the
-- old direct UPDATE / INSERT grants away: see resources/sql/README.md, "Migrating"). Apply it after
-- the seed files and action_functions.sql (tables that do not exist are skipped). Roles are
-- cluster-wide: applying this file in a second database reuses them and grants there as well.
-- Applying it needs CREATEROLE (or superuser) and ownership of the tables.
--
-- The seeds' own functions (retry_failed(), manual_retry_work_item(), ...) keep PostgreSQL's
-- default EXECUTE for PUBLIC: they run with the caller's rights (none is SECURITY DEFINER), so an
-- operator or auditor calling them is refused by the table privileges.

DO $kit$
DECLARE
    v_auditor  text := coalesce(nullif(current_setting('outbox_monitor.auditor_role', true), ''),
                                'outbox_auditor');
    v_operator text := coalesce(nullif(current_setting('outbox_monitor.operator_role', true), ''),
                                'outbox_operator');
    v_role     text;
    v_table    text;
    v_id_col   text;
    v_seq      text;
    v_schema   text;
    v_fn       regprocedure;
    v_owner    name;
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

    -- outbox and audit tables: SELECT for both, nothing more (the old kit's UPDATE / INSERT and
    -- sequence USAGE are revoked here)
    FOR v_table, v_id_col IN
        SELECT * FROM (VALUES ('app_outbox', NULL), ('batch_work_item', NULL), ('outbox', NULL),
                              ('app_outbox_audit', 'audit_id'),
                              ('batch_work_status_history', 'history_id'),
                              ('outbox_audit', 'audit_id')) AS t(tab, id_col)
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
        IF v_id_col IS NOT NULL THEN
            v_seq := pg_get_serial_sequence(format('%I.%I', v_schema, v_table), v_id_col);
            IF v_seq IS NOT NULL THEN
                EXECUTE format('REVOKE ALL ON SEQUENCE %s FROM %I, %I', v_seq, v_auditor, v_operator);
            END IF;
        END IF;
    END LOOP;

    -- action functions: EXECUTE for the operator only, never for PUBLIC or the auditor
    FOR v_table IN SELECT unnest(ARRAY['app_outbox', 'batch_work_item', 'outbox']) LOOP
        IF to_regclass(v_table) IS NULL THEN
            CONTINUE;
        END IF;
        SELECT n.nspname INTO v_schema
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.oid = to_regclass(v_table);
        v_fn := to_regprocedure(format('%I.%I(text,uuid,bigint[],text,text,integer,text,text,text)',
                                       v_schema, left('outbox_monitor_action_' || v_table, 63)));
        IF v_fn IS NULL THEN
            RAISE WARNING 'outbox monitor kit: no action function for %.% (apply kit/action_functions.sql first): operators cannot change its messages',
                          v_schema, v_table;
            CONTINUE;
        END IF;
        SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;
        IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN
            RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its changes would escape the audit',
                            v_operator, v_owner, v_fn
                  USING ERRCODE = 'insufficient_privilege',
                        HINT = 'Apply kit/action_functions.sql as the tables'' owner, a role operators are not members of.';
        END IF;
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);
    END LOOP;

    -- purge functions (kit/purge_functions.sql): EXECUTE for the operator only, like the action
    -- functions; a table without one has no purge (nothing to warn about)
    FOR v_table IN SELECT unnest(ARRAY['app_outbox', 'batch_work_item', 'outbox']) LOOP
        IF to_regclass(v_table) IS NULL THEN
            CONTINUE;
        END IF;
        SELECT n.nspname INTO v_schema
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.oid = to_regclass(v_table);
        v_fn := to_regprocedure(format('%I.%I(uuid,text[],integer,integer,text,text,text,text,text)',
                                       v_schema, left('outbox_monitor_purge_' || v_table, 63)));
        IF v_fn IS NULL THEN
            CONTINUE;
        END IF;
        SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;
        IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN
            RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its deletes would escape the audit',
                            v_operator, v_owner, v_fn
                  USING ERRCODE = 'insufficient_privilege',
                        HINT = 'Apply kit/purge_functions.sql as the tables'' owner, a role operators are not members of.';
        END IF;
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);
    END LOOP;
END
$kit$;
