-- Where each admin comes from: ADMIN_EMAIL at start ('environment', also the generated
-- first admin) or `deno task admin add` ('task'). A start with another ADMIN_EMAIL
-- removes the admins the environment named before; those added by the task stay.
ALTER TABLE admin_users
  ADD COLUMN source text NOT NULL DEFAULT 'environment'
    CHECK (source IN ('environment', 'task'));
