-- A job table the tests make (no library's schema) that stores its kind's and its endpoint's id;
-- the names are in two lookup tables (the endpoint's without an index on its code).
CREATE TABLE job_kind (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE endpoint (code smallint NOT NULL, label text NOT NULL);
INSERT INTO job_kind VALUES (1, 'invoice.paid'), (2, 'invoice.voided'), (3, 'order.shipped'), (4, 'user.signed_up'), (5, 'zz.last');
INSERT INTO endpoint VALUES (1, 'billing-service'), (2, 'crm'), (3, 'warehouse');
CREATE TABLE kind_job (
    id bigserial PRIMARY KEY,
    ref text NOT NULL,
    kind_id int NOT NULL,
    endpoint_id smallint,
    status text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    error_code text,
    last_error text,
    body text
);
