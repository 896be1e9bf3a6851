-- An admin's session keeps the role it was opened with, and is honoured only while the
-- account exists with that role (adapters/postgres/sessions.ts reads both in one statement):
-- a role change or a removal ends every session of the old role at once, also one opened a
-- moment before the change by a sign-in that had checked the password under the old role.
-- Sessions open at the upgrade keep their account's role (when the accounts have roles yet).
ALTER TABLE sessions ADD COLUMN admin_role text;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_name = 'admin_users' AND column_name = 'role') THEN
    EXECUTE 'UPDATE sessions s SET admin_role = a.role FROM admin_users a
             WHERE s.role = ''admin'' AND a.id = s.account_id';
  END IF;
END $$;
