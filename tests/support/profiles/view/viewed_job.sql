-- A job table the tests make (no library's schema) and the view the monitor reads: the view leaves
-- out a column the monitor has no business seeing (the customer's secret).
CREATE TABLE viewed_job_rows (
    id bigserial PRIMARY KEY,
    ref text NOT NULL,
    status text NOT NULL,
    attempts int NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    last_error text,
    body text,
    customer_secret text
);
CREATE VIEW viewed_job AS
    SELECT id, ref, status, attempts, created_at, updated_at, last_error, body FROM viewed_job_rows;
