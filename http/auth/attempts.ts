/**
 * Failed attempts (a wrong password) counted so that they hold back the one guessing and
 * nobody else:
 *
 * - `refuse` keys (one account from one address; one's own account): full, the attempt is
 *   refused (429) before anything is checked;
 * - `slow` keys (one address across accounts; one account from every address): full, the
 *   attempt waits before it is checked, and is never refused. The shop cannot tell an
 *   invented account from a real one without telling the guesser too, so a refusal for
 *   an address would lock out everyone behind it (a carrier's NAT) for a stranger's
 *   guesses at accounts that do not exist.
 *
 * An attempt is counted under its keys before it is checked, so that parallel guesses
 * cannot slip past, and taken back when it turned out right or could not be checked at all
 * (503 from a full hashing lane, a database outage): only a wrong guess stays counted.
 */
import type { LimitedKey, RateLimitStore } from "../../domain/ports.ts";
import { sha256Hex } from "../../domain/sha256.ts";

export type Attempt =
  | { kind: "refused"; retryAfterSeconds: number }
  | {
    kind: "counted";
    /** A slow key was full: the attempt waits before it is checked. */
    slowed: boolean;
    /**
     * Runs the check: an answer (a right password) takes the attempt back, undefined (a
     * wrong one) leaves it counted, and a failure (the check could not run) takes it back
     * and is thrown on.
     */
    settle<T>(check: () => Promise<T | undefined>): Promise<T | undefined>;
  };

/**
 * Counts one attempt under its keys at `now`.
 *
 * @example
 * const attempt = await countAttempt(store, { refuse: [pair], slow: [address] }, now);
 * if (attempt.kind === "refused") return tooMany(attempt.retryAfterSeconds);
 * const account = await attempt.settle(() => check(password));
 */
export async function countAttempt(
  store: RateLimitStore,
  keys: { refuse: readonly LimitedKey[]; slow: readonly LimitedKey[] },
  now: Date,
): Promise<Attempt> {
  if (keys.refuse.length > 0) {
    const decision = await store.hit(keys.refuse, now);
    if (!decision.allowed) {
      return { kind: "refused", retryAfterSeconds: decision.retryAfterSeconds };
    }
  }
  const counted = keys.refuse.map((k) => k.key);
  let slowed = false;
  // One at a time: a full slow key must not keep the others from counting.
  for (const key of keys.slow) {
    if ((await store.hit([key], now)).allowed) counted.push(key.key);
    else slowed = true;
  }
  const takeBack = async () => {
    for (const key of counted) await store.release(key, now);
  };
  return {
    kind: "counted",
    slowed,
    async settle<T>(check: () => Promise<T | undefined>): Promise<T | undefined> {
      let outcome: T | undefined;
      try {
        outcome = await check();
      } catch (error) {
        await takeBack().catch(() => {});
        throw error;
      }
      if (outcome !== undefined) await takeBack();
      return outcome;
    },
  };
}

/** A limit's key: its scope and a digest of its subject, so no address is kept in the clear. */
export async function limitKey(scope: string, subject: string): Promise<string> {
  return `${scope}:${(await sha256Hex(subject)).slice(0, 32)}`;
}
