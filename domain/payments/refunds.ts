/**
 * Refunds: the owner gives back all or part of what an order paid, with a reason. A card
 * payment is refunded through its provider's refund API (PayHere's Merchant API); a Bank
 * Deposit or cash-on-delivery payment is refunded by hand, outside the shop, and recorded
 * with the owner's reference (a transfer's number, a receipt).
 *
 * Each refund is first a request the shop keeps (`Refund`), opened before the provider is
 * called and keyed by its own idempotency key; what the provider answers settles it:
 * `succeeded` (then a `refund` row of the order's payment ledger, by the provider's refund
 * id) or `failed` with the provider's answer (a refusal, an error, no answer in time). A
 * failed refund is retried under the same key, so it is counted once whatever happens: the
 * ledger takes one row per refund, and the money a refund holds while it is pending or once
 * it succeeded cannot be refunded again. A failed one holds nothing.
 *
 * What may be refunded is what was paid, less the refunds that succeeded or are under way:
 * - a card order: its payment standing in the ledger (a charge-back leaves nothing);
 * - a Bank Deposit or COD order: what it charged, once the owner recorded it paid.
 */
import type { Cents } from "../money.ts";
import type { Order, OrderEvent } from "../orders/model.ts";
import { formatLkr } from "../money.ts";
import { paysOnline } from "../orders/payment_policy.ts";
import { accepted, type LedgerEntry, ledgerSums, paymentState } from "./ledger.ts";

/** How a refund reaches the customer. */
export type RefundChannel =
  /** Through the provider the order was paid with (its refund API). */
  | "provider"
  /** By hand, outside the shop, recorded with the owner's reference. */
  | "manual";

export type RefundStatus = "pending" | "succeeded" | "failed";

export const REFUND_STATUSES: readonly RefundStatus[] = ["pending", "succeeded", "failed"];

/** One refund the owner asked for. */
export interface Refund {
  id: number;
  orderId: number;
  amountCents: Cents;
  /** Why, in the owner's words: the customer reads it. */
  reason: string;
  channel: RefundChannel;
  /** The ledger's provider: "payhere"; for a refund by hand, the method ("bank_deposit", "cod"). */
  provider: string;
  /** The provider's payment id it refunds (by hand: the order's own payment, "order-7"). */
  paymentRef: string;
  /** The owner's reference of a refund by hand; the provider's refund id once it succeeded. */
  reference: string | null;
  status: RefundStatus;
  /** What the provider last answered (its message, an error, a timeout), for the owner. */
  answer: string | null;
  /** Sent with every attempt of this refund: the same refund, never a second one. */
  idempotencyKey: string;
  attempts: number;
  /** ISO instants. */
  createdAt: string;
  settledAt: string | null;
}

/** What the owner asks for. */
export interface RefundRequest {
  orderId: number;
  amountCents: Cents;
  reason: string;
  /** Required for a refund by hand. */
  reference?: string | null;
}

/** Why a refund was refused before anything was sent. */
export type RefundRefusal =
  /** The order has no payment that stands (unpaid, or charged back). */
  | "not_paid"
  /** 0, negative or not whole cents. */
  | "bad_amount"
  /** Above what was paid less the refunds given or under way. */
  | "over_refund"
  /** No reason given. */
  | "reason_required"
  /** A refund by hand without the owner's reference. */
  | "reference_required"
  /** A retry of a refund that has not failed. */
  | "not_failed";

/** The longest reason and reference kept. */
export const REFUND_REASON_MAX = 500;
export const REFUND_REFERENCE_MAX = 100;

/** What an order's money allows to refund, and how. */
export interface Refundable {
  channel: RefundChannel;
  provider: string;
  paymentRef: string;
  /** What was paid (of the payment refunded). */
  paidCents: Cents;
  /** What is left to refund: paid less the refunds that succeeded or are under way. */
  leftCents: Cents;
}

/** What an order charged: its items and delivery, less what its gift vouchers paid. */
function chargeCents(
  order: Pick<Order, "totalCents" | "deliveryFeeCents" | "vouchers">,
): Cents {
  const vouchers = (order.vouchers ?? []).reduce((sum, v) => sum + v.cents, 0);
  return order.totalCents + order.deliveryFeeCents - vouchers;
}

/** The ledger's provider for a payment method recorded by hand. */
export function manualProvider(order: Pick<Order, "paymentMethod">): string {
  return order.paymentMethod.toLowerCase().replace(/[^a-z0-9]+/g, "_");
}

/** The refunds that hold money: succeeded or under way. */
export function heldCents(refunds: readonly Refund[]): Cents {
  return refunds.filter((r) => r.status !== "failed").reduce((s, r) => s + r.amountCents, 0);
}

/**
 * What may be refunded of `order`, by its ledger and its refunds; undefined when nothing
 * was paid that stands.
 *
 * @example refundable(paidCardOrder, [payment250000], []) // { channel: "provider", provider: "payhere", paymentRef: "320027", paidCents: 250000, leftCents: 250000 }
 */
