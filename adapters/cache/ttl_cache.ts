/**
 * A small in-process cache: each value lives for a fixed time, the number of entries is
 * bounded (the oldest entry goes first), and concurrent misses for one key share a single
 * load; optionally, a value just past its time may be handed out while a new one is made.
 * `clear()` forgets everything, including loads under way: a read that began before a
 * write never stores its older answer after it.
 */

export interface TtlCacheOptions {
  /** How long a stored value is served, in milliseconds. */
  ttlMs: number;
  /** At most this many values are kept; the oldest stored goes first. */
  maxEntries: number;
  /** Milliseconds from any fixed origin; `performance.now` by default. */
  now?: () => number;
  /**
   * For this long after its time to live a value may still be handed out by lookup() while
   * a fresh one is made (stale while revalidating); 0 by default.
   */
  staleMs?: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class TtlCache<V> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #staleMs: number;
  readonly #entries = new Map<string, Entry<V>>();
  readonly #loading = new Map<string, Promise<V>>();
  /** Bumped by clear(): a load that began under an older generation stores nothing. */
  #generation = 0;

  constructor(options: TtlCacheOptions) {
    if (!(options.ttlMs > 0)) throw new RangeError("ttlMs must be above 0");
    if (!Number.isSafeInteger(options.maxEntries) || options.maxEntries < 1) {
      throw new RangeError("maxEntries must be a whole number above 0");
    }
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? (() => performance.now());
    this.#staleMs = Math.max(0, options.staleMs ?? 0);
  }

  /** The number of values stored (expired ones included until they are next looked up). */
  get size(): number {
    return this.#entries.size;
  }

  /** The live value under `key`, or undefined. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = this.#now();
    if (entry.expiresAt > now) return entry.value;
    // Kept for lookup() while it may still be served stale.
    if (entry.expiresAt + this.#staleMs <= now) this.#entries.delete(key);
    return undefined;
  }

  /**
   * The value under `key` and whether it is still fresh: a value past its time to live but
   * within `staleMs` comes back as not fresh, for the caller to serve while it makes a new
   * one; an older one is gone.
   */
  lookup(key: string): { value: V; fresh: boolean } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = this.#now();
    if (entry.expiresAt > now) return { value: entry.value, fresh: true };
    if (entry.expiresAt + this.#staleMs > now) return { value: entry.value, fresh: false };
    this.#entries.delete(key);
    return undefined;
  }

  /** Changes at every clear(): a value made under an older generation is out of date. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Stores `value` under `key` for the cache's time to live; with `madeIn` (a generation
   * read before the value was made), only while no clear() came since: a value read
   * before a write is never stored after the write cleared the cache.
   */
  set(key: string, value: V, madeIn?: number): void {
    if (madeIn !== undefined && madeIn !== this.#generation) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  /**
   * The live value under `key`, else the result of `load` (stored when it succeeds). Callers
   * asking for the same key while a load is under way share it; a failed load is not stored.
   */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > this.#now()) return Promise.resolve(entry.value);
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const loading = load().then(
      (value) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        if (generation === this.#generation) this.set(key, value);
        return value;
      },
      (error) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, loading);
    return loading;
  }

  /** Forgets every value and every load under way. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
