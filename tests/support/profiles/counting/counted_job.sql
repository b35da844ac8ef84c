-- A job table the tests make (no library's schema): a counter of tries with each job's own limit,
-- and the times of the two in-flight steps: claimed by a worker, then started.
CREATE TABLE counted_job (
    id bigserial PRIMARY KEY,
    queue text NOT NULL,
    status text NOT NULL,
    tries int NOT NULL DEFAULT 0,
    max_tries int,
    run_timeout_s int,
    created_at timestamptz NOT NULL DEFAULT now(),
    claimed_at timestamptz,
    started_at timestamptz,
    last_error text,
    body jsonb NOT NULL DEFAULT '{}'
);
