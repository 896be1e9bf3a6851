-- An order keeps the Sinhala and Tamil names of its city, district and province as they
-- were when it was placed (domain/orders/place_names.ts), beside the English ones it kept
-- already: its page, mails, texts and slip name the place in the order's language even if
-- the reference data changes a name later. NULL where there was no name in that language:
-- the English one is shown.

ALTER TABLE orders
  ADD COLUMN province_name_si text, ADD COLUMN province_name_ta text,
  ADD COLUMN district_name_si text, ADD COLUMN district_name_ta text,
  ADD COLUMN area_name_si text, ADD COLUMN area_name_ta text;

-- Orders placed before take the names the reference data has today for the English names
-- they kept (the same names their pages showed).
UPDATE orders AS o SET
  province_name_si = p.name_si, province_name_ta = p.name_ta,
  district_name_si = d.name_si, district_name_ta = d.name_ta
FROM districts d JOIN provinces p ON p.id = d.province_id
WHERE d.name = o.district_name AND p.name = o.province_name;

UPDATE orders AS o SET area_name_si = a.name_si, area_name_ta = a.name_ta
FROM areas a JOIN districts d ON d.id = a.district_id
WHERE d.name = o.district_name AND a.name = o.area_name;
