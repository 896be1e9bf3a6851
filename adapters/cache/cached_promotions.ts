/**
 * The running promotions, remembered for a few seconds per process: every storefront read
 * prices its products under them (domain/promotions/shelf_price.ts), and every cart and
 * order too, so the rules are read once a time to live instead of once a request. The same
 * list is handed out while it lives, so its index by scope is built once (http/routes/
 * shelf.ts). A code is never remembered: its uses left change with every order.
 *
 * Freshness of what shoppers are shown. The catalogue's answers (pages and API reads, kept
 * whole by the answer cache) carry shelf prices, which change when a promotion starts, ends
 * or changes, without any write to the catalogue. So:
 * - every promotion write made through this store (the owner's Promotions area adds,
 *   changes, pauses, ends and deletes through it) forgets the rules at once and
 *   calls `onChange`, which main.ts points at the catalogue cache's `clear()`: the next
 *   page is priced afresh;
 * - `watch()` reads the running rules every few seconds and calls `onChange` when they
 *   differ from the last read (a campaign started or ended, another process changed one)
 *   or when the day in Colombo turned (a sale's first or last day began or ended: sales
 *   run in whole days), so a kept page never shows a price for longer than that.
 */
import type {
  CodeChange,
  KeptPromotion,
  NewCampaign,
  NewDiscountCode,
  NewOrderOffer,
  PromotionDeletion,
  PromotionKind,
  PromotionStore,
} from "../../domain/promotions/ports.ts";
import type { Campaign, DiscountCode, OrderOffer } from "../../domain/promotions/pricing.ts";
import { shopDate } from "../../domain/catalogue/preorder.ts";

type RunningRules = { campaigns: Campaign[]; offers: OrderOffer[] };

export interface CachedPromotionsOptions {
  /** How long the running rules are handed out before they are read again; 5 s by default. */
  ttlMs?: number;
  /** Milliseconds from any origin, for tests; `performance.now` by default. */
  now?: () => number;
  /** Called when what shoppers are shown may have changed (main.ts: the catalogue cache's clear). */
  onChange?: () => void;
}

export const DEFAULT_PROMOTIONS_TTL_MS = 5_000;

export class CachedPromotions implements PromotionStore {
  readonly #inner: PromotionStore;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #onChange: () => void;
  #held: { rules: RunningRules; until: number } | undefined;
  #loading: Promise<RunningRules> | undefined;
  /** Bumped by invalidate(): a read begun before it stores nothing. */
  #generation = 0;
  /** What the last watch() round saw: the rules and the day in Colombo. */
  #seen: string | undefined;
  #seenRules: RunningRules | undefined;

  constructor(inner: PromotionStore, options: CachedPromotionsOptions = {}) {
    this.#inner = inner;
    this.#ttlMs = options.ttlMs ?? DEFAULT_PROMOTIONS_TTL_MS;
    this.#now = options.now ?? (() => performance.now());
    this.#onChange = options.onChange ?? (() => {});
  }

