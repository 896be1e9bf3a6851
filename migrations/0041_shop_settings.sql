-- The owner's settings (domain/settings/settings.ts): a row per setting changed from its
-- default, its value as JSON. The settings are declared in the domain, with their bounds;
-- a new setting is a new name, never a column. Each change is kept in the audit trail
-- (subject "settings", the row's id), with who made it.
CREATE TABLE shop_settings (
  id bigserial UNIQUE,
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The audit trail also keeps the settings' changes and staff reading a shopper's details
-- (action "read", kind "customer_data": domain/orders/staff_view.ts).
ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_subject_type_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_subject_type_check CHECK (
  subject_type IN ('book', 'stationery', 'book_category', 'stationery_category', 'order',
    'campaign', 'offer', 'code', 'admin', 'settings'));
ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (
  action IN ('create', 'update', 'delete', 'read'));

CREATE TRIGGER shop_settings_audited AFTER INSERT OR UPDATE OR DELETE ON shop_settings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('settings',
  '{"kind": "settings", "fields": {}, "only": null, "ignore": ["id", "updated_at"], "secret": []}');
