-- Mail at most once in practice (issue 32): each outbox entry keeps its own Message-ID from
-- the start, so that every attempt at it sends the same and a resend after a lost
-- acknowledgement is recognised; and an attempt is marked under way (`sending_at`) before
-- the mail server is called, so that a claim that finds the mark knows it may be a resend.
ALTER TABLE mail_outbox ADD COLUMN message_id text;
UPDATE mail_outbox SET message_id = gen_random_uuid()::text;
ALTER TABLE mail_outbox ALTER COLUMN message_id SET DEFAULT gen_random_uuid()::text;
ALTER TABLE mail_outbox ALTER COLUMN message_id SET NOT NULL;
ALTER TABLE mail_outbox ADD COLUMN sending_at timestamptz;