  /**
   * The rules running at `now`, as read at most a time to live ago (the pricing rule checks
   * each one's window again at `now`, so one that ended meanwhile gives nothing).
   */
  runningRules(now: string): Promise<RunningRules> {
    const held = this.#held;
    if (held && held.until > this.#now()) return Promise.resolve(held.rules);
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const loading = this.#inner.runningRules(now).then(
      (rules) => {
        if (this.#loading === loading) this.#loading = undefined;
        if (generation === this.#generation) {
          this.#held = { rules, until: this.#now() + this.#ttlMs };
        }
        return rules;
      },
      (error) => {
        if (this.#loading === loading) this.#loading = undefined;
        throw error;
      },
    );
    this.#loading = loading;
    return loading;
  }

  /** Never remembered: a code's uses left change with every order. */
  findCode(typed: string): Promise<DiscountCode | undefined> {
    return this.#inner.findCode(typed);
  }

  addCampaign(campaign: NewCampaign): Promise<Campaign> {
    return this.#thenInvalidate(this.#inner.addCampaign(campaign));
  }

  addOffer(offer: NewOrderOffer): Promise<OrderOffer> {
    return this.#thenInvalidate(this.#inner.addOffer(offer));
  }

  addCode(
    code: NewDiscountCode,
  ): Promise<{ kind: "ok"; code: DiscountCode } | { kind: "duplicate" }> {
    return this.#thenInvalidate(this.#inner.addCode(code));
  }

  setPaused(kind: PromotionKind, id: number, paused: boolean): Promise<boolean> {
    return this.#thenInvalidate(this.#inner.setPaused(kind, id, paused));
  }

  /** The owner's list: read afresh, with each one's use so far. */
  listPromotions(): Promise<KeptPromotion[]> {
    return this.#inner.listPromotions();
  }

  getPromotion(kind: PromotionKind, id: number): Promise<KeptPromotion | undefined> {
    return this.#inner.getPromotion(kind, id);
  }

  changeCampaign(id: number, campaign: NewCampaign): Promise<Campaign | undefined> {
    return this.#thenInvalidate(this.#inner.changeCampaign(id, campaign));
  }

  changeOffer(id: number, offer: NewOrderOffer): Promise<OrderOffer | undefined> {
    return this.#thenInvalidate(this.#inner.changeOffer(id, offer));
  }

  changeCode(id: number, code: NewDiscountCode): Promise<CodeChange> {
    return this.#thenInvalidate(this.#inner.changeCode(id, code));
  }

  endPromotion(kind: PromotionKind, id: number, at: string): Promise<boolean> {
    return this.#thenInvalidate(this.#inner.endPromotion(kind, id, at));
  }

  deletePromotion(kind: PromotionKind, id: number): Promise<PromotionDeletion> {
    return this.#thenInvalidate(this.#inner.deletePromotion(kind, id));
  }

  /**
   * Forgets the running rules and tells `onChange`: what every promotion write calls once
   * it has finished (succeeded or not), so no later read in this process prices by the
   * rules as they were.
   */
  invalidate(): void {
    this.#generation++;
    this.#held = undefined;
    this.#loading = undefined;
    this.#onChange();
  }

  /**
   * Reads the rules running at `at` afresh and hands them out from now on; tells
   * `onChange` (and answers true) when they or the day in Colombo differ from the last
   * round's. The first round only remembers what it saw.
   */
  async refresh(at: Date): Promise<boolean> {
    const generation = ++this.#generation;
    const read = await this.#inner.runningRules(at.toISOString());
    // The store builds each rule's fields in one order every time (jsonb keeps its own keys
    // in one order too), so the text is the same for the same rules: JSON.stringify's, not
    // canonicalJson's, which sorted every key of 1,000 running campaigns in 6-11 ms of the
    // shop's one thread every round, against 1.5 ms (docs/benchmarks.md, item 63).
    const seen = JSON.stringify({ day: shopDate(at), rules: read });
    const changed = this.#seen !== undefined && seen !== this.#seen;
    // The same rules as the last round are handed out as the same object, so that what
    // readers built from them (the shelf's campaign index) is not built again every round.
    const rules = seen === this.#seen && this.#seenRules ? this.#seenRules : read;
    this.#seen = seen;
    this.#seenRules = rules;
    if (generation === this.#generation) {
      this.#held = { rules, until: this.#now() + this.#ttlMs };
      this.#loading = undefined;
    }
    if (changed) this.#onChange();
    return changed;
  }

  /**
   * Calls refresh() every `everyMs` (5 s by default) with the clock's time, until stopped;
   * a failed round is reported to `onError` and the next one tries again.
   */
  watch(
    clock: { now(): Date },
    options: { everyMs?: number; onError?: (error: unknown) => void } = {},
  ): { stop(): Promise<void> } {
    let round: Promise<unknown> = this.refresh(clock.now()).catch(options.onError);
    const timer = setInterval(() => {
      round = this.refresh(clock.now()).catch(options.onError);
    }, options.everyMs ?? DEFAULT_PROMOTIONS_TTL_MS);
    return {
      stop: async () => {
        clearInterval(timer);
        await round;
      },
    };
  }

  async #thenInvalidate<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.invalidate();
    }
  }
}
