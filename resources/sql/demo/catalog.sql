-- Demo only: the vocabulary shared by the history loader (demo/history.sql) and the live workload
-- (resources/workload/*.sql): 20 event types routed to 8 destinations for app_outbox, 5 batch jobs
-- for batch_work_item, aggregates and event types for outbox, realistic payloads and errors.
-- Pure functions, no tables. Re-runnable.
--
-- The "sick" destination is SHIPPING_API: the history leaves its backlog PENDING with HTTP 503s,
-- and the live workload makes it fail far more often than the others.

-- i in 1..20 -> event type (producers draw i with a skew: low numbers are the busy ones)
CREATE OR REPLACE FUNCTION demo_event_type(i integer)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT (ARRAY[
        'ORDER_CREATED', 'ORDER_CONFIRMATION_MAIL', 'PAYMENT_CAPTURED', 'STOCK_RESERVED',
        'SHIPMENT_REQUESTED', 'INVOICE_ISSUED', 'ORDER_UPDATED', 'DELIVERY_SMS',
        'CUSTOMER_UPDATED', 'POINTS_GRANTED', 'INVOICE_EXPORT', 'STOCK_RELEASED',
        'ORDER_CANCELLED', 'PAYMENT_REFUNDED', 'CUSTOMER_REGISTERED', 'PASSWORD_RESET_MAIL',
        'SHIPMENT_CANCELLED', 'OTP_SMS', 'JOURNAL_EXPORT', 'NEWSLETTER_MAIL'
    ])[1 + (abs(i - 1) % 20)]
$$;

-- event type -> destination (8 of them)
CREATE OR REPLACE FUNCTION demo_destination(p_event_type text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE p_event_type
        WHEN 'ORDER_CREATED'           THEN 'ORDER_API'
        WHEN 'ORDER_UPDATED'           THEN 'ORDER_API'
        WHEN 'ORDER_CANCELLED'         THEN 'ORDER_API'
        WHEN 'PAYMENT_CAPTURED'        THEN 'BILLING_API'
        WHEN 'PAYMENT_REFUNDED'        THEN 'BILLING_API'
        WHEN 'INVOICE_ISSUED'          THEN 'BILLING_API'
        WHEN 'ORDER_CONFIRMATION_MAIL' THEN 'MAIL_GATEWAY'
        WHEN 'PASSWORD_RESET_MAIL'     THEN 'MAIL_GATEWAY'
        WHEN 'NEWSLETTER_MAIL'         THEN 'MAIL_GATEWAY'
        WHEN 'STOCK_RESERVED'          THEN 'INVENTORY_API'
        WHEN 'STOCK_RELEASED'          THEN 'INVENTORY_API'
        WHEN 'SHIPMENT_REQUESTED'      THEN 'SHIPPING_API'
        WHEN 'SHIPMENT_CANCELLED'      THEN 'SHIPPING_API'
        WHEN 'CUSTOMER_REGISTERED'     THEN 'CRM_API'
        WHEN 'CUSTOMER_UPDATED'        THEN 'CRM_API'
        WHEN 'POINTS_GRANTED'          THEN 'CRM_API'
        WHEN 'DELIVERY_SMS'            THEN 'SMS_GATEWAY'
        WHEN 'OTP_SMS'                 THEN 'SMS_GATEWAY'
        WHEN 'INVOICE_EXPORT'          THEN 'LEDGER_EXPORT'
        WHEN 'JOURNAL_EXPORT'          THEN 'LEDGER_EXPORT'
        ELSE 'ORDER_API'
    END
$$;

CREATE OR REPLACE FUNCTION demo_sick_destination()
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 'SHIPPING_API'::text $$;

-- A JSON payload in the style of the seed's JSON_OBJECT(...): orderId / userId / amount / eventAt,
-- with a customer name (some Japanese) so the detail pane shows real text.
-- (STABLE, not IMMUTABLE: to_char is stable, and an immutable wrapper would not be inlined.)
CREATE OR REPLACE FUNCTION demo_payload(p_event_type text, p_business_id bigint, p_at timestamptz)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT concat(
        '{"eventType": "', p_event_type,
        '", "orderId": ', p_business_id,
        ', "userId": "U', lpad((p_business_id % 99991)::text, 6, '0'),
        '", "customerName": "', (ARRAY['山田 太郎', '佐藤 花子', 'Ichiro Suzuki', 'John Smith',
                                      '高橋 健', '田中 美咲', 'Maria Garcia', '伊藤 翔'])
                                 [1 + (p_business_id % 8)::integer],
        '", "amount": ', 500 + (p_business_id * 7919) % 50000,
        ', "currency": "JPY", "items": ', 1 + p_business_id % 5,
        ', "eventAt": "', to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '"}')
$$;

-- Error n (1..4) of a kind ('transient': retry later, 'permanent': the destination refuses the
-- message) as a worker would record it for this destination.
CREATE OR REPLACE FUNCTION demo_error_n(p_kind text, p_n integer, p_destination text,
                                        OUT code text, OUT msg text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT e.code,
           format(e.msg, lower(replace(coalesce(p_destination, 'ORDER_API'), '_', '-')))
      FROM (VALUES
        ('transient', 1, 'HTTP_503', 'POST https://%s.internal.example/v1/events returned 503 '
                                     || 'Service Unavailable: upstream connect error or '
                                     || 'disconnect/reset before headers'),
        ('transient', 2, 'TIMEOUT',  'POST https://%s.internal.example/v1/events: no response '
                                     || 'within 30000 ms (read timeout)'),
        ('transient', 3, 'HTTP_429', 'POST https://%s.internal.example/v1/events returned 429 '
                                     || 'Too Many Requests: rate limit 200/min exceeded, '
                                     || 'Retry-After: 60'),
        ('transient', 4, 'CONN_RESET', 'POST https://%s.internal.example/v1/events: connection '
                                     || 'reset by peer (ECONNRESET)'),
        ('permanent', 1, 'HTTP_400', 'POST https://%s.internal.example/v1/events returned 400 '
                                     || 'Bad Request: {"error": "validation_failed", "field": '
                                     || '"customer.email", "message": "must be a well-formed '
                                     || 'email address"}'),
        ('permanent', 2, 'HTTP_422', 'POST https://%s.internal.example/v1/events returned 422 '
                                     || 'Unprocessable Entity: {"error": "unknown_order", '
                                     || '"message": "order does not exist in target system"}'),
        ('permanent', 3, 'HTTP_400', 'POST https://%s.internal.example/v1/events returned 400 '
                                     || 'Bad Request: {"error": "validation_failed", "field": '
                                     || '"amount", "message": "must be greater than 0"}'),
        ('permanent', 4, 'HTTP_404', 'POST https://%s.internal.example/v1/events returned 404 '
                                     || 'Not Found: endpoint /v1/events is not deployed on this '
                                     || 'environment')
      ) AS e(kind, n, code, msg)
     WHERE e.kind = p_kind AND e.n = 1 + (abs(p_n - 1) % 4)
$$;

-- A random error of a kind; the sick destination always answers 503 to transient calls.
CREATE OR REPLACE FUNCTION demo_error(p_kind text, p_destination text,
                                      OUT code text, OUT msg text)
LANGUAGE sql VOLATILE AS $$
    SELECT e.code, e.msg
      FROM demo_error_n(p_kind,
                        CASE WHEN p_kind = 'transient' AND p_destination = demo_sick_destination()
                             THEN 1 ELSE 1 + floor(random() * 4)::integer END,
                        p_destination) e
$$;

-- batch_work_item: i in 1..5 -> job name
CREATE OR REPLACE FUNCTION demo_job_name(i integer)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT (ARRAY['DAILY_ORDER_SUMMARY', 'INVOICE_EXPORT_BATCH', 'POINT_EXPIRY',
                  'STOCK_RECONCILE', 'MAIL_DIGEST'])[1 + (abs(i - 1) % 5)]
$$;

-- A batch error n (1..4) as mark_work_item_error records it; demo_batch_error() picks one.
CREATE OR REPLACE FUNCTION demo_batch_error_n(p_n integer, OUT code text, OUT msg text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT e.code, e.msg
      FROM (VALUES
        (1, 'LOCK_TIMEOUT', 'canceling statement due to lock timeout (orders row held by another session)'),
        (2, 'SRC_NOT_FOUND', 'source row not found: order was deleted after the work item was registered'),
        (3, 'DATA_INVALID', 'amount is negative after discount: check the promotion master'),
        (4, 'EXT_TIMEOUT', 'ledger service did not answer within 60 s')
      ) AS e(n, code, msg)
     WHERE e.n = 1 + (abs(p_n - 1) % 4)
$$;

CREATE OR REPLACE FUNCTION demo_batch_error(OUT code text, OUT msg text)
LANGUAGE sql VOLATILE AS $$
    SELECT * FROM demo_batch_error_n(1 + floor(random() * 4)::integer)
$$;

-- outbox (seed 004): i in 1..8 -> (aggregate_type, event_type)
CREATE OR REPLACE FUNCTION demo_outbox_event(i integer, OUT aggregate_type text, OUT event_type text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT (ARRAY['Order', 'Order', 'Order', 'Payment', 'Payment', 'Shipment', 'Customer',
                  'Customer'])[1 + (abs(i - 1) % 8)],
           (ARRAY['OrderPlaced', 'OrderPaid', 'OrderCancelled', 'PaymentCaptured',
                  'PaymentRefunded', 'ShipmentDispatched', 'CustomerRegistered',
                  'CustomerUpdated'])[1 + (abs(i - 1) % 8)]
$$;
