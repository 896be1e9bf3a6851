-- Customers log in with their e-mail; the name they give is a display name ("Sunil
-- Fernando"), so two customers may share one and nobody learns from a refusal that a
-- name is in use.
DROP INDEX customer_accounts_username_key;

-- The default delivery address that prefills checkout (JSON: name, phone, address,
-- postalCode, province, district, area), null until the customer saves one.
ALTER TABLE customer_accounts ADD COLUMN address jsonb;

-- Password reset links: only the SHA-256 of the link's secret is kept. A link works once
-- and for an hour; using one, or a new password, ends the account's earlier links.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('admin', 'customer')),
  account_id integer NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_account_idx ON password_resets (role, account_id);
