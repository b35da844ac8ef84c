-- Admin kit: the two group roles the Outbox Monitor expects, and their privileges on the seed
-- tables (app_outbox, batch_work_item, outbox).
--
-- GENERATED from the seed tables' built-in profiles by om::adminkit::seedRolesFile
-- (app/core/adminkit/seedrolesfile.cpp) through om::kit::grantsSql, the block outbox-monitor
-- --print-kit writes for each of them. Do not edit by hand: tests/unit/tst_kitfiles fails when
-- this file and the generator differ, and OM_REGENERATE_KIT=1 build/tests/tst_kitfiles rewrites it.
--
--   outbox_auditor   NOLOGIN. SELECT on the outbox tables and their audit tables, USAGE on their
--                    schema. Nothing else: no INSERT/UPDATE/DELETE anywhere, no kit function.
--   outbox_operator  NOLOGIN. SELECT on the same tables and EXECUTE on the kit's action functions
--                    (kit/action_functions.sql: outbox_monitor_action_<table>) and purge functions
--                    (kit/purge_functions.sql: outbox_monitor_purge_<table>, audited deletes of
--                    finished rows). No UPDATE of the outbox tables and no INSERT into the audit
--                    tables: every change goes through a function that writes its audit row in
--                    the same statement, with changed_by and changed_at set by the server, so
--                    that no change escapes the audit trail. No DELETE anywhere; the triggers of
--                    append_only_audit.sql refuse UPDATE/DELETE/TRUNCATE of audit rows to every role.
--   Login roles are granted membership, e.g.  CREATE ROLE alice LOGIN IN ROLE outbox_operator;
--   (demo/logins.sql does this for demo_operator / demo_auditor).
--
-- The kit functions are SECURITY DEFINER: they run as their owner (whoever applied
-- action_functions.sql and purge_functions.sql, normally the tables' owner). This file refuses to
-- grant EXECUTE when the operator role is a member of that owner (an operator could then act as
-- the owner and change rows without an audit row), and revokes EXECUTE from PUBLIC. A table
-- without its action function gets a warning: operators cannot change its messages.
--
-- Adapting the role names: they are read from two settings, with the defaults above when unset.
--   psql -v ON_ERROR_STOP=1 \
--        -c "SET outbox_monitor.auditor_role = 'ops_audit'" \
--        -c "SET outbox_monitor.operator_role = 'ops_outbox'" -f kit/roles.sql
-- (install.sql takes them as psql variables:  psql -v auditor_role=ops_audit ... -f install.sql).
-- The file itself is plain SQL (no psql meta-commands), so it can also be applied through libpq.
--
-- Re-runnable: roles are created when missing, and every privilege on these tables, their audit
-- ids' sequences and the kit functions is revoked from the two roles before being granted again,
-- so the result is exactly what is listed here (applying it to a database with an older kit takes
-- its direct UPDATE / INSERT grants away: see docs/admin-kit.md, "Upgrading a database that has an older kit"). Apply it
-- after the seed files, action_functions.sql and purge_functions.sql (tables that do not exist are
-- skipped). Roles are cluster-wide: applying this file in a second database reuses them and grants
-- there as well. Applying it needs CREATEROLE (or superuser) and ownership of the tables.
--
-- The seeds' own functions (retry_failed(), manual_retry_work_item(), ...) keep PostgreSQL's
-- default EXECUTE for PUBLIC: they run with the caller's rights (none is SECURITY DEFINER), so an
-- operator or auditor calling them is refused by the table privileges.

DO $om_kit$
DECLARE
    v_auditor  text := coalesce(nullif(current_setting('outbox_monitor.auditor_role', true), ''), 'outbox_auditor');
    v_operator text := coalesce(nullif(current_setting('outbox_monitor.operator_role', true), ''), 'outbox_operator');
    v_role     text;
    v_seq      text;
    v_fn       regprocedure;
    v_owner    name;
BEGIN
    FOREACH v_role IN ARRAY ARRAY[v_auditor, v_operator] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = v_role) THEN
            BEGIN
                EXECUTE format('CREATE ROLE %I NOLOGIN', v_role);
            EXCEPTION WHEN duplicate_object OR unique_violation THEN
                NULL;
            END;
        END IF;
    END LOOP;
    IF to_regclass('"public"."app_outbox"') IS NOT NULL THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', 'public', v_auditor, v_operator);
        EXECUTE format('REVOKE ALL ON TABLE %s FROM %I, %I', '"public"."app_outbox"', v_auditor, v_operator);
        EXECUTE format('GRANT SELECT ON TABLE %s TO %I, %I', '"public"."app_outbox"', v_auditor, v_operator);
        v_fn := to_regprocedure('"public"."outbox_monitor_action_app_outbox"(text,uuid,bigint[],text,text,integer,text,text,text)');
        IF v_fn IS NULL THEN
            RAISE WARNING 'outbox monitor kit: % does not exist (apply its kit first): %',
                          '"public"."outbox_monitor_action_app_outbox"(text,uuid,bigint[],text,text,integer,text,text,text)', 'operators cannot change this table''s messages';
        ELSE
            SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;
            IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN
                RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its changes would escape the audit',
                                v_operator, v_owner, v_fn
                      USING ERRCODE = 'insufficient_privilege',
                            HINT = 'Apply the kit as the tables'' owner, a role operators are not members of.';
            END IF;
            EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);
        END IF;
        v_fn := to_regprocedure('"public"."outbox_monitor_purge_app_outbox"(uuid,text[],integer,integer,text,text,text,text,text)');
        IF v_fn IS NOT NULL THEN
            SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;
            IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN
                RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its deletes would escape the audit',
                                v_operator, v_owner, v_fn
                      USING ERRCODE = 'insufficient_privilege',
                            HINT = 'Apply the kit as the tables'' owner, a role operators are not members of.';
            END IF;
            EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);
        END IF;
    END IF;
    IF to_regclass('"public"."app_outbox_audit"') IS NOT NULL THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', 'public', v_auditor, v_operator);
        EXECUTE format('REVOKE ALL ON TABLE %s FROM %I, %I', '"public"."app_outbox_audit"', v_auditor, v_operator);
        EXECUTE format('GRANT SELECT ON TABLE %s TO %I, %I', '"public"."app_outbox_audit"', v_auditor, v_operator);
        v_seq := pg_get_serial_sequence('"public"."app_outbox_audit"', 'audit_id');
        IF v_seq IS NOT NULL THEN
            EXECUTE format('REVOKE ALL ON SEQUENCE %s FROM %I, %I', v_seq, v_auditor, v_operator);
        END IF;
    END IF;
    IF to_regclass('"public"."batch_work_item"') IS NOT NULL THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', 'public', v_auditor, v_operator);
        EXECUTE format('REVOKE ALL ON TABLE %s FROM %I, %I', '"public"."batch_work_item"', v_auditor, v_operator);
        EXECUTE format('GRANT SELECT ON TABLE %s TO %I, %I', '"public"."batch_work_item"', v_auditor, v_operator);
        v_fn := to_regprocedure('"public"."outbox_monitor_action_batch_work_item"(text,uuid,bigint[],text,text,integer,text,text,text)');
        IF v_fn IS NULL THEN
            RAISE WARNING 'outbox monitor kit: % does not exist (apply its kit first): %',
                          '"public"."outbox_monitor_action_batch_work_item"(text,uuid,bigint[],text,text,integer,text,text,text)', 'operators cannot change this table''s messages';
        ELSE
            SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;
            IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN
                RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its changes would escape the audit',
                                v_operator, v_owner, v_fn
                      USING ERRCODE = 'insufficient_privilege',
                            HINT = 'Apply the kit as the tables'' owner, a role operators are not members of.';
            END IF;
            EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);
        END IF;
        v_fn := to_regprocedure('"public"."outbox_monitor_purge_batch_work_item"(uuid,text[],integer,integer,text,text,text,text,text)');
        IF v_fn IS NOT NULL THEN
            SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;
            IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN
                RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its deletes would escape the audit',
                                v_operator, v_owner, v_fn
                      USING ERRCODE = 'insufficient_privilege',
                            HINT = 'Apply the kit as the tables'' owner, a role operators are not members of.';
            END IF;
            EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);
        END IF;
    END IF;
    IF to_regclass('"public"."batch_work_status_history"') IS NOT NULL THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', 'public', v_auditor, v_operator);
        EXECUTE format('REVOKE ALL ON TABLE %s FROM %I, %I', '"public"."batch_work_status_history"', v_auditor, v_operator);
        EXECUTE format('GRANT SELECT ON TABLE %s TO %I, %I', '"public"."batch_work_status_history"', v_auditor, v_operator);
        v_seq := pg_get_serial_sequence('"public"."batch_work_status_history"', 'history_id');
        IF v_seq IS NOT NULL THEN
            EXECUTE format('REVOKE ALL ON SEQUENCE %s FROM %I, %I', v_seq, v_auditor, v_operator);
        END IF;
    END IF;
    IF to_regclass('"public"."outbox"') IS NOT NULL THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', 'public', v_auditor, v_operator);
        EXECUTE format('REVOKE ALL ON TABLE %s FROM %I, %I', '"public"."outbox"', v_auditor, v_operator);
        EXECUTE format('GRANT SELECT ON TABLE %s TO %I, %I', '"public"."outbox"', v_auditor, v_operator);
        v_fn := to_regprocedure('"public"."outbox_monitor_action_outbox"(text,uuid,bigint[],text,text,integer,text,text,text)');
        IF v_fn IS NULL THEN
            RAISE WARNING 'outbox monitor kit: % does not exist (apply its kit first): %',
                          '"public"."outbox_monitor_action_outbox"(text,uuid,bigint[],text,text,integer,text,text,text)', 'operators cannot change this table''s messages';
        ELSE
            SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;
            IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN
                RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its changes would escape the audit',
                                v_operator, v_owner, v_fn
                      USING ERRCODE = 'insufficient_privilege',
                            HINT = 'Apply the kit as the tables'' owner, a role operators are not members of.';
            END IF;
            EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);
        END IF;
        v_fn := to_regprocedure('"public"."outbox_monitor_purge_outbox"(uuid,text[],integer,integer,text,text,text,text,text)');
        IF v_fn IS NOT NULL THEN
            SELECT p.proowner::regrole::name INTO v_owner FROM pg_proc p WHERE p.oid = v_fn;
            IF pg_has_role(v_operator, v_owner, 'MEMBER') THEN
                RAISE EXCEPTION 'outbox monitor kit: % can become %, the owner of %: its deletes would escape the audit',
                                v_operator, v_owner, v_fn
                      USING ERRCODE = 'insufficient_privilege',
                            HINT = 'Apply the kit as the tables'' owner, a role operators are not members of.';
            END IF;
            EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %I, %I', v_fn, v_auditor, v_operator);
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_fn, v_operator);
        END IF;
    END IF;
    IF to_regclass('"public"."outbox_audit"') IS NOT NULL THEN
        EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I', 'public', v_auditor, v_operator);
        EXECUTE format('REVOKE ALL ON TABLE %s FROM %I, %I', '"public"."outbox_audit"', v_auditor, v_operator);
        EXECUTE format('GRANT SELECT ON TABLE %s TO %I, %I', '"public"."outbox_audit"', v_auditor, v_operator);
        v_seq := pg_get_serial_sequence('"public"."outbox_audit"', 'audit_id');
        IF v_seq IS NOT NULL THEN
            EXECUTE format('REVOKE ALL ON SEQUENCE %s FROM %I, %I', v_seq, v_auditor, v_operator);
        END IF;
    END IF;
END
$om_kit$;
