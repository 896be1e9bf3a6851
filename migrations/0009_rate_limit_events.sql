-- Events counted by the rate limits every instance of the shop shares (orders per
-- address, per e-mail and per phone). Keys name a rule and a hashed subject.
CREATE TABLE rate_limit_events (
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rate_limit_events_key_at_idx ON rate_limit_events (key, at);

-- Counts one event at `now_at` under every key when each holds fewer than its limit within
-- its window, else under none and answers the first full key and when it frees up. One
-- call is one statement: the keys' advisory locks (taken in key order) last microseconds,
-- and two instances counting one key at once cannot both take its last place. Events that
-- left their window are deleted as their key is counted.
CREATE FUNCTION rate_limit_hit(
  keys text[],
  limits integer[],
  windows interval[],
  now_at timestamptz
) RETURNS TABLE (blocked_key text, free_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  k text;
  i integer;
  oldest timestamptz;
BEGIN
  FOR k IN SELECT DISTINCT unnest(keys) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(k, 7));
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(keys, 1), 0) LOOP
    DELETE FROM rate_limit_events e WHERE e.key = keys[i] AND e.at <= now_at - windows[i];
    SELECT e.at INTO oldest FROM rate_limit_events e
      WHERE e.key = keys[i] AND e.at > now_at - windows[i]
      ORDER BY e.at DESC OFFSET limits[i] - 1 LIMIT 1;
    IF FOUND THEN
      blocked_key := keys[i];
      free_at := oldest + windows[i];
      RETURN NEXT;
      RETURN;
    END IF;
  END LOOP;
  INSERT INTO rate_limit_events (key, at) SELECT unnest(keys), now_at;
END
$$;
