-- Admin roles (domain/accounts/admin_roles.ts): an owner runs the shop, staff process
-- orders, slips and stock. Every admin before this migration was the shop's only kind of
-- admin, with every right: they become owners. An owner may invite staff from the admin
-- area ('invitation'): such an account starts without a password (password_hash = '',
-- which no password matches) until its invitation link sets one.
ALTER TABLE admin_users
  ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'staff'));
ALTER TABLE admin_users ALTER COLUMN role DROP DEFAULT;

ALTER TABLE admin_users DROP CONSTRAINT admin_users_source_check;
ALTER TABLE admin_users ADD CONSTRAINT admin_users_source_check
  CHECK (source IN ('environment', 'task', 'invitation'));

-- The invitation mail waits in the outbox as the other account mails do: its facts (the
-- address and the link) in the payload until it is sent.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (
  'order_placed', 'order_completed', 'order_rejected', 'order_lapsed', 'payment_received',
  'order_link', 'shop_order_placed', 'shop_proof_uploaded', 'password_reset',
  'registration_taken', 'staff_invitation'
));
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_subject_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_subject_check CHECK (
  CASE WHEN kind IN ('password_reset', 'registration_taken', 'staff_invitation')
    THEN order_id IS NULL AND (payload IS NOT NULL OR sent_at IS NOT NULL)
    ELSE order_id IS NOT NULL AND payload IS NULL
  END
);
