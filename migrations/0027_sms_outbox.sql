-- Texts to the customer wait in the outbox beside their mails: an entry is a mail or an
-- SMS. A text names its order and the mail kind it goes beside (domain/notifications/
-- sms_kinds.ts); it is claimed, leased, retried and retired exactly like a mail.
ALTER TABLE mail_outbox ADD COLUMN channel text NOT NULL DEFAULT 'mail';
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_channel_check CHECK (
  channel = 'mail' OR (
    channel = 'sms' AND order_id IS NOT NULL AND kind IN (
      'order_placed', 'payment_received', 'order_completed', 'order_rejected', 'order_lapsed'
    )
  )
);
