-- A job table the tests make (no library's schema), built from a rule libraries document: their
-- maintenance moves every job whose completion time is older than a set interval to an archive
-- table of the same columns, whatever it became (completed, failed or cancelled), and the row
-- keeps its state column there.
CREATE TABLE kept_job (
    id bigserial PRIMARY KEY,
    queue text NOT NULL,
    state text NOT NULL,
    retry_count int NOT NULL DEFAULT 0,
    created_on timestamptz NOT NULL DEFAULT now(),
    updated_on timestamptz NOT NULL DEFAULT now(),
    completed_on timestamptz,
    output text,
    data text
);
CREATE TABLE kept_job_archive (LIKE kept_job);
ALTER TABLE kept_job_archive ADD PRIMARY KEY (id);
