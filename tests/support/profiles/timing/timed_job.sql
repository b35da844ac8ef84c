-- A job table the tests make (no library's schema): every job carries its own run timeout (as an
-- interval, and the same in seconds and in milliseconds for the other units) and its own limit.
CREATE TABLE timed_job (
    id bigserial PRIMARY KEY,
    queue text NOT NULL,
    state text NOT NULL,
    attempt int NOT NULL DEFAULT 0,
    max_attempts int NOT NULL DEFAULT 20,
    run_timeout interval,
    run_timeout_s int,
    run_timeout_ms bigint,
    inserted_at timestamptz NOT NULL DEFAULT now(),
    attempted_at timestamptz,
    last_error text,
    args jsonb NOT NULL DEFAULT '{}'
);
