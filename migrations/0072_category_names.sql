-- A category's names in Sinhala and Tamil, as the owner gives them in the admin area: the
-- storefront's Sinhala and Tamil pages show them, and the English name where there is none.
-- `name` stays the English one that the admin area, the API and the CSV files read.

ALTER TABLE book_categories ADD COLUMN name_si text, ADD COLUMN name_ta text;
ALTER TABLE stationery_categories ADD COLUMN name_si text, ADD COLUMN name_ta text;
