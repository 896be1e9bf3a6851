-- The owner is told when refused discount codes pass the shop-wide bound (issue 44,
-- http/routes/code_attempts.ts): a mail that names no order and keeps its facts in `payload`
-- until sent, as account mails do. The outbox's kind check gains the kind, and its subject
-- check puts it with the mails that name no order. Both are read from the catalog and
-- extended (as 0035 does), so that a kind another migration added stays allowed.
DO $$
DECLARE
  definition text;
  kinds text[];
  subject text;
BEGIN
  SELECT pg_get_constraintdef(c.oid) INTO definition
  FROM pg_constraint c
  WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check';
  -- Written as an array once a migration extended it (0035: `kind = ANY ('{a,b}'::text[])`),
  -- as a list of quoted words before (`kind IN ('a', 'b')`).
  IF position('{' IN definition) > 0 THEN
    kinds := string_to_array(substring(definition FROM '\{([a-z_,]+)\}'), ',');
  ELSIF definition IS NOT NULL THEN
    SELECT array_agg(DISTINCT m[1] ORDER BY m[1]) INTO kinds
    FROM regexp_matches(definition, '''([a-z_]+)''', 'g') AS m;
  END IF;
  IF kinds IS NOT NULL THEN
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
    EXECUTE format(
      'ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind = ANY (%L::text[]))',
      array_append(kinds, 'code_guessing'));
  END IF;
  SELECT regexp_replace(pg_get_constraintdef(c.oid), '^CHECK ', '') INTO subject
  FROM pg_constraint c
  WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_subject_check';
  IF subject IS NOT NULL THEN
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_subject_check;
    EXECUTE format(
      'ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_subject_check'
        ' CHECK (CASE WHEN kind = %L THEN order_id IS NULL AND stock_request_id IS NULL'
        ' AND (payload IS NOT NULL OR sent_at IS NOT NULL) ELSE %s END)',
      'code_guessing', subject);
  END IF;
END $$;
