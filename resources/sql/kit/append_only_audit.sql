-- Admin kit: make the audit trails append-only.
--
-- app_outbox_audit (seed 000), batch_work_status_history (seed 003) and outbox_audit (the kit's own
-- audit table for seed 004) accept INSERT and SELECT; UPDATE, DELETE and TRUNCATE raise
-- insufficient_privilege (SQLSTATE 42501) "audit trail is append-only".
--
-- Why triggers and not only privileges: privileges do not bind the table owner, and the owner is
-- usually the account the application and the batch jobs log in as. The triggers bind every role,
-- the owner included. They are ENABLE ALWAYS, so they fire even with
-- session_replication_role = replica (a trick that silences ordinary triggers).
--
-- What still gets around them, on purpose and visibly: the owner or a superuser can
-- ALTER TABLE ... DISABLE TRIGGER (DDL, logged with log_statement = 'ddl'), or DROP the table.
-- A retention purge of old audit rows is such a deliberate DBA operation:
--   BEGIN;
--   ALTER TABLE app_outbox_audit DISABLE TRIGGER app_outbox_audit_append_only;
--   DELETE FROM app_outbox_audit WHERE changed_at < now() - interval '2 years';
--   ALTER TABLE app_outbox_audit ENABLE ALWAYS TRIGGER app_outbox_audit_append_only;
--   COMMIT;
--
-- Idempotent; tables that do not exist are skipped.

CREATE OR REPLACE FUNCTION outbox_monitor_audit_append_only()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit trail is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
          USING ERRCODE = 'insufficient_privilege',
                HINT = 'Audit rows can be inserted and read, never changed or removed.';
END;
$$;

DO $kit$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['app_outbox_audit', 'batch_work_status_history', 'outbox_audit'] LOOP
        IF to_regclass(t) IS NULL THEN
            CONTINUE;
        END IF;
        -- row level: UPDATE and DELETE
        EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_append_only', t);
        EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I '
                       'FOR EACH ROW EXECUTE FUNCTION outbox_monitor_audit_append_only()',
                       t || '_append_only', t);
        EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_append_only');
        -- statement level: TRUNCATE (row triggers do not see it)
        EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_no_truncate', t);
        EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I '
                       'FOR EACH STATEMENT EXECUTE FUNCTION outbox_monitor_audit_append_only()',
                       t || '_no_truncate', t);
        EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_no_truncate');
    END LOOP;
END
$kit$;
