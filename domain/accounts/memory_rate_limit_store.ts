/**
 * The order limits' counts in this process's memory: what the app uses when it is given
 * no shared store (in-process tests, a single process). Production passes the PostgreSQL
 * store, shared by every instance; adapters/rate_limit_store_contract_test.ts holds both
 * to one contract.
 */
import type { LimitedKey, LimitOutcome, RateLimitStore } from "./ports.ts";

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #events = new Map<string, number[]>();

  hit(keys: readonly LimitedKey[], now: Date): Promise<LimitOutcome> {
    const at = now.getTime();
    const recent = keys.map((k) => {
      const times = (this.#events.get(k.key) ?? []).filter((t) => t > at - k.windowMs);
      this.#events.set(k.key, times);
      return times;
    });
    for (const [i, k] of keys.entries()) {
      if (recent[i].length >= k.limit) {
        const freeAt = recent[i][recent[i].length - k.limit] + k.windowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - at) / 1000));
        return Promise.resolve({ allowed: false, key: k.key, retryAfterSeconds });
      }
    }
    for (const times of recent) times.push(at);
    return Promise.resolve({ allowed: true });
  }
}
