-- What the shop sent, counted against its message budgets (domain/notifications/
-- message_budget.ts): one row per slot (a day or an hour in Sri Lanka, a digest window) and
-- key (an e-mail address, a phone number, the shop's own texts, the owner's notices), with
-- how many of its messages were used. A new kind of message or of budget is a new key: no
-- column and no CHECK constraint per kind. Rows older than a few days are swept.
CREATE TABLE message_budget_uses (
  slot text NOT NULL,
  key text NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (slot, key)
);
CREATE INDEX message_budget_uses_updated_at ON message_budget_uses (updated_at);
