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
import type { Order } from "../../domain/orders/model.ts";
import type { AuditRows } from "./audit_trail.ts";

type Benefit = Campaign["benefit"] | OrderOffer["benefit"] | DiscountCode["benefit"];

/** A benefit as SQL keeps it: a kind and a value (basis points or cents). */
function benefitColumns(benefit: Benefit): { benefit_kind: string; benefit_value: number } {
  switch (benefit.kind) {
    case "percent":
      return { benefit_kind: "percent", benefit_value: benefit.basisPoints };
    case "amount":
    case "amount_off":
      return { benefit_kind: benefit.kind, benefit_value: benefit.cents };
    case "free_delivery":
      return { benefit_kind: "free_delivery", benefit_value: 0 };
  }
}

function windowColumns(window: Campaign["window"]) {
  return { starts_at: window.startsAt, ends_at: window.endsAt };
}

type KeptCampaign = Campaign & Pick<NewCampaign, "names">;
type KeptOffer = OrderOffer & Pick<NewOrderOffer, "names">;
type KeptCode = NewDiscountCode & { id: number; uses: number };

export class MemoryPromotionStore implements PromotionStore {
  readonly #campaigns: KeptCampaign[] = [];
  readonly #offers: KeptOffer[] = [];
  readonly #codes: KeptCode[] = [];
  readonly #uses = new Map<number, { codeId: number; keys: string[]; returned: boolean }>();
  /** What each placed order got, and whether a rejection or lapse withdrew it. */
  readonly #given = new Map<number, {
    lines: { id: number; savingCents: number }[];
    promotions: { kind: PromotionKind; id: number; savingCents: number }[];
    withdrawn: boolean;
  }>();
  #next = 1;

  /** The promotions by the columns SQL keeps them in, for the audit trail. */
  auditRows(): AuditRows {
    const names = (n: KeptCampaign["names"]) => structuredClone(n ?? {});
    return {
      campaign: new Map(this.#campaigns.map((c) => [c.id, {
        name: c.name,
        names: names(c.names),
        scope: structuredClone(c.scope),
        ...benefitColumns(c.benefit),
        ...windowColumns(c.window),
        paused: c.paused,
      }])),
      offer: new Map(this.#offers.map((o) => {
        const { benefit_kind, benefit_value } = benefitColumns(o.benefit);
        return [o.id, {
          name: o.name,
          names: names(o.names),
          min_items_cents: o.minItemsCents,
          benefit_kind,
          amount_cents: benefit_value,
          ...windowColumns(o.window),
          paused: o.paused,
        }];
      })),
      code: new Map(this.#codes.map((c) => [c.id, {
        code: c.code,
        ...benefitColumns(c.benefit),
        min_items_cents: c.minItemsCents,
        scope: structuredClone(c.scope),
        ...windowColumns(c.window),
        paused: c.paused,
        max_uses: c.maxUses,
        max_uses_per_customer: c.maxUsesPerCustomer,
      }])),
    };
  }

  runningRules(now: string) {
    const running = <T extends { paused: boolean; window: Campaign["window"] }>(all: T[]) =>
      all.filter((p) => !p.paused && inWindow(p.window, now)).map((p) => structuredClone(p));
    return Promise.resolve({
      campaigns: running(this.#campaigns),
      offers: running(this.#offers),
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
    return Promise.resolve(structuredClone(added));
  }

  addOffer(offer: NewOrderOffer): Promise<OrderOffer> {
    const added = { ...structuredClone(offer), id: this.#next++ };
    this.#offers.push(added);
    return Promise.resolve(structuredClone(added));
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

  /**
   * Notes what a placed order got (its lines' campaigns, its offer and code, with their
   * savings), as the SQL adapters read it back from the orders.
   */
  recordGiven(
    orderId: number,
    order: Pick<Order, "items" | "adjustments">,
  ): void {
    this.#given.set(orderId, {
      lines: order.items.flatMap((line) =>
        line.adjustments.flatMap((a) =>
          a.kind === "campaign" && a.sourceId !== null
            ? [{ id: a.sourceId, savingCents: a.amountCents }]
            : []
        )
      ),
      promotions: order.adjustments.flatMap((a) =>
        (a.kind === "offer" || a.kind === "code") && a.sourceId !== null
          ? [{ kind: a.kind, id: a.sourceId, savingCents: a.amountCents }]
          : []
      ),
      withdrawn: false,
    });
  }

  /** Gives a rejected or lapsed order's use back, once; what it got no longer counts. */
  returnUse(orderId: number): void {
    const given = this.#given.get(orderId);
    if (given) given.withdrawn = true;
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
    const standing = [...this.#given.values()].filter((g) => !g.withdrawn);
    if (kind === "campaign") {
      const lines = standing.map((g) => g.lines.filter((l) => l.id === id));
      return {
        uses: lines.filter((l) => l.length > 0).length,
        savingCents: lines.flat().reduce((sum, l) => sum + l.savingCents, 0),
      };
    }
    const given = standing.flatMap((g) =>
      g.promotions.filter((p) => p.kind === kind && p.id === id)
    );
    return {
      uses: kind === "code" ? this.#codes.find((c) => c.id === id)?.uses ?? 0 : given.length,
      savingCents: given.reduce((sum, p) => sum + p.savingCents, 0),
    };
  }

  /** Whether any order, standing or not, ever got it. */
  #everGiven(kind: PromotionKind, id: number): boolean {
    return [...this.#given.values()].some((g) =>
      kind === "campaign"
        ? g.lines.some((l) => l.id === id)
        : g.promotions.some((p) => p.kind === kind && p.id === id)
    );
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
    return Promise.resolve(structuredClone(this.#campaigns[at]));
  }

  changeOffer(id: number, offer: NewOrderOffer): Promise<OrderOffer | undefined> {
    const at = this.#offers.findIndex((o) => o.id === id);
    if (at < 0) return Promise.resolve(undefined);
    this.#offers[at] = { ...structuredClone(offer), id };
    return Promise.resolve(structuredClone(this.#offers[at]));
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
    if (
      this.#everGiven(kind, id) ||
      (kind === "code" && [...this.#uses.values()].some((u) => u.codeId === id))
    ) {
      return Promise.resolve("in_use");
    }
    all.splice(at, 1);
    return Promise.resolve("deleted");
  }
}
