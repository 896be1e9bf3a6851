/**
 * The pricing rule of each kind of adjustment (domain/pricing/adjustment_kinds.ts), one
 * entry a kind, applied in the registry's order by `applyPromotions` (pricing.ts). A rule
 * sees the lines as the kinds before it left them and says what it takes off each, and for
 * a kind that acts on the whole order, what the order got from it (its name, free
 * delivery) or why the shopper's code gives nothing. A new kind is a compile error here
 * until its rule is written.
 */
import type { Cents } from "../money.ts";
import type { AdjustmentKind, LineAdjustment } from "../pricing/adjustment_kinds.ts";
import {
  bestCampaign,
  type Campaign,
  type CodeRefusal,
  covers,
  type DiscountCode,
  inWindow,
  mulDivHalfUp,
  normaliseCode,
  type OrderOffer,
  type PricedItem,
  shareOut,
} from "./pricing.ts";
import type { PromotionNames } from "./names.ts";

/** A line as a rule sees it. */
export interface RuleLine {
  item: PricedItem;
  quantity: number;
  /** A copy's price at the moment priced: its sale price while it runs. */
  unitCents: Cents;
  /** What the line costs as the kinds before this one left it. */
  totalCents: Cents;
}

/** What every rule may read besides the lines. */
export interface RuleContext {
  lines: readonly RuleLine[];
  campaigns: readonly Campaign[];
  offers: readonly OrderOffer[];
  /** What the shopper typed, and the code of that name if the shop has one. */
  code: { typed: string; found: DiscountCode | undefined } | null;
  /** The delivery fee of the parcel before anything made it free. */
  deliveryFeeCents: Cents;
  /** ISO 8601. */
  now: string;
}

/** What a kind took off one line, and from which source. */
export type LineTake = Omit<LineAdjustment, "kind">;

/** What a rule gives. */
export interface RuleOutcome {
  /** Per line, in order: what it takes off (never more than the line costs); null for nothing. */
  lines: (LineTake | null)[];
  /** For a kind on the whole order: its source and whether it makes delivery free. */
  order?: {
    sourceId: number | null;
    name: string | null;
    names: PromotionNames;
    freeDelivery: boolean;
  };
  /** The shopper's code that gives nothing, and why. */
  refusal?: { code: string; reason: CodeRefusal };
}

export type AdjustmentRule = (context: RuleContext) => RuleOutcome;

const nothing = (context: RuleContext): RuleOutcome => ({ lines: context.lines.map(() => null) });

/** The sale price: what it takes off each copy while it runs. */
function sale(context: RuleContext): RuleOutcome {
  return {
    lines: context.lines.map((line) => {
      const off = (line.item.priceCents - line.unitCents) * line.quantity;
      return off > 0 ? { sourceId: null, name: null, names: {}, amountCents: off } : null;
    }),
  };
}

/** The best running campaign of each line (the largest saving, the lowest id on a tie). */
function campaign(context: RuleContext): RuleOutcome {
  return {
    lines: context.lines.map((line) => {
      const best = bestCampaign(
        context.campaigns,
        line.item,
        line.unitCents,
        line.quantity,
        context.now,
      );
      return best
        ? { sourceId: best.id, name: best.name, names: best.names, amountCents: best.savingCents }
        : null;
    }),
  };
}

/**
 * One order offer (as the README says): of those whose minimum the items reach, the one
 * that saves the most, an amount off the items (shared over the lines) or free delivery
 * (worth the fee); the lowest id on a tie.
 */
function offer(context: RuleContext): RuleOutcome {
  const totals = context.lines.map((line) => line.totalCents);
  const items = totals.reduce((sum, t) => sum + t, 0);
  const worth = (o: OrderOffer) =>
    o.benefit.kind === "amount_off" ? Math.min(o.benefit.cents, items) : context.deliveryFeeCents;
  const best = context.offers
    .filter((o) => !o.paused && inWindow(o.window, context.now) && items >= o.minItemsCents)
    .filter((o) => worth(o) > 0 || o.benefit.kind === "free_delivery")
    .sort((a, b) => worth(b) - worth(a) || a.id - b.id)[0];
  if (!best) return nothing(context);
  const source = { sourceId: best.id, name: best.name, names: { ...best.names } };
  const shares = best.benefit.kind === "amount_off"
    ? shareOut(best.benefit.cents, totals)
    : totals.map(() => 0);
  return {
    lines: shares.map((cents) => (cents > 0 ? { ...source, amountCents: cents } : null)),
    order: { ...source, freeDelivery: best.benefit.kind === "free_delivery" },
  };
}

/** Why `code` gives nothing before its scope and minimum are looked at, or undefined. */
function codeStanding(code: DiscountCode, now: string): CodeRefusal | undefined {
  if (code.window.startsAt !== null && Date.parse(now) < Date.parse(code.window.startsAt)) {
    return "not_yet";
  }
  if (code.window.endsAt !== null && Date.parse(now) >= Date.parse(code.window.endsAt)) {
    return "expired";
  }
  if (code.paused) return "paused";
  if (code.usesLeft !== null && code.usesLeft <= 0) return "used_up";
  return undefined;
}

/** One discount code, checked (window, pause, uses left, scope, minimum), on the lines in its scope. */
function code(context: RuleContext): RuleOutcome {
  if (!context.code) return nothing(context);
  const typed = normaliseCode(context.code.typed);
  const found = context.code.found;
  const refuse = (reason: CodeRefusal): RuleOutcome => ({
    ...nothing(context),
    refusal: { code: typed, reason },
  });
  const standing = found ? codeStanding(found, context.now) : "unknown";
  if (!found || standing) return refuse(standing ?? "unknown");
  const inScope = context.lines.map((line) => covers(found.scope, line.item));
  if (!inScope.some(Boolean)) return refuse("nothing_applies");
  const items = context.lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (items < found.minItemsCents) return refuse("minimum_not_met");
  const benefit = found.benefit;
  let savings: Cents[] = context.lines.map(() => 0);
  if (benefit.kind === "percent") {
    savings = context.lines.map((line, i) =>
      inScope[i]
        ? Math.min(mulDivHalfUp(line.totalCents, benefit.basisPoints, 10_000), line.totalCents)
        : 0
    );
  } else if (benefit.kind === "amount") {
    savings = shareOut(
      benefit.cents,
      context.lines.map((line, i) => (inScope[i] ? line.totalCents : 0)),
    );
  }
  const freeDelivery = benefit.kind === "free_delivery";
  if (savings.every((s) => s === 0) && !freeDelivery) return refuse("nothing_applies");
  // The shop's own spelling of the code, whatever case the shopper typed.
  const source = { sourceId: found.id, name: found.code, names: {} };
  return {
    lines: savings.map((cents) => (cents > 0 ? { ...source, amountCents: cents } : null)),
    order: { ...source, freeDelivery },
  };
}

/** Each kind's rule: the compiler asks for one per kind of adjustment. */
export const ADJUSTMENT_RULES: Readonly<Record<AdjustmentKind, AdjustmentRule>> = {
  sale,
  campaign,
  offer,
  code,
};
