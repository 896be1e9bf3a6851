-- Account mails (a password reset link, a registration with an address already taken)
-- wait in the outbox like the order mails, so that a mail server that is down delays them
-- instead of losing them. They belong to no order: their facts (recipient, language,
-- links) are kept as a versioned JSON payload ({"v": 1, ...}) until the mail is sent, then
-- cleared, since a reset link opens an account. Order mails keep naming their order and
-- are written from it when sent, so the rows queued before this migration go out as before.
ALTER TABLE mail_outbox ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE mail_outbox ADD COLUMN payload jsonb;

ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (
  'order_placed', 'order_completed', 'order_rejected', 'order_lapsed', 'payment_received',
  'order_link', 'shop_order_placed', 'shop_proof_uploaded', 'password_reset',
  'registration_taken'
));

-- An order mail names its order; an account mail names none and holds its facts until sent.
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_subject_check CHECK (
  CASE WHEN kind IN ('password_reset', 'registration_taken')
    THEN order_id IS NULL AND (payload IS NOT NULL OR sent_at IS NOT NULL)
    ELSE order_id IS NOT NULL AND payload IS NULL
  END
);
