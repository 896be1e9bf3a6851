-- An admin's session keeps the role it was opened with, and is honoured only while the
-- account exists with that role (adapters/postgres/sessions.ts reads both in one statement):
-- a role change or a removal ends every session of the old role at once, also one opened a
-- moment before the change by a sign-in that had checked the password under the old role.
ALTER TABLE sessions ADD COLUMN admin_role text;
UPDATE sessions s SET admin_role = a.role
  FROM admin_users a WHERE s.role = 'admin' AND a.id = s.account_id;
