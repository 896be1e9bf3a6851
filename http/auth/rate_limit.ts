/**
 * An in-memory sliding-window limiter keyed by string (an address, an account).
 * Each key keeps the times of its last `limit` events; a key is blocked while `limit`
 * events fall inside the window. One process only: several server processes each
 * count on their own, which still bounds guessing per process.
 */
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import type { Clock } from "../../domain/ports.ts";
import {
  addressGroup,
  clientAddressOf,
  trustOf,
  type TrustProxySetting,
} from "./client_address.ts";

export { MemoryRateLimitStore } from "../../domain/accounts/memory_rate_limit_store.ts";

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

/** How a request's client is told: which proxies to believe, how IPv6 is grouped. */
export interface ClientAddressOptions {
  trustProxy?: TrustProxySetting;
  /** IPv6 clients are counted by a network of this many bits; 64 when absent. */
  ipv6PrefixLength?: number;
}

/**
 * The client's address as every per-address limit counts it: the socket's peer, or behind
 * the shop's own reverse proxies the address they vouch for (see `clientAddressOf`), with
 * an IPv6 address grouped by its network (`addressGroup`: a /64 unless told). Requests
 * without a socket (in-process calls) have the peer "unknown".
 */
export function clientAddress(c: Context, options: ClientAddressOptions = {}): string {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // No socket information (in-process requests): everyone shares one bucket.
  }
  const address = clientAddressOf(
    peer,
    c.req.header("X-Forwarded-For"),
    trustOf(options.trustProxy),
  );
  return addressGroup(address, options.ipv6PrefixLength);
}
