/** Promotions kept in memory: the tests' store, held to the same contract as SQL's. */
import type {
  CodeChange,
  KeptPromotion,
  NewCampaign,
  NewDiscountCode,
  NewOrderOffer,
  PromotionDeletion,
  PromotionKind,
  PromotionStore,
  PromotionUsage,
} from "../../domain/promotions/ports.ts";
import {
  type Campaign,
  type DiscountCode,
  inWindow,
  normaliseCode,
  type OrderOffer,
} from "../../domain/promotions/pricing.ts";

type KeptCampaign = Campaign & Pick<NewCampaign, "names">;
type KeptOffer = OrderOffer & Pick<NewOrderOffer, "names">;
type KeptCode = NewDiscountCode & { id: number; uses: number };

export class MemoryPromotionStore implements PromotionStore {
  readonly #campaigns: KeptCampaign[] = [];
  readonly #offers: KeptOffer[] = [];
  readonly #codes: KeptCode[] = [];
  readonly #uses = new Map<number, { codeId: number; keys: string[]; returned: boolean }>();
  #next = 1;

  runningRules(now: string) {
    const running = <T extends { paused: boolean; window: Campaign["window"] }>(all: T[]) =>
      all.filter((p) => !p.paused && inWindow(p.window, now)).map((p) => structuredClone(p));
    return Promise.resolve({
      campaigns: running(this.#campaigns).map(({ names: _, ...c }) => c),
      offers: running(this.#offers).map(({ names: _, ...o }) => o),
    });
  }

  #codeOf(kept: KeptCode): DiscountCode {
    const { maxUses, uses, ...code } = structuredClone(kept);
    return { ...code, usesLeft: maxUses === null ? null : maxUses - uses };
  }

  #codeNamed(typed: string, except?: number): KeptCode | undefined {
    const key = normaliseCode(typed);
    return this.#codes.find((c) => normaliseCode(c.code) === key && c.id !== except);
  }

  findCode(typed: string): Promise<DiscountCode | undefined> {
    const found = this.#codeNamed(typed);
    return Promise.resolve(found && this.#codeOf(found));
  }

  addCampaign(campaign: NewCampaign): Promise<Campaign> {
    const added = { ...structuredClone(campaign), id: this.#next++ };
    this.#campaigns.push(added);
    const { names: _, ...kept } = structuredClone(added);
    return Promise.resolve(kept);
  }

  addOffer(offer: NewOrderOffer): Promise<OrderOffer> {
    const added = { ...structuredClone(offer), id: this.#next++ };
    this.#offers.push(added);
    const { names: _, ...kept } = structuredClone(added);
    return Promise.resolve(kept);
  }

  addCode(
    code: NewDiscountCode,
  ): Promise<{ kind: "ok"; code: DiscountCode } | { kind: "duplicate" }> {
    if (this.#codeNamed(code.code)) return Promise.resolve({ kind: "duplicate" });
    const kept = { ...structuredClone(code), id: this.#next++, uses: 0 };
    this.#codes.push(kept);
    return Promise.resolve({ kind: "ok", code: this.#codeOf(kept) });
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

  #all(kind: PromotionKind): { id: number; paused: boolean; window: Campaign["window"] }[] {
    return kind === "campaign" ? this.#campaigns : kind === "offer" ? this.#offers : this.#codes;
  }

  setPaused(kind: PromotionKind, id: number, paused: boolean): Promise<boolean> {
    const found = this.#all(kind).find((p) => p.id === id);
    if (found) found.paused = paused;
    return Promise.resolve(found !== undefined);
  }

  /**
   * What the orders say of a promotion's use: for a code, the orders holding it; the rest
   * wait for the orders to record them, as in SQL (see PromotionUsage).
   */
  #usage(kind: PromotionKind, id: number): PromotionUsage {
    if (kind !== "code") return { uses: null, savingCents: null };
    return { uses: this.#codes.find((c) => c.id === id)?.uses ?? 0, savingCents: null };
  }

  #kept(kind: PromotionKind, id: number): KeptPromotion | undefined {
    const usage = this.#usage(kind, id);
    if (kind === "campaign") {
      const found = this.#campaigns.find((c) => c.id === id);
      if (!found) return undefined;
      const { id: _, ...promotion } = structuredClone(found);
      return { kind, id, promotion, usage };
    }
    if (kind === "offer") {
      const found = this.#offers.find((o) => o.id === id);
      if (!found) return undefined;
      const { id: _, ...promotion } = structuredClone(found);
      return { kind, id, promotion, usage };
    }
    const found = this.#codes.find((c) => c.id === id);
    if (!found) return undefined;
    const { id: _, uses: __, ...promotion } = structuredClone(found);
    return { kind, id, promotion, usage };
  }

  listPromotions(): Promise<KeptPromotion[]> {
    return Promise.resolve(
      (["campaign", "offer", "code"] as const).flatMap((kind) =>
        this.#all(kind).map((p) => this.#kept(kind, p.id)!)
      ),
    );
  }

  getPromotion(kind: PromotionKind, id: number): Promise<KeptPromotion | undefined> {
    return Promise.resolve(this.#kept(kind, id));
  }

  changeCampaign(id: number, campaign: NewCampaign): Promise<Campaign | undefined> {
    const at = this.#campaigns.findIndex((c) => c.id === id);
    if (at < 0) return Promise.resolve(undefined);
    this.#campaigns[at] = { ...structuredClone(campaign), id };
    const { names: _, ...kept } = structuredClone(this.#campaigns[at]);
    return Promise.resolve(kept);
  }

  changeOffer(id: number, offer: NewOrderOffer): Promise<OrderOffer | undefined> {
    const at = this.#offers.findIndex((o) => o.id === id);
    if (at < 0) return Promise.resolve(undefined);
    this.#offers[at] = { ...structuredClone(offer), id };
    const { names: _, ...kept } = structuredClone(this.#offers[at]);
    return Promise.resolve(kept);
  }

  changeCode(id: number, code: NewDiscountCode): Promise<CodeChange> {
    const found = this.#codes.find((c) => c.id === id);
    if (!found) return Promise.resolve({ kind: "not_found" });
    if (this.#codeNamed(code.code, id)) return Promise.resolve({ kind: "duplicate" });
    if (code.maxUses !== null && code.maxUses < found.uses) {
      return Promise.resolve({ kind: "below_uses", uses: found.uses });
    }
    Object.assign(found, structuredClone(code));
    return Promise.resolve({ kind: "ok", code: this.#codeOf(found) });
  }

  endPromotion(kind: PromotionKind, id: number, at: string): Promise<boolean> {
    const found = this.#all(kind).find((p) => p.id === id);
    if (found) found.window = { ...found.window, endsAt: new Date(at).toISOString() };
    return Promise.resolve(found !== undefined);
  }

  deletePromotion(kind: PromotionKind, id: number): Promise<PromotionDeletion> {
    const all = this.#all(kind);
    const at = all.findIndex((p) => p.id === id);
    if (at < 0) return Promise.resolve("not_found");
    if (kind === "code" && [...this.#uses.values()].some((u) => u.codeId === id)) {
      return Promise.resolve("in_use");
    }
    all.splice(at, 1);
    return Promise.resolve("deleted");
  }
}
