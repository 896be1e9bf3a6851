/** Promotions kept in memory: the tests' store, held to the same contract as SQL's. */
import type {
  NewCampaign,
  NewDiscountCode,
  NewOrderOffer,
  PromotionKind,
  PromotionStore,
} from "../../domain/promotions/ports.ts";
import {
  type Campaign,
  type DiscountCode,
  inWindow,
  normaliseCode,
  type OrderOffer,
} from "../../domain/promotions/pricing.ts";

export class MemoryPromotionStore implements PromotionStore {
  readonly #campaigns: Campaign[] = [];
  readonly #offers: OrderOffer[] = [];
  readonly #codes: (DiscountCode & { maxUses: number | null; uses: number })[] = [];
  readonly #uses = new Map<number, { codeId: number; keys: string[]; returned: boolean }>();
  #next = 1;

  runningRules(now: string) {
    const running = <T extends { paused: boolean; window: Campaign["window"] }>(all: T[]) =>
      all.filter((p) => !p.paused && inWindow(p.window, now)).map((p) => structuredClone(p));
    return Promise.resolve({
      campaigns: running(this.#campaigns),
      offers: running(this.#offers),
    });
  }

  findCode(typed: string): Promise<DiscountCode | undefined> {
    const key = normaliseCode(typed);
    const found = this.#codes.find((c) => normaliseCode(c.code) === key);
    if (!found) return Promise.resolve(undefined);
    const { maxUses, uses, ...code } = structuredClone(found);
    return Promise.resolve({ ...code, usesLeft: maxUses === null ? null : maxUses - uses });
  }

  addCampaign(campaign: NewCampaign): Promise<Campaign> {
    const added = { ...structuredClone(campaign), id: this.#next++ };
    this.#campaigns.push(added);
    return Promise.resolve(structuredClone(added));
  }

  addOffer({ names: _, ...offer }: NewOrderOffer): Promise<OrderOffer> {
    const added = { ...structuredClone(offer), id: this.#next++ };
    this.#offers.push(added);
    return Promise.resolve(structuredClone(added));
  }

  async addCode(
    { maxUses, ...code }: NewDiscountCode,
  ): Promise<{ kind: "ok"; code: DiscountCode } | { kind: "duplicate" }> {
    if (await this.findCode(code.code)) return { kind: "duplicate" };
    const id = this.#next++;
    this.#codes.push({ ...structuredClone(code), id, usesLeft: maxUses, maxUses, uses: 0 });
    return { kind: "ok", code: (await this.findCode(code.code))! };
  }

  /**
   * Counts `orderId`'s use of a code, as the SQL placement does: refused when its uses are
   * up, it is paused, or the customer holds its share already.
   */
  claimUse(
    use: { codeId: number; customerKeys: string[]; maxPerCustomer: number | null },
    orderId: number,
  ): "used_up" | "paused" | "customer_limit" | undefined {
    const code = this.#codes.find((c) => c.id === use.codeId);
    if (!code || (code.maxUses !== null && code.uses >= code.maxUses)) return "used_up";
    if (code.paused) return "paused";
    const held =
      [...this.#uses.values()].filter((u) =>
        u.codeId === code.id && !u.returned && u.keys.some((k) => use.customerKeys.includes(k))
      ).length;
    if (use.maxPerCustomer !== null && held >= use.maxPerCustomer) return "customer_limit";
    code.uses++;
    this.#uses.set(orderId, { codeId: code.id, keys: [...use.customerKeys], returned: false });
    return undefined;
  }

  /** Gives a rejected or lapsed order's use back, once. */
  returnUse(orderId: number): void {
    const use = this.#uses.get(orderId);
    if (!use || use.returned) return;
    use.returned = true;
    const code = this.#codes.find((c) => c.id === use.codeId);
    if (code) code.uses--;
  }

  setPaused(kind: PromotionKind, id: number, paused: boolean): Promise<boolean> {
    const all = kind === "campaign"
      ? this.#campaigns
      : kind === "offer"
      ? this.#offers
      : this.#codes;
    const found = all.find((p) => p.id === id);
    if (found) found.paused = paused;
    return Promise.resolve(found !== undefined);
  }
}
