import type { LimitedKey, LimitOutcome, RateLimitStore } from "./ports.ts";

/**
 * Rate-limit counts in this process's memory: what the app uses when it is given no
 * shared store (in-process tests, a single process). Production passes the PostgreSQL
 * store, shared by every instance; adapters/rate_limit_store_contract_test.ts holds both
 * to one contract.
 *
 * It holds at most `maxKeys` keys. Past that it forgets first the keys whose events all
 * left their window, then the stalest keys that are not full, and a full key (an account
 * or an address being held back) only when every key left is full: flooding it with new
 * keys cannot free a blocked one.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  /** Insertion order doubles as staleness order: a key is re-inserted on every hit. */
  readonly #keys = new Map<string, { times: number[]; limit: number; windowMs: number }>();
  readonly #maxKeys: number;

  constructor(options: { maxKeys?: number } = {}) {
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  hit(keys: readonly LimitedKey[], now: Date): Promise<LimitOutcome> {
    const at = now.getTime();
    const recent = keys.map((k) =>
      (this.#keys.get(k.key)?.times ?? []).filter((t) => t > at - k.windowMs)
    );
    for (const [i, k] of keys.entries()) {
      if (recent[i].length >= k.limit) {
        const freeAt = recent[i][recent[i].length - k.limit] + k.windowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - at) / 1000));
        return Promise.resolve({ allowed: false, key: k.key, retryAfterSeconds });
      }
    }
    for (const [i, k] of keys.entries()) {
      this.#keys.delete(k.key);
      this.#keys.set(k.key, { times: [...recent[i], at], limit: k.limit, windowMs: k.windowMs });
    }
    this.#evict(at);
    return Promise.resolve({ allowed: true });
  }

  release(key: string, at: Date): Promise<void> {
    const entry = this.#keys.get(key);
    const index = entry?.times.lastIndexOf(at.getTime()) ?? -1;
    if (entry && index >= 0) entry.times.splice(index, 1);
    return Promise.resolve();
  }

  /** Number of keys held. */
  get size(): number {
    return this.#keys.size;
  }

  #evict(now: number): void {
    if (this.#keys.size <= this.#maxKeys) return;
    const live = (e: { times: number[]; windowMs: number }) =>
      e.times.filter((t) => t > now - e.windowMs);
    for (const [key, entry] of this.#keys) {
      if (live(entry).length === 0) this.#keys.delete(key);
    }
    for (const [key, entry] of this.#keys) {
      if (this.#keys.size <= this.#maxKeys) return;
      if (live(entry).length < entry.limit) this.#keys.delete(key);
    }
    for (const key of this.#keys.keys()) {
      if (this.#keys.size <= this.#maxKeys) return;
      this.#keys.delete(key);
    }
  }
}
