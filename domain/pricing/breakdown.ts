/**
 * The price breakdown: what an order (or a cart) costs, worked out once, that every surface
 * renders and none computes (docs/money.md names each figure). Per line: the usual price of
 * a copy, the line at usual prices, each saving with its source and the price paid. Per
 * order: the items at usual prices ("Items"), the savings by source, the delivery fee (or
 * what made it free), a payment method's fee, the order total, the gift vouchers applied (a
 * tender: they pay for the order, they take nothing off its prices), the payments received
 * and refunded, and the amount still to pay.
 *
 * Payments received and refunded are inputs (order_breakdown.ts: the payment status and the
 * refunds that succeeded). A refund gives back money the shop received and settles what it
 * gave back: it is never something to pay, so "To pay" is the total less the vouchers and
 * the payments received, whatever was refunded since; the refunds stand apart, after it.
 */
import type { Cents } from "../money.ts";
import type { ItemType } from "../orders/model.ts";
import {
  ADJUSTMENT_KIND_ORDER,
  adjustmentKey,
  type AdjustmentKind,
  type LineAdjustment,
  type OrderAdjustment,
} from "./adjustment_kinds.ts";
import type { PromotionNames } from "../promotions/names.ts";

/** A line as the breakdown reads it: its item, copies, usual price and what changed it. */
export interface BreakdownLineInput {
  type: ItemType;
  id: number;
  title: string;
  quantity: number;
  /** The usual price of a copy, before anything. */
  usualUnitCents: Cents;
  /** What each kind took off the whole line (a sale price too). */
  adjustments: readonly LineAdjustment[];
}

/** A gift voucher that pays for part or all of the order. */
export interface AppliedVoucher {
  /** The voucher's code as the shopper may be shown it (its last characters). */
  code: string;
  cents: Cents;
}

/** Money that moved for the order besides vouchers. */
export interface PaymentsMade {
  /** Payments received (cash collected, a deposit checked, a card payment). */
  receivedCents: Cents;
  /** Payments given back. */
  refundedCents: Cents;
}

export interface BreakdownInput {
  lines: readonly BreakdownLineInput[];
  /** What the order as a whole got (an offer, a code): names and free delivery. */
  orderAdjustments: readonly OrderAdjustment[];
  /** The delivery fee charged; null while it is not known (no payment method chosen yet). */
  deliveryFeeCents: Cents | null;
  /** A payment method's own fee; 0 when it has none (no method charges one today). */
  methodFeeCents?: Cents;
  /**
   * The extra delivery fee of a mixed cart sent in two parcels (the books in stock now, the
   * pre-ordered ones when they arrive); 0 when absent or sent together.
   */
  secondParcelFeeCents?: Cents;
  vouchers?: readonly AppliedVoucher[];
  payments?: PaymentsMade;
  /** False for a cancelled order: it owes nothing, whatever it came to. */
  owes?: boolean;
}

/** One line of the breakdown. */
export interface BreakdownLine {
  type: ItemType;
  id: number;
  title: string;
  quantity: number;
  /** "Usual price": one copy before anything. */
  usualUnitCents: Cents;
  /** The line at usual prices. */
  usualCents: Cents;
  /** Each saving on the line with its source, in the order the shop applies them. */
  savings: LineAdjustment[];
  /** The line's savings together. */
  savingCents: Cents;
  /** "Price paid": the line after every saving. */
  paidCents: Cents;
}

/** One source's savings over the whole order (all its lines together). */
export interface SourceSaving {
  kind: AdjustmentKind;
  sourceId: number | null;
  name: string | null;
  names: PromotionNames;
  cents: Cents;
}

/** The breakdown every surface renders. */
export interface Breakdown {
  lines: BreakdownLine[];
  /** "Items": the items at their usual prices. */
  itemsCents: Cents;
  /** The savings by source, in the order the shop applies them. */
  savings: SourceSaving[];
  /** "Savings": every saving together. */
  savingsCents: Cents;
  /** The items after every saving: what the lines' prices paid add up to (the API's `total`). */
  itemsPaidCents: Cents;
  /** "Delivery fee" charged; null while not known. */
  deliveryFeeCents: Cents | null;
  /** What made delivery free (an offer, a code); null when nothing did. */
  freeDelivery: OrderAdjustment | null;
  /** "Second parcel": the extra delivery fee of sending the pre-ordered books apart; 0 for none. */
  secondParcelFeeCents: Cents;
  /** "Payment fee": a method's own fee; 0 for none. */
  methodFeeCents: Cents;
  /** "Order total": the items after savings, delivery and the payment fee. */
  totalCents: Cents;
  /** "Gift voucher": each voucher applied, a tender. */
  vouchers: AppliedVoucher[];
  vouchersCents: Cents;
  /** "Paid": payments received. */
  receivedCents: Cents;
  /** "Refunded": payments given back (never added to what is to pay). */
  refundedCents: Cents;
  /** "To pay": what is still to pay; 0 once settled or cancelled. */
  dueCents: Cents;
  /** Whether the order owes anything at all (false once cancelled). */
  owes: boolean;
}

