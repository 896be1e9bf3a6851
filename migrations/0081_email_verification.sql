-- A customer confirms their e-mail address with a mailed link (issue 49): only then are the
-- orders they placed earlier as a guest under the same address (trimmed, any case) joined to
-- their account, since anyone may register with someone else's address. Only the SHA-256 of
-- a link's secret is kept; a link works once, until it expires; using one ends the
-- account's other links. `email_verified_at` says when the address was confirmed (null
-- until then); the welcome mail goes with the first confirmation only.
ALTER TABLE customer_accounts ADD COLUMN email_verified_at timestamptz;

CREATE TABLE email_verifications (
  token_hash text PRIMARY KEY,
  account_id integer NOT NULL REFERENCES customer_accounts (id) ON DELETE CASCADE,
  -- The address the link confirms: a link for an address the account no longer has
  -- confirms nothing.
  email text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'si', 'ta')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_verifications_account_idx ON email_verifications (account_id);

-- The guest orders a confirmed address claims are found by their e-mail as typed at checkout.
CREATE INDEX orders_guest_email_idx ON orders (lower(btrim(email))) WHERE user_id IS NULL;

-- The two account mails: the link, and the welcome once the address is confirmed. Both name
-- no order and keep their facts in `payload` until sent, as account mails do. The outbox's
-- kind and subject checks are read from the catalog and extended (as 0051 and 0052 do), so
-- that a kind another migration added stays allowed.
DO $$
DECLARE
  definition text;
  kinds text[];
  subject text;
  added text;
BEGIN
  FOREACH added IN ARRAY ARRAY['email_verification', 'welcome'] LOOP
    kinds := NULL;
    SELECT pg_get_constraintdef(c.oid) INTO definition
    FROM pg_constraint c
    WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check';
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
        array_append(kinds, added));
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
        added, subject);
    END IF;
  END LOOP;
END $$;
