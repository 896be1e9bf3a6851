/**
 * What can change a price, as data: each kind of adjustment is one entry of
 * `ADJUSTMENT_KINDS`, in the order the shop applies them (the sale price, the best campaign
 * of each line, one order offer, one discount code). An entry says where the kind acts (on
 * a line alone, or on the order and shared over its lines) and the word that labels its
 * row on every surface (messages/*.json, `money.`; `{name}` is the adjustment's name in the
 * reader's language). The rule that works a kind out is the pricing rule's entry of the
 * same name (domain/promotions/rules.ts), so a new kind is this entry, its rule and its
 * word: the compiler asks for the rule, the stores keep it as rows (kind, source, amount,
 * name) and every surface lists it from the breakdown (breakdown.ts).
 */
import type { Cents } from "../money.ts";
import type { PromotionNames } from "../promotions/names.ts";

/** Where a kind acts. */
export type AdjustmentLevel =
  /** On each line by itself (a sale price, a campaign). */
  | "line"
  /** On the order as a whole, its amount shared over the lines (an offer, a code). */
  | "order";

/** What every kind of adjustment says about itself. */
export interface AdjustmentPolicy {
  level: AdjustmentLevel;
  /** The message key that labels its row; `{name}` is its name in the reader's language. */
  word: `money.${string}`;
  /** The admin area's English label (the admin area has no catalogue): `{name}` as above. */
  adminWord: string;
}

export const ADJUSTMENT_KINDS = {
  sale: { level: "line", word: "money.sale", adminWord: "Sale price" },
  campaign: { level: "line", word: "money.campaign", adminWord: "{name}" },
  offer: { level: "order", word: "money.offer", adminWord: "{name}" },
  code: { level: "order", word: "money.code", adminWord: "Code {name}" },
} as const satisfies Record<string, AdjustmentPolicy>;

export type AdjustmentKind = keyof typeof ADJUSTMENT_KINDS;

/** The kinds in the order the shop applies them. */
export const ADJUSTMENT_KIND_ORDER = Object.keys(ADJUSTMENT_KINDS) as AdjustmentKind[];

/**
 * What one kind took off one line, as it was when priced: its source (the promotion's id;
 * null for a sale price, whose source is the product itself), its name then in English and
 * in Sinhala and Tamil where given (null for a sale price, which its word names), and the
 * amount taken off the whole line.
 */
export interface LineAdjustment {
  kind: AdjustmentKind;
  sourceId: number | null;
  name: string | null;
  names: PromotionNames;
  amountCents: Cents;
}

/**
 * What the order as a whole got from a kind that acts on it (an offer, a code): its source
 * and name as they were, what its shares on the lines add up to, and whether it made
 * delivery free.
 */
export interface OrderAdjustment {
  kind: AdjustmentKind;
  sourceId: number | null;
  name: string | null;
  names: PromotionNames;
  amountCents: Cents;
  freeDelivery: boolean;
}

/** An adjustment's key: its kind and source ("campaign:3", "sale:"). */
export function adjustmentKey(a: Pick<LineAdjustment, "kind" | "sourceId">): string {
  return `${a.kind}:${a.sourceId ?? ""}`;
}

/** Whether `text` names a kind of adjustment. */
export function isAdjustmentKind(text: string): text is AdjustmentKind {
  return Object.hasOwn(ADJUSTMENT_KINDS, text);
}
