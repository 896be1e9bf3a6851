-- Orders placed before 0010 have no key, so no page for their customer and no link in any
-- mail, and /track could not mail one. Each gets a random salt now, as a new order does
-- (256 random-looking bits from two UUIDs, of which 244 are random; base64url). The key
-- itself is an HMAC of the salt under a secret the database never holds: the shop keeps the
-- key's hash for these orders at its next start, found through the index below, which
-- stays empty once they are done (a new order is written with its hash).

UPDATE orders
SET key_salt = translate(
  encode(
    decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'),
    'base64'
  ),
  '+/=',
  '-_'
)
WHERE key_salt IS NULL;

CREATE INDEX orders_key_hash_missing_idx ON orders (id) WHERE key_hash IS NULL;
