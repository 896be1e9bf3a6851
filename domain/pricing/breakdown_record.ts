/**
 * The breakdown and the adjustments on the wire: snake_case names, amounts in rupees (at
 * most 2 decimals), a promotion's Sinhala and Tamil names beside its own. Every answer that
 * tells money carries the breakdown as the domain worked it out (contract/breakdown.ts
 * describes it); a page reads it back with `breakdownFromRecord` and renders it, computing
 * nothing of its own.
 */
import { type Cents, centsToRupees } from "../money.ts";
import type { ItemType } from "../orders/model.ts";
import type { PromotionNames } from "../promotions/names.ts";
import {
  type AdjustmentKind,
  isAdjustmentKind,
  type LineAdjustment,
  type OrderAdjustment,
} from "./adjustment_kinds.ts";
import type { Breakdown, SourceSaving } from "./breakdown.ts";

/** An adjustment on the wire. */
export interface AdjustmentRecord {
  kind: AdjustmentKind;
  /** The promotion's id; null for a sale price. */
  source_id: number | null;
  /** Its name as it was (a code as the shop spells it); null for a sale price. */
  name: string | null;
  name_si: string | null;
  name_ta: string | null;
  amount: number;
}

/** What the order as a whole got, on the wire. */
export interface OrderAdjustmentRecord extends AdjustmentRecord {
  free_delivery: boolean;
}

export interface BreakdownLineRecord {
  type: ItemType;
  id: number;
  title: string;
  quantity: number;
  usual_price: number;
  usual: number;
  savings: AdjustmentRecord[];
  saving: number;
  paid: number;
}

export interface BreakdownRecord {
  lines: BreakdownLineRecord[];
  items: number;
  savings: AdjustmentRecord[];
  saving: number;
  items_paid: number;
  delivery_fee: number | null;
  free_delivery: OrderAdjustmentRecord | null;
  second_parcel_fee: number;
  payment_fee: number;
  total: number;
  vouchers: { code: string; amount: number }[];
  voucher_total: number;
  paid: number;
  refunded: number;
  to_pay: number;
  owes: boolean;
}

const rupees = centsToRupees;

/** Rupees on the wire as cents, without float noise. */
function cents(amount: number): Cents {
  return Math.round(amount * 100);
}

function namesRecord(names: PromotionNames): { name_si: string | null; name_ta: string | null } {
  return { name_si: names.si ?? null, name_ta: names.ta ?? null };
}

function namesOf(record: { name_si: string | null; name_ta: string | null }): PromotionNames {
  return {
    ...(record.name_si ? { si: record.name_si } : {}),
    ...(record.name_ta ? { ta: record.name_ta } : {}),
  };
}

/** An adjustment (or a source's savings) on the wire. */
export function adjustmentRecord(
  a: Pick<LineAdjustment, "kind" | "sourceId" | "name" | "names"> & { amountCents: Cents },
): AdjustmentRecord {
  return {
    kind: a.kind,
    source_id: a.sourceId,
    name: a.name,
    ...namesRecord(a.names),
    amount: rupees(a.amountCents),
  };
}

/** What the order as a whole got, on the wire. */
export function orderAdjustmentRecord(a: OrderAdjustment): OrderAdjustmentRecord {
  return { ...adjustmentRecord(a), free_delivery: a.freeDelivery };
}

/** An adjustment read back from the wire. */
export function adjustmentFromRecord(record: AdjustmentRecord): LineAdjustment {
  if (!isAdjustmentKind(record.kind)) throw new RangeError(`Unknown adjustment ${record.kind}`);
  return {
    kind: record.kind,
    sourceId: record.source_id,
    name: record.name,
    names: namesOf(record),
    amountCents: cents(record.amount),
  };
}

/**
 * A breakdown on the wire.
 *
 * @example breakdownRecord(b).total // 2850.5
 */
export function breakdownRecord(b: Breakdown): BreakdownRecord {
  return {
    lines: b.lines.map((line) => ({
      type: line.type,
      id: line.id,
      title: line.title,
      quantity: line.quantity,
      usual_price: rupees(line.usualUnitCents),
      usual: rupees(line.usualCents),
      savings: line.savings.map(adjustmentRecord),
      saving: rupees(line.savingCents),
      paid: rupees(line.paidCents),
    })),
    items: rupees(b.itemsCents),
    savings: b.savings.map((s) => adjustmentRecord({ ...s, amountCents: s.cents })),
    saving: rupees(b.savingsCents),
    items_paid: rupees(b.itemsPaidCents),
    delivery_fee: b.deliveryFeeCents === null ? null : rupees(b.deliveryFeeCents),
    free_delivery: b.freeDelivery && orderAdjustmentRecord(b.freeDelivery),
    second_parcel_fee: rupees(b.secondParcelFeeCents),
    payment_fee: rupees(b.methodFeeCents),
    total: rupees(b.totalCents),
    vouchers: b.vouchers.map((v) => ({ code: v.code, amount: rupees(v.cents) })),
    voucher_total: rupees(b.vouchersCents),
    paid: rupees(b.receivedCents),
    refunded: rupees(b.refundedCents),
    to_pay: rupees(b.dueCents),
    owes: b.owes,
  };
}

/**
 * A breakdown read back from the wire, as the domain worked it out: figure for figure, in
 * cents. The browser's pages render it and add nothing up.
 */
export function breakdownFromRecord(record: BreakdownRecord): Breakdown {
  const saving = (s: AdjustmentRecord): SourceSaving => {
    const a = adjustmentFromRecord(s);
    return {
      kind: a.kind,
      sourceId: a.sourceId,
      name: a.name,
      names: a.names,
      cents: a.amountCents,
    };
  };
  return {
    lines: record.lines.map((line) => ({
      type: line.type,
      id: line.id,
      title: line.title,
      quantity: line.quantity,
      usualUnitCents: cents(line.usual_price),
      usualCents: cents(line.usual),
      savings: line.savings.map(adjustmentFromRecord),
      savingCents: cents(line.saving),
      paidCents: cents(line.paid),
    })),
    itemsCents: cents(record.items),
    savings: record.savings.map(saving),
    savingsCents: cents(record.saving),
    itemsPaidCents: cents(record.items_paid),
    deliveryFeeCents: record.delivery_fee === null ? null : cents(record.delivery_fee),
    freeDelivery: record.free_delivery && {
      ...adjustmentFromRecord(record.free_delivery),
      freeDelivery: record.free_delivery.free_delivery,
    },
    secondParcelFeeCents: cents(record.second_parcel_fee ?? 0),
    methodFeeCents: cents(record.payment_fee),
    totalCents: cents(record.total),
    vouchers: record.vouchers.map((v) => ({ code: v.code, cents: cents(v.amount) })),
    vouchersCents: cents(record.voucher_total),
    receivedCents: cents(record.paid),
    refundedCents: cents(record.refunded),
    dueCents: cents(record.to_pay),
    owes: record.owes,
  };
}
