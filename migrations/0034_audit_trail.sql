-- The audit trail (domain/audit/audit.ts): every change to a product, a category, an
-- order's status or payment, a promotion or an admin account, with who made it, when, and
-- the changed fields' values before and after.
--
-- Entries are written by the triggers below, in the statement (so the transaction) of the
-- change itself: a change rolled back leaves no entry, and no change is made without one.
-- Who made it is read from the transaction's setting `pothgula.actor` (JSON of
-- domain/audit/audit.ts's AuditActor), which the shop's SQL client sets at the start of each
-- transaction of a request or job acting for someone; none set is the system. Stock that an
-- order's placement, rejection or lapse moves is marked `pothgula.order_stock = on` by the
-- orders' SQL and left out: the order's own entries say what moved.
--
-- Each table's trigger is given what the trail keeps of it (AUDIT_SUBJECTS in
-- domain/audit/audit.ts, as JSON; adapters/postgres/audit_trail_test.ts holds the two equal).
-- Entries are never changed or deleted: the trigger at the end refuses it.

CREATE TABLE audit_entries (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_kind text NOT NULL CHECK (actor_kind IN ('admin', 'shopper', 'job', 'gateway', 'system')),
  actor_id integer,
  actor_email text,
  actor_role text,
  actor_name text,
  subject_type text NOT NULL CHECK (subject_type IN ('book', 'stationery', 'book_category',
    'stationery_category', 'order', 'campaign', 'offer', 'code', 'admin')),
  subject_id bigint NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  kinds text[] NOT NULL CHECK (cardinality(kinds) > 0),
  before jsonb NOT NULL,
  after jsonb NOT NULL
);

-- A record's history (the product's and the order's pages), newest first.
CREATE INDEX audit_entries_subject ON audit_entries (subject_type, subject_id, id DESC);
-- The log by time, and by who and by kind within it.
CREATE INDEX audit_entries_at ON audit_entries (at DESC, id DESC);
CREATE INDEX audit_entries_who ON audit_entries (lower(actor_email), id DESC);
CREATE INDEX audit_entries_actor_kind ON audit_entries (actor_kind, id DESC);
CREATE INDEX audit_entries_kinds ON audit_entries USING gin (kinds);

-- What the trail keeps of one row's change (auditedChange() in domain/audit/audit.ts):
-- {"action", "kinds", "before", "after"}, or null when no kept field changed.
CREATE FUNCTION audit_change(policy jsonb, old_row jsonb, new_row jsonb, by_order boolean)
RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  action text := CASE WHEN old_row IS NULL THEN 'create'
    WHEN new_row IS NULL THEN 'delete' ELSE 'update' END;
  before jsonb := '{}'::jsonb;
  after jsonb := '{}'::jsonb;
  kinds text[] := '{}';
  name text;
  kind text;
  old_value jsonb;
  new_value jsonb;
  secret boolean;
