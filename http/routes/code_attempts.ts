/**
 * Discount codes cannot be found by trying: each client (its address, an IPv6 client by
 * its /64) may have only so many codes refused in a window, on the cart's pricing and on
 * placing an order alike. Past that, every request that carries a code is answered 429
 * before the code is looked up, so the answer never tells whether a code exists.
 *
 * Only a refused code counts, and each code once a window: a request without a code, one
 * whose code applies, one refused for another reason (an item no longer sold, a bad
 * address) or the same refused code sent again as the cart changes (a shopper adding items
 * towards a code's minimum) is taken back. A client's count never holds back another.
 *
 * An attempt is counted before its code is checked, so that guesses sent at once cannot
 * pass the limit together, and taken back when it turns out not to be a new refusal.
 */
import type { Clock, LimitedKey, RateLimitStore } from "../../domain/ports.ts";
import { normaliseCode } from "../../domain/promotions/pricing.ts";
import { limitKey } from "../auth/attempts.ts";
import type { LimitRule } from "../auth/routes.ts";
import { tooManyRequests } from "../middleware/errors.ts";

/** Codes one client may have refused: enough for typos and a wrong code or two, not a list. */
export const DEFAULT_CODE_ATTEMPT_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

/** What the shopper reads past the limit: nothing about the code itself. */
export const CODE_ATTEMPTS_MESSAGE =
  "Too many discount codes were tried from this connection: try again later";

/** Settles one counted attempt: `refused` when the shop refused its code. */
export type SettleAttempt = (refused: boolean) => Promise<void>;

export class CodeAttempts {
  readonly #store: RateLimitStore;
  readonly #rule: LimitRule;
  readonly #clock: Clock;

  constructor(options: { store: RateLimitStore; rule?: LimitRule; clock: Clock }) {
    this.#store = options.store;
    this.#rule = options.rule ?? DEFAULT_CODE_ATTEMPT_LIMIT;
    this.#clock = options.clock;
  }

  /**
   * Counts an attempt of `code` from `address` (throws 429 when the client's refused codes
   * fill the limit). Nothing is counted without a code, nor for a request without a socket
   * (in-process calls, address "unknown").
   *
   * @example
   * const settle = await attempts.begin(address, body.code);
   * try { refused = priced.code?.kind === "refused"; } finally { await settle(refused); }
   */
  async begin(address: string, code: string | undefined): Promise<SettleAttempt> {
    if (code === undefined || address === "unknown") return () => Promise.resolve();
    const at = this.#clock.now();
    const counter: LimitedKey = { key: await limitKey("code:address", address), ...this.#rule };
    const decision = await this.#store.hit([counter], at);
    if (!decision.allowed) {
      throw tooManyRequests(CODE_ATTEMPTS_MESSAGE, decision.retryAfterSeconds);
    }
    return async (refused) => {
      if (refused) {
        // The first refusal of this code from this client in the window stays counted.
        const tried: LimitedKey = {
          key: await limitKey("code:tried", `${address} ${normaliseCode(code)}`),
          limit: 1,
          windowMs: this.#rule.windowMs,
        };
        if ((await this.#store.hit([tried], at)).allowed) return;
      }
      await this.#store.release(counter.key, at);
    };
  }
}
