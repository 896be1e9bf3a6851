-- A pre-ordered line keeps the date its book was expected when the order was placed, so the
-- checkout's dialog, the mails and the slip say the date the book's page said, not "3 - 4
-- weeks". Lines placed before keep null: their words stay the weeks.
ALTER TABLE order_items ADD COLUMN preorder_date date;
