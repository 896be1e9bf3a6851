-- An order remembers what promotions gave it, as they were when it was placed: a promotion
-- edited, paused or ended later changes nothing here (no foreign keys to the promotions: an
-- order keeps their ids and names even when they are gone).
--
-- Each line: the usual price of a copy before any sale (`list_unit_cents`; `unit_price_cents`
-- is the price paid), and its saving (`saving_cents`, from 0028) split into its campaign's,
-- its share of the order offer and its share of the code, with the campaign's name and its
-- Sinhala and Tamil names as they were (null where the owner gave none), as the places of
-- 0020 keep theirs.
ALTER TABLE order_items
  ADD COLUMN list_unit_cents bigint,
  ADD COLUMN campaign_id bigint,
  ADD COLUMN campaign_name text,
  ADD COLUMN campaign_name_si text,
  ADD COLUMN campaign_name_ta text,
  ADD COLUMN campaign_saving_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN offer_saving_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN code_saving_cents bigint NOT NULL DEFAULT 0;

-- Lines placed before: sold at their usual price, no campaign. A saving kept by 0028 (whose
-- source was not kept) counts as the code's share where the order used a code, else as the
-- order offer's.
UPDATE order_items SET list_unit_cents = unit_price_cents;
UPDATE order_items oi SET
  code_saving_cents = CASE WHEN u.order_id IS NULL THEN 0 ELSE oi.saving_cents END,
  offer_saving_cents = CASE WHEN u.order_id IS NULL THEN oi.saving_cents ELSE 0 END
FROM order_items x LEFT JOIN discount_code_uses u ON u.order_id = x.order_id
WHERE x.id = oi.id AND oi.saving_cents > 0;

ALTER TABLE order_items
  ALTER COLUMN list_unit_cents SET NOT NULL,
  ADD CONSTRAINT order_items_list_price CHECK (list_unit_cents >= unit_price_cents),
  ADD CONSTRAINT order_items_saving_parts CHECK (
    campaign_saving_cents >= 0 AND offer_saving_cents >= 0 AND code_saving_cents >= 0
    AND saving_cents = campaign_saving_cents + offer_saving_cents + code_saving_cents
  ),
  ADD CONSTRAINT order_items_campaign CHECK (
    (campaign_id IS NULL AND campaign_name IS NULL AND campaign_name_si IS NULL
      AND campaign_name_ta IS NULL AND campaign_saving_cents = 0)
    OR (campaign_id IS NOT NULL AND length(campaign_name) BETWEEN 1 AND 120
      AND campaign_saving_cents > 0)
  );

-- Each order: its discount code (as the shop spells it, and its id), what the code took off
-- the items and whether it made delivery free; and its order offer (id, name and its
-- Sinhala and Tamil names, saving, free delivery). All of a kind or none; each gave something; free delivery means no fee.
ALTER TABLE orders
  ADD COLUMN code_id bigint,
  ADD COLUMN code text,
  ADD COLUMN code_saving_cents bigint,
  ADD COLUMN code_free_delivery boolean,
  ADD COLUMN offer_id bigint,
  ADD COLUMN offer_name text,
  ADD COLUMN offer_name_si text,
  ADD COLUMN offer_name_ta text,
  ADD COLUMN offer_saving_cents bigint,
  ADD COLUMN offer_free_delivery boolean;

-- Orders placed with a code before this kept only its use: their code is filled in, with
-- what its lines saved (a free-delivery code gave free delivery).
UPDATE orders o SET
  code_id = u.code_id,
  code = c.code,
  code_saving_cents = (SELECT COALESCE(sum(oi.code_saving_cents), 0) FROM order_items oi
    WHERE oi.order_id = o.id),
  code_free_delivery = (c.benefit_kind = 'free_delivery' AND o.delivery_fee_cents = 0)
FROM discount_code_uses u JOIN discount_codes c ON c.id = u.code_id
WHERE u.order_id = o.id;

ALTER TABLE orders
  ADD CONSTRAINT orders_code CHECK (
    (code_id IS NULL AND code IS NULL AND code_saving_cents IS NULL
      AND code_free_delivery IS NULL)
    OR (code_id IS NOT NULL AND code ~ '^[A-Za-z0-9-]{1,32}$' AND code_saving_cents >= 0
      AND code_free_delivery IS NOT NULL
      AND (code_saving_cents > 0 OR code_free_delivery))
  ),
  ADD CONSTRAINT orders_offer CHECK (
    (offer_id IS NULL AND offer_name IS NULL AND offer_name_si IS NULL
      AND offer_name_ta IS NULL AND offer_saving_cents IS NULL AND offer_free_delivery IS NULL)
    OR (offer_id IS NOT NULL AND length(offer_name) BETWEEN 1 AND 120
      AND offer_saving_cents >= 0
      AND offer_free_delivery IS NOT NULL
      AND (offer_saving_cents > 0 OR offer_free_delivery))
  ),
  ADD CONSTRAINT orders_free_delivery CHECK (
    (NOT COALESCE(code_free_delivery, false) AND NOT COALESCE(offer_free_delivery, false))
    OR delivery_fee_cents = 0
  );

-- The owner's Promotions area counts each promotion's orders and savings from these, and a
-- promotion any order got is never deleted (adapters/postgres/promotions.ts).
CREATE INDEX order_items_campaign_idx ON order_items (campaign_id) WHERE campaign_id IS NOT NULL;
CREATE INDEX orders_offer_idx ON orders (offer_id) WHERE offer_id IS NOT NULL;
CREATE INDEX orders_code_idx ON orders (code_id) WHERE code_id IS NOT NULL;
