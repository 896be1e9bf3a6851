-- Sessions: every bearer token names one row here, and the shop checks it on each request.
-- Logging out deletes the token's row; changing or resetting a password deletes every row
-- of that account, so those tokens stop working at once. `role` says which table
-- `account_id` points into (admin_users or customer_accounts); rows past their expiry are
-- deleted as the same account opens a new session.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('admin', 'customer')),
  account_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_account_idx ON sessions (role, account_id);