BEGIN
  -- A policy that keeps only some fields is read for those alone (an order's row is wide).
  FOR name IN
    SELECT k FROM (
      SELECT jsonb_array_elements_text(policy -> 'only') AS k
      WHERE jsonb_typeof(policy -> 'only') = 'array'
      UNION
      SELECT jsonb_object_keys(COALESCE(old_row, '{}'::jsonb) || COALESCE(new_row, '{}'::jsonb))
      WHERE jsonb_typeof(policy -> 'only') IS DISTINCT FROM 'array'
    ) keys ORDER BY k COLLATE "C"
  LOOP
    CONTINUE WHEN (policy -> 'ignore') ? name;
    kind := COALESCE(policy -> 'fields' ->> name, policy ->> 'kind');
    CONTINUE WHEN by_order AND kind = 'stock';
    old_value := COALESCE(old_row -> name, 'null'::jsonb);
    new_value := COALESCE(new_row -> name, 'null'::jsonb);
    IF action = 'update' THEN
      CONTINUE WHEN old_value = new_value;
    ELSIF action = 'create' THEN
      CONTINUE WHEN new_value = 'null'::jsonb;
    ELSE
      CONTINUE WHEN old_value = 'null'::jsonb;
    END IF;
    secret := (policy -> 'secret') ? name;
    IF old_row IS NOT NULL THEN
      before := before || jsonb_build_object(name,
        CASE WHEN secret THEN '"hidden"'::jsonb ELSE old_value END);
    END IF;
    IF new_row IS NOT NULL THEN
      after := after || jsonb_build_object(name,
        CASE WHEN secret THEN '"hidden"'::jsonb ELSE new_value END);
    END IF;
    IF NOT kind = ANY (kinds) THEN kinds := kinds || kind; END IF;
  END LOOP;
  IF cardinality(kinds) = 0 THEN RETURN NULL; END IF;
  RETURN jsonb_build_object('action', action, 'kinds', to_jsonb(kinds), 'before', before,
    'after', after);
END;
$$;

-- The trigger of every audited table: TG_ARGV[0] names the subject, TG_ARGV[1] is its policy.
CREATE FUNCTION audit_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := COALESCE(NULLIF(current_setting('pothgula.actor', true), '')::jsonb,
    '{"kind": "system"}'::jsonb);
  by_order boolean := COALESCE(current_setting('pothgula.order_stock', true), '') = 'on';
  change jsonb;
  kinds text[];
  subject_id bigint;
BEGIN
  change := audit_change(TG_ARGV[1]::jsonb,
    CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END,
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END,
    by_order);
  IF change IS NULL THEN RETURN NULL; END IF;
  -- The kinds in the order the owner's log offers them (AUDIT_KINDS).
  SELECT array_agg(k ORDER BY array_position(ARRAY['price', 'stock', 'product', 'category',
    'order_status', 'payment_status', 'promotion', 'admin_account'], k))
  INTO kinds FROM jsonb_array_elements_text(change -> 'kinds') AS k;
  subject_id := CASE WHEN TG_OP = 'DELETE' THEN (to_jsonb(OLD) ->> 'id')::bigint
    ELSE (to_jsonb(NEW) ->> 'id')::bigint END;
  INSERT INTO audit_entries (actor_kind, actor_id, actor_email, actor_role, actor_name,
    subject_type, subject_id, action, kinds, before, after)
  VALUES (actor ->> 'kind', (actor ->> 'id')::integer, actor ->> 'email', actor ->> 'role',
    actor ->> 'name', TG_ARGV[0], subject_id, change ->> 'action', kinds, change -> 'before',
    change -> 'after');
  RETURN NULL;
END;
$$;

-- The stock an order moves is left out of the trail (its order's entries say it): a product
-- changed in a transaction marked as an order's is not even read.
CREATE TRIGGER books_audited AFTER INSERT OR UPDATE OR DELETE ON books
  FOR EACH ROW
  WHEN (current_setting('pothgula.order_stock', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION audit_row_change('book',
  '{"kind": "product", "fields": {"price_cents": "price", "sale_price_cents": "price", "sale_starts": "price", "sale_ends": "price", "stock": "stock", "preordered_stock": "stock"}, "only": null, "ignore": ["id", "created_at", "search_title", "search_author", "search_translator"], "secret": []}');

CREATE TRIGGER stationery_items_audited AFTER INSERT OR UPDATE OR DELETE ON stationery_items
  FOR EACH ROW
  WHEN (current_setting('pothgula.order_stock', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION audit_row_change('stationery',
  '{"kind": "product", "fields": {"price_cents": "price", "sale_price_cents": "price", "sale_starts": "price", "sale_ends": "price", "stock": "stock", "preordered_stock": "stock"}, "only": null, "ignore": ["id", "created_at", "search_title"], "secret": []}');

CREATE TRIGGER book_categories_audited AFTER INSERT OR UPDATE OR DELETE ON book_categories
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('book_category',
  '{"kind": "category", "fields": {}, "only": null, "ignore": ["id", "created_at"], "secret": []}');

CREATE TRIGGER stationery_categories_audited
  AFTER INSERT OR UPDATE OR DELETE ON stationery_categories
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('stationery_category',
  '{"kind": "category", "fields": {}, "only": null, "ignore": ["id", "created_at"], "secret": []}');

CREATE TRIGGER orders_audited AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('order',
  '{"kind": "order_status", "fields": {"payment_status": "payment_status"}, "only": ["status", "payment_status", "courier", "tracking_number", "reject_reason"], "ignore": [], "secret": []}');

CREATE TRIGGER campaigns_audited AFTER INSERT OR UPDATE OR DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('campaign',
  '{"kind": "promotion", "fields": {}, "only": null, "ignore": ["id", "created_at"], "secret": []}');

CREATE TRIGGER order_offers_audited AFTER INSERT OR UPDATE OR DELETE ON order_offers
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('offer',
  '{"kind": "promotion", "fields": {}, "only": null, "ignore": ["id", "created_at"], "secret": []}');

CREATE TRIGGER discount_codes_audited AFTER INSERT OR UPDATE OR DELETE ON discount_codes
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('code',
  '{"kind": "promotion", "fields": {}, "only": null, "ignore": ["id", "created_at", "code_key", "uses"], "secret": []}');

CREATE TRIGGER admin_users_audited AFTER INSERT OR UPDATE OR DELETE ON admin_users
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('admin',
  '{"kind": "admin_account", "fields": {}, "only": null, "ignore": ["id", "created_at"], "secret": ["password_hash"]}');

CREATE FUNCTION refuse_audit_entry_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are kept as written';
END;
$$;

CREATE TRIGGER audit_entries_append_only
  BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_entry_change();
