-- The owner's settings (domain/settings/settings.ts): a row per setting changed from its
-- default, its value as JSON. The settings are declared in the domain, with their bounds;
-- a new setting is a new name, never a column.
CREATE TABLE shop_settings (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
