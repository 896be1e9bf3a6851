-- Promotions (issue 34): campaigns over a scope, order offers over a minimum, and discount
-- codes with caps. Each keeps its window in UTC (the admin enters Asia/Colombo times) and a
-- pause; a scope is kept as JSON in the shape of domain/promotions/pricing.ts
-- (`PromotionScope`), checked by the domain before it is written.
CREATE TABLE campaigns (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- The name in Sinhala and Tamil, when the owner gives them: {"si": "...", "ta": "..."}.
  names jsonb NOT NULL DEFAULT '{}'::jsonb,
  scope jsonb NOT NULL,
  benefit_kind text NOT NULL CHECK (benefit_kind IN ('percent', 'amount')),
  -- Basis points for a percentage (2000 is 20%), cents for an amount.
  benefit_value bigint NOT NULL CHECK (
    benefit_value > 0 AND (benefit_kind <> 'percent' OR benefit_value <= 10000)
  ),
  starts_at timestamptz,
  ends_at timestamptz,
  paused boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);

CREATE TABLE order_offers (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  names jsonb NOT NULL DEFAULT '{}'::jsonb,
  min_items_cents bigint NOT NULL CHECK (min_items_cents >= 0),
  benefit_kind text NOT NULL CHECK (benefit_kind IN ('free_delivery', 'amount_off')),
  amount_cents bigint NOT NULL DEFAULT 0 CHECK (
    (benefit_kind = 'free_delivery' AND amount_cents = 0) OR
    (benefit_kind = 'amount_off' AND amount_cents > 0)
  ),
  starts_at timestamptz,
  ends_at timestamptz,
  paused boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);

CREATE TABLE discount_codes (
  id bigserial PRIMARY KEY,
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9-]{3,32}$'),
  -- Codes are matched without regard to case: one code per upper-case spelling.
  code_key text GENERATED ALWAYS AS (upper(code)) STORED UNIQUE,
  benefit_kind text NOT NULL CHECK (benefit_kind IN ('percent', 'amount', 'free_delivery')),
  benefit_value bigint NOT NULL DEFAULT 0 CHECK (
    (benefit_kind = 'free_delivery' AND benefit_value = 0) OR
    (benefit_kind = 'percent' AND benefit_value BETWEEN 1 AND 10000) OR
    (benefit_kind = 'amount' AND benefit_value > 0)
  ),
  min_items_cents bigint NOT NULL DEFAULT 0 CHECK (min_items_cents >= 0),
  scope jsonb NOT NULL DEFAULT '{"kind": "shop"}'::jsonb,
  starts_at timestamptz,
  ends_at timestamptz,
  paused boolean NOT NULL DEFAULT false,
  -- Uses in all, and per customer (an e-mail address, a phone number or an account); null
  -- for no cap. `uses` counts the orders holding the code now: a rejected or lapsed order
  -- gives its use back.
  max_uses integer CHECK (max_uses IS NULL OR max_uses >= 1),
  max_uses_per_customer integer CHECK (max_uses_per_customer IS NULL OR max_uses_per_customer >= 1),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);

-- What promotions took off each line of an order (its campaign, its share of an order offer
-- and of the code), kept with the line: a promotion edited later changes nothing placed.
ALTER TABLE order_items ADD COLUMN saving_cents bigint NOT NULL DEFAULT 0
  CHECK (saving_cents >= 0 AND saving_cents <= unit_price_cents * quantity);

-- A code's use by an order, counted in discount_codes.uses while the order holds it. The
-- customer's marks (hashed e-mail, phone and account, as order holds hash them) count the
-- uses per customer; `returned_at` is set once, when a rejected or lapsed order gives its use
-- back.
CREATE TABLE discount_code_uses (
  order_id bigint PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  code_id bigint NOT NULL REFERENCES discount_codes (id),
  customer_keys text[] NOT NULL,
  returned_at timestamptz
);
CREATE INDEX discount_code_uses_code_idx ON discount_code_uses (code_id) WHERE returned_at IS NULL;
