-- Demo only: two login roles for the throwaway demo cluster (trust authentication, no password).
-- Never apply this to a real server.
--
--   demo_operator  LOGIN, member of outbox_operator  (scripts/demo logs in as this one)
--   demo_auditor   LOGIN, member of outbox_auditor, and read-only by default as a second guard
--
-- Needs kit/roles.sql first (the group roles; default names). Roles are cluster-wide; re-runnable.

DO $demo$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (VALUES ('demo_operator', 'outbox_operator'),
                                   ('demo_auditor',  'outbox_auditor')) AS t(login, grp)
    LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r.login) THEN
            BEGIN
                EXECUTE format('CREATE ROLE %I LOGIN', r.login);
            EXCEPTION WHEN duplicate_object OR unique_violation THEN
                NULL;
            END;
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_auth_members m
                         WHERE m.roleid = r.grp::regrole AND m.member = r.login::regrole) THEN
            EXECUTE format('GRANT %I TO %I', r.grp, r.login);
        END IF;
    END LOOP;
    ALTER ROLE demo_auditor SET default_transaction_read_only = on;
END
$demo$;
