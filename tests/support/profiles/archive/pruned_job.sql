-- A job table the tests make (no library's schema) and the archive its pruner moves finished rows
-- to, with the same columns.
CREATE TABLE pruned_job (
    id bigserial PRIMARY KEY,
    topic text NOT NULL,
    status text NOT NULL,
    attempts int NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    last_error text,
    body text
);
CREATE TABLE pruned_job_archive (LIKE pruned_job);
ALTER TABLE pruned_job_archive ADD PRIMARY KEY (id);
