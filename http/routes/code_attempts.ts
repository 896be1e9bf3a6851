/**
 * Discount codes cannot be found by trying: each client (its address, an IPv6 client by its
 * /64) may have only so many codes refused in a window, on the cart's pricing and on placing
 * an order alike; past that, every request that carries a new code is answered 429 before the
 * code is looked up, so the answer never tells whether a code exists. And across every
 * address, the shop's refused codes in a window are bounded too: past that bound the shop is
 * guessed at from many addresses at once, each client may then have only a couple of codes
 * refused a window, and the owner is told once a window.
 *
 * Only refused codes count (issue 44: honest shoppers behind one address sending one valid
 * code at the same moment got 429). A code counts once per client a window, when first sent:
 * it is held while it is checked, so guesses sent at once cannot pass the limit together, and
 * given back unless it is refused. The same code sent again while it is checked, or after it
 * was refused (a cart changing towards a code's minimum), counts no more and waits for no
 * one. A request without a code, or one refused for another reason (an item no longer sold),
 * counts for nothing.
 */
import type { Clock, LimitedKey, RateLimitStore } from "../../domain/ports.ts";
import { normaliseCode } from "../../domain/promotions/pricing.ts";
import { limitKey } from "../auth/attempts.ts";
import type { LimitRule } from "../auth/routes.ts";
import { tooManyRequests } from "../middleware/errors.ts";

/** Codes one client may have refused: enough for typos and a wrong code or two, not a list. */
export const DEFAULT_CODE_ATTEMPT_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

/**
 * Codes the whole shop may have refused in a window before it slows every client down: a
 * busy shop's typos stay well under it, a guessing run from many addresses passes it.
 */
export const DEFAULT_CODE_REFUSAL_SHOP_LIMIT = { limit: 100, windowMs: 15 * 60_000 } as const;

/** Codes one client may have refused a window while the shop-wide bound is passed. */
export const SLOWED_CLIENT_LIMIT = 2;

/** What the shopper reads past the limit: nothing about the code itself. */
export const CODE_ATTEMPTS_MESSAGE =
  "Too many discount codes were tried from this connection: try again later";

/** The same, for gift voucher codes. */
export const VOUCHER_ATTEMPTS_MESSAGE =
  "Too many gift voucher codes were tried from this connection: try again later";

/** Settles one counted attempt: `refused` when the shop refused its code. */
export type SettleAttempt = (refused: boolean) => Promise<void>;

/** What the owner is told when the shop-wide bound trips: how many, in what window. */
export interface GuessingNotice {
  /** ISO 8601: when it tripped. */
  at: string;
  limit: number;
  windowMs: number;
}

export class CodeAttempts {
  readonly #store: RateLimitStore;
  readonly #rule: LimitRule;
  readonly #shopRule: LimitRule;
  readonly #clock: Clock;
  readonly #onShopBound?: (notice: GuessingNotice) => Promise<void>;
  readonly #scope: string;

  constructor(options: {
    store: RateLimitStore;
    rule?: LimitRule;
    /** The shop-wide bound on refused codes; DEFAULT_CODE_REFUSAL_SHOP_LIMIT when absent. */
    shopRule?: LimitRule;
    clock: Clock;
    /** Tells the owner the shop-wide bound tripped (once a window). */
    onShopBound?: (notice: GuessingNotice) => Promise<void>;
    /** What is counted: discount codes (`code`, the default) or gift vouchers (`voucher`). */
    scope?: "code" | "voucher";
  }) {
    this.#scope = options.scope ?? "code";
    this.#store = options.store;
    this.#rule = options.rule ?? DEFAULT_CODE_ATTEMPT_LIMIT;
    this.#shopRule = options.shopRule ?? DEFAULT_CODE_REFUSAL_SHOP_LIMIT;
    this.#clock = options.clock;
    this.#onShopBound = options.onShopBound;
  }

  /**
   * Counts an attempt of `code` from `address` (throws 429 when the client's refused codes
   * fill its limit). Nothing is counted without a code, nor for a request without a socket
   * (in-process calls, address "unknown").
   *
   * @example
   * const settle = await attempts.begin(address, body.code);
   * try { refused = priced.code?.kind === "refused"; } finally { await settle(refused); }
   */
  /** 429 naming what was tried too often: `field` is `code` or `voucher`. */
  #tooMany(retryAfterSeconds: number) {
    const voucher = this.#scope === "voucher";
    return tooManyRequests(
      voucher ? VOUCHER_ATTEMPTS_MESSAGE : CODE_ATTEMPTS_MESSAGE,
      retryAfterSeconds,
      { field: voucher ? "voucher" : "code" },
    );
  }

  async begin(address: string, code: string | undefined): Promise<SettleAttempt> {
    const nothing: SettleAttempt = () => Promise.resolve();
    if (code === undefined || address === "unknown") return nothing;
    const at = this.#clock.now();
    const { windowMs } = this.#rule;
    const scope = this.#scope;
    const client: LimitedKey = { key: await limitKey(`${scope}:address`, address), ...this.#rule };
    const tried: LimitedKey = {
      key: await limitKey(`${scope}:tried`, `${address} ${normaliseCode(code)}`),
      limit: 1,
      windowMs,
    };
    if (!(await this.#store.hit([tried], at)).allowed) {
      // Counted already, from this client in this window: being checked now, or refused
      // before. It costs nothing more and tells nothing new (a client past its limit never
      // has a new code counted), and waits for no one.
      return nothing;
    }
    const counted = await this.#store.hit([client], at);
    if (!counted.allowed) {
      await this.#store.release(tried.key, at);
      throw this.#tooMany(counted.retryAfterSeconds);
    }
    const held = [client.key, tried.key];
    const slowed: LimitedKey = {
      key: await limitKey(`${scope}:slowed`, address),
      limit: SLOWED_CLIENT_LIMIT,
      windowMs: this.#shopRule.windowMs,
    };
    const shop: LimitedKey = { key: `${scope}:shop`, ...this.#shopRule };
    const withinSlowed = await this.#store.hit([slowed], at);
    if (withinSlowed.allowed) held.push(slowed.key);
    const withinShop = await this.#store.hit([shop], at);
    if (withinShop.allowed) held.push(shop.key);
    else {
      await this.#tellOwner(at);
      if (!withinSlowed.allowed) {
        await this.#giveBack(held, at);
        throw this.#tooMany(withinSlowed.retryAfterSeconds);
      }
    }
    return async (refused) => {
      if (!refused) await this.#giveBack(held, at);
    };
  }

  async #giveBack(keys: readonly string[], at: Date): Promise<void> {
    for (const key of keys) await this.#store.release(key, at);
  }

  /** Tells the owner, once a window, that the shop-wide bound tripped. */
  async #tellOwner(at: Date): Promise<void> {
    if (!this.#onShopBound) return;
    const once: LimitedKey = {
      key: `${this.#scope}:shop-told`,
      limit: 1,
      windowMs: this.#shopRule.windowMs,
    };
    if (!(await this.#store.hit([once], at)).allowed) return;
    await this.#onShopBound({
      at: at.toISOString(),
      limit: this.#shopRule.limit,
      windowMs: this.#shopRule.windowMs,
    }).catch(() => {});
  }
}