export function refundable(
  order: Pick<
    Order,
    "id" | "paymentMethod" | "paymentStatus" | "totalCents" | "deliveryFeeCents" | "vouchers"
  >,
  ledger: readonly LedgerEntry[],
  refunds: readonly Refund[],
): Refundable | undefined {
  if (paysOnline(order.paymentMethod)) {
    // The last payment that stands (a charge-back leaves none).
    const rows = accepted(ledger);
    const payment = [...rows].reverse().find((row) =>
      row.kind === "payment" && paymentState(rows, row.provider, row.paymentRef) === "paid"
    );
    if (!payment) return undefined;
    const paidCents = rows.filter((r) =>
      r.kind === "payment" && r.provider === payment.provider &&
      r.paymentRef === payment.paymentRef
    ).reduce((s, r) => s + r.amountCents, 0);
    const mine = refunds.filter((r) =>
      r.provider === payment.provider && r.paymentRef === payment.paymentRef
    );
    return {
      channel: "provider",
      provider: payment.provider,
      paymentRef: payment.paymentRef,
      paidCents,
      leftCents: paidCents - heldCents(mine),
    };
  }
  if (order.paymentStatus !== "paid") return undefined;
  const paidCents = chargeCents(order);
  if (paidCents <= 0) return undefined;
  return {
    channel: "manual",
    provider: manualProvider(order),
    paymentRef: `order-${order.id}`,
    paidCents,
    leftCents: paidCents - heldCents(refunds),
  };
}

export type RefundDecision =
  | { kind: "ok"; refundable: Refundable }
  | { kind: "refused"; reason: RefundRefusal; leftCents?: Cents };

/**
 * Whether the owner's refund may be made, before anything is sent to a provider.
 *
 * @example decideRefund(paidCardOrder, ledger, [], { orderId: 7, amountCents: 0, reason: "x" }) // refused: bad_amount
 */
export function decideRefund(
  order: Parameters<typeof refundable>[0],
  ledger: readonly LedgerEntry[],
  refunds: readonly Refund[],
  request: RefundRequest,
): RefundDecision {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    return { kind: "refused", reason: "bad_amount" };
  }
  if (request.reason.trim() === "") return { kind: "refused", reason: "reason_required" };
  const can = refundable(order, ledger, refunds);
  if (!can) return { kind: "refused", reason: "not_paid" };
  if (can.channel === "manual" && !request.reference?.trim()) {
    return { kind: "refused", reason: "reference_required" };
  }
  if (request.amountCents > can.leftCents) {
    return { kind: "refused", reason: "over_refund", leftCents: Math.max(can.leftCents, 0) };
  }
  return { kind: "ok", refundable: can };
}

/** Where an order's payment stands once refunds are counted. */
export type RefundState = "none" | "partly_refunded" | "refunded";

/** An order's refunds as its pages show them. */
export interface RefundSummary {
  state: RefundState;
  /** What was paid and stands (card: by the ledger; by hand: the order's charge once paid). */
  paidCents: Cents;
  /** What the refunds that succeeded gave back. */
  refundedCents: Cents;
  refunds: Refund[];
}

/**
 * The refund state of an order by its ledger and its refunds: refunded when the refunds
 * that succeeded gave back all that was paid, partly refunded when some.
 *
 * @example refundSummary(order, [payment1000, refund400], [refund400]).state // "partly_refunded"
 */
export function refundSummary(
  order: Parameters<typeof refundable>[0],
  ledger: readonly LedgerEntry[],
  refunds: readonly Refund[],
): RefundSummary {
  const refundedCents = refunds.filter((r) => r.status === "succeeded")
    .reduce((s, r) => s + r.amountCents, 0);
  let paidCents: Cents;
  if (paysOnline(order.paymentMethod)) {
    const sums = ledgerSums(ledger);
    paidCents = sums.standing ? sums.paidCents : sums.refundedCents;
  } else {
    paidCents = order.paymentStatus === "paid" || refundedCents > 0 ? chargeCents(order) : 0;
  }
  const state: RefundState = refundedCents === 0
    ? "none"
    : refundedCents >= paidCents
    ? "refunded"
    : "partly_refunded";
  return { state, paidCents, refundedCents, refunds: [...refunds] };
}

/**
 * The timeline's event of a refund that succeeded, the owner's: its note the amount, the
 * reference (the provider's refund id, or the owner's) and the reason, which the customer
 * reads.
 *
 * @example refundEvent({ amountCents: 30000, reference: "2000001", reason: "Torn" }, at).note // "LKR 300.00 (ref 2000001): Torn"
 */
export function refundEvent(
  refund: Pick<Refund, "amountCents" | "reference" | "reason">,
  at: string,
): OrderEvent {
  const ref = refund.reference ? ` (ref ${refund.reference})` : "";
  return {
    at,
    kind: "refunded",
    actor: "admin",
    note: `${formatLkr(refund.amountCents)}${ref}: ${refund.reason}`,
  };
}