const KIND_RANK = new Map(ADJUSTMENT_KIND_ORDER.map((kind, i) => [kind, i]));

function byKindOrder<T extends { kind: AdjustmentKind }>(list: readonly T[]): T[] {
  return list.map((item, i) => ({ item, i }))
    .sort((a, b) => KIND_RANK.get(a.item.kind)! - KIND_RANK.get(b.item.kind)! || a.i - b.i)
    .map(({ item }) => item);
}

/**
 * The breakdown of a priced order or cart. Throws when a line's savings pass what the line
 * costs at usual prices, or a figure is not a whole number of cents (a pricing bug, never a
 * shopper's input).
 *
 * @example breakdown({ lines: [{ type: "book", id: 1, title: "Gamperaliya", quantity: 2, usualUnitCents: 100000, adjustments: [{ kind: "sale", sourceId: null, name: null, names: {}, amountCents: 40000 }] }], orderAdjustments: [], deliveryFeeCents: 40000 })
 *   // itemsCents 200000, savingsCents 40000, totalCents 200000, dueCents 200000
 */
export function breakdown(input: BreakdownInput): Breakdown {
  const lines = input.lines.map((line): BreakdownLine => {
    const usualCents = line.usualUnitCents * line.quantity;
    const savings = byKindOrder(line.adjustments.filter((a) => a.amountCents !== 0));
    const savingCents = savings.reduce((sum, a) => sum + a.amountCents, 0);
    if (savings.some((a) => a.amountCents < 0) || savingCents > usualCents) {
      throw new RangeError(`The savings of ${line.type}:${line.id} pass its usual price`);
    }
    return {
      type: line.type,
      id: line.id,
      title: line.title,
      quantity: line.quantity,
      usualUnitCents: line.usualUnitCents,
      usualCents,
      savings,
      savingCents,
      paidCents: usualCents - savingCents,
    };
  });
  const bySource = new Map<string, SourceSaving>();
  for (const a of byKindOrder(lines.flatMap((line) => line.savings))) {
    const key = adjustmentKey(a);
    const known = bySource.get(key);
    if (known) known.cents += a.amountCents;
    else {
      bySource.set(key, {
        kind: a.kind,
        sourceId: a.sourceId,
        name: a.name,
        names: { ...a.names },
        cents: a.amountCents,
      });
    }
  }
  const itemsCents = lines.reduce((sum, line) => sum + line.usualCents, 0);
  const savingsCents = lines.reduce((sum, line) => sum + line.savingCents, 0);
  const itemsPaidCents = itemsCents - savingsCents;
  const methodFeeCents = input.methodFeeCents ?? 0;
  const secondParcelFeeCents = input.secondParcelFeeCents ?? 0;
  const totalCents = itemsPaidCents + (input.deliveryFeeCents ?? 0) + secondParcelFeeCents +
    methodFeeCents;
  const vouchers = (input.vouchers ?? []).filter((v) => v.cents > 0).map((v) => ({ ...v }));
  const vouchersCents = vouchers.reduce((sum, v) => sum + v.cents, 0);
  const receivedCents = input.payments?.receivedCents ?? 0;
  const refundedCents = input.payments?.refundedCents ?? 0;
  const owes = input.owes ?? true;
  const dueCents = owes ? Math.max(totalCents - vouchersCents - receivedCents, 0) : 0;
  const figures = [
    itemsCents,
    savingsCents,
    secondParcelFeeCents,
    totalCents,
    vouchersCents,
    receivedCents,
    refundedCents,
    dueCents,
  ];
  if (!figures.every(Number.isSafeInteger)) {
    throw new RangeError(`A figure of the breakdown is not whole cents: ${figures.join(", ")}`);
  }
  return {
    lines,
    itemsCents,
    savings: [...bySource.values()],
    savingsCents,
    itemsPaidCents,
    deliveryFeeCents: input.deliveryFeeCents,
    freeDelivery: byKindOrder(input.orderAdjustments).find((a) => a.freeDelivery) ?? null,
    secondParcelFeeCents,
    methodFeeCents,
    totalCents,
    vouchers,
    vouchersCents,
    receivedCents,
    refundedCents,
    dueCents,
    owes,
  };
}
