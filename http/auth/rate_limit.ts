/**
 * An in-memory sliding-window limiter keyed by string (an address, an account).
 * Each key keeps the times of its last `limit` events; a key is blocked while `limit`
 * events fall inside the window. One process only: several server processes each
 * count on their own, which still bounds guessing per process.
 */
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import type { Clock, LimitedKey, LimitOutcome, RateLimitStore } from "../../domain/ports.ts";
import { clientAddressOf, trustOf, type TrustProxySetting } from "./client_address.ts";

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the next event would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  clock: Clock;
  /** Keys kept at most; the stalest are forgotten first. */
  maxKeys?: number;
}

/**
 * @example
 * const perAddress = new RateLimiter({ limit: 20, windowMs: 15 * 60_000, clock });
 * if (!perAddress.check(ip).allowed) answer429();
 * perAddress.hit(ip); // after a failed attempt
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #clock: Clock;
  readonly #maxKeys: number;
  /** Insertion order doubles as staleness order: a key is re-inserted on every hit. */
  readonly #events = new Map<string, number[]>();

  constructor(options: RateLimiterOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) {
      throw new Error("A rate limit must allow at least one event");
    }
    if (!(options.windowMs > 0)) throw new Error("A rate limit window must be positive");
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#clock = options.clock;
    this.#maxKeys = options.maxKeys ?? 10_000;
  }

  /** Whether an event for `key` would be allowed now, without counting one. */
  check(key: string): RateLimitDecision {
    const now = this.#clock.now().getTime();
    const recent = this.#recent(key, now);
    if (recent.length < this.#limit) return { allowed: true, retryAfterSeconds: 0 };
    const freeAt = recent[recent.length - this.#limit] + this.#windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
  }

  /** Counts an event for `key` when allowed; a refused event is not counted. */
  hit(key: string): RateLimitDecision {
    const decision = this.check(key);
    if (!decision.allowed) return decision;
    const now = this.#clock.now().getTime();
    const recent = [...this.#recent(key, now), now].slice(-this.#limit);
    this.#events.delete(key);
    this.#events.set(key, recent);
    this.#evict(now);
    return decision;
  }

  /** Forgets `key`, e.g. an account after a successful login. */
  reset(key: string): void {
    this.#events.delete(key);
  }

  /** Takes back the latest event of `key`, e.g. an attempt that turned out to succeed. */
  release(key: string): void {
    const times = this.#events.get(key);
    if (!times) return;
    times.pop();
    if (times.length === 0) this.#events.delete(key);
  }

  /** Number of keys held (for tests and monitoring). */
  get size(): number {
    return this.#events.size;
  }

  #recent(key: string, now: number): number[] {
    const times = this.#events.get(key);
    if (!times) return [];
    const recent = times.filter((t) => t > now - this.#windowMs);
    if (recent.length === 0) this.#events.delete(key);
    return recent;
  }

  #evict(now: number): void {
    if (this.#events.size <= this.#maxKeys) return;
    for (const [key, times] of this.#events) {
      if (times[times.length - 1] <= now - this.#windowMs) this.#events.delete(key);
    }
    for (const key of this.#events.keys()) {
      if (this.#events.size <= this.#maxKeys) break;
      this.#events.delete(key);
    }
  }
}

/**
 * The client's address: the socket's peer, or behind the shop's own reverse proxies the
 * address they vouch for (see `clientAddressOf`). Requests without a socket (in-process
 * calls) have the peer "unknown".
 */
export function clientAddress(
  c: Context,
  options: { trustProxy?: TrustProxySetting } = {},
): string {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // No socket information (in-process requests): everyone shares one bucket.
  }
  return clientAddressOf(peer, c.req.header("X-Forwarded-For"), trustOf(options.trustProxy));
}

/**
 * Rate-limit counts in this process's memory: what the app uses when it is given no
 * shared store (in-process tests, a single process). Production passes the PostgreSQL
 * store, shared by every instance.
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
